import Navigator

/// Owns an app controller's flow tree and ends each flow when its first screen leaves the
/// window's hierarchy (``HierarchyObserver``).
///
/// The window holds the keeper weakly; the app controller holds it. Flows hold the keeper
/// weakly, and screens hold nothing of their flow.
final class FlowKeeper: HierarchyObserver {
  /// The app controller, which owns this keeper (unchecked: see ``live``).
  @exclusivity(unchecked) weak var app: AppController?
  /// The app controller's window.
  let window: Window
  /// The app controller's navigator.
  let navigator: Navigator
  // Unchecked: touched by every flow that runs and ends, and by every screen that leaves
  // the window (see AnyFlow).
  /// Every live flow, in the order they ran: the observer looks here. It owns them (a
  /// parent's children list holds its children too).
  @exclusivity(unchecked) var live: [AnyFlow] = []
  /// The live flows the app controller ran, in the order they ran: the live flows without a
  /// parent (not kept in a list of their own, which every session would pay for).
  var roots: [AnyFlow] { live.filter { $0.parent == nil } }
  /// How many live flows wait for their first screen to join.
  @exclusivity(unchecked) var starting = 0
  /// A Boolean value indicating whether the app controller's recorder waits for a flow's
  /// first screen (a recorded run that waited for its protection).
  @exclusivity(unchecked) var tellsRecorderOfFirstScreens = false
  /// A Boolean value indicating whether the app controller has a session recorder: its
  /// mirror, read by a flow that finishes or cancels itself instead of a weak load of
  /// ``app``. A byte in the padding before ``lastNumber``: no session grows.
  @exclusivity(unchecked) var isRecording = false
  /// The number of the last flow that ran.
  @exclusivity(unchecked) var lastNumber = 0
  /// The runs waiting for their flow's protection, with the parent each would run under
  /// (`nil` for a top-level flow): ended with the parent, or when the app stops. Unchecked:
  /// every flow that ends reads it (see AnyFlow).
  @exclusivity(unchecked) var waitingRuns: [(admission: NavigationAdmission, parent: WeakFlow?)] = []
  /// The endings of flows that were to end while one of their children was ending (from a
  /// handler the child's end called): each runs once the children have ended. Empty but in
  /// that re-entrant case. Unchecked: every flow that ends reads it (see AnyFlow).
  @exclusivity(unchecked) var deferredEndings: [ObjectIdentifier: FlowEnding] = [:]

  /// Creates the keeper of an app controller's flows; the app controller sets ``app``.
  init(window: Window, navigator: Navigator) {
    self.window = window
    self.navigator = navigator
  }

  // MARK: Running

  /// Makes `flow`'s first screen, registers the flow with its outcome handler and shows the
  /// screen; throws, with nothing changed (a flow that already runs keeps its handler), when
  /// a check or the navigation refuses.
  ///
  /// A flow with a ``AnyFlow/protection`` runs once its space allowed: at once, or later
  /// when `canWait` (a denial then ends it cancelled, `protectionDenied`, through `onEnd`).
  func run<Output>(
    _ flow: Flow<Output>, parent: AnyFlow?, _ presentation: FlowPresentation, animated: Bool,
    canWait: Bool = false, onEnd: ((FlowOutcome<Output>) -> Void)?
  ) throws(NavigationError) {
    guard let space = flow.protection else {
      return try runNow(flow, parent: parent, presentation, animated: animated, onEnd: onEnd)
    }
    try checkReady(flow)
    let hasParent = parent != nil
    let admission = NavigationAdmission(
      navigator: navigator, navigation: "run of \(flow.name)",
      screens: [.init(key: nil, protection: space, description: "\(flow.name)'s first screen")],
      canWait: canWait,
      onAllow: { [weak self, weak parent] in
        guard let self else { return }
        do throws(NavigationError) {
          self.waitingRuns.removeAll { $0.admission.isSettled }
          if hasParent, parent.map({ !$0.state.isLive }) ?? true {
            throw NavigationError(
              .flowParentEnded, "\(flow.name) was cancelled: its parent ended while its protection decided.")
          }
          try self.runNow(flow, parent: parent, presentation, animated: animated, onEnd: onEnd)
        } catch {
          Self.refuse(flow, error, onEnd)
        }
      },
      onRefuse: { error in Self.refuse(flow, error, onEnd) })
    do throws(NavigationError) {
      guard try navigator.admit(admission) else {
        waitingRuns.removeAll { $0.admission.isSettled }
        waitingRuns.append((admission, parent.map(WeakFlow.init)))
        return
      }
    } catch {
      guard canWait, error.isProtectionOutcome else { throw error }
      return Self.refuse(flow, error, onEnd)
    }
    try runNow(flow, parent: parent, presentation, animated: animated, onEnd: onEnd)
  }

