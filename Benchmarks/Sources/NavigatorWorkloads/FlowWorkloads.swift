import AppFlow
import Navigator

/// A flow whose first screen is a new ``ModelScreen``, the push + pop workload's screen; its
/// name is the default (its type's name).
final class OneScreenFlow: Flow<Int> {
  let tally: Tally

  init(tally: Tally) {
    self.tally = tally
  }

  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    ModelScreen("F", tally: tally)
  }
}

/// How the flows of a ``FlowWorkload`` ended: the `onEnd` handler counts each outcome.
public final class FlowOutcomes {
  /// Flows that ended `.finished(1)`.
  public internal(set) var finished = 0
  /// Flows that ended `.dismissed` by a programmatic pop of their own screen.
  public internal(set) var dismissed = 0
  /// Flows that ended any other way (a failure of the workload's check).
  public internal(set) var other = 0

  @inline(__always)
  func note(_ outcome: FlowOutcome<Int>) {
    switch outcome {
    case .finished(1): finished &+= 1
    case .dismissed(let exit) where exit.cause == .popped(.programmatic): dismissed &+= 1
    default: other &+= 1
    }
  }
}

/// Flows (issue "flows"): running and ending a flow that pushes one screen, against a plain
/// push + pop of the same screen in the same app.
///
/// The app is `AppController(makeRoot:)` with `Window()` (immediate scheduler, journal off,
/// trap on misuse), started: its root screen `A` (a ``ModelScreen``) inside the navigation
/// controller the app makes, in the visible key window, with the push + pop workload's
/// delegate (``ModelDelegate``).
/// Every iteration makes a new screen (and a new flow):
///
/// - ``flowFinish(_:)``: `app.run(OneScreenFlow(), as: .push, animated: false) { tally }`,
///   then `flow.finish(1, animated: false)`, which pops back to `A`;
/// - ``flowPop(_:)``: the same run, then `navigationController.popViewController(animated:
///   false)`; the flow ends `.dismissed`;
/// - ``pushPop(_:)``: `navigationController.pushViewController(ModelScreen(), animated:
///   false)` and `popViewController(animated: false)`;
/// - ``navigatorPushPop(_:)``: `app.navigator.push(.instance(ModelScreen()), options:
///   .init().animated(false))` and `popViewController(animated: false)`.
public final class FlowWorkload {
  /// The callbacks the screens received.
  public let tally = Tally()
  /// How the flows ended.
  public let outcomes = FlowOutcomes()
  /// The app controller, started.
  let app: AppController
  /// The navigation controller at the root of the app's window.
  let navigation: NavigationController
  let delegate: ModelDelegate

  /// Makes the app and starts it (not measured).
  public init() {
    let tally = tally
    app = AppController { ModelScreen("A", tally: tally) }
    navigation = try! app.start()
    delegate = ModelDelegate(tally: tally)
    navigation.delegate = delegate
  }

  /// The number of screens in the root stack.
  public var depth: Int { navigation.viewControllers.count }

  /// The number of live flows the app ran.
  public var liveFlowCount: Int { app.liveFlows.count }

  /// Runs a flow that pushes one screen and finishes it, `iterations` times.
  @inline(never)
  public func flowFinish(_ iterations: Int) {
    let app = app
    let outcomes = outcomes
    for _ in 0..<iterations {
      let flow = OneScreenFlow(tally: tally)
      app.run(flow, as: .push, animated: false) { outcome in outcomes.note(outcome) }
      flow.finish(1, animated: false)
    }
  }

  /// Runs a flow that pushes one screen and pops its screen, `iterations` times.
  @inline(never)
  public func flowPop(_ iterations: Int) {
    let app = app
    let navigation = navigation
    let outcomes = outcomes
    for _ in 0..<iterations {
      let flow = OneScreenFlow(tally: tally)
      app.run(flow, as: .push, animated: false) { outcome in outcomes.note(outcome) }
      navigation.popViewController(animated: false)
    }
  }

  /// Pushes a new screen onto the app's navigation controller and pops it, `iterations`
  /// times.
  @inline(never)
  public func pushPop(_ iterations: Int) {
    let navigation = navigation
    for _ in 0..<iterations {
      navigation.pushViewController(ModelScreen("B", tally: tally), animated: false)
      navigation.popViewController(animated: false)
    }
  }

