/// Makes the screen for a key: a new instance, one from a catalogue (``Storyboard``), or
/// one you keep; it must not be in a hierarchy.
public typealias ScreenProvider<Key> = (Key) throws(NavigationError) -> ViewController

extension Navigator {
  /// Gives the navigator the screen provider for keys of type `Key`, which
  /// ``navigate(to:options:)`` asks for the screens a target needs and the
  /// window lacks. A later call replaces it.
  ///
  /// ```swift
  /// navigator.provideScreens(for: Route.self) { route in
  ///   switch route {
  ///   case .inbox: Inbox()
  ///   case .thread(let id): try catalogue.instantiateViewController(withIdentifier: "thread")
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The key type.
  ///   - provider: Makes the screen for a key.
  public func provideScreens<Key: Hashable & Sendable>(
    for type: Key.Type = Key.self, _ provider: @escaping ScreenProvider<Key>
  ) {
    screenProviders.setProvider(provider, for: type)
  }

  /// The steps from the window's state to `target`, without changing anything: what
  /// ``navigate(to:options:)`` would do now (see ``NavigationPlan``).
  ///
  /// - Parameter target: The state to reach.
  /// - Returns: The plan.
  /// - Throws: ``NavigationError/Code/invalidTarget`` when the target breaks a rule of the
  ///   hierarchy, ``NavigationError/Code/unmakeableScreen`` when it needs a screen with no
  ///   key that the window does not hold there.
  @inlinable
  public func plan<Key>(to target: NavigationState<Key>) throws(NavigationError) -> NavigationPlan<Key> {
    // The usual shapes in one typed walk that reads the window's state on the way; the
    // others, and every refusal, through the general planner.
    var typed = TypedStatePlanner<Key>()
    if let plan = typed.plan(from: window.rootViewController, to: target) { return plan }
    return try generalPlan(to: target)
  }

  /// ``plan(to:)`` through the general planner (``StatePlanner``), which plans every shape of
  /// target and names every refusal.
  @inlinable
  func generalPlan<Key>(to target: NavigationState<Key>) throws(NavigationError) -> NavigationPlan<Key> {
    let erased = TypedTarget(target, boxesKeys: false)
    var planner = StatePlanner(window: window, target: erased, recordsActions: false)
    try planner.plan()
    return NavigationPlan(
      from: window.navigationState(keyedBy: Key.self), to: target, steps: erased.steps(planner.steps))
  }

  /// Navigates from the window's state to `target` all or nothing; a refusal goes to the
  /// window's misuse policy and to `onFailure`.
  ///
  /// The navigation plans (``plan(to:)``), then checks everything before the first change:
  /// the target's rules, every new screen made by the provider (``provideScreens(for:_:)``)
  /// and checked (its kind, that it is free), every popover anchor found, and the pop guard
  /// of every stack whose top leaves (popped, replaced or dismissed) asked in turn. A guard
  /// that answers later holds the navigation, and the window with it; a denial refuses all
  /// of it. Only then does it change the hierarchy: new screens are assembled, join the
  /// window's journal and load their views (`loadViewIfNeeded`), then every step's
  /// structure changes at once and the layers' transitions run as one (one set of
  /// will-callbacks, one set of did-callbacks), after which the completion runs once. A
  /// refusal leaves the hierarchy, the journal (but for the misuse event) and every screen
  /// as they were; the screens made for it are released without a callback.
  ///
  /// While the window is busy, the navigation waits in the queue as one request
  /// (``NavigationRequest/navigate(to:steps:animated:)``) and is planned when its turn
  /// comes, from the state at that moment.
  ///
  /// - Parameters:
  ///   - target: The state to reach.
  ///   - options: Animation, request policy, and the option closures.
  @inlinable
  public func navigate<Key>(
    to target: NavigationState<Key>, options: StateNavigationOptions<Key> = StateNavigationOptions()
  ) {
    do throws(NavigationError) {
      try tryNavigate(to: target, options: options)
    } catch {
      handleStateMisuse(error)
    }
  }

