import AppFlow
import Navigator
import Testing

final class StepScreen: ViewController {
  convenience init(_ title: String) {
    self.init()
    self.title = title
  }
}

final class OneScreenFlow: Flow<String> {
  let title: String
  init(_ title: String) { self.title = title }
  override var name: String { "\(title)Flow" }
  override func makeFirstScreen() throws(NavigationError) -> ViewController { StepScreen(title) }
}

/// An output that is an object, so that a test can see it released.
final class OutputToken {}

/// A flow whose output is an ``OutputToken``.
final class TokenFlow: Flow<OutputToken> {
  override func makeFirstScreen() throws(NavigationError) -> ViewController { StepScreen("Token") }
}

@Suite struct FlowSmokeTests {
  @Test func theOutputOfAFinishCancelledByAStopIsReleased() throws {
    let scheduler = ManualScheduler()
    let window = Window(scheduler: .manual(scheduler), misusePolicy: .report)
    let app = AppController(window: window) { StepScreen("Home") }
    try app.start()
    scheduler.settle()
    var outcomes: [String] = []
    weak var weakToken: OutputToken?
    do {
      let flow = TokenFlow()
      app.run(flow, as: .push) { outcomes.append("\($0.ending)") }
      scheduler.settle()
      let token = OutputToken()
      weakToken = token
      flow.finish(token)
      #expect(flow.state == .ending)
    }
    // The screens are still leaving when the app controller stops: the flow ends cancelled
    // and lets its output go.
    app.stop()
    #expect(outcomes == ["cancelled(appStopped)"])
    #expect(weakToken == nil)
    scheduler.settle()
  }

  @Test func theOutputOfAFinishIsReleasedWhenTheAppControllerGoesAway() throws {
    weak var weakToken: OutputToken?
    weak var weakFlow: TokenFlow?
    var outcomes: [String] = []
    do {
      let scheduler = ManualScheduler()
      let window = Window(scheduler: .manual(scheduler), misusePolicy: .report)
      let app = AppController(window: window) { StepScreen("Home") }
      try app.start()
      scheduler.settle()
      let flow = TokenFlow()
      weakFlow = flow
      app.run(flow, as: .push) { outcomes.append("\($0.ending)") }
      scheduler.settle()
      let token = OutputToken()
      weakToken = token
      flow.finish(token)
      #expect(flow.state == .ending)
    }
    // The app controller went away with the pop still running: it stopped, which ended the
    // flow cancelled, and the flow and its output are released.
    #expect(outcomes == ["cancelled(appStopped)"])
    #expect(weakFlow == nil)
    #expect(weakToken == nil)
  }

  @Test func aPushedFlowFinishesAndPopsItsScreens() throws {
    let window = Window(misusePolicy: .report)
    let app = AppController(window: window) { StepScreen("Home") }
    try app.start()
    window.journal.isEnabled = true
    window.journal.recordsMembership = false
    var outcomes: [FlowOutcome<String>] = []
    weak var weakFlow: OneScreenFlow?
    weak var weakScreen: ViewController?
    do {
      let flow = OneScreenFlow("Email")
      weakFlow = flow
      app.run(flow, as: .push, animated: false) { outcomes.append($0) }
      weakScreen = flow.firstScreen
      #expect(flow.state == .running)
      #expect(app.flows.description == "EmailFlow#1 running, first screen Email, push")
      flow.finish("done", animated: false)
    }
    #expect(outcomes == [.finished("done")])
    #expect(weakFlow == nil)
    #expect(weakScreen == nil)
    #expect(app.flows.isEmpty)
  }

  @Test func aSheetSwipeDismissesAFlowAndItsChild() throws {
    let window = Window(misusePolicy: .report)
    let app = AppController(window: window) { StepScreen("Home") }
    try app.start()
    window.journal.isEnabled = true
    var ended: [String] = []
    let parent = OneScreenFlow("Sign")
    app.run(parent, as: .sheet(embeddedInNavigationController: true), animated: false) {
      ended.append("parent \($0.ending)")
    }
    let child = OneScreenFlow("Terms")
    parent.run(child, as: .push, animated: false) { ended.append("child \($0.ending)") }
    let presented = try #require(window.rootViewController?.presentedViewController)
    presented.dismiss(animated: false)
    #expect(
      ended == [
        "child replaced(dismissed(programmatic) of NavigationController)",
        "parent dismissed(dismissed(programmatic) of NavigationController)",
      ])
  }
}
