import AppFlow
import Navigator
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exhaustive check of the engine against a reference model: every sequence of operations
/// up to a depth, over a fixed alphabet, run on both, compared after every step.
///
/// The model (``ReferenceModel``) is a plain value simple enough to be obviously right: a
/// navigation stack of screen numbers, a chain of presentations with their styles, the swipe
/// in progress, the flows run with the screen each showed, the route that made each screen,
/// the sign-in in progress and the deep link waiting for it, the screen kept alive. The
/// checker explores breadth first; a state whose shape was seen already (the routes along
/// the stack, the flows' places, the chain of styles, the swipe, the waiting link, the kept
/// screen) is not explored again, since fresh screens make the same moves from the same
/// shape. Each explored sequence is replayed on a new app controller, under the immediate
/// scheduler and under a manual one settled after every step, and after every step the two
/// must agree on the stack, the chain of presentations, which screens joined and left the
/// window's hierarchy, which screens were made (none for a refusal), which flows ended with
/// which outcome (each exactly once, its handler before its `didEnd`), and which deep links
/// completed with which result (each exactly once).
///
/// The alphabet holds the moves that are legal in the model's state: while a swipe is in
/// progress, only its end; a back swipe only on an uncovered stack of two or more; a flow is
/// run (pushed) and finished on an uncovered stack; the sign-in finishes while it runs.
@Suite struct ModelCheckTests {
  /// CI's runs: each alphabet to the depth it explores in seconds.
  static let runs: [(ModelOperation.Alphabet, depth: Int)] = [(.hierarchy, 8), (.all, 5)]

  @Test(arguments: [false, true], [ModelOperation.Alphabet.hierarchy, .all])
  func theEngineAgreesWithTheModelOnEverySequence(manual: Bool, alphabet: ModelOperation.Alphabet) {
    let depth = Self.runs.first { $0.0 == alphabet }!.depth
    let result = ModelChecker(manual: manual, alphabet: alphabet).explore(depth: depth)
    print(
      "model check, \(alphabet), depth \(depth), manual \(manual): \(result.states) states, \(result.sequences) sequences"
    )
    #expect(result.mismatches == [], "manual: \(manual), \(alphabet)")
    // The exploration reaches what the alphabet can: every style, both swipes, deep stacks.
    #expect(result.states >= 1_000, "manual: \(manual), \(alphabet): only \(result.states) states")
  }

  /// The deeper run, documented in the Testing article (59,519 shapes at depth 7): `MODEL_CHECK_DEPTH=7 swift test
  /// --filter ModelCheckTests` explores the whole alphabet to that depth and prints the number
  /// of states and sequences of each scheduler.
  @Test(.enabled(if: ModelCheckTests.deeperDepth != nil))
  func theDeeperRunAgreesToo() {
    let depth = Self.deeperDepth ?? 0
    for manual in [false, true] {
      let start = ContinuousClock.now
      let result = ModelChecker(manual: manual, alphabet: .all).explore(depth: depth)
      print(
        "model check, depth \(depth), manual \(manual): \(result.states) states, \(result.sequences) sequences, "
          + "\(ContinuousClock.now - start)"
      )
      #expect(result.mismatches == [], "manual: \(manual)")
    }
  }

  /// The depth of the deeper run, from the environment.
  static var deeperDepth: Int? {
    getenv("MODEL_CHECK_DEPTH").flatMap { Int(String(cString: $0)) }
  }
}

/// The moves the checker makes.
enum ModelOperation: Hashable, CustomStringConvertible, CaseIterable {
  case push, pop, popToRoot
  case present(ModalPresentationStyle)
  case dismiss
  case beginBackSwipe, cancelBackSwipe, finishBackSwipe
  case beginSheetSwipe, cancelSheetSwipe, finishSheetSwipe
  /// Runs a flow that pushes its first screen; finishes the latest running flow.
  case runFlow, finishFlow
  /// The two deep links: `check://x/item` (the root stack `[Home, Item]`) and
  /// `check://x/item/sheet` (the same stack presenting the `Sheet` route's screen).
  case openItem, openSheet
  /// The deep link `check://x/guarded` (the root stack `[Home, Guarded]`), whose route is
  /// protected by a space that answers as given.
  case openGuarded(GateAnswer)
  /// Finishes the sign-in flow the space required.
  case finishSignIn

