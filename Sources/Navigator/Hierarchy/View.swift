/// The minimum a headless screen needs of a view: a place in a tree, a window, a background.
///
/// Adding a screen's view under a view that is on screen makes that screen appear, and
/// removing it makes it disappear, as in UIKit (synchronously, like UIKit's
/// `willMove(toWindow:)` path), provided the screen's parent is on screen and forwards
/// appearance.
open class View {
  // Unchecked: read and written whenever a shown screen's view moves (see Links.swift).
  /// The superview, unretained (``superview``; its rules are in Links.swift).
  @exclusivity(unchecked) var superviewLink = BackLink<View>()
  // Unchecked: changed whenever a shown screen's view moves (see Links.swift).
  /// The views this one contains, back to front.
  @exclusivity(unchecked) public private(set) var subviews: [View] = []
  /// The view's background, or `nil` for none.
  public var backgroundColor: Color? {
    get { background.color }
    set { background = Background(newValue) }
  }
  /// The background in one word (a `Color?` would take 33 bytes of every view, and nearly
  /// every screen's view has the system background).
  private var background = Background.none
  /// A Boolean value indicating whether the view is hidden.
  open var isHidden: Bool = false

  // Unchecked: read when a view is installed and when its screen goes away (see Links.swift).
  /// The screen whose root view this is, unretained (``owningViewController``).
  @exclusivity(unchecked) var ownerLink = BackLink<ViewController>()

  /// Creates a view with no superview, no subviews and no background.
  public init() {}

  deinit {
    clearBackLinksToSelf()
  }

  /// The window this view is in, found through its superviews.
  public var window: Window? {
    var view: View? = self
    while let current = view {
      if let window = current as? Window { return window }
      view = current.superview
    }
    return nil
  }

