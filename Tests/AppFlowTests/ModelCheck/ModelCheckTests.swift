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
/// in progress, and the flows run with the screen each showed and its outcome. The checker explores breadth first; a state whose shape was seen
/// already (the same stack depth, the same chain of styles, the same swipe) is not explored
/// again, since fresh screens make the same moves from the same shape. Each explored
/// sequence is replayed on a new window, under the immediate scheduler and under a manual
/// one settled after every step, and after every step the two must agree on the stack, the
/// chain of presentations, which screens joined and left the window's hierarchy, and which
/// flows ended with which outcome (each exactly once).
///
/// The alphabet holds the moves that are legal in the model's state: while a swipe is in
/// progress, only its end; a back swipe only on an uncovered stack of two or more; a flow is
/// run (pushed) and finished on an uncovered stack.
@Suite struct ModelCheckTests {
  /// CI's depth: every state reachable in this many steps (31,780 shapes), explored in a few seconds.
  static let depth = 8

  @Test(arguments: [false, true])
  func theEngineAgreesWithTheModelOnEverySequence(manual: Bool) {
    let result = ModelChecker(manual: manual).explore(depth: Self.depth)
    #expect(result.mismatches == [], "manual: \(manual)")
    // The exploration reaches what the alphabet can: every style, both swipes, deep stacks.
    #expect(result.states >= 100, "manual: \(manual): only \(result.states) states")
  }

  /// The deeper run, documented in the Testing article: `MODEL_CHECK_DEPTH=10 swift test
  /// --filter ModelCheckTests` prints the number of states and sequences of each scheduler.
  @Test(.enabled(if: ModelCheckTests.deeperDepth != nil))
  func theDeeperRunAgreesToo() {
    let depth = Self.deeperDepth ?? Self.depth
    for manual in [false, true] {
      let result = ModelChecker(manual: manual).explore(depth: depth)
      print(
        "model check, depth \(depth), manual \(manual): \(result.states) states, \(result.sequences) sequences"
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

  static let allCases: [ModelOperation] = [
    .push, .pop, .popToRoot, .present(.fullScreen), .present(.pageSheet), .present(.overFullScreen),
    .dismiss, .beginBackSwipe, .cancelBackSwipe, .finishBackSwipe, .beginSheetSwipe, .cancelSheetSwipe,
    .finishSheetSwipe, .runFlow, .finishFlow,
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
    }
  }
}

/// The reference: what UIKit's hierarchy holds after each move, as plain values.
struct ReferenceModel: Equatable {
  enum Swipe: Hashable { case back, sheet }

  /// The root stack's screens, root first (screen 0 is the root).
  var stack: [Int] = [0]
  /// The presented screens, bottom first, with their styles.
  var chain: [(screen: Int, style: ModalPresentationStyle)] = []
  /// The swipe in progress.
  var swipe: Swipe?
  /// The next screen's number.
  var next = 1
  /// The flows run and still running, each with its first screen, in the order they ran.
  var flows: [(flow: Int, screen: Int)] = []
  /// The number of flows run.
  var flowCount = 0

  static func == (lhs: ReferenceModel, rhs: ReferenceModel) -> Bool {
    lhs.stack == rhs.stack && lhs.chain.map(\.screen) == rhs.chain.map(\.screen)
      && lhs.chain.map(\.style) == rhs.chain.map(\.style) && lhs.swipe == rhs.swipe
      && lhs.flows.map(\.flow) == rhs.flows.map(\.flow)
  }

  /// The shape that decides what comes next: states of one shape make the same moves.
  var shape: [Int] {
    [stack.count, swipe.map { $0 == .back ? 1 : 2 } ?? 0]
      + flows.map { -1 - stack.firstIndex(of: $0.screen)! }
      + chain.map { [.fullScreen, .pageSheet, .overFullScreen].firstIndex(of: $0.style)! }
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
    case .push, .pop, .popToRoot, .present: return true
    case .dismiss: return !chain.isEmpty
    case .beginBackSwipe: return stack.count > 1 && chain.isEmpty
    case .beginSheetSwipe: return chain.last?.style == .pageSheet
    case .runFlow: return chain.isEmpty
    case .finishFlow: return chain.isEmpty && !flows.isEmpty
    case .cancelBackSwipe, .finishBackSwipe, .cancelSheetSwipe, .finishSheetSwipe: return false
    }
  }

  /// The outcome of each flow whose first screen left with `left`, by how it left: as the
  /// screen removed (a pop, a back swipe) it is dismissed; under a pop to the root, replaced.
  private mutating func endFlows(leaving left: Set<Int>, removed: Int?) -> [Int: String] {
    var outcomes: [Int: String] = [:]
    for entry in flows where left.contains(entry.screen) {
      outcomes[entry.flow] = entry.screen == removed ? "dismissed" : "replaced"
    }
    flows.removeAll { left.contains($0.screen) }
    return outcomes
  }

  /// Applies a legal move; returns the screens that joined and left the hierarchy, and the
  /// flows that ended with their outcomes.
  mutating func apply(_ operation: ModelOperation) -> (joined: Set<Int>, left: Set<Int>, ended: [Int: String])
  {
    let (joined, left, removed) = move(operation)
    if operation == .finishFlow, let finished = flows.popLast() {
      return (
        joined, left, [finished.flow: "finished"].merging(endFlows(leaving: left, removed: nil)) { a, _ in a }
      )
    }
    return (joined, left, endFlows(leaving: left, removed: removed))
  }

  /// The hierarchy's part of a move: the screens that joined and left, and the screen the move
  /// removed as such (the one popped or swiped away), if any.
  private mutating func move(_ operation: ModelOperation) -> (Set<Int>, Set<Int>, Int?) {
    switch operation {
    case .push:
      defer { next += 1 }
      stack.append(next)
      return ([next], [], nil)
    case .pop:
      guard stack.count > 1 else { return ([], [], nil) }
      let top = stack.removeLast()
      return ([], [top], top)
    case .popToRoot:
      let left = Set(stack.dropFirst())
      stack = [stack[0]]
      return ([], left, nil)
    case .present(let style):
      defer { next += 1 }
      chain.append((next, style))
      return ([next], [], nil)
    case .dismiss:
      return ([], [chain.removeLast().screen], nil)
    case .beginBackSwipe:
      swipe = .back
      return ([], [], nil)
    case .cancelBackSwipe, .cancelSheetSwipe:
      swipe = nil
      return ([], [], nil)
    case .finishBackSwipe:
      swipe = nil
      let top = stack.removeLast()
      return ([], [top], top)
    case .beginSheetSwipe:
      swipe = .sheet
      return ([], [], nil)
    case .finishSheetSwipe:
      swipe = nil
      return ([], [chain.removeLast().screen], nil)
    case .runFlow:
      defer {
        next += 1
        flowCount += 1
      }
      stack.append(next)
      flows.append((flowCount + 1, next))
      return ([next], [], nil)
    case .finishFlow:
      // The flow's screens leave: its first and everything above it.
      let first = stack.firstIndex(of: flows.last!.screen)!
      let left = Set(stack[first...])
      stack.removeSubrange(first...)
      return ([], left, nil)
    }
  }
}

/// Runs sequences on a window and on the model, and explores them breadth first.
struct ModelChecker {
  /// A Boolean value indicating whether the window runs on a manual scheduler, settled after
  /// every step.
  let manual: Bool

