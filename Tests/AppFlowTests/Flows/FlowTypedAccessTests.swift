import AppFlow
import Navigator
import Testing

/// A flow's screens and the live flows, reached by type without a cast.
@Suite struct FlowTypedAccessTests {
  /// A flow of another type than ``TestFlow``.
  private final class OtherFlow: Flow<Int> {}

  @Test func aFlowsScreensAreReachedByType() throws {
    let (app, _) = try makeApp()
    let flow = TestFlow("Form")
    app.run(flow, as: .sheet(embeddedInNavigationController: true), animated: false)
    let next = GuardedScreen("Next", answer: .allow)
    try #require(flow.navigator).push(.instance(next), options: .init().animated(false))
    let first = try #require(flow.firstScreen)
    #expect(flow.firstScreen(as: NamedScreen.self) === first)
    #expect(flow.firstScreen(as: GuardedScreen.self) == nil)
    #expect(flow.screens(ofType: GuardedScreen.self).map(\.screenID) == [next.screenID])
    #expect(flow.screens(ofType: NamedScreen.self).map(\.screenID) == [first.screenID])
    #expect(flow.screens(ofType: ViewController.self).map(\.screenID) == flow.screens.map(\.screenID))
    flow.finish("done", animated: false)
    #expect(flow.screens(ofType: ViewController.self).isEmpty)
  }

  @Test func theLiveFlowsOfATypeAreFoundParentsFirst() throws {
    let (app, _) = try makeApp()
    let parent = TestFlow("Parent")
    app.run(parent, as: .push, animated: false)
    let child = TestFlow("Child")
    parent.run(child, as: .push, animated: false)
    #expect(app.liveFlows(ofType: TestFlow.self).map(\.id) == [parent.id, child.id])
    #expect(app.liveFlows(ofType: OtherFlow.self).isEmpty)
    #expect(app.liveFlows(ofType: AnyFlow.self).map(\.id) == [parent.id, child.id])
    child.cancel(animated: false)
    #expect(app.liveFlows(ofType: TestFlow.self).map(\.id) == [parent.id])
  }
}
