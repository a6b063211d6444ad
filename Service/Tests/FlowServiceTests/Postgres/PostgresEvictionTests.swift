import AppFlow
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import Navigator
import ShopApp
import Testing

@testable import FlowServiceCore

/// Idle eviction over PostgreSQL leaves nothing of a session in the instance: not its copy,
/// its events, its secret, nor the version of its row that the store knew.
@Suite(.enabled(if: TestPostgres.url != nil, TestPostgres.unavailable))
struct PostgresEvictionTests {
  @Test func anEvictedSessionLeavesNoVersionInTheStore() async throws {
    try await TestPostgres.withDatabase { url in
      try await TestPostgres.withStore(url) { store in
        let clock = ManualSessionClock()
        let host = SessionHost(store: store, codec: ShopApp.codec, clock: clock, idleTimeout: .seconds(60)) {
          let app = try ShopApp.makeApp()
          app.window.journal.isEnabled = true
          return app
        }
        let events = SessionEvents()
        let metrics = ServiceMetrics()
        let gate = SessionGate.shared(store, SessionLine())
        let authentication = Authentication(apiKey: testAPIKey, sessionKey: Array(repeating: 7, count: 32))
        let routes = FlowServiceRoutes(
          host: host, bodyLimit: 64 * 1024,
          observer: RequestObserver(metrics: metrics, logger: CapturedLogs().logger(), accessLog: false),
          events: events, gate: gate, authentication: authentication,
          streams: EventStreamCount(limit: 1_000, sessionLimit: 16))
        let eviction = IdleEviction(
          host: host, interval: .seconds(1), gate: gate, events: events, metrics: metrics,
          authentication: authentication)
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.middlewares.add(AuthenticationMiddleware(authentication: authentication))
        routes.add(to: router)
        try await Application(router: router).test(.router) { client in
          let service = ServiceClient(client: client)
          var ids: [String] = []
          for _ in 0..<20 {
            let id = try await service.createSession()
            try await service.open(id, "shop://catalog/products/42")
            ids.append(id)
          }
          #expect(store.knownVersionCount == 20)
          #expect(events.footprint.channels == 20)
          #expect(authentication.recentSecretCount == 20)
          #expect(await host.liveSessionCount == 20)

          clock.advance(by: .seconds(60))
          #expect(Set(await eviction.evictIdle().map(\.rawValue)) == Set(ids))
          #expect(store.knownVersionCount == 0)
          #expect(events.footprint == (0, 0))
          #expect(authentication.recentSecretCount == 0)
          #expect(await host.liveSessionCount == 0)

          // A session asked for again is restored from its row, and released again.
          let state = try await service.state(ids[0])
          #expect(state.root?.stack == [Expected.catalog, Expected.product(42)])
          #expect(store.knownVersionCount == 1)
          clock.advance(by: .seconds(60))
          #expect(await eviction.evictIdle() == [try SessionID(ids[0])])
          #expect(store.knownVersionCount == 0)
          #expect(events.footprint == (0, 0))
          #expect(authentication.recentSecretCount == 0)
        }
      }
    }
  }
}