  /// How the protection space answers.
  enum GateAnswer: Hashable { case allow, deny, signIn }

  /// The moves a run may make.
  enum Alphabet: CustomStringConvertible {
    /// The hierarchy's moves and the flows: no route, no protection.
    case hierarchy
    /// Every move.
    case all

    var description: String { self == .hierarchy ? "hierarchy" : "all" }

    var operations: [ModelOperation] {
      self == .all ? ModelOperation.allCases : ModelOperation.allCases.filter { !$0.needsRoutes }
    }
  }

  /// A Boolean value indicating whether the move needs the app controller's routes or
  /// protection, which the ``Alphabet/hierarchy`` alphabet leaves out. A switch without a
  /// default, so that a new move must say which alphabet it belongs to.
  var needsRoutes: Bool {
    switch self {
    case .push, .pop, .popToRoot, .present, .dismiss, .beginBackSwipe, .cancelBackSwipe, .finishBackSwipe,
      .beginSheetSwipe, .cancelSheetSwipe, .finishSheetSwipe, .runFlow, .finishFlow:
      false
    case .openItem, .openSheet, .openGuarded, .finishSignIn:
      true
    }
  }

  static let allCases: [ModelOperation] = [
    .push, .pop, .popToRoot, .present(.fullScreen), .present(.pageSheet), .present(.overFullScreen),
    .dismiss, .beginBackSwipe, .cancelBackSwipe, .finishBackSwipe, .beginSheetSwipe, .cancelSheetSwipe,
    .finishSheetSwipe, .runFlow, .finishFlow, .openItem, .openSheet, .openGuarded(.allow),
    .openGuarded(.deny), .openGuarded(.signIn), .finishSignIn,
  ]

  var description: String {
    switch self {
    case .push: "push"
    case .pop: "pop"
    case .popToRoot: "popToRoot"
    case .present(let style): "present(\(style))"
    case .dismiss: "dismiss"
    case .beginBackSwipe: "beginBackSwipe"
    case .cancelBackSwipe: "cancelBackSwipe"
    case .finishBackSwipe: "finishBackSwipe"
    case .beginSheetSwipe: "beginSheetSwipe"
    case .cancelSheetSwipe: "cancelSheetSwipe"
    case .finishSheetSwipe: "finishSheetSwipe"
    case .runFlow: "runFlow"
    case .finishFlow: "finishFlow"
    case .openItem: "openItem"
    case .openSheet: "openSheet"
    case .openGuarded(let answer): "openGuarded(\(answer))"
    case .finishSignIn: "finishSignIn"
    }
  }
}

/// The reference: what UIKit's hierarchy and the app controller hold after each move, as
/// plain values.
struct ReferenceModel {
  enum Swipe: Hashable { case back, sheet }
  /// The route that made a screen.
  enum Key: Int { case home = 1, item, guarded, sheet, signIn }

  /// The root stack's screens, root first (screen 0 is the root, `Home`).
  var stack: [Int] = [0]
  /// The presented screens, bottom first, with their styles.
  var chain: [(screen: Int, style: ModalPresentationStyle)] = []
  /// The routes (or the sign-in flow) that made screens; other screens are anonymous.
  var keys: [Int: Key] = [0: .home]
  /// The swipe in progress.
  var swipe: Swipe?
  /// The next screen's number.
  var next = 1
  /// The pushed flows still running, each with its first screen, in the order they ran.
  var flows: [(flow: Int, screen: Int)] = []
  /// The number of flows run (the sign-in flows included).
  var flowCount = 0
  /// The sign-in flow the space required and its screen, while it runs.
  var signIn: (flow: Int, screen: Int)?
  /// The deep link waiting for the sign-in.
  var waitingOpen: Int?
  /// The number of deep links opened.
  var openCount = 0
  /// The `Guarded` screen kept alive (its route's lifetime is the session) since it left.
  var kept: Int?

  /// What one move did: the screens that joined and left, those made (in order), the flows
  /// that ended with their outcomes, and the deep links that completed with their results.
  struct Effect: Equatable {
    var joined: Set<Int> = []
    var left: Set<Int> = []
    var made: [Int] = []
    var ended: [Int: String] = [:]
    var opened: [Int: String] = [:]
  }

