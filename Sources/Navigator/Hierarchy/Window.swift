/// The root container: UIKit's `UIWindow`, and the home of a hierarchy's time, journal and
/// misuse policy.
///
/// A window shows its ``rootViewController`` while it is visible. Screens get appearance
/// callbacks only then; the structure still changes while it is hidden. Each window is one
/// hierarchy: give every session its own, inside its own actor.
///
/// ```swift
/// let window = Window()
/// window.rootViewController = NavigationController(rootViewController: Home())
/// window.makeKeyAndVisible()
/// ```
open class Window: View {
  /// Decides when transition callbacks are delivered.
  public let scheduler: TransitionScheduler
  /// What happens when a call on this hierarchy breaks a rule.
  public var misusePolicy: MisusePolicy
  /// Called with every error refused under ``MisusePolicy/report``.
  public var misuseHandler: ((NavigationError) -> Void)?
  /// The ordered record of this hierarchy's events; off until switched on.
  public let journal: Journal

  /// The traits of the window's environment; regular width by default.
  ///
  /// On compact width a popover adapts to a sheet unless its delegate says otherwise.
  public var traitCollection = TraitCollection()

  private var root: ViewController?
  /// What screens hold to remember this window; cleared when the window goes away.
  package let token = WindowToken()
  /// Who hears screens join and leave this window's hierarchy; `nil` rather than empty.
  var hierarchyObservers: [WeakHierarchyObserver]?
  /// Hears the inputs this window receives from outside its screens (``WindowInput``): a
  /// session recorder; `nil` by default, and then each input costs one `nil` test.
  ///
  /// Held strongly: the observer must not hold the window strongly. Setting it on a window
  /// driven by a ``ManualScheduler`` has that scheduler tell it about the time it is given too.
  public var inputObserver: (any WindowInputObserver)? {
    get { observer }
    set {
      observer = newValue
      if newValue != nil, let manual = scheduler.manual { manual.addInputWindow(self) }
    }
  }
  // Unchecked: tested by every input, recording or not (see Links.swift).
  /// The ``inputObserver``'s storage (hot: read by every navigator call).
  @exclusivity(unchecked) @usableFromInline internal var observer: (any WindowInputObserver)?
  // Unchecked: tested by every request (see Links.swift).
  /// What runs, and what waits to run (hot: read by every request).
  @exclusivity(unchecked) internal var queue = TransitionQueue()

  /// Creates a hidden window with no root screen.
  ///
  /// - Parameters:
  ///   - scheduler: When transition callbacks are delivered; immediately by default.
  ///   - misusePolicy: What a misuse does; ``MisusePolicy/trap`` by default, as UIKit's
  ///     exceptions. Services pass ``MisusePolicy/report``.
  ///   - journal: The journal to record into; a new, disabled one by default.
  public init(
    scheduler: TransitionScheduler = .immediate, misusePolicy: MisusePolicy = .trap,
    journal: Journal = Journal()
  ) {
    self.scheduler = scheduler
    self.misusePolicy = misusePolicy
    self.journal = journal
    super.init()
    token.window = self
    isHidden = true
  }

  deinit {
    clearBackLinksToWindow()
  }

  // MARK: Root and visibility

  /// The screen the window shows.
  ///
  /// Replacing it loads the new root's view at once; while the window is visible, the old
  /// root disappears and the new one appears (as one non-animated transition). A screen
  /// that has a parent, is presented, or is another window's root is refused as a misuse.
  /// Deliberate difference: the old root's presented screens are dismissed with it
  /// (UIKit leaves them behind).
  public var rootViewController: ViewController? {
    get { root }
    set { setRootViewController(newValue) }
  }

  /// A Boolean value indicating whether this is the key window.
  public private(set) var isKeyWindow = false

  /// A Boolean value indicating whether the window is hidden; windows start hidden.
  ///
  /// Showing the window makes its root appear, hiding it makes the root disappear.
  open override var isHidden: Bool {
    didSet {
      if oldValue != isHidden, root != nil { updateAppearance() }
    }
  }

  /// Makes the window key and shows it.
  public func makeKeyAndVisible() {
    isKeyWindow = true
    isHidden = false
  }

  /// A short description of this window, for messages.
  internal var rootDescription: String {
    root.map { "whose root is \($0.screenID)" } ?? "with no root"
  }

  private func setRootViewController(_ newRoot: ViewController?) {
    guard newRoot !== root else { return }
    if let newRoot, let error = rootError(newRoot) {
      handleMisuse(error)
      return
    }
    guard admit(.setRoot(newRoot, in: self), policy: .queue) else { return }
    replaceRoot(with: newRoot)
  }

