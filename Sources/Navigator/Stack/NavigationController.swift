/// A stack of screens: UIKit's `UINavigationController`, headless.
///
/// The structure changes inside every call, as in UIKit: after
/// ``pushViewController(_:animated:)`` returns, ``viewControllers`` and
/// ``topViewController`` already show the new screen. Appearance callbacks, delegate
/// events and completions follow the window's ``TransitionScheduler``, in the order of
/// UIKit. Requests that arrive while a transition runs wait in the window's queue (a
/// deliberate difference: UIKit corrupts its bar on nested pushes), unless
/// ``transitionRequestPolicy`` rejects them.
///
/// Misuse (pushing a screen twice, pushing a navigation controller, popping to a stranger,
/// pushing a screen that has another parent, an empty stack) is refused before anything
/// changes, under the window's ``MisusePolicy``.
///
/// - Complexity: push and pop are O(1); pop-to, pop-to-root and set-view-controllers are
///   linear in the number of screens they touch. A screen's place in the stack is stored,
///   never searched for.
open class NavigationController: ViewController {
  /// What happens to a request to this stack that arrives while a transition runs; `nil`
  /// (the default) follows the window's ``Window/transitionRequestPolicy``.
  public var transitionRequestPolicy: TransitionRequestPolicy?

  // Unchecked: compared by every move (see Links.swift).
  /// A Boolean value indicating whether the navigation bar is hidden.
  @exclusivity(unchecked) public internal(set) var isNavigationBarHidden = false
  // Unchecked: compared by every move (see Links.swift).
  /// A Boolean value indicating whether the toolbar is hidden; hidden by default.
  @exclusivity(unchecked) public internal(set) var isToolbarHidden = true
  /// The value of ``definesPresentationContext``.
  private var definesContext = true
  // The one-byte fields above come first: they fill the word the superclass's own one-byte
  // fields end in (stored properties are laid out in declaration order).

  // Unchecked: loaded once by every move (see Links.swift).
  /// The object told about what is shown and the direction of every move.
  ///
  /// Held weakly. A move holds the delegate it began with until it ends, and tells it each of
  /// its events, unless someone sets this property during the move: the later events go to
  /// the new value.
  @exclusivity(unchecked) public weak var delegate: (any NavigationControllerDelegate)? {
    didSet { delegateWasSet = true }
  }

  /// The bar at the top, with its back button.
  public private(set) lazy var navigationBar = NavigationBar(navigationController: self)

  // Unchecked: tested by every delegate event (see Links.swift).
  /// The observers, held weakly; `nil` rather than empty, so that the test on every event
  /// is one load.
  @exclusivity(unchecked) var observers: [WeakObserver]?
  // Unchecked: tested by every request to the stack (see Links.swift).
  /// The requests made while a move of this stack runs outside any window: the same
  /// queue a window has, so that they run after the move, in order.
  @exclusivity(unchecked) var detachedQueue = TransitionQueue()
  // Unchecked: read by every pop (see Links.swift).
  /// Whether screens of ``lastGuardClass`` confirm pops. (Declared here, after the queue's
  /// one-byte state, to share its word.)
  @exclusivity(unchecked) var lastGuardConfirms = false
  // Unchecked: tested by every delegate event of a move (see Links.swift).
  /// Whether ``delegate`` was set since a move began (``MoveDelegate``); declared here to
  /// share the word of the byte above.
  @exclusivity(unchecked) var delegateWasSet = false
  /// The decision a guard has not answered yet.
  public internal(set) var pendingPopDecision: PopDecision?
  var interactivePop: InteractivePop?
  // The two below use a type's identifier for "none" (no screen's identity equals it)
  // rather than optionals, whose tags would cost this class a padded word per stack.
  // Unchecked: set by every move that shows a screen (see Links.swift).
  /// The top screen the delegate was last told about with `willShow` (identity only);
  /// ``noScreen`` before the first.
  @exclusivity(unchecked) var shownTop = NavigationController.noScreen
  // Unchecked: read by every pop (see Links.swift).
  /// The last screen class asked whether it confirms pops (``noScreen`` before the first),
  /// and the answer: a conformance check costs a runtime cache lookup, and a stack usually
  /// pops screens of few classes.
  @exclusivity(unchecked) var lastGuardClass = NavigationController.noScreen

  /// An identifier no screen and no screen class has: the identifier of a type that isn't a
  /// class.
  ///
  /// Computed rather than stored: `Void`'s metadata is a constant, where a stored `static let`
  /// costs a `swift_once` call at every read (every pop of the top the delegate was told about).
  static var noScreen: ObjectIdentifier {
    @inline(__always) get { ObjectIdentifier(Void.self) }
  }