  /// Makes the first screen, registers the flow with its outcome handler and shows the
  /// screen.
  private func runNow<Output>(
    _ flow: Flow<Output>, parent: AnyFlow?, _ presentation: FlowPresentation, animated: Bool,
    onEnd: ((FlowOutcome<Output>) -> Void)?
  ) throws(NavigationError) {
    let screen = try makeFirstScreen(of: flow, parent: parent)
    flow.onEnd = onEnd
    register(flow, screen, parent: parent, presentation)
    do {
      try show(flow, screen, presentation, animated: animated)
    } catch {
      unregister(flow)
      flow.onEnd = nil
      throw error
    }
  }

  /// Checks that `flow` may run and makes its first screen.
  func makeFirstScreen(of flow: AnyFlow, parent: AnyFlow?) throws(NavigationError) -> ViewController {
    try checkReady(flow)
    let screen = try flow.makeScreen()
    // `hasParentOrPresenter`: `parent` or `presentingViewController`, without retaining them.
    if screen.isInWindowHierarchy || screen.hasParentOrPresenter || window.rootViewController === screen {
      throw NavigationError(
        .flowScreenInHierarchy,
        "Can't run \(flow.name): its first screen \(screen.screenID) is already in a hierarchy"
          + (screen.parent.map { " (a child of \($0.screenID))" }
            ?? screen.presentingViewController.map { " (presented by \($0.screenID))" } ?? "")
          + "; a flow's first screen is new.",
        screens: [screen.screenID]
          + [screen.parent ?? screen.presentingViewController].compactMap { $0?.screenID })
    }
    return screen
  }

  /// Checks that `flow` has not run.
  private func checkReady(_ flow: AnyFlow) throws(NavigationError) {
    // A pattern, not `==`: the synthesized `==` copies and compares two states.
    guard case .ready = flow.state else {
      throw NavigationError(
        .flowAlreadyRan, "Can't run \(flow.id): it already ran (\(flow.state)); a flow runs once.",
        screens: flow.firstScreen.map { [$0.screenID] } ?? [])
    }
  }

  /// Enters `flow` in the tree, starting.
  func register(_ flow: AnyFlow, _ screen: ViewController, parent: AnyFlow?, _ presentation: FlowPresentation)
  {
    lastNumber += 1
    flow.number = lastNumber
    flow.keeper = self
    flow.windowToken = window.token
    // A flow that may run has no parent (it never ran, or left its parent's tree): a weak
    // store of `nil` is skipped.
    if let parent { flow.parent = parent }
    flow.firstScreen = screen
    flow.presentation = presentation
    flow.state = .starting
    starting += 1
    live.append(flow)
    parent?.children.append(flow)
    if tellsRecorderOfFirstScreens { app?.sessionRecorder?.flow(flow, madeFirstScreen: screen) }
  }

  /// Enters `flow` in the tree on `screen`, already shown (a restoration): it runs at once,
  /// its presentation read from where the screen stands.
  func adopt(_ flow: AnyFlow, _ screen: ViewController, parent: AnyFlow?) {
    register(flow, screen, parent: parent, Self.presentation(of: screen))
    if let stack = screen.parent as? NavigationController, stack.viewControllers.first === screen,
      stack.presentingViewController != nil
    {
      flow.container = stack
    }
    flow.state = .running
    starting -= 1
    window.journal.record(.flowStarted(flow.id, firstScreen: screen.screenID))
  }