  /// Replaces the root when it is still a change and still allowed: a queued request,
  /// checked again when it runs.
  func replaceRootIfAllowed(with newRoot: ViewController?) {
    guard newRoot !== root else { return }
    if let newRoot, let error = rootError(newRoot) {
      handleMisuse(error)
      return
    }
    replaceRoot(with: newRoot)
  }

  private func rootError(_ screen: ViewController) -> NavigationError? {
    if let parent = screen.parent {
      return NavigationError(
        .rootHasParent,
        "Can't make \(screen.screenID) the root of a window: it is a child of \(parent.screenID).",
        screens: [screen.screenID, parent.screenID])
    }
    if let other = screen.windowIfRoot, other !== self {
      return NavigationError(
        .rootBelongsToAnotherWindow,
        "Can't make \(screen.screenID) the root of a window: it is already the root of another window.",
        screens: [screen.screenID])
    }
    if let presenter = screen.presenter {
      return NavigationError(
        .rootIsPresented,
        "Can't make \(screen.screenID) the root of a window: it is presented by \(presenter.screenID).",
        screens: [screen.screenID, presenter.screenID])
    }
    return nil
  }

  private func replaceRoot(with newRoot: ViewController?) {
    if let plan = applyRootReplacement(with: newRoot) { perform(plan) }
  }

  /// Makes `newRoot` the root, dismissing what the old root presented, and returns the
  /// transition's appearance phases, or `nil` when nothing is on screen to appear or
  /// disappear (the old root then leaves at once).
  func applyRootReplacement(with newRoot: ViewController?) -> WindowAppearancePlan? {
    let outgoing = root
    var outgoingChain: [ViewController] = []
    if let outgoing {
      outgoingChain = outgoing.dismissPresentedChainForRemoval()
      outgoing.viewIfLoaded?.detachFromSuperview()
      outgoing.adoptedWindow = self
      outgoing.windowIfRoot = nil
    }
    root = newRoot
    if let newRoot {
      newRoot.windowIfRoot = self
      newRoot.adopt(self)
      attach(newRoot.view)
      newRoot.join(self)
    }
    outgoing?.didLeaveHierarchy()
    let outgoingIsShown =
      ([outgoing].compactMap { $0 } + outgoingChain).contains { $0.appearanceState != .disappeared }
    if !isHidden || outgoingIsShown {
      return WindowAppearancePlan(window: self, outgoing: outgoing, outgoingChain: outgoingChain)
    }
    outgoing?.leaveAsReplacedRoot(of: self, with: outgoingChain)
    return nil
  }

  private func updateAppearance() {
    guard admit(.updateAppearance(self, visible: !isHidden), policy: .queue) else { return }
    performAppearanceUpdate()
  }

  /// Makes the root screens appear or disappear as the window's visibility now says.
  func performAppearanceUpdate() {
    perform(WindowAppearancePlan(window: self, outgoing: nil))
  }

  // MARK: Misuse

  /// Applies the window's misuse policy to `error`: traps under ``MisusePolicy/trap``;
  /// under ``MisusePolicy/report``, records it in the journal and hands it to
  /// ``misuseHandler``.
  ///
  /// The engine calls it for every refused call that does not throw; code built on the
  /// engine (flows, routes) calls it for its own rules, so that one policy governs them all.
  ///
  /// - Parameter error: The broken rule and the screens involved.
  public func handleMisuse(_ error: NavigationError) {
    guard !error.isProtectionOutcome else { return }
    switch misusePolicy {
    case .trap:
      preconditionFailure(error.message)
    case .report:
      reportMisuse(error)
    }
  }

  /// Records a misuse in the journal and hands it to ``misuseHandler``, whatever the
  /// policy: what ``MisusePolicy/report`` does.
  internal func reportMisuse(_ error: NavigationError) {
    guard !error.isProtectionOutcome else { return }
    journal.record(.misuse(error))
    misuseHandler?(error)
  }

  // MARK: Transitions and the request queue

  /// What happens to a request that arrives while a transition runs: queued (the
  /// default) or refused. A navigation controller may override it for its own requests.
  public var transitionRequestPolicy: TransitionRequestPolicy = .queue

  /// Decides whether a request runs now: it does when nothing runs and nothing waits;
  /// otherwise it waits in the queue or, under `policy` (the window's by default)
  /// ``TransitionRequestPolicy/reject``, is refused as a misuse.
  ///
  /// The command is built only when the request has to wait or is refused.
  ///
  /// - Returns: `true` when the caller runs the request now.
  @inline(__always)
  internal func admit(
    _ command: @autoclosure () -> Command, policy: TransitionRequestPolicy? = nil
  ) -> Bool {
    switch queue.admit(command(), policy: policy ?? transitionRequestPolicy) {
    case .runNow:
      return true
    case .enqueued:
      return false
    case .reject(let error):
      handleMisuse(error)
      return false
    }
  }