  /// Creates a navigation controller with an empty stack.
  public override init() {
    super.init()
  }

  /// Creates a navigation controller whose stack holds `rootViewController`.
  ///
  /// The root is added as a child at once (`willMove` and `didMove` to this controller).
  /// Giving a screen that cannot join a stack is a misuse; the stack stays empty.
  ///
  /// - Parameter rootViewController: The bottom screen of the stack.
  public init(rootViewController: ViewController) {
    super.init()
    if let error = pushError(rootViewController) {
      Misuse.handle(error, in: rootViewController.journalWindow)
      return
    }
    rootViewController.willMove(toParent: self)
    appendChild(rootViewController)
    rootViewController.didMove(toParent: self)
  }

  /// Navigation controllers define the presentation context of their screens: `true` by
  /// default, as in UIKit.
  open override var definesPresentationContext: Bool {
    get { definesContext }
    set { definesContext = newValue }
  }

  // MARK: The stack

  /// The screens in the stack, bottom to top.
  ///
  /// Setting it is ``setViewControllers(_:animated:)`` without animation.
  public var viewControllers: [ViewController] {
    get { childList }
    set { setViewControllers(newValue, animated: false) }
  }

  /// The screen on top of the stack.
  public var topViewController: ViewController? { childList.last }

  /// The screen the user sees: what the stack or its top presented modally, else the top.
  public var visibleViewController: ViewController? {
    var visible = presented ?? topViewController?.presented
    while let next = visible?.presented { visible = next }
    return visible ?? topViewController
  }

  /// Appearance follows the top screen only: calls `body` with the top, held for the call,
  /// without an array of one screen.
  internal override func forEachAppearanceChild(_ body: (ViewController) -> Void) {
    if let top = childList.last { body(top) }
  }

  /// Tells the delegate about a top it has not shown yet, when the stack appears.
  internal override func willAppearAsContainer(animated: Bool, window: Window?) {
    guard let top = topViewController else { return }
    if let view = viewIfLoaded, let topView = top.viewIfLoaded { view.attach(topView) }
    guard ObjectIdentifier(top) != shownTop else { return }
    shownTop = ObjectIdentifier(top)
    applyBars(of: top, window: window)
    notifyWillShow(top, animated: animated, window: window, delegate: MoveDelegate(now: self))
    notifyDidShow(top, animated: animated, window: window, delegate: MoveDelegate(now: self))
  }

  package override var isNavigationStack: Bool { true }

  /// Runs the pop block of every screen in the stack: the stack left the hierarchy.
  internal override func didLeaveHierarchy() {
    super.didLeaveHierarchy()
    // Borrowed from a local copy of the list, which holds every screen.
    let screens = childList
    screens.forEachBorrowedInReverse { runPopBlock(of: $0) }
  }

  // MARK: Push

  /// Pushes a screen onto the stack.
  ///
  /// - Parameters:
  ///   - viewController: The screen to push.
  ///   - animated: A Boolean value indicating whether the transition animates.
  open func pushViewController(_ viewController: ViewController, animated: Bool) {
    push(viewController, animated: animated, options: nil, completion: nil)
  }

  /// Pushes a screen with per-push options: blocks and bar visibility.
  ///
  /// - Parameters:
  ///   - viewController: The screen to push.
  ///   - animated: A Boolean value indicating whether the transition animates.
  ///   - options: Blocks to run and the bars the screen wants.
  ///   - completion: Runs once the push has finished, after the push block.
  public func pushViewController(
    _ viewController: ViewController, animated: Bool, options: PushOptions,
    completion: (() -> Void)? = nil
  ) {
    push(viewController, animated: animated, options: options, completion: completion)
  }

  // MARK: Pop

  /// Pops the top screen; asks its ``PopConfirming`` guard first.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animates.
  /// - Returns: The popped screen; `nil` when only the root is left, when a guard denied
  ///   or has not answered yet, or when the request waits in the queue.
  @discardableResult
  open func popViewController(animated: Bool) -> ViewController? {
    pop(animated: animated, ignoringPopGuard: false, completion: nil)
  }

