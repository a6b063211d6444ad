/// A screen: UIKit's `UIViewController`, headless.
///
/// Subclass it and override the lifecycle methods you need, calling `super` as UIKit asks.
/// The view loads lazily, once: ``loadView()`` then ``viewDidLoad()``. Appearance follows
/// the four-state machine of UIKit (``AppearanceState``), so a screen never hears
/// `viewDidAppear(_:)` without a `viewWillAppear(_:)` first, and a repeated begin in the
/// same direction is ignored.
///
/// A screen belongs to one isolation domain: it is not `Sendable`, and lives on the main
/// actor in an app or inside one actor per session in a service.
open class ViewController {
  /// Where a screen is in its appearance cycle.
  public enum AppearanceState: Hashable, Sendable {
    /// Not on screen (the initial state).
    case disappeared
    /// `viewWillAppear(_:)` ran; `viewDidAppear(_:)` has not.
    case appearing
    /// On screen.
    case appeared
    /// `viewWillDisappear(_:)` ran; `viewDidDisappear(_:)` has not.
    case disappearing
  }

  /// Creates a screen whose view is not loaded yet.
  public init() {}

  deinit {
    // The unowned back links that point at this screen must not outlive it.
    // Identity tests first, so that a leaf screen (the common case) retains nothing here.
    if !childList.isEmpty {
      for child in childList where child.parent === self { child.parent = nil }
    }
    if presented?.presenter === self { presented!.presenter = nil }
    if loadedView?.owningViewController === self { loadedView!.owningViewController = nil }
  }

  // MARK: Identity

  /// A localized title, shown by navigation bars; also the screen's name in journals.
  open var title: String?

  /// The identifier that opts this screen into state restoration.
  open var restorationIdentifier: String?

  /// The identifier under which this screen appears in events, errors and requests.
  public var screenID: ScreenID { ScreenID(self) }

  // MARK: The view

  @exclusivity(unchecked) private var loadedView: View?
  @exclusivity(unchecked) private var isLoadingView = false

  /// The screen's root view, loaded on first access.
  ///
  /// Reading it loads the view if needed: ``loadView()`` then ``viewDidLoad()``. Assigning
  /// it (usually inside ``loadView()``) installs a view without loading.
  public var view: View {
    get {
      loadViewIfNeeded()
      return loadedView!
    }
    set {
      loadedView?.owningViewController = nil
      loadedView = newValue
      newValue.owningViewController = self
    }
  }

  /// A Boolean value indicating whether the view is loaded; reading it never loads.
  public var isViewLoaded: Bool { loadedView != nil }

  /// The view if it is loaded, else `nil`; reading it never loads.
  public var viewIfLoaded: View? { loadedView }

  /// Loads the view if it is not loaded yet; does nothing otherwise.
  public func loadViewIfNeeded() {
    guard loadedView == nil, !isLoadingView else { return }
    isLoadingView = true
    loadView()
    if loadedView == nil {
      // Deliberate difference: UIKit loops if loadView assigns no view; the model installs
      // an empty one.
      view = View()
    }
    isLoadingView = false
    recordingJournal?.record(.viewDidLoad(screenID))
    viewDidLoad()
  }

  /// Creates the view. Override to build your own; do not call `super` if you do.
  open func loadView() {
    view = View()
  }

  /// Called once, after the view loaded.
  open func viewDidLoad() {}

  // MARK: Appearance

  /// Called before the screen's view is added to the visible hierarchy.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animates.
  open func viewWillAppear(_ animated: Bool) {}

  /// Called after the screen's view was added to the visible hierarchy.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animated.
  open func viewDidAppear(_ animated: Bool) {}

  /// Called before the screen's view is removed from the visible hierarchy.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animates.
  open func viewWillDisappear(_ animated: Bool) {}

  /// Called after the screen's view was removed from the visible hierarchy.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animated.
  open func viewDidDisappear(_ animated: Bool) {}

  /// Where the screen is in its appearance cycle.
  public var appearanceState: AppearanceState { appearance.state }
  @exclusivity(unchecked) private var appearance = AppearanceStateMachine()

  /// A Boolean value indicating whether the screen is being added to a container.
  ///
  /// True only while the appearance callbacks of that transition run.
  @exclusivity(unchecked) public package(set) var isMovingToParent = false

  /// A Boolean value indicating whether the screen is being removed from its container.
  ///
  /// True only while the appearance callbacks of that transition run.
  @exclusivity(unchecked) public package(set) var isMovingFromParent = false

  /// A Boolean value indicating whether the screen is being presented.
  ///
  /// True only while the appearance callbacks of that presentation run.
  @exclusivity(unchecked) public package(set) var isBeingPresented = false