  /// The shape that decides what comes next: states of one shape make the same moves.
  var shape: [Int] {
    [swipe.map { $0 == .back ? 1 : 2 } ?? 0, waitingOpen == nil ? 0 : 1, kept == nil ? 0 : 1]
      + stack.map { keys[$0]?.rawValue ?? 0 } + [-1]
      + flows.map { stack.firstIndex(of: $0.screen)! } + [-1]
      + chain.map {
        [.fullScreen, .pageSheet, .overFullScreen].firstIndex(of: $0.style)! * 8
          + (keys[$0.screen]?.rawValue ?? 0)
      }
  }

  /// A Boolean value indicating whether `operation` is a legal move now.
  func allows(_ operation: ModelOperation) -> Bool {
    if let swipe {
      switch (swipe, operation) {
      case (.back, .cancelBackSwipe), (.back, .finishBackSwipe), (.sheet, .cancelSheetSwipe),
        (.sheet, .finishSheetSwipe):
        return true
      default:
        return false
      }
    }
    switch operation {
    case .push, .pop, .popToRoot, .present, .openItem, .openSheet, .openGuarded: return true
    case .dismiss: return !chain.isEmpty
    case .beginBackSwipe: return stack.count > 1 && chain.isEmpty
    case .beginSheetSwipe: return chain.last?.style == .pageSheet
    case .runFlow: return chain.isEmpty
    case .finishFlow: return chain.isEmpty && !flows.isEmpty
    case .finishSignIn: return signIn != nil
    case .cancelBackSwipe, .finishBackSwipe, .cancelSheetSwipe, .finishSheetSwipe: return false
    }
  }

  /// Applies a legal move.
  mutating func apply(_ operation: ModelOperation) -> Effect {
    let before = Set(stack + chain.map(\.screen))
    var effect = Effect()
    var removed: Int?  // the screen the move removed as such (popped, swiped away)
    switch operation {
    case .push:
      stack.append(make(nil, &effect))
    case .pop:
      if stack.count > 1 { removed = stack.removeLast() }
    case .popToRoot:
      stack = [stack[0]]
    case .present(let style):
      chain.append((make(nil, &effect), style))
    case .dismiss, .finishSheetSwipe:
      swipe = nil
      removed = chain.removeLast().screen
    case .beginBackSwipe:
      swipe = .back
    case .beginSheetSwipe:
      swipe = .sheet
    case .cancelBackSwipe, .cancelSheetSwipe:
      swipe = nil
    case .finishBackSwipe:
      swipe = nil
      removed = stack.removeLast()
    case .runFlow:
      flowCount += 1
      flows.append((flowCount, make(nil, &effect)))
      stack.append(flows.last!.screen)
    case .finishFlow:
      // The flow's screens leave: its first and everything above it.
      let finished = flows.removeLast()
      effect.ended[finished.flow] = "finished"
      stack.removeSubrange(stack.firstIndex(of: finished.screen)!...)
    case .openItem, .openSheet:
      effect.opened[open(&effect)] = "ok"
      navigate(to: .item, sheet: operation == .openSheet, &effect)
    case .openGuarded(let answer):
      openGuarded(answer, &effect)
    case .finishSignIn:
      // The flow's sheet leaves with what it presents; the waiting link goes on, planned
      // from the state at that moment, and is not asked again.
      let (flow, screen) = signIn!
      signIn = nil
      effect.ended[flow] = "finished"
      chain.removeSubrange(chain.firstIndex { $0.screen == screen }!...)
      if let waiting = waitingOpen {
        waitingOpen = nil
        navigate(to: .guarded, sheet: false, &effect)
        effect.opened[waiting] = "ok"
      }
    }
    let after = Set(stack + chain.map(\.screen))
    effect.joined = after.subtracting(before)
    effect.left = before.subtracting(after)
    // A flow whose first screen the move removed as such is dismissed; one whose screen
    // another move took away is replaced. A sign-in that ends refuses the waiting link.
    for entry in flows where effect.left.contains(entry.screen) {
      effect.ended[entry.flow] = entry.screen == removed ? "dismissed" : "replaced"
    }
    flows.removeAll { effect.left.contains($0.screen) }
    if let guarded = effect.left.first(where: { keys[$0] == .guarded }) { kept = guarded }
    if let (flow, screen) = signIn, effect.left.contains(screen) {
      effect.ended[flow] = screen == removed ? "dismissed" : "replaced"
      signIn = nil
      if let waiting = waitingOpen {
        effect.opened[waiting] = "protectionDenied"
        waitingOpen = nil
      }
    }
    return effect
  }

