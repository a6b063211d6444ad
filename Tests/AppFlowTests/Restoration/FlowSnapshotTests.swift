import AppFlow
import Navigator
import Testing

@Suite struct FlowSnapshotTests {
  /// A flow whose first screen is a route's, made by the route table.
  final class RouteFlow: Flow<String> {
    let route: AnyRoute
    let tableName: String
    weak var table: RouteTable?
    var outcomes: [String] = []
    init(_ name: String, _ route: some Route, table: RouteTable) {
      tableName = name
      self.route = AnyRoute(route)
      self.table = table
    }
    override var name: String { tableName }
    override func makeFirstScreen() throws(NavigationError) -> ViewController {
      guard let table else { throw NavigationError(.invalidRequest, "no table") }
      return try table.makeScreen(for: route)
    }
    override func didEnd(with outcome: FlowOutcome<String>) { outcomes.append("\(outcome.ending)") }
  }

  private func register(_ app: AppController) throws {
    try app.routes.registerFlow(RouteFlow.self, tag: "Reviewing") { [weak app] route in
      app.map {
        RouteFlow(route.as(Compose.self) != nil ? "Composing" : "Reviewing", route, table: $0.routes)
      }
    }
  }

  /// A shop running a Reviews flow in a sheet with a Compose child flow pushed in it.
  private func running() throws -> AppController {
    let app = try makeShop()
    try register(app)
    app.navigate(to: Product(id: 42), animated: false)
    let reviews = RouteFlow("Reviewing", Reviews(productID: 42), table: app.routes)
    app.run(reviews, as: .sheet(embeddedInNavigationController: true), animated: false)
    reviews.run(RouteFlow("Composing", Compose(productID: 42), table: app.routes), as: .push, animated: false)
    return app
  }

  @Test func liveFlowsOfRegisteredTypesAreSavedWithTheirRoutes() throws {
    let app = try running()
    let snapshot = try app.snapshot()
    #expect(
      snapshot.flows.map(\.description) == [
        "Reviewing on Reviews(productID: 42) [Reviewing on Compose(productID: 42)]"
      ])
    let bytes = try app.routes.encode(snapshot)
    #expect(String(decoding: bytes, as: UTF8.self).contains(#""flows":[{"children":[{"flow":"Reviewing""#))
    #expect(try app.routes.decodeSnapshot(bytes) == snapshot)
  }

  @Test func restoringMakesTheFlowsAgainOnTheirScreensAndTheyEndAsAnyFlow() throws {
    let bytes = try running().encodeSnapshot()
    let app = try makeShop()
    try register(app)
    app.window.journal.isEnabled = true
    var restored = false
    app.restore(bytes) { restored = (try? $0.get()) != nil }
    #expect(restored)
    #expect(app.flows.description.contains("Reviewing#1"))
    let parent = try #require(app.liveFlows(ofType: RouteFlow.self).first)
    let child = try #require(parent.children.first as? RouteFlow)
    #expect(parent.name == "Reviewing" && child.name == "Composing")
    #expect(child.firstScreen?.title == "Compose(productID: 42)")
    #expect(
      notes(app) == [
        "Reviewing#1.started(Reviews(productID: 42))", "Composing#2.started(Compose(productID: 42))",
      ])
    child.finish("sent", animated: false)
    #expect(child.outcomes == ["finished"])
    let sheet = try #require(app.rootNavigationController?.presentedViewController as? NavigationController)
    #expect(sheet.viewControllers.map(\.title) == ["Reviews(productID: 42)"], "the restored push pops back")
    parent.finish("done", animated: false)
    #expect(parent.outcomes == ["finished"])
    #expect(app.rootNavigationController?.presentedViewController == nil, "the restored sheet is dismissed")
  }

  @Test func anUnknownFlowTagIsATypedError() throws {
    let app = try makeShop()
    let text =
      #"{"flows":[{"flow":"Paying","route":{"route":"Catalog","value":{}}}],"navigationSnapshot":1,"state":{}}"#
    #expect {
      try app.routes.decodeSnapshot(Array(text.utf8))
    } throws: { error in
      (error as? SnapshotError)?.code == .unknownFlow
    }
    #expect(throws: RouteError.duplicateFlow("Reviewing")) {
      try register(app)
      try register(app)
    }
  }
}
