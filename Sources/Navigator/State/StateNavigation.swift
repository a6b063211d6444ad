/// One navigation to a state, from its plan to its completion: the typed part, which
/// erases the target, plans, and hands the plan to whoever receives it.
///
/// Inlinable, so that a caller's compiler specializes it for its `Key`; the rest runs in
/// ``StateApplication``, which has no key type.
@usableFromInline
struct StateNavigation<Key: Hashable & Sendable> {
  // The navigator that asked is not stored: each run gets it from its caller, and whatever
  // waits (a queued request, a gatekeeper's admission) holds it weakly. A weak property would
  // cost a weak store, a weak load and a slow release a navigation.
  /// The state to reach.
  @usableFromInline let target: NavigationState<Key>
  /// Animation, request policy, and the option closures.
  @usableFromInline let options: StateNavigationOptions<Key>
  /// Runs once the navigation finished, with the plan that ran.
  @usableFromInline let completion: ((NavigationPlan<Key>) -> Void)?
  /// Receives a refusal found after the call returned (the async form).
  @usableFromInline let lateFailure: ((NavigationError) -> Void)?
  /// The protections that let an earlier round of this navigation through.
  @usableFromInline var grants: Set<ObjectIdentifier> = []

  /// Creates a navigation.
  @inlinable
  init(
    target: NavigationState<Key>, options: StateNavigationOptions<Key>,
    completion: ((NavigationPlan<Key>) -> Void)?, lateFailure: ((NavigationError) -> Void)?
  ) {
    self.target = target
    self.options = options
    self.completion = completion
    self.lateFailure = lateFailure
  }

  /// Plans, makes and checks; asks the guards; then applies, now or when the last guard
  /// allows, for `navigator`.
  ///
  /// The usual shapes go through the typed planner, which records the actions as it plans
  /// (``runTyped(on:receivesPlan:)``); every other shape, and every navigation that a
  /// gatekeeper admits by key, through the general planner (``runGeneral(on:receivesPlan:)``).
  /// Both make the same calls, events and errors (TypedStatePlannerTests compare them).
  @inlinable
  func run(on navigator: Navigator) throws(NavigationError) {
    // The plan's starting state is read only when someone receives the plan.
    let receivesPlan =
      completion != nil || options.successHandler != nil || options.completionHandler != nil
    guard try !runTyped(on: navigator, receivesPlan: receivesPlan) else { return }
    try runGeneral(on: navigator, receivesPlan: receivesPlan)
  }

  /// Runs the navigation through the typed planner; returns `false`, with nothing changed,
  /// when the typed planner declines the target or a gatekeeper admits navigations by key.
  @inlinable
  func runTyped(on navigator: Navigator, receivesPlan: Bool) throws(NavigationError) -> Bool {
    guard !(navigator.gatekeeper?.admitsKeys ?? false) else { return false }
    let recorder = StateActionRecorder()
    var typed = TypedStatePlanner<Key>(recorder: recorder, readsState: receivesPlan)
    guard let from = typed.walk(from: navigator.window.rootViewController, to: target) else { return false }
    // The plan is built only for someone who receives it.
    let (onApply, finish) = handlers(
      receivesPlan ? NavigationPlan(from: NavigationState(root: from), to: target, steps: typed.steps) : nil)
    try StateApplication(
      window: navigator.window, target: TypedTarget(unlaidOut: target, steps: typed.steps),
      recorded: recorder,
      animated: options.isAnimated, onApply: onApply, finish: finish, failureHandler: options.failureHandler,
      lateFailure: lateFailure
    ).run(on: navigator)
    return true
  }

  /// Runs the navigation through the general planner, which plans every shape of target and
  /// names every refusal.
  @inlinable
  func runGeneral(on navigator: Navigator, receivesPlan: Bool) throws(NavigationError) {
    let window = navigator.window
    let from = receivesPlan ? window.navigationState(keyedBy: Key.self) : .empty
    let erased = TypedTarget(target, boxesKeys: true)
    var planner = StatePlanner(window: window, target: erased, recordsActions: true)
    try planner.plan()
    if let gatekeeper = navigator.gatekeeper, gatekeeper.admitsKeys, !planner.isMakingNoScreen {
      guard try admit(erased, planner, on: navigator) else { return }
    }
    let (onApply, finish) = handlers(
      receivesPlan ? NavigationPlan(from: from, to: target, steps: erased.steps(planner.steps)) : nil)
    // The planner moves into the application: copying it would retain each of its fields.
    try StateApplication(
      window: window, target: erased, planner: consume planner, animated: options.isAnimated,
      onApply: onApply, finish: finish, failureHandler: options.failureHandler, lateFailure: lateFailure
    ).run(on: navigator)
  }