  /// Makes a screen for a route (or an anonymous one).
  private mutating func make(_ key: Key?, _ effect: inout Effect) -> Int {
    defer { next += 1 }
    keys[next] = key
    effect.made.append(next)
    return next
  }

  /// Opens the guarded link: a newer link supersedes the one waiting; the space is asked
  /// whenever the guarded screen is not on screen, kept alive or not.
  private mutating func openGuarded(_ answer: ModelOperation.GateAnswer, _ effect: inout Effect) {
    let id = open(&effect)
    if stack.contains(where: { keys[$0] == .guarded }) || answer == .allow {
      navigate(to: .guarded, sheet: false, &effect)
      effect.opened[id] = "ok"
    } else if answer == .deny {
      effect.opened[id] = "protectionDenied"
    } else {
      // One sign-in per space: a second link waits for the running one.
      waitingOpen = id
      if signIn == nil {
        flowCount += 1
        signIn = (flowCount, make(.signIn, &effect))
        chain.append((signIn!.screen, .pageSheet))
      }
    }
  }

  /// Counts a deep link, superseding the one waiting; returns its number.
  private mutating func open(_ effect: inout Effect) -> Int {
    openCount += 1
    if let waiting = waitingOpen {
      effect.opened[waiting] = "superseded"
      waitingOpen = nil
    }
    return openCount
  }

  /// A deep link's navigation: the root stack `[Home, route]` and, for the sheet, its
  /// screen presented on the stack; screens already shown are kept, a screen kept alive
  /// comes back, the others are made.
  private mutating func navigate(to key: Key, sheet: Bool, _ effect: inout Effect) {
    var screen = stack.first { keys[$0] == key }
    if screen == nil, key == .guarded, let kept {
      screen = kept
      self.kept = nil
    }
    stack = [stack[0], screen ?? make(key, &effect)]
    if sheet {
      let kept = chain.first.flatMap { keys[$0.screen] == .sheet ? $0.screen : nil }
      chain = [(kept ?? make(.sheet, &effect), .pageSheet)]
    } else {
      chain = []
    }
  }
}

/// Runs sequences on a window and on the model, and explores them breadth first.
struct ModelChecker {
  /// A Boolean value indicating whether the window runs on a manual scheduler, settled after
  /// every step.
  let manual: Bool
  /// The moves it makes.
  let alphabet: ModelOperation.Alphabet

  /// What an exploration found.
  struct Result {
    /// The distinct shapes reached.
    var states = 0
    /// The sequences run (one per state explored and move tried).
    var sequences = 0
    /// The first disagreements, with their sequences.
    var mismatches: [String] = []
  }

  /// Explores every sequence of legal moves up to `depth` steps, pruning shapes seen.
  func explore(depth: Int) -> Result {
    var result = Result()
    var seen: Set<[Int]> = [ReferenceModel().shape]
    var frontier: [[ModelOperation]] = [[]]
    for _ in 0..<depth {
      var nextFrontier: [[ModelOperation]] = []
      for sequence in frontier {
        var model = ReferenceModel()
        for operation in sequence { _ = model.apply(operation) }
        for operation in alphabet.operations where model.allows(operation) {
          let extended = sequence + [operation]
          result.sequences += 1
          if let mismatch = run(extended) {
            if result.mismatches.count < 5 { result.mismatches.append(mismatch) }
            continue
          }
          var after = model
          _ = after.apply(operation)
          if seen.insert(after.shape).inserted { nextFrontier.append(extended) }
        }
      }
      frontier = nextFrontier
    }
    result.states = seen.count
    return result
  }

