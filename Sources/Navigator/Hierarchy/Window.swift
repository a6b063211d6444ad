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

  private var root: ViewController?
  private var queue: [QueuedRequest] = []
  private var queueHead = 0

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
    isHidden = true
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
  package var rootDescription: String {
    root.map { "whose root is \($0.screenID)" } ?? "with no root"
  }

  private func setRootViewController(_ newRoot: ViewController?) {
    guard newRoot !== root else { return }
    if let newRoot, let error = rootError(newRoot) {
      handleMisuse(error)
      return
    }
    submit(.setRootViewController(ScreenID.of(newRoot))) { [self] in
      guard newRoot !== root else { return }
      if let newRoot, let error = rootError(newRoot) {
        handleMisuse(error)
        return
      }
      replaceRoot(with: newRoot)
    }
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
    let outgoing = root
    if let outgoing {
      outgoing.dismissPresentedChainForRemoval()
      outgoing.viewIfLoaded?.detachFromSuperview()
      outgoing.adoptedWindow = self
      outgoing.windowIfRoot = nil
    }
    root = newRoot
    if let newRoot {
      newRoot.windowIfRoot = self
      newRoot.adoptedWindow = self
      attach(newRoot.view)
    }
    outgoing?.didLeaveHierarchy()
    let outgoingIsShown = outgoing.map { $0.appearanceState != .disappeared } ?? false
    if !isHidden || outgoingIsShown {
      perform(WindowAppearancePlan(window: self, outgoing: outgoing))
    }
  }

  private func updateAppearance() {
    submit(.updateWindowAppearance(visible: !isHidden)) { [self] in
      perform(WindowAppearancePlan(window: self, outgoing: nil))
    }
  }

  // MARK: Misuse

  /// Applies the misuse policy to `error`.
  package func handleMisuse(_ error: NavigationError) {
    switch misusePolicy {
    case .trap:
      preconditionFailure(error.message)
    case .report:
      journal.record(.misuse(error))
      misuseHandler?(error)
    }
  }

  // MARK: Transitions and the request queue

  /// A Boolean value indicating whether a transition has started and not finished.
  public private(set) var isTransitioning = false

  /// The requests waiting for the running transition to finish, oldest first.
  public var pendingRequests: [NavigationRequest] { queue[queueHead...].map(\.request) }

  /// A Boolean value indicating whether a new request must wait: a transition runs, a
  /// guard has not answered, or earlier requests wait.
  package var isBusy: Bool { isTransitioning || queueHead < queue.count }

  /// Runs `body` now, or queues it behind the running transition and earlier requests.
  ///
  /// - Returns: `true` when `body` ran now.
  @discardableResult
  package func submit(_ request: NavigationRequest, _ body: @escaping () -> Void) -> Bool {
    if isBusy {
      enqueue(request, body)
      return false
    }
    body()
    return true
  }

  /// Queues `body` behind the running transition and earlier requests.
  package func enqueue(_ request: NavigationRequest, _ body: @escaping () -> Void) {
    queue.append(QueuedRequest(request: request, body: body))
  }

  /// Holds the queue while something without a transition is pending (a guard's answer,
  /// a back swipe in progress).
  package func hold() {
    isTransitioning = true
  }

  /// Releases a hold: runs `body` first, then the queued requests unless `body` started a
  /// transition.
  package func resume(_ body: () -> Void) {
    isTransitioning = false
    body()
    if !isTransitioning { transitionDidFinish() }
  }

  /// Starts a planned transition under the scheduler.
  package func perform<Plan: TransitionPlan>(_ plan: Plan) {
    isTransitioning = true
    switch scheduler.kind {
    case .immediate:
      plan.willPhase()
      plan.didPhase()
      transitionDidFinish()
    case .manual(let manual):
      manual.schedule(plan, in: self)
    }
  }

  /// Marks the running transition finished and runs queued requests until one starts a
  /// transition.
  package func transitionDidFinish() {
    isTransitioning = false
    while !isTransitioning, queueHead < queue.count {
      let next = queue[queueHead]
      queueHead += 1
      if queueHead == queue.count {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
      }
      next.body()
    }
  }
}

/// A request waiting in a window's queue.
private struct QueuedRequest {
  let request: NavigationRequest
  let body: () -> Void
}

/// Brings the window's root screens in line with its visibility and root.
///
/// What appears and disappears is decided when the callbacks are delivered, so that
/// changes made before the run-loop turn coalesce, as in UIKit.
struct WindowAppearancePlan: TransitionPlan {
  let window: Window
  let outgoing: ViewController?

  var isAnimated: Bool { false }

  func willPhase() {
    let incoming = window.isHidden ? nil : window.rootViewController
    if let outgoing, outgoing !== incoming {
      outgoing.beginAppearance(false, animated: false, window: window)
    }
    if window.isHidden, let root = window.rootViewController {
      root.beginAppearance(false, animated: false, window: window)
    }
    incoming?.beginAppearance(true, animated: false, window: window)
  }

  func didPhase() {
    outgoing?.endAppearance(window: window)
    window.rootViewController?.endAppearance(window: window)
  }
}