  /// A Boolean value indicating whether a transition, a pending pop decision or a swipe
  /// is in progress.
  public var isTransitioning: Bool { queue.isActive }

  /// The requests waiting for the running transition to finish, oldest first.
  public var pendingRequests: [NavigationRequest] { queue.pendingRequests }

  /// Queues a command behind the running activity and earlier requests.
  internal func enqueue(_ command: Command) {
    _ = queue.admit(command, policy: .queue)
  }

  /// Marks an activity (a pending pop decision, a swipe) as started: requests wait until
  /// it ends.
  internal func begin(_ activity: TransitionQueue.Activity) {
    queue.begin(activity)
  }

  /// Marks an activity as ended, runs `body`, then the waiting requests unless `body`
  /// started another activity.
  internal func end(_ activity: TransitionQueue.Activity, then body: () -> Void = {}) {
    queue.end(activity)
    body()
    drain()
  }

  /// Runs the waiting requests, in order, until one starts an activity.
  @inline(never)
  internal func drain() {
    while let command = queue.next() { command.execute() }
  }

  /// The duration of the next transition this window starts, set by a custom transition
  /// (``ViewControllerTransitioningDelegate``); `nil` for the default duration.
  internal var nextTransitionDuration: Double?

  /// A Boolean value indicating whether a navigation to a state is changing the structure
  /// now: the screens that leave meanwhile were taken away by it, whichever step (a pop-to,
  /// a new stack, a dismissal, a child's removal) removed them.
  internal var isApplyingState = false

  /// Starts a planned transition: the window is busy until it finishes, and the scheduler
  /// delivers its phases.
  @inline(__always)
  internal func perform<Plan: TransitionPlan>(_ plan: Plan) {
    queue.begin(.transition)
    schedule(plan)
  }

  /// Hands the phases of a transition that has started to the scheduler: inside this call
  /// (immediate), or when a test says (manual).
  ///
  /// Inlined so that each plan type is specialised: no value-witness calls on the hot path.
  @inline(__always)
  internal func schedule<Plan: TransitionPlan>(_ plan: Plan) {
    if let manual = scheduler.manual {
      manual.schedule(plan, in: self, duration: nextTransitionDuration)
      nextTransitionDuration = nil
    } else {
      plan.willPhase()
      plan.didPhase()
      transitionDidFinish()
    }
  }

  /// The journal when it records, else `nil`.
  @inline(__always)
  internal var recordingJournal: Journal? { journal.isEnabled ? journal : nil }

  /// Marks the running transition finished and runs waiting requests until one starts
  /// another activity.
  @inline(__always)
  internal func transitionDidFinish() {
    queue.end(.transition)
    if queue.isBusy { drain() }
  }
}

/// Brings the window's root screens in line with its visibility and root.
///
/// What appears and disappears is decided when the callbacks are delivered, so that
/// changes made before the run-loop turn coalesce, as in UIKit.
struct WindowAppearancePlan: TransitionPlan {
  let window: Window
  let outgoing: ViewController?
  /// The screens the outgoing root presented, top first, torn down with it.
  var outgoingChain: [ViewController] = []

  var isAnimated: Bool { false }

  func willPhase() {
    for screen in outgoingChain {
      screen.isBeingDismissed = true
      screen.beginAppearance(false, animated: false, window: window)
      screen.isBeingDismissed = false
    }
    let incoming = window.isHidden ? nil : window.rootViewController
    if let outgoing, outgoing !== incoming {
      outgoing.beginAppearance(false, animated: false, window: window)
    }
    if window.isHidden {
      for screen in window.shownScreens.reversed() {
        screen.beginAppearance(false, animated: false, window: window)
      }
    } else {
      for screen in window.shownScreens {
        screen.beginAppearance(true, animated: false, window: window)
      }
    }
  }

  func didPhase() {
    for screen in outgoingChain {
      screen.isBeingDismissed = true
      screen.endAppearance(window: window)
      screen.isBeingDismissed = false
    }
    outgoing?.endAppearance(window: window)
    let shown = window.shownScreens
    for screen in window.isHidden ? shown.reversed() : shown { screen.endAppearance(window: window) }
    outgoing?.leaveAsReplacedRoot(of: window, with: outgoingChain)
  }
}