  /// Runs `sequence` on a new app controller and on the model; the first disagreement, or
  /// `nil`.
  func run(_ sequence: [ModelOperation]) -> String? {
    let scheduler = ManualScheduler()
    let window = Window(scheduler: manual ? .manual(scheduler) : .immediate, misusePolicy: .report)
    var misuses: [NavigationError] = []
    window.misuseHandler = { misuses.append($0) }
    let log = CheckLog()
    window.addHierarchyObserver(log)
    let gate = Gate(log: log)
    let app = AppController(window: window, rootRoute: Home())
    do throws(RouteError) {
      try app.routes.register(Home.self, url: "check://x/home") { _ in log.make() }
      try app.routes.register(Item.self, url: "check://x/item", parent: { _ in Home() }) { _ in log.make() }
      try app.routes.register(
        Sheet.self, url: "check://x/item/sheet", presentation: .modal(.pageSheet), parent: { _ in Item() }
      ) { _ in log.make() }
      try app.routes.register(
        Guarded.self, url: "check://x/guarded", parent: { _ in Home() }, protectedBy: gate,
        keepAlive: .session
      ) { _ in log.make() }
    } catch {
      return "the routes did not register: \(error)"
    }
    guard (try? app.start()) != nil, let navigation = window.rootViewController as? NavigationController
    else {
      return "the app controller did not start"
    }
    scheduler.settle()
    var model = ReferenceModel()
    for (step, operation) in sequence.enumerated() {
      log.beginStep(next: model.next, flows: model.flowCount)
      let expected = model.apply(operation)
      perform(operation, app: app, navigation: navigation, gate: gate, log: log, model: model)
      scheduler.settle()
      let place =
        "\(sequence.prefix(step + 1).map(\.description).joined(separator: ", ")) (manual: \(manual))"
      if !misuses.isEmpty { return "\(place): misuse \(misuses)" }
      let stack = navigation.viewControllers.map { Int($0.title!)! }
      if stack != model.stack { return "\(place): stack \(stack), model \(model.stack)" }
      let chain = presentedChain(above: navigation)
      if chain.map(\.0) != model.chain.map(\.screen) || chain.map(\.1) != model.chain.map(\.style) {
        return "\(place): presented \(chain), model \(model.chain)"
      }
      if log.effect != expected {
        return "\(place): \(log.effect), model \(expected)"
      }
    }
    // Leave nothing in progress, so that the window and its screens are released.
    if model.swipe == .back { navigation.cancelInteractivePop() }
    if model.swipe == .sheet { navigation.topPresented?.presentationController?.cancelInteractiveDismissal() }
    scheduler.settle()
    app.stop()
    return nil
  }

  /// Makes the engine's move; `model` is the state after it.
  private func perform(
    _ operation: ModelOperation, app: AppController, navigation: NavigationController, gate: Gate,
    log: CheckLog,
    model: ReferenceModel
  ) {
    switch operation {
    case .push:
      navigation.pushViewController(log.make(), animated: true)
    case .pop:
      navigation.popViewController(animated: true)
    case .popToRoot:
      navigation.popToRootViewController(animated: true)
    case .present(let style):
      let screen = log.make()
      screen.modalPresentationStyle = style
      (navigation.topPresented ?? navigation).present(screen, animated: true)
    case .dismiss:
      navigation.topPresented?.presentingViewController?.dismiss(animated: true)
    case .beginBackSwipe:
      navigation.beginInteractivePop()
    case .cancelBackSwipe:
      navigation.cancelInteractivePop()
    case .finishBackSwipe:
      navigation.finishInteractivePop()
    case .beginSheetSwipe:
      navigation.topPresented?.presentationController?.beginInteractiveDismissal()
    case .cancelSheetSwipe:
      navigation.topPresented?.presentationController?.cancelInteractiveDismissal()
    case .finishSheetSwipe:
      navigation.topPresented?.presentationController?.finishInteractiveDismissal()
    case .runFlow:
      let flow = CheckedFlow(number: model.flowCount, log: log)
      flow.heard = []
      log.runFlows.append(flow)
      app.run(flow, as: .push, animated: true) { [unowned flow] outcome in flow.heard?.append(outcome.kind) }
    case .finishFlow:
      log.runFlows.last { $0.state.isLive }?.finish("done", animated: true)
    case .openItem, .openSheet, .openGuarded:
      if case .openGuarded(let answer) = operation { gate.answer = answer }
      let url =
        operation == .openItem
        ? "check://x/item" : operation == .openSheet ? "check://x/item/sheet" : "check://x/guarded"
      let number = model.openCount
      app.open(url, animated: true) { result in log.opened(number, result) }
    case .finishSignIn:
      gate.required.first { $0.state.isLive }?.finish("signed in", animated: true)
    }
  }

