import AppFlow
import Foundation
import Navigator
import Testing

@Suite struct SnapshotTests {
  typealias State = NavigationState<AnyRoute>

  /// A shop showing Catalog → Product 42 with Reviews 42 → Compose 42 in a sheet.
  private func deepShop() throws -> AppController {
    let app = try makeShop()
    var opened = false
    app.navigate(to: Compose(productID: 42), animated: false) { opened = (try? $0.get()) != nil }
    try #require(opened)
    return app
  }

  private func golden(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Golden/\(name)")
    return Array(try Data(contentsOf: url))
  }

  private func state(_ app: AppController) -> State { app.window.navigationState(keyedBy: AnyRoute.self) }

  @Test func aSnapshotIsWrittenAsTheGoldenFileAndReadBack() throws {
    let app = try deepShop()
    let snapshot = try app.snapshot()
    let bytes = try app.routes.encode(snapshot)
    let expected = try golden("shop-v1.json")
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == String(decoding: expected, as: UTF8.self).trimmingCharacters(in: .newlines))
    #expect(try app.routes.decodeSnapshot(expected) == snapshot)
    #expect(snapshot.version == 1)
  }

  @Test func restoringASnapshotInAFreshSessionReachesTheSameStateAllOrNothing() throws {
    let app = try deepShop()
    let bytes = try app.encodeSnapshot()
    let fresh = try makeShop()
    var result: Result<[String], RestorationError>?
    fresh.restore(bytes) { result = $0.map { $0.steps.map(\.description) } }
    #expect(
      result
        == .success([
          "push Product(id: 42) onto root",
          "present NavigationController[Reviews(productID: 42), Compose(productID: 42)] from root as pageSheet",
        ]))
    #expect(state(fresh) == state(app))
  }

  @Test func badSnapshotsAreTypedErrorsAndTheSessionStaysAtItsRoot() throws {
    let app = try makeShop()
    let before = state(app)
    let cases: [(String, SnapshotError.Code)] = [
      ("", .corrupt),
      ("not json", .corrupt),
      (#"{"navigationSnapshot": 2, "state": {}}"#, .unknownVersion),
      (#"{"navigationSnapshot": 0, "state": {}}"#, .unknownVersion),
      (#"{"state": {}}"#, .corrupt),
      (#"{"navigationSnapshot": 1}"#, .corrupt),
      (
        #"{"navigationSnapshot": 1, "state": {"root": {"key": {"route": "Basket", "value": {}}}}}"#,
        .unknownRoute
      ),
      (
        #"{"navigationSnapshot": 1, "state": {"root": {"key": {"route": "Product", "value": {"id": "x"}}}}}"#,
        .corrupt
      ),
      (#"{"navigationSnapshot": 1, "state": {"root": {"key": {"route": "Catalog"}}}}"#, .corrupt),
      (#"{"navigationSnapshot": 1, "state": {"root": {"stack": []}}}"#, .corrupt),
    ]
    var codes: [SnapshotError.Code] = []
    for (text, _) in cases {
      var result: Result<NavigationPlan<AnyRoute>, RestorationError>?
      app.restore(Array(text.utf8)) { result = $0 }
      if case .failure(.snapshot(let error)) = result {
        codes.append(error.code)
      } else {
        Issue.record("\(text): \(String(describing: result))")
      }
    }
    #expect(codes == cases.map(\.1))
    #expect(state(app) == before)
    do {
      _ = try app.routes.decodeSnapshot(
        Array(
          #"{"navigationSnapshot": 1, "state": {"root": {"key": {"route": "Basket", "value": {}}}}}"#.utf8))
    } catch {
      #expect(
        error.message
          == "The snapshot names the route \"Basket\" at .state.root.key, which the route table doesn't know; "
          + "known: Catalog, Compose, Filters, Note, Preview, Product, Reviews.")
    }
  }

  @Test func aScreenWithoutARouteCantBeSnapshotted() throws {
    let app = try makeShop()
    app.navigator.push(.instance(NamedScreen("Loose")), options: NavigationOptions().animated(false))
    #expect {
      try app.snapshot()
    } throws: { error in
      (error as? SnapshotError)?.code == .unkeyedScreen
    }
  }

  @Test func twoRouteTypesCantShareATag() throws {
    struct Catalog2: Route { static var routeName: String { "Catalog" } }
    let app = try makeShop()
    #expect(throws: RouteError.duplicateRoute("Catalog")) {
      try app.routes.register(Catalog2.self) { _ in NamedScreen("Catalog2") }
    }
  }
}