  /// Pops the top screen, optionally without asking its guard.
  ///
  /// - Parameters:
  ///   - animated: A Boolean value indicating whether the transition animates.
  ///   - ignoringPopGuard: A Boolean value indicating whether to skip the top screen's
  ///     ``PopConfirming`` guard.
  ///   - completion: Runs once the pop has finished.
  /// - Returns: As ``popViewController(animated:)``.
  @discardableResult
  public func popViewController(
    animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)? = nil
  ) -> ViewController? {
    pop(animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  /// Pops every screen above `viewController`; asks the top screen's guard first.
  ///
  /// Only the old top and `viewController` get appearance callbacks.
  ///
  /// - Parameters:
  ///   - viewController: The screen to show; it must be in the stack.
  ///   - animated: A Boolean value indicating whether the transition animates.
  /// - Returns: The popped screens, bottom to top; empty when `viewController` is already
  ///   on top; `nil` when refused, denied, pending or queued.
  @discardableResult
  open func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
    popTo(viewController, animated: animated, ignoringPopGuard: false, completion: nil)
  }

  /// Pops every screen above `viewController`, optionally without asking the top's guard.
  ///
  /// - Parameters:
  ///   - viewController: The screen to show; it must be in the stack.
  ///   - animated: A Boolean value indicating whether the transition animates.
  ///   - ignoringPopGuard: A Boolean value indicating whether to skip the top's guard.
  ///   - completion: Runs once the transition has finished.
  /// - Returns: As ``popToViewController(_:animated:)``.
  @discardableResult
  public func popToViewController(
    _ viewController: ViewController, animated: Bool, ignoringPopGuard: Bool,
    completion: (() -> Void)? = nil
  ) -> [ViewController]? {
    popTo(viewController, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  /// Pops every screen above the root; asks the top screen's guard first.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animates.
  /// - Returns: The popped screens, bottom to top; empty when only the root is there;
  ///   `nil` when denied, pending or queued.
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [ViewController]? {
    popToRoot(animated: animated, ignoringPopGuard: false, completion: nil)
  }

  /// Pops every screen above the root, optionally without asking the top's guard.
  ///
  /// - Parameters:
  ///   - animated: A Boolean value indicating whether the transition animates.
  ///   - ignoringPopGuard: A Boolean value indicating whether to skip the top's guard.
  ///   - completion: Runs once the transition has finished.
  /// - Returns: As ``popToRootViewController(animated:)``.
  @discardableResult
  public func popToRootViewController(
    animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)? = nil
  ) -> [ViewController]? {
    popToRoot(animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  // MARK: Replace

  /// Replaces the stack.
  ///
  /// When the top changes, the old top disappears and the new top appears; other screens
  /// get no appearance callbacks. When the top stays, nothing appears or disappears.
  /// Dropping the current top asks its guard first. Deliberate difference: a removed top
  /// gets its `willMove(toParent: nil)` and `didMove(toParent: nil)` (UIKit forgets them).
  ///
  /// - Parameters:
  ///   - viewControllers: The new stack, bottom to top; not empty, no screen twice.
  ///   - animated: A Boolean value indicating whether the transition animates.
  open func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
    setStack(viewControllers, animated: animated, ignoringPopGuard: false, completion: nil)
  }

  /// Replaces the stack, optionally without asking the top's guard.
  ///
  /// - Parameters:
  ///   - viewControllers: The new stack, bottom to top; not empty, no screen twice.
  ///   - animated: A Boolean value indicating whether the transition animates.
  ///   - ignoringPopGuard: A Boolean value indicating whether to skip the top's guard.
  ///   - completion: Runs once the transition has finished.
  public func setViewControllers(
    _ viewControllers: [ViewController], animated: Bool, ignoringPopGuard: Bool,
    completion: (() -> Void)? = nil
  ) {
    setStack(viewControllers, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  // MARK: The navigation bar's delegate

  /// Decides whether the back button or a back swipe may pop `viewController`.
  ///
  /// UIKit's `navigationBar(_:shouldPop:)`. Returns `true`; override to refuse. The top
  /// screen's ``PopConfirming`` guard is asked after this method allows.
  ///
  /// - Parameters:
  ///   - navigationBar: The bar whose back button was used.
  ///   - viewController: The screen that would be popped.
  /// - Returns: `true` to let the pop go ahead.
  open func navigationBar(_ navigationBar: NavigationBar, shouldPop viewController: ViewController) -> Bool {
    true
  }
}

extension ViewController {
  /// The nearest navigation controller among this screen's ancestors.
  public var navigationController: NavigationController? {
    var ancestor = parent
    while let current = ancestor {
      if let navigation = current.asNavigationStack { return navigation }
      ancestor = current.parent
    }
    return nil
  }

  /// The screen as a navigation controller, when it is one: `self as? NavigationController`
  /// without the runtime's dynamic cast (about 25 instructions; a navigator's push made
  /// four: Benchmarks/README.md, "Flows").
  @inline(__always)
  var asNavigationStack: NavigationController? {
    isNavigationStack ? unsafeDowncast(self, to: NavigationController.self) : nil
  }
}