  /// A Boolean value indicating whether the screen is being dismissed.
  ///
  /// True only while the appearance callbacks of that dismissal run. A screen inside a
  /// presented container sees `false`: its container is the one being dismissed.
  @exclusivity(unchecked) public package(set) var isBeingDismissed = false

  /// A Boolean value indicating whether appearance callbacks reach the children by
  /// themselves.
  ///
  /// Override to return `false` in a custom container that drives its children with
  /// ``beginAppearanceTransition(_:animated:)`` and ``endAppearanceTransition()``.
  open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

  /// Tells the screen that its appearance is about to change (for custom containers).
  ///
  /// Moves the appearance state machine: a begin in the direction the screen is already
  /// going is ignored.
  ///
  /// - Parameters:
  ///   - isAppearing: `true` when the screen is about to appear, `false` to disappear.
  ///   - animated: A Boolean value indicating whether the change animates.
  public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    beginAppearance(isAppearing, animated: animated, window: journalWindow)
  }

  /// Tells the screen that the appearance change begun earlier has finished.
  ///
  /// Calling it with no change in progress is a misuse ("unbalanced calls to begin/end
  /// appearance transitions" in UIKit): nothing changes and the window's policy applies.
  public func endAppearanceTransition() {
    let window = journalWindow
    guard appearance.isTransitioning else {
      Misuse.handle(
        NavigationError(
          .unbalancedAppearanceTransition,
          "Unbalanced calls to begin/end appearance transitions for \(screenID): "
            + "endAppearanceTransition() without a transition in progress.",
          screens: [screenID]),
        in: window)
      return
    }
    endAppearance(window: window)
  }

  /// The children that appearance callbacks are forwarded to.
  ///
  /// By default, the children whose views are inside this screen's view.
  package var appearanceChildren: [ViewController] {
    guard let ownView = loadedView, !childList.isEmpty else { return [] }
    return childList.filter { child in child.loadedView?.isDescendant(of: ownView) ?? false }
  }

  /// Moves the appearance state machine and makes the will-callback it asks for; returns
  /// whether anything happened.
  @discardableResult
  package func beginAppearance(_ appearing: Bool, animated: Bool, window: Window?) -> Bool {
    if appearing { loadViewIfNeeded() }
    guard let action = appearance.begin(appearing: appearing, animated: animated) else { return false }
    perform(action, window: window)
    if !childList.isEmpty, shouldAutomaticallyForwardAppearanceMethods {
      for child in appearanceChildren {
        child.beginAppearance(appearing, animated: animated, window: window)
      }
    }
    appearanceDidBegin(appearing, animated: animated, window: window)
    return true
  }

  /// Ends the appearance change in progress and makes the did-callback; returns whether
  /// anything happened.
  @discardableResult
  package func endAppearance(window: Window?) -> Bool {
    guard let action = appearance.end() else { return false }
    perform(action, window: window)
    if !childList.isEmpty, shouldAutomaticallyForwardAppearanceMethods {
      for child in appearanceChildren { child.endAppearance(window: window) }
    }
    return true
  }

  /// Journals and makes one appearance callback.
  @inline(__always)
  private func perform(_ action: AppearanceStateMachine.Action, window: Window?) {
    switch action {
    case .viewWillAppear(let animated):
      window?.journal.record(.viewWillAppear(screenID, animated: animated))
      viewWillAppear(animated)
    case .viewWillDisappear(let animated):
      window?.journal.record(.viewWillDisappear(screenID, animated: animated))
      viewWillDisappear(animated)
    case .viewDidAppear(let animated):
      window?.journal.record(.viewDidAppear(screenID, animated: animated))
      viewDidAppear(animated)
    case .viewDidDisappear(let animated):
      window?.journal.record(.viewDidDisappear(screenID, animated: animated))
      viewDidDisappear(animated)
    }
  }

  /// A hook for containers that add their own effects once an appearance change began.
  package func appearanceDidBegin(_ appearing: Bool, animated: Bool, window: Window?) {}

  // MARK: Containment

  /// The container this screen is a child of, if any.
  ///
  /// Unowned: a parent holds its children, and clears this link when it goes away.
  @exclusivity(unchecked) public package(set) unowned(unsafe) var parent: ViewController?

  @exclusivity(unchecked) package var childList: [ViewController] = []
  /// This screen's position in its parent's children; meaningful only while it has one.
  @exclusivity(unchecked) package var indexInParent = 0

  /// The screens this one contains, in the order they were added.
  public var children: [ViewController] { childList }

  /// Called just before the screen is added to, or removed from, a container.
  ///
  /// ``addChild(_:)`` calls it for you; before ``removeFromParent()``, call it yourself
  /// with `nil`, as UIKit asks. Call `super` if you override it.
  ///
  /// - Parameter parent: The new container, or `nil` when the screen is being removed.
  open func willMove(toParent parent: ViewController?) {
    containmentMove = parent == nil ? .removing : .adding
    containmentJournal(toParent: parent)?.record(.willMove(screenID, toParent: parent?.screenID))
  }

  /// Called just after the screen was added to, or removed from, a container.
  ///
  /// ``removeFromParent()`` calls it for you with `nil`; after ``addChild(_:)``, call it
  /// yourself when the transition ends, as UIKit asks. Call `super` if you override it.
  ///
  /// - Parameter parent: The new container, or `nil` when the screen was removed.
  open func didMove(toParent parent: ViewController?) {
    containmentMove = nil
    containmentJournal(toParent: parent)?.record(.didMove(screenID, toParent: parent?.screenID))
  }

  /// A containment change between `willMove(toParent:)` and `didMove(toParent:)`.
  package enum ContainmentMove {
    case adding, removing
  }

  /// The containment change in progress, if any.
  @exclusivity(unchecked) package var containmentMove: ContainmentMove?

  /// Adds a child screen; calls the child's ``willMove(toParent:)`` for you.
  ///
  /// As in UIKit, a child that already has another parent is removed from it first, and
  /// the caller adds the child's view and calls ``didMove(toParent:)`` when done. Adding a
  /// screen that contains this one, a window's root, or a presented screen is a misuse:
  /// nothing changes and the window's ``MisusePolicy`` applies.
  ///
  /// - Parameter child: The screen to add.
  public func addChild(_ child: ViewController) {
    if let error = containmentError(adding: child) {
      Misuse.handle(error, in: journalWindow ?? child.journalWindow)
      return
    }
    guard child.parent !== self else { return }
    if let oldParent = child.parent {
      // UIKit removes the child from its old parent first; moving is not leaving, so the
      // child's containers keep what they hold.
      oldParent.removeChild(at: child.indexInParent)
      child.didMove(toParent: nil)
    }
    child.willMove(toParent: self)
    appendChild(child)
  }

  /// Removes this screen from its container; calls ``didMove(toParent:)`` with `nil`.
  ///
  /// Call ``willMove(toParent:)`` with `nil` first, as UIKit asks. Does nothing when the
  /// screen has no parent.
  public func removeFromParent() {
    guard let parent else { return }
    parent.removeChild(at: indexInParent)
    didMove(toParent: nil)
    didLeaveHierarchy()
  }

  /// A Boolean value indicating whether this screen is a navigation stack (which can't be
  /// pushed); a class test without a dynamic cast.
  package var isNavigationStack: Bool { false }

  /// Called once this screen has left its place: removed from its parent, replaced as a
  /// window's root, or dismissed. Tells every screen it contains, so that a container deep
  /// inside (a navigation controller's pop blocks) hears it too; containers override it
  /// to release what they hold.
  package func didLeaveHierarchy() {
    for child in childList { child.didLeaveHierarchy() }
  }

  /// Checks the rules for adding `child` to this screen.
  package func containmentError(adding child: ViewController) -> NavigationError? {
    // Only a screen that contains or presents others can be this one's ancestor, so a new
    // leaf screen (the common push) skips the walk.
    let mayBeAncestor = child === self || !child.childList.isEmpty || child.presented != nil
    var ancestor: ViewController? = mayBeAncestor ? self : nil
    while let current = ancestor {
      if current === child {
        return NavigationError(
          .containmentCycle,
          "Can't add \(child.screenID) as a child of \(screenID): "
            + "\(child === self ? "a screen can't contain itself" : "it already contains \(screenID)").",
          screens: [child.screenID, screenID])
      }
      ancestor = current.parent ?? current.presenter
    }
    if let window = child.windowIfRoot {
      return NavigationError(
        .childIsWindowRoot,
        "Can't add \(child.screenID) as a child of \(screenID): it is the root of a window "
          + "\(window.rootDescription).",
        screens: [child.screenID, screenID])
    }
    if let presenter = child.presenter {
      return NavigationError(
        .childIsPresented,
        "Can't add \(child.screenID) as a child of \(screenID): it is presented by "
          + "\(presenter.screenID).",
        screens: [child.screenID, screenID, presenter.screenID])
    }
    return nil
  }

  /// Appends a child without any callback.
  package func appendChild(_ child: ViewController) {
    child.adopt(journalWindow)
    child.indexInParent = childList.count
    childList.append(child)
    child.parent = self
  }

  /// Removes the child at `index` without any callback.
  package func removeChild(at index: Int) {
    let child = childList.remove(at: index)
    child.adoptedWindow = journalWindow
    child.parent = nil
    for position in index..<childList.count { childList[position].indexInParent = position }
  }

  /// Replaces every child without any callback.
  package func replaceChildren(with newChildren: [ViewController]) {
    let window = journalWindow
    for child in childList {
      child.adoptedWindow = window
      child.parent = nil
    }
    childList = newChildren
    for (position, child) in newChildren.enumerated() {
      child.adopt(window)
      child.indexInParent = position
      child.parent = self
    }
  }

  // MARK: Navigation stack

  /// What a navigation stack remembers about this screen (push options, bars).
  @exclusivity(unchecked) package var stackEntry: StackEntry?

  // MARK: Window and presentation links

  /// The window whose root this screen is.
  /// Unowned: a window holds its root, and clears this link when either goes away.
  @exclusivity(unchecked) package unowned(unsafe) var windowIfRoot: Window?
  /// The window this screen last belonged to, so that events after it left are journaled.
  ///
  /// Held through the window's token rather than weakly: a weak reference would give the
  /// window a side table and slow down every retain and release of it.
  package var adoptedWindow: Window? {
    get { adoptedToken?.window }
    set { adoptedToken = newValue?.token }
  }
  @exclusivity(unchecked) package private(set) var adoptedToken: WindowToken?
  /// The screen that presented this one.
  /// Unowned: a presenter holds what it presented, and clears this link when it goes away.
  @exclusivity(unchecked) package unowned(unsafe) var presenter: ViewController?
  /// The screen this one presented.
  @exclusivity(unchecked) package var presented: ViewController?

  /// The topmost screen of this one's tree (through parents and presenters).
  package var topmostAncestor: ViewController {
    var screen = self
    while let next = screen.parent ?? screen.presenter { screen = next }
    return screen
  }

  /// The window this screen is attached to, through parents and presenters.
  package var attachedWindow: Window? { topmostAncestor.windowIfRoot }

  /// The window whose journal and policy apply to this screen: the one it belongs to, else
  /// the one it last belonged to.
  ///
  /// Every way of joining a hierarchy (``adopt(_:)``) records the window on the whole
  /// joining subtree, so this is one load on the hot path rather than a walk to the root.
  @inline(__always)
  package final var journalWindow: Window? {
    if let window = adoptedToken?.window { return window }
    return journalWindowOfTopmostAncestor()
  }

  /// The journal of this screen's window when it records, else `nil`.
  @inline(__always)
  package final var recordingJournal: Journal? { recordingJournal(orElse: nil) }

  /// The journal of this screen's window (else of `fallback`'s) when it records, else `nil`.
  ///
  /// Answers the common case (a window whose journal is off) with loads only, so the hot
  /// path retains nothing. `withWindow` answers `nil` when the window is gone, and the
  /// window's answer (its journal, or `nil` when it is off) otherwise.
  @inline(__always)
  package final func recordingJournal(orElse fallback: ViewController?) -> Journal? {
    if let token = adoptedToken, let recording = token.withWindow(\.recordingJournal) { return recording }
    guard let window = journalWindowOfTopmostAncestor() ?? fallback?.journalWindow else { return nil }
    return window.recordingJournal
  }

  /// The journal a containment event goes to: the new parent's window's, else this screen's.
  @inline(__always)
  private func containmentJournal(toParent parent: ViewController?) -> Journal? {
    guard let parent else { return recordingJournal }
    return parent.recordingJournal(orElse: self)
  }

  /// The slow path of ``journalWindow``: a screen that never joined a window.
  @inline(never)
  private func journalWindowOfTopmostAncestor() -> Window? {
    let top = topmostAncestor
    return top.windowIfRoot ?? top.adoptedWindow
  }

  /// Records `window` as the window of this screen and of everything it contains or
  /// presents, as the subtree joins a hierarchy.
  package func adopt(_ window: Window?) {
    guard let window, adoptedToken !== window.token else { return }
    adoptedToken = window.token
    if !childList.isEmpty {
      for child in childList { child.adopt(window) }
    }
    presented?.adopt(window)
  }

  // MARK: Presentation

  /// How this screen is shown when presented; ``ModalPresentationStyle/automatic`` (a page
  /// sheet) by default.
  open var modalPresentationStyle: ModalPresentationStyle = .automatic

  /// A Boolean value indicating whether this screen is the one covered by current-context
  /// presentations made from it or from the screens it contains.
  ///
  /// `false` by default; navigation controllers return `true`.
  open var definesPresentationContext = false

  /// A Boolean value indicating whether the screen, while presented as a sheet, refuses to
  /// be dismissed by a swipe or a tap outside.
  open var isModalInPresentation = false

  /// What a navigation bar shows for this screen, created on first access.
  public private(set) lazy var navigationItem: NavigationItem = makeNavigationItem()

  /// This screen's own presentation: controllers, resolved style, covered view.
  /// Created on first use, so that screens that are never presented pay nothing for it.
  package lazy var presentationState = PresentationState()
}