  /// How a shown screen was shown, as a flow's presentation.
  private static func presentation(of screen: ViewController) -> FlowPresentation {
    if let stack = screen.parent as? NavigationController {
      if stack.viewControllers.first !== screen { return .push }
      if let style = stack.presentingViewController.map({ _ in stack.modalPresentationStyle }) {
        return .modal(style, embeddedInNavigationController: true)
      }
      return FlowPresentation(kind: .root, isEmbeddedInNavigationController: false)
    }
    if screen.presentingViewController != nil { return .modal(screen.modalPresentationStyle) }
    if let parent = screen.parent { return .child(of: parent) }
    return FlowPresentation(kind: .root, isEmbeddedInNavigationController: false)
  }

  /// Takes out of the tree a flow whose navigation was refused before anything changed.
  func unregister(_ flow: AnyFlow) {
    detach(flow)
    lastNumber -= 1
    flow.number = 0
    flow.windowToken = nil
    flow.state = .ready
    flow.firstScreen = nil
    flow.container = nil
    flow.presentation = nil
  }

  /// Shows the first screen as `presentation` says.
  private func show(
    _ flow: AnyFlow, _ screen: ViewController, _ presentation: FlowPresentation, animated: Bool
  ) throws(NavigationError) {
    if case .push = presentation.kind, !presentation.isEmbeddedInNavigationController, !window.isTransitioning
    {
      // The common case: a push that no transition holds up, with no options to build and
      // no late refusal to hear.
      try navigator.tryPushInstance(screen, animated: animated)
      return
    }
    var options = NavigationOptions<ViewController>().animated(animated)
    if presentation.isEmbeddedInNavigationController { options = options.embedded(in: .navigationController) }
    var accepted = false
    if window.isTransitioning {
      // The request waits in the queue and may be refused when it runs.
      options = options.onFailure { [weak self, weak flow] error in
        guard accepted, let self, let flow, case .starting = flow.state else { return }
        self.end(flow, .cancelled(error))
      }
    }
    switch presentation.kind {
    case .push:
      try navigator.tryPushInstance(screen, options: options)
    case .modal(let style):
      try navigator.tryPresentModal(.instance(screen), style: style, options: options)
    case .popover(let anchor, let keeps):
      try navigator.tryPopover(
        .instance(screen), anchor: anchor, keepsPopoverOnCompactWidth: keeps, options: options)
    case .child(let container, let view):
      try navigator.tryAddChild(.instance(screen), to: container, in: view, options: options)
    case .root:
      preconditionFailure("The root flow is shown by AppController.start().")
    }
    accepted = true
    if presentation.isEmbeddedInNavigationController { flow.container = screen.parent }
  }

  // MARK: Ending

  /// Ends `flow` with `ending`: its live children first (cancelled, their parent ended),
  /// then the flow, which leaves the tree, lets its screens go, is journaled, ends the
  /// lifetimes of the screens kept until its end, and gets its outcome.
  ///
  /// A flow ends once, however re-entrant the handlers its end calls: an ending asked while
  /// the flow is concluding (its children ending, its handler running) does nothing, and one
  /// asked while one of its children is concluding waits until that child has ended.
  func end(_ flow: AnyFlow, _ ending: FlowEnding) {
    guard flow.state.isLive, !flow.isConcluding else { return }
    if flow.children.contains(where: \.isConcluding) {
      let id = ObjectIdentifier(flow)
      if deferredEndings[id] == nil { deferredEndings[id] = ending }
      if case .running = flow.state { flow.state = .ending }
      return
    }
    flow.isConcluding = true
    if !waitingRuns.isEmpty { cancelWaitingRuns(under: flow, ending) }
    while let child = flow.children.last(where: { !$0.isConcluding }) {
      end(child, parentEnded(child, flow, ending))
    }
    let parent = flow.parent
    detach(flow)
    flow.state = .ended(ending)
    flow.firstScreen = nil
    flow.container = nil
    flow.requestedEnding = nil
    flow.keeper = nil
    window.journal.record(.flowEnded(flow.id, ending))
    flow.lifetimeKills?.run()
    flow.deliver(ending)
    flow.isConcluding = false
    if !deferredEndings.isEmpty, let parent, !parent.children.contains(where: \.isConcluding),
      let deferred = deferredEndings.removeValue(forKey: ObjectIdentifier(parent))
    {
      end(parent, deferred)
    }
  }