  /// Navigates to `target` as ``navigate(to:options:)`` does, throwing a refusal
  /// found during the call (after `onFailure`). A refusal found later (a guard that
  /// answered later, a waiting navigation refused when it runs) goes to `onFailure` and to
  /// the window's misuse policy.
  ///
  /// - Parameters:
  ///   - target: The state to reach.
  ///   - options: Animation, request policy, and the option closures.
  /// - Throws: The ``NavigationError`` that refused the navigation.
  @inlinable
  public func tryNavigate<Key>(
    to target: NavigationState<Key>, options: StateNavigationOptions<Key> = StateNavigationOptions()
  ) throws(NavigationError) {
    try startNavigation(to: target, options, completion: nil, lateFailure: nil)
  }

  /// Navigates to `target` as ``navigate(to:options:)`` does and returns once
  /// the navigation finished.
  ///
  /// - Parameters:
  ///   - target: The state to reach.
  ///   - options: Animation, request policy, and the option closures.
  /// - Returns: The plan that ran.
  /// - Throws: The ``NavigationError`` that refused the navigation, whenever it was found.
  @discardableResult
  public func navigateAndWait<Key>(
    to target: NavigationState<Key>, options: StateNavigationOptions<Key> = StateNavigationOptions()
  ) async throws(NavigationError) -> NavigationPlan<Key> {
    let box = ResultBox<NavigationPlan<Key>>()
    try startNavigation(
      to: target, options, completion: { box.result = .success($0) },
      lateFailure: { box.result = .failure($0) })
    if box.result == nil {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        box.continuation = continuation
      }
    }
    return try box.result!.get()
  }

  // MARK: Running

  /// Runs a navigation now, or queues it while the window is busy.
  @inlinable
  func startNavigation<Key>(
    to target: NavigationState<Key>, _ options: StateNavigationOptions<Key>,
    completion: ((NavigationPlan<Key>) -> Void)?, lateFailure: ((NavigationError) -> Void)?
  ) throws(NavigationError) {
    let observer = window.beginInput(
      .request(
        Request(.navigate, .state(target.mapKeys(AnyScreenKey.init)), isAnimated: options.isAnimated),
        screen: nil,
        origin: nil))
    defer { observer?.windowDidHandleInput(window) }
    if isRecordingRequests { recordStateRequest(target, animated: options.isAnimated) }
    if !waitingAdmissions.isEmpty { supersedeWaitingNavigations(by: target.oneLine) }
    let navigation = StateNavigation(
      target: target, options: options, completion: completion, lateFailure: lateFailure)
    guard window.isBusyForState else {
      do throws(NavigationError) {
        try navigation.run(on: self)
      } catch {
        options.failureHandler?(error)
        throw error
      }
      return
    }
    try enqueueStateNavigation(
      to: target.oneLine, animated: options.isAnimated, policy: options.transitionRequestPolicy,
      failureHandler: options.failureHandler
    ) { [weak window, weak self] in
      // Weak: a waiting request doesn't keep the navigator.
      do throws(NavigationError) {
        guard let self else { throw StateApplication.navigatorGone(navigation.target.oneLine) }
        try navigation.run(on: self)
      } catch {
        navigation.refuseLate(error, window: window)
      }
    }
  }

  /// Records a navigation to a state in ``recordedRequests``.
  @usableFromInline
  func recordStateRequest<Key>(_ target: NavigationState<Key>, animated: Bool) {
    record(Request(.navigate, .state(target.mapKeys(AnyScreenKey.init)), isAnimated: animated))
  }

  /// Queues a navigation to a state while the window is busy, or refuses it (the request
  /// policy `.reject`).
  @usableFromInline
  func enqueueStateNavigation(
    to target: String, animated: Bool, policy: TransitionRequestPolicy?,
    failureHandler: ((NavigationError) -> Void)?, _ run: @escaping () -> Void
  ) throws(NavigationError) {
    let request = NavigationRequest.navigate(to: target, steps: [], animated: animated)
    if (policy ?? window.transitionRequestPolicy) == .reject {
      let error = NavigationError(
        .transitionInProgress,
        "Can't run \(request) while a transition or a pending decision is in progress.")
      failureHandler?(error)
      throw error
    }
    window.enqueue(.navigateToState(request, run: run))
  }

  /// Hands a refused navigation to the window's misuse policy.
  @usableFromInline
  func handleStateMisuse(_ error: NavigationError) {
    Misuse.handle(error, in: window)
  }
}

extension Window {
  /// A Boolean value indicating whether the window is busy (a transition or a pending
  /// decision), for inlinable code.
  @usableFromInline var isBusyForState: Bool { isBusy }
}