  /// The closures that hand `plan` to `onSuccess` (before anything changes) and to the
  /// completions (once finished); `nil` for a plan no one receives.
  @inlinable
  func handlers(_ plan: NavigationPlan<Key>?) -> (onApply: (() -> Void)?, finish: (() -> Void)?) {
    guard let plan else { return (nil, nil) }
    var onApply: (() -> Void)?
    if let successHandler = options.successHandler { onApply = { successHandler(plan) } }
    let completion = completion
    let completionHandler = options.completionHandler
    return (
      onApply,
      {
        completion?(plan)
        completionHandler?(plan)
      }
    )
  }

  /// Asks the gatekeeper about the screens the plan makes for keys; returns `true` when the
  /// navigation goes on now, `false` when it waits (it runs again, planned afresh, once
  /// allowed), and throws a refusal.
  @usableFromInline
  func admit(_ target: ErasedTarget, _ planner: StatePlanner, on navigator: Navigator) throws(NavigationError)
    -> Bool
  {
    let screens = target.keyedScreens(planner.madeKeys)
    guard !screens.isEmpty else { return true }
    let window = navigator.window
    let admission = NavigationAdmission(
      navigator: navigator, describing: { "navigation to \(target.oneLine)" }, screens: screens,
      canWait: true,
      grants: grants)
    // The window through its token: a weak reference would slow down its every retain.
    admission.onAllow = { [weak admission, weak navigator, token = window.token] in
      var again = self
      again.grants = admission?.grants ?? grants
      do throws(NavigationError) {
        guard let navigator else { throw StateApplication.navigatorGone(target.oneLine) }
        try again.run(on: navigator)
      } catch {
        again.refuseLate(error, window: token.window)
      }
    }
    // A waiting navigation's refusal (a denial, a supersession, its owner stopping) is
    // its outcome, not a misuse.
    admission.onRefuse = { [options, lateFailure] error in
      options.failureHandler?(error)
      lateFailure?(error)
    }
    return try navigator.admit(admission)
  }

  /// Routes a refusal found after the call returned (see ``StateApplication/refuseLate(_:window:)``).
  @inlinable
  func refuseLate(_ error: NavigationError, window: Window?) {
    StateApplication.refuseLate(
      error, window: window, failureHandler: options.failureHandler, lateFailure: lateFailure)
  }
}

/// One navigation to a state once planned, without its key type: makes and checks the
/// screens, asks the guards, and applies.
@usableFromInline
struct StateApplication {
  // No navigator: ``run(on:)`` gets it, and a guard that answers later holds it weakly.
  /// The navigator's window.
  let window: Window
  /// The target.
  let target: ErasedTarget
  // The plan's arrays, not its ``StatePlanner``: a typed navigation's come from its
  // recorder, and a planner built from them was copied into the application (a retain and
  // a release of each of its fields).
  /// The plan's steps (none for a typed navigation: its target names the typed steps).
  let steps: [PlanStep]
  /// The steps resolved against instances.
  let actions: [PlannedAction]
  /// Every screen the plan makes; actions and places name them by their index here.
  let made: [PlannedScreen]
  /// The keys of the screens the plan makes, at the indices of ``made``.
  let madeKeys: [TargetKey]
  /// Stacks whose top leaves the hierarchy: their guards are asked.
  let leavingStacks: [NavigationController]
  /// A Boolean value indicating whether the transitions animate.
  let animated: Bool
  /// Runs before anything changes, once nothing can refuse the navigation (`onSuccess`).
  let onApply: (() -> Void)?
  /// Runs once the navigation finished (the completions).
  let finish: (() -> Void)?
  /// `onFailure`.
  let failureHandler: ((NavigationError) -> Void)?
  /// Receives a refusal found after the call returned (the async form).
  let lateFailure: ((NavigationError) -> Void)?

  /// Creates the application of a plan.
  @usableFromInline
  init(
    window: Window, target: ErasedTarget, planner: StatePlanner, animated: Bool, onApply: (() -> Void)?,
    finish: (() -> Void)?, failureHandler: ((NavigationError) -> Void)?,
    lateFailure: ((NavigationError) -> Void)?
  ) {
    self.window = window
    self.target = target
    steps = planner.steps
    actions = planner.actions
    made = planner.made
    madeKeys = planner.madeKeys
    leavingStacks = planner.leavingStacks
    self.animated = animated
    self.onApply = onApply
    self.finish = finish
    self.failureHandler = failureHandler
    self.lateFailure = lateFailure
  }

