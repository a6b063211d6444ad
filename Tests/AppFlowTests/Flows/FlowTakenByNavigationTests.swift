import AppFlow
import Navigator
import Testing

/// A navigation to a state (a deep link) that takes a flow's screens away ends the flow
/// replaced, whichever of its steps removed them: a dismissal, a pop-to, a new stack. The
/// exit still says how the screen left. Found by the model check: a presented flow ended
/// dismissed when a deep link dismissed it, a pushed one replaced.
@Suite struct FlowTakenByNavigationTests {
  struct Home: Route {}
  struct Item: Route {}

  /// An app controller on the routes `Home` and `Item` (pushed on `Home`), started.
  static func makeApp(manual: Bool) throws -> (AppController, ManualScheduler) {
    let scheduler = ManualScheduler()
    let window = Window(scheduler: manual ? .manual(scheduler) : .immediate, misusePolicy: .trap)
    let app = AppController(window: window, rootRoute: Home())
    try app.routes.register(Home.self, url: "flows://x/home") { _ in NamedScreen("Home") }
    try app.routes.register(Item.self, url: "flows://x/item", parent: { _ in Home() }) { _ in
      NamedScreen("Item")
    }
    try app.start()
    scheduler.settle()
    return (app, scheduler)
  }

  @Test(arguments: [false, true])
  func aDeepLinkThatDismissesAPresentedFlowReplacesIt(manual: Bool) throws {
    let (app, scheduler) = try Self.makeApp(manual: manual)
    let log = EndLog()
    let flow = TestFlow("Sheet")
    try app.tryRun(flow, as: .sheet(), animated: true, onEnd: log.handler("Sheet"))
    scheduler.settle()
    let sheet = try #require(flow.firstScreen)
    var opened: [Bool] = []
    app.open("flows://x/item") { opened.append((try? $0.get()) != nil) }
    scheduler.settle()
    #expect(opened == [true])
    let exit = HierarchyExit(.dismissed(.programmatic), removedScreen: sheet.screenID)
    #expect(log.records == [EndRecord(flow: "Sheet", ending: .replaced(exit))])
    #expect(flow.didEndCalls.map(Ending.init) == [.replaced(exit)])
  }

  @Test(arguments: [false, true])
  func aDeepLinkThatPopsAPushedFlowReplacesIt(manual: Bool) throws {
    let (app, scheduler) = try Self.makeApp(manual: manual)
    let log = EndLog()
    let flow = TestFlow("Pushed")
    try app.tryRun(flow, as: .push, animated: true, onEnd: log.handler("Pushed"))
    scheduler.settle()
    let first = try #require(flow.firstScreen)
    app.open("flows://x/item")
    scheduler.settle()
    #expect(app.rootNavigationController?.viewControllers.map(\.title) == ["Home", "Item"])
    let exit = HierarchyExit(.stackReplaced, removedScreen: first.screenID)
    #expect(log.records == [EndRecord(flow: "Pushed", ending: .replaced(exit))])
  }

  /// The same dismissal made by a call is the flow's own dismissal.
  @Test func aDismissalByACallStillDismissesTheFlow() throws {
    let (app, _) = try Self.makeApp(manual: false)
    let log = EndLog()
    let flow = TestFlow("Sheet")
    try app.tryRun(flow, as: .sheet(), animated: true, onEnd: log.handler("Sheet"))
    let sheet = try #require(flow.firstScreen)
    sheet.dismiss(animated: true)
    let exit = HierarchyExit(.dismissed(.programmatic), removedScreen: sheet.screenID)
    #expect(log.records == [EndRecord(flow: "Sheet", ending: .dismissed(exit))])
  }
}
