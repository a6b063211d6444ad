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

@Suite struct FlowSmokeTests {
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