  /// Pushes a new screen with the app's navigator and pops it, `iterations` times.
  @inline(never)
  public func navigatorPushPop(_ iterations: Int) {
    let navigator = app.navigator
    let navigation = navigation
    for _ in 0..<iterations {
      navigator.push(.instance(ModelScreen("B", tally: tally)), options: .init().animated(false))
      navigation.popViewController(animated: false)
    }
  }

  /// Runs each of the four once with the callbacks logged and returns what differs from
  /// what is expected; empty when all is well.
  ///
  /// Checked: each flow ended once, as expected (`.finished(1)`, or `.dismissed` by a
  /// programmatic pop); the flow, its screen and the pushed screens were released; no flow
  /// is left in the app's tree; the stack is back to `A`; the plain push + pop makes UIKit's
  /// 17 callbacks (behaviour reference, "Push" and "Pop"), the navigator's the same with
  /// `viewDidLoad` first (it loads the view before the push), and the flows exactly the
  /// navigator's.
  public func check() -> [String] {
    var problems: [String] = []
    var logs: [String: [String]] = [:]
    let before = (outcomes.finished, outcomes.dismissed, outcomes.other)

    for name in ["flow-finish", "flow-pop"] {
      weak var weakFlow: OneScreenFlow?
      weak var weakScreen: ViewController?
      tally.log = []
      do {
        let flow = OneScreenFlow(tally: tally)
        weakFlow = flow
        let outcomes = outcomes
        app.run(flow, as: .push, animated: false) { outcome in outcomes.note(outcome) }
        weakScreen = flow.firstScreen
        if flow.state != .running { problems.append("\(name): the flow is \(flow.state), not running") }
        if navigation.topViewController !== weakScreen || weakScreen == nil {
          problems.append("\(name): the flow's screen is not on top")
        }
        if name == "flow-finish" {
          flow.finish(1, animated: false)
          if flow.state != .ended(.finished) { problems.append("\(name): the flow is \(flow.state)") }
        } else {
          navigation.popViewController(animated: false)
          guard case .ended(.dismissed(let exit)) = flow.state, exit.cause == .popped(.programmatic) else {
            problems.append("\(name): the flow is \(flow.state), not dismissed by a pop")
            continue
          }
        }
      }
      logs[name] = tally.log
      if weakFlow != nil { problems.append("\(name): the flow was not released") }
      if weakScreen != nil { problems.append("\(name): the flow's screen was not released") }
    }
    let after = (outcomes.finished, outcomes.dismissed, outcomes.other)
    if after != (before.0 + 1, before.1 + 1, before.2) {
      problems.append(
        "outcomes: finished \(after.0 - before.0), dismissed \(after.1 - before.1), other \(after.2 - before.2); "
          + "expected one finished(1) and one dismissed by a pop")
    }

    for name in ["push+pop", "navigator push+pop"] {
      weak var weakScreen: ViewController?
      tally.log = []
      do {
        let screen = ModelScreen("F", tally: tally)
        weakScreen = screen
        if name == "push+pop" {
          navigation.pushViewController(screen, animated: false)
        } else {
          app.navigator.push(.instance(screen), options: .init().animated(false))
        }
        if navigation.topViewController !== screen { problems.append("\(name): the screen is not on top") }
        navigation.popViewController(animated: false)
      }
      logs[name] = tally.log
      if weakScreen != nil { problems.append("\(name): the screen was not released") }
    }
    tally.log = nil

    // The plain push makes UIKit's 17 callbacks (behaviour reference, "Push" and "Pop"). The
    // navigator loads a screen's view before it joins the stack (a screen is fully formed
    // before it is shown), so its `viewDidLoad` comes first: the same 17 callbacks, that one
    // moved. A flow shows its first screen with the navigator: its callbacks are the
    // navigator's, exactly.
    let plain = logs["push+pop"] ?? []
    let navigator = logs["navigator push+pop"] ?? []
    if plain.count != 17 { problems.append("push+pop: \(plain.count) callbacks, not 17: \(plain)") }
    let loaded = plain.filter { $0.hasSuffix(".viewDidLoad") }
    if navigator != loaded + plain.filter({ !$0.hasSuffix(".viewDidLoad") }) {
      problems.append("navigator push+pop: callbacks differ from push+pop's, viewDidLoad first: \(navigator)")
    }
    for name in ["flow-finish", "flow-pop"] where logs[name] != navigator {
      problems.append("\(name): callbacks differ from navigator push+pop: \(logs[name] ?? [])")
    }
    if depth != 1 { problems.append("the stack holds \(depth) screens, not 1") }
    if !app.liveFlows.isEmpty { problems.append("live flows left: \(app.flows)") }
    return problems
  }
}
