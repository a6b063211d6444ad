import AppFlow
import Navigator

/// Recording (issue 31): push + pop of a route's screen through an app's navigator, with the
/// app recording off or on.
///
/// The app is `AppController(rootRoute: BenchCatalog())` with `Window()` (immediate
/// scheduler, journal off, trap on misuse), started, the push + pop workload's delegate
/// (``ModelDelegate``) on its root navigation controller; its screens are ``ModelScreen``s
/// made by the route table. One iteration is
/// `app.navigator.push(.instance(app.routes.makeScreen(for: BenchProduct(id: 1))), options:
/// .init().animated(false))` then `app.navigator.pop(options: .init().animated(false))`:
/// the navigator's calls are what a recorder hears (the navigation controller's own
/// `pushViewController` is not an input, and pays nothing either way).
///
/// - recording off: no recorder, as every app controller starts;
/// - recording on: `app.startRecording(limit: 100)` after the start: a log bounded at 100
///   inputs with no events, as a hosted session would keep; every 100 inputs the log starts
///   again from a snapshot, a cost the iterations share.
public final class RecordingWorkload {
  /// The callbacks the screens received.
  public let tally = Tally()
  /// The app controller, started.
  let app: AppController
  /// The root navigation controller's delegate.
  let delegate: ModelDelegate
  /// The route of the pushed screen.
  let route = AnyRoute(BenchProduct(id: 1))

  /// Makes the app, registers its routes, starts it and, when `recording`, starts recording
  /// (not measured).
  public init(recording: Bool) {
    app = Self.makeApp(tally: tally)
    try! app.start()
    delegate = ModelDelegate(tally: tally)
    app.rootNavigationController!.delegate = delegate
    if recording { try! app.startRecording(limit: 100) }
  }

  /// An app like the workload's, not started: what a check replays the log into.
  static func makeApp(tally: Tally) -> AppController {
    let app = AppController(rootRoute: BenchCatalog())
    try! app.routes.register(BenchCatalog.self) { _ in ModelScreen("A", tally: tally) }
    try! app.routes.register(BenchProduct.self, parent: { _ in BenchCatalog() }) { _ in
      ModelScreen("B", tally: tally)
    }
    return app
  }

  /// The number of screens in the root stack.
  public var depth: Int { app.rootNavigationController?.viewControllers.count ?? 0 }

  /// The number of inputs the recorder holds; `nil` when recording is off.
  public var recordedInputs: Int? { app.recorder?.count }

  /// Pushes the route's screen and pops it through the navigator, `iterations` times.
  @inline(never)
  public func pushPop(_ iterations: Int) {
    let navigator = app.navigator
    let routes = app.routes
    let route = route
    let options = NavigationOptions<ViewController>().animated(false)
    for _ in 0..<iterations {
      navigator.push(.instance(try! routes.makeScreen(for: route)), options: options)
      navigator.pop(options: options)
    }
  }

  /// Checks the workload: the stack is back at its root, and with recording on the log
  /// holds at most 100 inputs, alternate pushes and pops of the route, and replays into a
  /// new app to the same state. Returns what failed.
  public func check() -> [String] {
    var problems: [String] = []
    pushPop(150)
    if depth != 1 { problems.append("the stack holds \(depth) screens after push + pops") }
    guard let log = app.recorder?.log else { return problems }
    let expected: [RecordedInput] = (0..<log.steps.count).map {
      ($0 % 2 == 0) != (log.inputs.first == .pop(from: nil, animated: false))
        ? .push(route, from: nil, animated: false) : .pop(from: nil, animated: false)
    }
    if log.steps.count > 100 || log.steps.isEmpty || log.inputs != expected || log.start == nil {
      problems.append("the bounded log holds \(log.steps.count) inputs: \(log.inputs.prefix(4)) …")
    }
    let fresh = Self.makeApp(tally: Tally())
    do {
      try log.replay(into: fresh)
      let replayed = fresh.window.navigationState(keyedBy: AnyRoute.self)
      if replayed != app.window.navigationState(keyedBy: AnyRoute.self) {
        problems.append("the replay reached \(replayed), not the recorded state")
      }
    } catch {
      problems.append("the log does not replay: \(error)")
    }
    return problems
  }
}