  /// What an exploration found.
  struct Result {
    /// The distinct shapes reached.
    var states = 0
    /// The sequences run (one per state explored and move tried).
    var sequences = 0
    /// The first disagreements, with their sequences.
    var mismatches: [String] = []
  }

  /// Hears the screens that join and leave the window's hierarchy.
  final class Membership: HierarchyObserver {
    var joined: Set<Int> = []
    var left: Set<Int> = []
    // The numbered screens; the navigation controller has no number.
    func window(_ window: Window, didAdd screen: ViewController) {
      if let number = screen.title.flatMap({ Int($0) }) { joined.insert(number) }
    }
    func window(_ window: Window, didRemove screen: ViewController, exit: HierarchyExit) {
      if let number = screen.title.flatMap({ Int($0) }) { left.insert(number) }
    }
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
        for operation in ModelOperation.allCases where model.allows(operation) {
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

  /// Runs `sequence` on a new window and on the model; the first disagreement, or `nil`.
  func run(_ sequence: [ModelOperation]) -> String? {
    let scheduler = ManualScheduler()
    let window = Window(scheduler: manual ? .manual(scheduler) : .immediate, misusePolicy: .report)
    var misuses: [NavigationError] = []
    window.misuseHandler = { misuses.append($0) }
    let membership = Membership()
    window.addHierarchyObserver(membership)
    let app = AppController(window: window) { named(0) }
    guard let navigation = try? app.start() else { return "the app controller did not start" }
    scheduler.settle()
    var flows: [CheckedFlow] = []
    var ended: [Int: String] = [:]
    var model = ReferenceModel()
    for (step, operation) in sequence.enumerated() {
      membership.joined = []
      membership.left = []
      ended = [:]
      let expected = model.apply(operation)
      perform(operation, on: navigation, model: model)
      if operation == .runFlow {
        let flow = CheckedFlow(screen: model.next - 1)
        let number = model.flowCount
        flows.append(flow)
        app.run(flow, as: .push, animated: true) { outcome in
          if ended[number] != nil { ended[number] = "ended twice" } else { ended[number] = outcome.kind }
        }
      }
      if operation == .finishFlow { flows.last { $0.state.isLive }?.finish("done", animated: true) }
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
      if membership.joined != expected.joined || membership.left != expected.left {
        return "\(place): joined \(membership.joined.sorted()), left \(membership.left.sorted()); "
          + "model joined \(expected.joined.sorted()), left \(expected.left.sorted())"
      }
      if ended != expected.ended {
        return
          "\(place): flows ended \(ended.sorted { $0.key < $1.key }), model \(expected.ended.sorted { $0.key < $1.key })"
      }
    }
    // Leave nothing in progress, so that the window and its screens are released.
    if model.swipe == .back { navigation.cancelInteractivePop() }
    if model.swipe == .sheet { navigation.topPresented?.presentationController?.cancelInteractiveDismissal() }
    scheduler.settle()
    app.stop()
    return nil
  }

  /// Makes the engine's move; `model` is the state after it (for the screen's number).
  private func perform(
    _ operation: ModelOperation, on navigation: NavigationController, model: ReferenceModel
  ) {
    switch operation {
    case .push:
      navigation.pushViewController(named(model.next - 1), animated: true)
    case .pop:
      navigation.popViewController(animated: true)
    case .popToRoot:
      navigation.popToRootViewController(animated: true)
    case .present(let style):
      let screen = named(model.next - 1)
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
    case .runFlow, .finishFlow:
      break  // through the app controller, in `run(_:)`
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

  /// A screen named by its number.
  private func named(_ number: Int) -> ViewController {
    let screen = ViewController()
    screen.title = "\(number)"
    return screen
  }
}

/// A flow whose first screen is a numbered screen.
final class CheckedFlow: Flow<String> {
  let screen: Int
  init(screen: Int) { self.screen = screen }
  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    let first = ViewController()
    first.title = "\(screen)"
    return first
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
