import AppFlow
import Navigator
import Testing

/// The host with the navigation-snapshot codec: an evicted shop session comes back where it
/// was, flows included.
@Suite struct NavigationSnapshotCodecTests {
  @Test func anEvictedShopSessionIsRestoredWithItsStateAndFlows() async throws {
    let host = SessionHost(codec: .navigationSnapshots()) {
      let app = try makeShop()
      try app.routes.registerFlow(TestFlow.self, tag: "Test") { _ in TestFlow("Restored") }
      return app
    }
    let id = try await host.create()
    let before = try await host.withSession(id) { app -> String in
      app.navigate(to: Compose(productID: 42), animated: false)
      return "\(app.window.navigationState(keyedBy: AnyRoute.self))"
    }
    try await host.evict(id)
    #expect(await host.liveSessionCount == 0)
    let after = try await host.withSession(id) { app in
      "\(app.window.navigationState(keyedBy: AnyRoute.self))"
    }
    #expect(after == before)
    #expect(after.contains("Compose(productID: 42)"))
  }

  @Test func aSnapshotTheRouteTableCantReadFailsTypedAndTheSessionStaysAtItsRoot() async throws {
    let store = InMemorySnapshotStore()
    let id = try SessionID("broken")
    try await store.save(Array(#"{"navigationSnapshot": 9, "state": {}}"#.utf8), for: id)
    let host = SessionHost(store: store, codec: .navigationSnapshots()) { try makeShop() }
    do {
      _ = try await host.withSession(id) { _ in 0 }
      Issue.record("a snapshot of version 9 should not restore")
    } catch let error as SessionError {
      #expect(error.code == .restoreFailed)
      #expect(error.message.contains("unknownVersion"), "\(error.message)")
    }
  }
}
