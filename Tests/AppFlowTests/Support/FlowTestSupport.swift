import AppFlow
import Navigator
import Testing

/// A screen with a readable name, so journals and messages read well.
class NamedScreen: ViewController {
  init(_ name: String) {
    super.init()
    title = name
  }
}

/// A screen that asks before it is popped and answers as told.
final class GuardedScreen: ViewController, PopConfirming {
  enum Answer { case allow, deny, later }
  let answer: Answer
  var decisions: [PopDecision] = []

  init(_ name: String, answer: Answer) {
    self.answer = answer
    super.init()
    title = name
  }

  func confirmPop(_ decision: PopDecision) {
    decisions.append(decision)
    switch answer {
    case .allow: decision.allow()
    case .deny: decision.deny()
    case .later: break
    }
  }
}

/// A flow whose first screen is made by a closure (a ``NamedScreen`` named after the flow
/// by default).
final class TestFlow: Flow<String> {
  let flowName: String
  let make: () -> ViewController?
  /// The outcomes ``didEnd(with:)`` heard, to prove it ran once.
  var didEndCalls: [FlowOutcome<String>] = []

  init(_ name: String, make: (() -> ViewController?)? = nil) {
    flowName = name
    self.make = make ?? { NamedScreen(name) }
  }

  override var name: String { flowName }

  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let screen = make() else { return try super.makeFirstScreen() }
    return screen
  }

  override func didEnd(with outcome: FlowOutcome<String>) {
    didEndCalls.append(outcome)
  }
}

/// A flow's ending without the message of a cancellation: what the matrix compares.
enum Ending: Equatable, CustomStringConvertible {
  case finished(String)
  case dismissed(HierarchyExit)
  case replaced(HierarchyExit)
  case cancelled(NavigationError.Code)

  init(_ outcome: FlowOutcome<String>) {
    switch outcome {
    case .finished(let output): self = .finished(output)
    case .dismissed(let exit): self = .dismissed(exit)
    case .replaced(let exit): self = .replaced(exit)
    case .cancelled(let error): self = .cancelled(error.code)
    }
  }

  var description: String {
    switch self {
    case .finished(let output): "finished(\(output))"
    case .dismissed(let exit): "dismissed(\(exit))"
    case .replaced(let exit): "replaced(\(exit))"
    case .cancelled(let code): "cancelled(\(code))"
    }
  }
}

/// One flow's delivered outcome, in the order outcomes arrived.
struct EndRecord: Equatable, CustomStringConvertible {
  let flow: String
  let ending: Ending
  var description: String { "\(flow): \(ending)" }
}

/// The outcomes delivered in one test, in order.
final class EndLog {
  var records: [EndRecord] = []

  /// A handler for `run` that logs the outcome under `name`.
  func handler(_ name: String) -> (FlowOutcome<String>) -> Void {
    { [self] outcome in records.append(EndRecord(flow: name, ending: Ending(outcome))) }
  }
}

/// A weak reference, for leak checks.
struct Weak {
  let name: String
  weak var object: AnyObject?
  init(_ name: String, _ object: AnyObject?) {
    self.name = name
    self.object = object
  }
}

/// The names of the objects still alive.
func alive(_ refs: [Weak]) -> [String] { refs.filter { $0.object != nil }.map(\.name) }

/// An app controller whose root is a navigation controller holding `Home`, started, with
/// the journal on and misuse reported.
func makeApp(
  scheduler: ManualScheduler? = nil, misuse: MisusePolicy = .report, membership: Bool = false
) throws -> (AppController, NamedScreen) {
  let window = Window(scheduler: scheduler.map { .manual($0) } ?? .immediate, misusePolicy: misuse)
  let app = AppController(window: window) { NamedScreen("Home") }
  let navigation = try app.start()
  scheduler?.settle()
  window.journal.isEnabled = true
  window.journal.recordsMembership = membership
  window.journal.removeAll()
  return (app, navigation.topViewController as! NamedScreen)
}