  /// Creates the application of what the typed planner recorded.
  @usableFromInline
  init(
    window: Window, target: ErasedTarget, recorded recorder: StateActionRecorder, animated: Bool,
    onApply: (() -> Void)?, finish: (() -> Void)?, failureHandler: ((NavigationError) -> Void)?,
    lateFailure: ((NavigationError) -> Void)?
  ) {
    self.window = window
    self.target = target
    steps = []
    (actions, made, madeKeys, leavingStacks) = recorder.takeRecorded()
    self.animated = animated
    self.onApply = onApply
    self.finish = finish
    self.failureHandler = failureHandler
    self.lateFailure = lateFailure
  }

  /// The error for a navigation whose navigator is gone.
  @usableFromInline
  static func navigatorGone(_ target: String) -> NavigationError {
    NavigationError(.invalidRequest, "Can't navigate to \(target): the navigator that asked for it is gone.")
  }

  /// Makes and checks the planned screens (with `navigator`'s provider), asks the guards,
  /// then applies, now or when the last guard allows.
  @usableFromInline
  func run(on navigator: Navigator) throws(NavigationError) {
    let made = try make(made, madeKeys, navigator: navigator)
    let anchors = try resolveAnchors(actions, made)
    var guarded: [NavigationController] = []
    for stack in leavingStacks where stack.topViewController.map(stack.confirmsPops) ?? false {
      guarded.append(stack)
    }
    guard !guarded.isEmpty else {
      return apply(made, anchors: anchors)
    }
    try askGuards(guarded, made: made, anchors: anchors, navigator: navigator)
  }

  /// Asks the pop guards of `guarded`, each once the one before allowed, then applies, now
  /// or when the last guard allows; the first denial refuses it all.
  ///
  /// Apart from ``run()``, so that a navigation without guards allocates none of the state
  /// that the guards' closures share.
  @inline(never)
  private func askGuards(
    _ guarded: [NavigationController], made: [ViewController], anchors: [Int: PopoverAnchor],
    navigator: Navigator
  )
    throws(NavigationError)
  {
    // Weak: a guard that answers later must not keep the navigator.
    weak let navigator = navigator
    let fingerprint = window.hierarchyFingerprint
    var denial: NavigationError?
    var waited = false
    var finished = false
    func ask(_ index: Int) {
      guard index < guarded.count else {
        finished = true
        guard waited else { return }
        guard let navigator, navigator.window.hierarchyFingerprint == fingerprint else {
          refuseLate(
            NavigationError(
              .invalidRequest,
              "Can't navigate to \(target.oneLine): the hierarchy changed while a pop guard was asked."),
            window: window)
          return
        }
        apply(made, anchors: anchors)
        return
      }
      let stack = guarded[index]
      let top = stack.topViewController!
      let deny = {
        let error = NavigationError(
          .navigationDenied,
          "\(top.screenID) denied leaving \(stack.screenID), so the navigation to \(target.oneLine) was "
            + "refused.",
          screens: [top.screenID, stack.screenID])
        if waited { refuseLate(error, window: window) } else { denial = error }
        finished = true
      }
      if !stack.confirmLeavingTop(
        trigger: .programmatic, ignoringGuard: false, onDenial: deny, { ask(index + 1) }),
        !finished
      {
        waited = true
      }
    }
    ask(0)
    if let denial { throw denial }
    if finished, !waited { apply(made, anchors: anchors) }
  }

  /// Routes a refusal found after the call returned: to `onFailure`, then to an async
  /// caller (recorded and handed to the misuse handler, never trapped) or to the window's
  /// misuse policy.
  func refuseLate(_ error: NavigationError, window: Window?) {
    Self.refuseLate(error, window: window, failureHandler: failureHandler, lateFailure: lateFailure)
  }

  /// ``refuseLate(_:window:)`` for a navigation's handlers.
  @usableFromInline
  static func refuseLate(
    _ error: NavigationError, window: Window?, failureHandler: ((NavigationError) -> Void)?,
    lateFailure: ((NavigationError) -> Void)?
  ) {
    failureHandler?(error)
    guard let window else { return lateFailure?(error) ?? () }
    if let lateFailure {
      lateFailure(error)
      window.reportMisuse(error)
    } else {
      Misuse.handle(error, in: window)
    }
  }
}