  /// The presented screens above `screen`, bottom first, with their styles.
  private func presentedChain(above screen: ViewController) -> [(Int, ModalPresentationStyle)] {
    var chain: [(Int, ModalPresentationStyle)] = []
    var current = screen.presentedViewController
    while let presented = current {
      chain.append((Int(presented.title!)!, presented.modalPresentationStyle))
      current = presented.presentedViewController
    }
    return chain
  }
}

/// What the engine did in one step, gathered as the model's ``ReferenceModel/Effect``: the
/// screens that joined and left the window's hierarchy, the screens made, the flows that
/// ended (from their `didEnd`) and the deep links that completed.
final class CheckLog: HierarchyObserver {
  private(set) var effect = ReferenceModel.Effect()
  /// The number of the next screen made, and of the next flow.
  private var next = 0
  private(set) var nextFlow = 1
  /// The flows run by the checker (not the sign-ins).
  var runFlows: [CheckedFlow] = []

  /// Starts a step whose first new screen is `next` and whose first new flow is `flows + 1`.
  func beginStep(next: Int, flows: Int) {
    effect = ReferenceModel.Effect()
    self.next = next
    nextFlow = flows + 1
  }

  /// Makes the next numbered screen.
  func make() -> ViewController {
    let screen = ViewController()
    screen.title = "\(next)"
    effect.made.append(next)
    next += 1
    return screen
  }

  /// Records a flow's end (from its `didEnd`), once.
  func ended(_ flow: Int, _ kind: String) {
    effect.ended[flow] = effect.ended[flow] == nil ? kind : "ended twice"
  }

  /// Records a deep link's result, once.
  func opened(_ number: Int, _ result: Result<NavigationPlan<AnyRoute>, RouteError>) {
    let kind: String
    switch result {
    case .success: kind = "ok"
    case .failure(.refused(let error)): kind = "\(error.code)"
    case .failure(let error): kind = "\(error)"
    }
    effect.opened[number] = effect.opened[number] == nil ? kind : "completed twice"
  }

  // The numbered screens; navigation controllers have no number.
  func window(_ window: Window, didAdd screen: ViewController) {
    if let number = screen.title.flatMap({ Int($0) }) { effect.joined.insert(number) }
  }

  func window(_ window: Window, didRemove screen: ViewController, exit: HierarchyExit) {
    if let number = screen.title.flatMap({ Int($0) }) { effect.left.insert(number) }
  }
}

/// The protection space of the `Guarded` route: allows, denies, or requires a sign-in flow
/// presented as a sheet, as the move says.
final class Gate: ProtectionSpace {
  var answer = ModelOperation.GateAnswer.allow
  let log: CheckLog
  /// The sign-in flows it required.
  var required: [CheckedFlow] = []

  init(log: CheckLog) { self.log = log }

  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    switch answer {
    case .allow: decide(.allow)
    case .deny: decide(.deny("the model check denies"))
    case .signIn:
      let flow = CheckedFlow(number: log.nextFlow, log: log)
      required.append(flow)
      decide(.require(flow, as: .modal(.pageSheet)))
    }
  }
}

/// The model check's routes.
struct Home: Route {}
struct Item: Route {}
struct Sheet: Route {}
struct Guarded: Route {}

/// A flow whose first screen is the next numbered screen, and which records its end.
final class CheckedFlow: Flow<String> {
  let number: Int
  /// Unowned: the log keeps the flows it runs, and outlives them within a run.
  unowned let log: CheckLog
  init(number: Int, log: CheckLog) {
    self.number = number
    self.log = log
  }
  /// What the handler given to `run` heard, or `nil` when the flow was run without one.
  var heard: [String]?

  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    log.make()
  }

  override func didEnd(with outcome: FlowOutcome<String>) {
    // The handler hears first, once, the same outcome.
    if let heard, heard != [outcome.kind] {
      log.ended(number, "onEnd heard \(heard), didEnd \(outcome.kind)")
    } else {
      log.ended(number, outcome.kind)
    }
  }
}

extension FlowOutcome {
  /// The outcome's case, as the model names it.
  fileprivate var kind: String {
    switch self {
    case .finished: "finished"
    case .dismissed: "dismissed"
    case .replaced: "replaced"
    case .cancelled: "cancelled"
    }
  }
}

extension NavigationController {
  /// The top of the chain of screens presented above this one, if any.
  fileprivate var topPresented: ViewController? {
    var top = presentedViewController
    while let above = top?.presentedViewController { top = above }
    return top
  }
}
