/// A minimal hand-written screen: the lifecycle methods a UIKit screen has, and nothing
/// else. `open`, so that calls go through the class's table as they do in Navigator.
open class MiniScreen {
  /// The stack that holds this screen.
  public weak var parent: MiniScreen?
  /// A Boolean value indicating whether `viewDidLoad` ran.
  public private(set) var isViewLoaded = false

  /// Creates a screen whose view is not loaded.
  public init() {}

  /// Runs `viewDidLoad` the first time only.
  public final func loadViewIfNeeded() {
    guard !isViewLoaded else { return }
    isViewLoaded = true
    viewDidLoad()
  }

  open func viewDidLoad() {}
  open func viewWillAppear(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}
  open func viewDidDisappear(_ animated: Bool) {}
  open func willMove(toParent parent: MiniScreen?) {}
  open func didMove(toParent parent: MiniScreen?) {}
}

/// The delegate of a ``MiniStack``: UIKit's willShow and didShow, and the direction of each
/// move, as Navigator's delegate hears it (every method has a default, as there).
public protocol MiniStackDelegate: AnyObject {
  func stack(_ stack: MiniStack, willShow screen: MiniScreen, animated: Bool)
  func stack(_ stack: MiniStack, didShow screen: MiniScreen, animated: Bool)
  func stack(_ stack: MiniStack, willPush screen: MiniScreen, animated: Bool)
  func stack(_ stack: MiniStack, didPush screen: MiniScreen, animated: Bool)
  func stack(_ stack: MiniStack, willPop screen: MiniScreen, animated: Bool)
  func stack(_ stack: MiniStack, didPop screen: MiniScreen, animated: Bool)
  func stack(_ stack: MiniStack, willPopToRootPopping screens: [MiniScreen], animated: Bool)
  func stack(_ stack: MiniStack, didPopToRootPopped screens: [MiniScreen], animated: Bool)
}

extension MiniStackDelegate {
  public func stack(_ stack: MiniStack, willShow screen: MiniScreen, animated: Bool) {}
  public func stack(_ stack: MiniStack, didShow screen: MiniScreen, animated: Bool) {}
  public func stack(_ stack: MiniStack, willPush screen: MiniScreen, animated: Bool) {}
  public func stack(_ stack: MiniStack, didPush screen: MiniScreen, animated: Bool) {}
  public func stack(_ stack: MiniStack, willPop screen: MiniScreen, animated: Bool) {}
  public func stack(_ stack: MiniStack, didPop screen: MiniScreen, animated: Bool) {}
  public func stack(_ stack: MiniStack, willPopToRootPopping screens: [MiniScreen], animated: Bool) {}
  public func stack(_ stack: MiniStack, didPopToRootPopped screens: [MiniScreen], animated: Bool) {}
}

/// A minimal hand-written navigation stack: an array and a weak delegate, making the
/// callbacks of UIKit's push and pop in UIKit's order (behaviour reference, "Push" and
/// "Pop"), and the same direction events Navigator's delegate gets (will/did push, pop,
/// popToRoot), with nothing else (no checks, no scheduler, no journal, no views, no request
/// queue).
open class MiniStack: MiniScreen {
  /// The screens, bottom to top.
  public private(set) var screens: [MiniScreen] = []
  /// Told what the stack shows.
  public weak var delegate: (any MiniStackDelegate)?

  /// Creates a stack holding `root`.
  public init(root: MiniScreen) {
    super.init()
    root.willMove(toParent: self)
    screens.append(root)
    root.parent = self
    root.didMove(toParent: self)
  }

  /// Pushes `screen` over the top screen.
  open func push(_ screen: MiniScreen, animated: Bool) {
    let outgoing = screens.last
    delegate?.stack(self, willPush: screen, animated: animated)
    screen.willMove(toParent: self)
    screens.append(screen)
    screen.parent = self
    screen.loadViewIfNeeded()
    outgoing?.viewWillDisappear(animated)
    screen.viewWillAppear(animated)
    delegate?.stack(self, willShow: screen, animated: animated)
    outgoing?.viewDidDisappear(animated)
    screen.viewDidAppear(animated)
    delegate?.stack(self, didShow: screen, animated: animated)
    screen.didMove(toParent: self)
    delegate?.stack(self, didPush: screen, animated: animated)
  }

  /// Pops the top screen; returns it, or `nil` when only the root is left.
  @discardableResult
  open func pop(animated: Bool) -> MiniScreen? {
    guard screens.count > 1 else { return nil }
    let outgoing = screens.removeLast()
    let incoming = screens[screens.count - 1]
    delegate?.stack(self, willPop: outgoing, animated: animated)
    outgoing.willMove(toParent: nil)
    outgoing.parent = nil
    outgoing.viewWillDisappear(animated)
    incoming.viewWillAppear(animated)
    delegate?.stack(self, willShow: incoming, animated: animated)
    outgoing.viewDidDisappear(animated)
    incoming.viewDidAppear(animated)
    delegate?.stack(self, didShow: incoming, animated: animated)
    outgoing.didMove(toParent: nil)
    delegate?.stack(self, didPop: outgoing, animated: animated)
    return outgoing
  }

  /// Pops every screen above the root; only the old and new top get appearance calls.
  @discardableResult
  open func popToRoot(animated: Bool) -> [MiniScreen] {
    guard screens.count > 1 else { return [] }
    let popped = Array(screens[1...])
    screens.removeSubrange(1...)
    let outgoing = popped[popped.count - 1]
    let incoming = screens[0]
    delegate?.stack(self, willPopToRootPopping: popped, animated: animated)
    for screen in popped {
      screen.willMove(toParent: nil)
      screen.parent = nil
    }
    outgoing.viewWillDisappear(animated)
    incoming.viewWillAppear(animated)
    delegate?.stack(self, willShow: incoming, animated: animated)
    outgoing.viewDidDisappear(animated)
    incoming.viewDidAppear(animated)
    delegate?.stack(self, didShow: incoming, animated: animated)
    for screen in popped { screen.didMove(toParent: nil) }
    delegate?.stack(self, didPopToRootPopped: popped, animated: animated)
    return popped
  }
}

/// A baseline screen whose overrides do the same trivial work as ``ModelScreen``.
final class BaselineScreen: MiniScreen {
  let name: String
  let tally: Tally

  init(_ name: String, tally: Tally) {
    self.name = name
    self.tally = tally
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tally.note("\(name).viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    tally.note("\(name).viewWillAppear")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    tally.note("\(name).viewDidAppear")
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    tally.note("\(name).viewWillDisappear")
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    tally.note("\(name).viewDidDisappear")
  }
  override func willMove(toParent parent: MiniScreen?) {
    super.willMove(toParent: parent)
    tally.note("\(name).willMove(\(parent == nil ? "nil" : "nav"))")
  }
  override func didMove(toParent parent: MiniScreen?) {
    super.didMove(toParent: parent)
    tally.note("\(name).didMove(\(parent == nil ? "nil" : "nav"))")
  }
}

final class BaselineDelegate: MiniStackDelegate {
  let tally: Tally
  init(tally: Tally) { self.tally = tally }

  func stack(_ stack: MiniStack, willShow screen: MiniScreen, animated: Bool) {
    tally.note("willShow(\((screen as? BaselineScreen)?.name ?? "?"))")
  }
  func stack(_ stack: MiniStack, didShow screen: MiniScreen, animated: Bool) {
    tally.note("didShow(\((screen as? BaselineScreen)?.name ?? "?"))")
  }
}