  /// The ending of a flow cancelled because `parent` ended (or is ending) with `ending`.
  func parentEnded(_ flow: AnyFlow, _ parent: AnyFlow, _ ending: FlowEnding) -> FlowEnding {
    .cancelled(
      NavigationError(
        .flowParentEnded, "\(flow.id) was cancelled: its parent \(parent.id) ended (\(ending)).",
        screens: flow.firstScreen.map { [$0.screenID] } ?? []))
  }

  /// Ends every live flow with `ending`, the latest first, each after its children, which
  /// end with `ending` too (not cancelled because their parent ended).
  func endAll(_ ending: (AnyFlow) -> FlowEnding) {
    refuseWaitingRuns()
    // A flow concluding now (app.stop() called from a handler its end ran) is left to it.
    func endTree(_ flow: AnyFlow) {
      while let child = flow.children.last(where: { !$0.isConcluding }) { endTree(child) }
      end(flow, ending(flow))
    }
    while let flow = live.last(where: { $0.parent == nil && !$0.isConcluding }) { endTree(flow) }
  }

  /// Takes `flow` out of its parent's children and the live list.
  private func detach(_ flow: AnyFlow) {
    if case .starting = flow.state { starting -= 1 }
    if let index = live.lastIndex(where: { $0 === flow }) { live.remove(at: index) }
    if let parent = flow.parent {
      if let index = parent.children.lastIndex(where: { $0 === flow }) { parent.children.remove(at: index) }
      flow.parent = nil
    }
  }

  /// How a flow whose first screen left ends: as it asked, or by how the screen left.
  private func ending(of flow: AnyFlow, _ exit: HierarchyExit) -> FlowEnding {
    if let requested = flow.requestedEnding { return requested }
    var ancestor = flow.parent
    while let parent = ancestor {
      if parent.requestedEnding != nil { return parentEnded(flow, parent, parent.requestedEnding!) }
      ancestor = parent.parent
    }
    // A navigation to a state (a deep link) took the screen away, whichever of its steps
    // removed it: the flow is replaced, never dismissed by its user.
    if window.isApplyingNavigationToState { return .replaced(exit) }
    switch exit.cause {
    case .popped, .dismissed, .removedFromParent:
      if let shown = flow.shownScreen, exit.removedScreen.identifies(shown) { return .dismissed(exit) }
    case .poppedToScreen, .poppedToRoot, .stackReplaced, .rootReplaced:
      break
    }
    return .replaced(exit)
  }

  // MARK: HierarchyObserver

  func window(_ window: Window, didAdd screen: ViewController) {
    guard starting > 0 else { return }
    for flow in live where flow.firstScreen === screen {
      guard case .starting = flow.state else { continue }
      flow.state = .running
      starting -= 1
      window.journal.record(.flowStarted(flow.id, firstScreen: screen.screenID))
      return
    }
  }

  func window(_ window: Window, didRemove screen: ViewController, exit: HierarchyExit) {
    defer {
      // The root the app controller started left: the app controller lets it go.
      if screen.isNavigationStack, let app, app.startedRoot === screen { app.startedRoot = nil }
    }
    guard !live.isEmpty, let index = live.lastIndex(where: { $0.firstScreen === screen }) else { return }
    let flow = live[index]
    end(flow, ending(of: flow, exit))
  }
}