  /// Returns a Boolean value indicating whether this view is the given view or inside it.
  ///
  /// - Parameter view: The view to look for among this view's ancestors.
  /// - Returns: `true` when `view` is this view or one of its superviews.
  /// - Complexity: O(*d*), where *d* is this view's depth.
  public func isDescendant(of view: View) -> Bool {
    var current: View? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  /// Adds a view at the front, moving it from its current superview if it has one.
  ///
  /// Adding a view that contains this view is a misuse: nothing changes.
  ///
  /// - Parameter view: The view to add.
  public func addSubview(_ view: View) {
    if isDescendant(of: view) {
      let error = NavigationError(
        .viewHierarchyCycle,
        "Can't add a view as a subview of itself or of one of its descendants"
          + describeOwners(view, self),
        screens: [view.owningViewController, owningViewController].compactMap(ScreenID.of))
      Misuse.handle(
        error,
        in: window ?? view.window ?? owningScreenWindow ?? view.owningScreenWindow)
      return
    }
    let appearing = window.map { isOnScreen(in: $0) } ?? false
    if let oldSuperview = view.superview {
      let wasOnScreen = oldSuperview.window.map { oldSuperview.isOnScreen(in: $0) } ?? false
      if wasOnScreen == appearing, oldSuperview.window === window {
        // A move that stays on (or off) the same window's screen: UIKit sends appearance
        // callbacks only when a view enters or leaves a window, so none here.
        attach(view)
        return
      }
      view.removeFromSuperview()
    }
    attach(view)
    if appearing { view.forwardViewAppearance(true) }
  }

  /// The window whose policy applies to the nearest screen owning this view or an ancestor.
  private var owningScreenWindow: Window? {
    var view: View? = self
    while let current = view {
      if let owner = current.owningViewController { return owner.journalWindow }
      view = current.superview
    }
    return nil
  }

  /// Removes the view from its superview; a screen whose view leaves the screen disappears.
  ///
  /// A screen that was already disappearing (its container began a transition and has not
  /// ended it) finishes: a view that leaves the window gets its `viewDidDisappear`.
  public func removeFromSuperview() {
    guard let superview else { return }
    if let window = superview.window,
      superview.isOnScreen(in: window) || superview.isLeavingScreen(in: window)
    {
      forwardViewAppearance(false)
    }
    detachFromSuperview()
  }

  /// Adds a subview without any appearance side effect (containers drive their own).
  internal func attach(_ view: View) {
    // Links compared by address, not loaded.
    if view.superviewLink.refers(to: self) { return }
    if view.superviewLink.isSet { view.detachFromSuperview() }
    subviews.append(view)
    view.superview = self
  }

  /// Removes this view from its superview without any appearance side effect.
  ///
  /// The superview is used through its link, not retained: it is alive while the link is
  /// set, and removing this view from it releases this view (which the caller holds), never
  /// the superview.
  internal func detachFromSuperview() {
    guard superviewLink.isSet else { return }
    superviewLink.withObject { superview in
      if let index = superview.subviews.lastIndex(where: { $0 === self }) {
        superview.subviews.remove(at: index)
      }
    }
    superview = nil
  }

  private func isOnScreen(in window: Window) -> Bool {
    guard !window.isHidden else { return false }
    var view: View? = self
    while let current = view {
      if let owner = current.owningViewController {
        return owner.appearanceState == .appeared || owner.appearanceState == .appearing
      }
      view = current.superview
    }
    return false
  }

  /// A Boolean value indicating whether the screen owning this view is disappearing from a
  /// visible window.
  private func isLeavingScreen(in window: Window) -> Bool {
    guard !window.isHidden else { return false }
    var view: View? = self
    while let current = view {
      if let owner = current.owningViewController { return owner.appearanceState == .disappearing }
      view = current.superview
    }
    return false
  }

  /// Makes the screens whose views are in this subtree appear or disappear.
  private func forwardViewAppearance(_ appearing: Bool) {
    if let owner = owningViewController {
      guard let parent = owner.parent, parent.shouldAutomaticallyForwardAppearanceMethods else {
        return
      }
      let window = owner.journalWindow
      // Between addChild and didMove (or willMove(nil) and removeFromParent), the screen is
      // moving to or from its parent, and its callbacks say so, as in UIKit.
      owner.isMovingToParent = owner.containmentMove == .adding
      owner.isMovingFromParent = owner.containmentMove == .removing
      defer {
        owner.isMovingToParent = false
        owner.isMovingFromParent = false
      }
      if appearing, owner.appearanceState == .disappeared || owner.appearanceState == .disappearing {
        owner.beginAppearance(true, animated: false, window: window)
        owner.endAppearance(window: window)
      } else if !appearing, owner.appearanceState != .disappeared {
        owner.beginAppearance(false, animated: false, window: window)
        owner.endAppearance(window: window)
      }
      return
    }
    for subview in subviews { subview.forwardViewAppearance(appearing) }
  }

  private func describeOwners(_ child: View, _ parent: View) -> String {
    switch (child.owningViewController, parent.owningViewController) {
    case (let child?, let parent?): " (the view of \(child.screenID) into the view of \(parent.screenID))."
    case (let child?, nil): " (the view of \(child.screenID))."
    case (nil, let parent?): " (into the view of \(parent.screenID))."
    case (nil, nil): "."
    }
  }
}

/// A view's background in one word: none, the system background, or another color, boxed.
private enum Background {
  case none
  case systemBackground
  case other(ColorBox)

  /// The background of a color.
  init(_ color: Color?) {
    switch color {
    case nil: self = .none
    case .systemBackground?: self = .systemBackground
    case let color?: self = .other(ColorBox(color))
    }
  }

  /// The color.
  var color: Color? {
    switch self {
    case .none: nil
    case .systemBackground: .systemBackground
    case .other(let box): box.color
    }
  }
}

/// A color on the heap, for a background other than the system's.
private final class ColorBox {
  /// The color.
  let color: Color

  /// Boxes a color.
  init(_ color: Color) { self.color = color }
}
