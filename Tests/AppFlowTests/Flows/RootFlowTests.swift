import AppFlow
import Navigator
import Testing

@Suite struct RootFlowTests {
  @Test func aRootFlowRunsAtStartEndsAtStopAndANewOneRunsAtTheNextStart() throws {
    let window = Window(misusePolicy: .report)
    window.journal.isEnabled = true
    window.journal.recordsMembership = false
    var made: [TestFlow] = []
    let app = AppController(
      window: window,
      rootFlow: {
        let flow = TestFlow("Main\(made.count + 1)")
        made.append(flow)
        return flow
      }())
    #expect(app.rootFlow == nil)
    try app.start()
    let first = try #require(made.first)
    #expect(app.rootFlow === first)
    #expect(first.state == .running)
    #expect(app.flows.description == "Main1#1 running, first screen Main1, root")
    #expect(
      first.screens.map(\.screenID) == [app.rootNavigationController!.screenID, first.firstScreen!.screenID])

    app.stop()
    guard case .cancelled(let error) = try #require(first.didEndCalls.first) else {
      Issue.record("The root flow did not end cancelled: \(first.didEndCalls)")
      return
    }
    #expect(error.code == .appStopped)
    #expect(first.state == .ended(.cancelled(error)))
    #expect(app.rootFlow == nil)
    #expect(!app.isStarted)

    try app.start()
    #expect(made.count == 2)
    #expect(app.rootFlow === made[1])
    #expect(app.flows.description == "Main2#2 running, first screen Main2, root")
    #expect(
      window.journal.events.filter { if case .note = $0 { true } else { false } }.map(\.description) == [
        "Main1#1.started(Main1)", "Main1#1.ended(cancelled(appStopped))", "Main2#2.started(Main2)",
      ])
  }

  @Test func aRootFlowThatFinishesEndsAtOnceAndLeavesItsScreens() throws {
    let app = AppController(window: Window(misusePolicy: .report), rootFlow: TestFlow("Main"))
    let navigation = try app.start()
    let flow = try #require(app.rootFlow as? TestFlow)
    let first = try #require(flow.firstScreen)
    flow.finish("done")
    #expect(flow.state == .ended(.finished))
    #expect(app.rootFlow == nil)
    #expect(navigation.viewControllers.map(\.screenID) == [first.screenID])
    #expect(app.window.rootViewController === navigation)
  }

  @Test func anEngineRuleNamedByAModuleIsTheEnginesCode() {
    #expect(NavigationError.Code(rule: "duplicatePush") == .duplicatePush)
    #expect(NavigationError.Code(rule: "flowAlreadyRan") == .flowAlreadyRan)
    #expect(NavigationError.Code(rule: "flowAlreadyRan") != .duplicatePush)
    #expect(NavigationError.Code(rule: "extended").description == "extended")
    #expect(NavigationError.Code(rule: "flowAlreadyRan").description == "flowAlreadyRan")
  }
}

@Suite struct FlowHoldingTests {
  @Test func theAppControllerFindsTheInnermostLiveFlowHoldingAScreen() throws {
    let (app, home) = try makeApp()
    let parent = TestFlow("Parent")
    app.run(parent, as: .sheet(embeddedInNavigationController: true), animated: false)
    let child = TestFlow("Child")
    parent.run(child, as: .push, animated: false)
    let next = NamedScreen("Next")
    app.navigator.push(.instance(next), options: .init().animated(false))
    let parentFirst = try #require(parent.firstScreen)
    let container = try #require(parentFirst.navigationController)
    #expect(app.flow(holding: parentFirst) === parent)
    #expect(app.flow(holding: container) === parent)
    #expect(app.flow(holding: next) === child)
    #expect(app.flow(holding: home) == nil)
    #expect(parent.screens.map(\.title) == [nil, "Parent"])
    #expect(child.screens.map(\.title) == ["Child", "Next"])
    child.finish("done", animated: false)
    #expect(app.flow(holding: next) == nil)
  }
}
