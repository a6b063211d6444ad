import AppFlow
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import Prometheus
import ShopApp
import Synchronization
import Testing

@testable import FlowServiceCore

/// `GET /metrics`: Prometheus's text format, each request counted and timed under its route's
/// pattern and status, the sessions live and stored, the saves; a scrape reads no stored
/// identifier.
@Suite struct MetricsTests {
  private typealias Name = ServiceMetrics.Name

  /// The samples in the order ``Exposition/samples(_:)`` lists them.
  private func sorted(_ samples: [Sample]) -> [Sample] { samples.sorted { $0.description < $1.description } }

  @Test func eachRequestIsCountedUnderItsRoutesPatternAndStatus() async throws {
    // Each reading of the clock is 1 ms after the one before: a request reads it when it
    // arrives and when it is answered, a save before and after; so a request that saves takes
    // 3 ms, its save 1 ms, any other request 1 ms.
    try await withObservedService { client, _ in
      let first = try await client.createSession()
      _ = try await client.createSession()
      try await client.open(first, "shop://catalog/products/1")
      #expect(try await client.get("/sessions/unknown").status == 404)
      #expect(try await client.post("/sessions/\(first)/open", "{").status == 400)
      #expect(try await client.delete("/sessions/\(first)").status == 204)
      #expect(try await client.get("/nowhere?key=secret").status == 404)
      #expect(try await client.send(.put, "/health").status == 405)
      #expect(try await client.send(HTTPRequest.Method("BREW")!, "/coffee").status == 404)
      let metrics = try await client.metrics()
      func labels(_ method: String, _ route: String, _ status: String) -> [String: String] {
        ["method": method, "route": route, "status": status]
      }
      #expect(
        metrics.samples(Name.requests)
          == sorted([
            Sample(Name.requests, labels("POST", "/sessions", "201"), "2"),
            Sample(Name.requests, labels("POST", "/sessions/{id}/open", "200"), "1"),
            Sample(Name.requests, labels("GET", "/sessions/{id}", "404"), "1"),
            Sample(Name.requests, labels("POST", "/sessions/{id}/open", "400"), "1"),
            Sample(Name.requests, labels("DELETE", "/sessions/{id}", "204"), "1"),
            Sample(Name.requests, labels("GET", "unmatched", "404"), "1"),
            Sample(Name.requests, labels("PUT", "unmatched", "405"), "1"),
            Sample(Name.requests, labels("other", "unmatched", "404"), "1"),
          ]))
      let created = labels("POST", "/sessions", "201")
      #expect(metrics.value(Name.requestDuration + "_count", created) == "2")
      #expect(metrics.value(Name.requestDuration + "_sum", created) == "0.006")
      #expect(
        metrics.samples(Name.requestDuration + "_bucket").filter { $0.labels["route"] == "/sessions" }
          == sorted(
            zip(
              [
                "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1.0",
                "2.5", "5.0",
                "10.0", "+Inf",
              ],
              ["0", "0", "0", "2", "2", "2", "2", "2", "2", "2", "2", "2", "2", "2", "2"]
            ).map { bound, count in
              Sample(Name.requestDuration + "_bucket", created.merging(["le": bound]) { $1 }, count)
            }))
      #expect(metrics.value(Name.requestDuration + "_count", labels("GET", "unmatched", "404")) == "1")
      #expect(metrics.value(Name.requestDuration + "_sum", labels("GET", "unmatched", "404")) == "0.001")
      // Two sessions made, one removed; the other is in memory.
      #expect(metrics.value(Name.sessionsLive) == "1.0")
      #expect(metrics.value(Name.sessionsStored) == "1.0")
      // Three saves: two new sessions and the deep link.
      #expect(metrics.value(Name.saveDuration + "_count") == "3")
      #expect(metrics.value(Name.saveDuration + "_sum") == "0.003")
      #expect(metrics.value(Name.saveFailures) == "0")
      #expect(metrics.value(Name.evictions) == "0")
      #expect(
        metrics.types == [
          Name.requests: "counter", Name.requestDuration: "histogram", Name.sessionsLive: "gauge",
          Name.sessionsStored: "gauge", Name.evictions: "counter", Name.saveDuration: "histogram",
          Name.saveFailures: "counter",
        ])
      // The scrape counts itself once it is answered.
      let next = try await client.metrics()
      #expect(next.value(Name.requests, labels("GET", "/metrics", "200")) == "1")
    }
  }

  @Test func theStoredSessionsAreCountedOnceAtTheStartThenAsTheyComeAndGo() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let ids = try await withService(configuration) { client in
        [
          try await client.createSession(), try await client.createSession(),
          try await client.createSession(),
        ]
      }
      try await withService(configuration) { client in
        var stored: [String?] = [try await client.metrics().value(Name.sessionsStored)]
        #expect(try await client.delete("/sessions/\(ids[0])").status == 204)
        stored.append(try await client.metrics().value(Name.sessionsStored))
        _ = try await client.createSession()
        _ = try await client.createSession()
        stored.append(try await client.metrics().value(Name.sessionsStored))
        // A refused removal changes nothing.
        #expect(try await client.delete("/sessions/\(ids[0])").status == 404)
        stored.append(try await client.metrics().value(Name.sessionsStored))
        #expect(stored == ["3.0", "2.0", "4.0", "4.0"])
      }
    }
  }

  @Test func aScrapeReadsNoStoredIdentifier() async throws {
    let store = CountingStore()
    let host = SessionHost(store: store, codec: ShopApp.codec, idleTimeout: nil) { try ShopApp.makeApp() }
    let metrics = ServiceMetrics()
    let routes = FlowServiceRoutes(
      host: host, bodyLimit: 64 * 1024,
      observer: RequestObserver(metrics: metrics, logger: CapturedLogs().logger(), accessLog: false),
      events: SessionEvents(), gate: .local,
      authentication: Authentication(apiKey: testAPIKey, sessionKey: Array(repeating: 7, count: 32)),
      streams: EventStreamCount(limit: 1_000, sessionLimit: 16))
    metrics.startCounting(stored: try await SessionPage.count(of: store))
    let router = Router(context: BasicWebSocketRequestContext.self)
    routes.add(to: router)
    try await Application(router: router).test(.router) { client in
      let service = ServiceClient(client: client)
      var stored: [String?] = []
      for _ in 0..<2 {
        _ = try await service.createSession()
        stored.append(try await service.metrics().value(Name.sessionsStored))
        stored.append(try await service.metrics().value(Name.sessionsStored))
      }
      #expect(stored == ["1.0", "1.0", "2.0", "2.0"])
    }
    // The count at the start listed the store once (it has no count query); then only saves.
    #expect(store.calls == ["sessionIDs", "save", "save"])
  }
}

/// A store in memory that records which of its methods were called, in order.
final class CountingStore: SnapshotStore {
  private let inner = InMemorySnapshotStore()
  private let log = Mutex<[String]>([])

  /// The methods called so far.
  var calls: [String] { log.withLock { $0 } }

  private func record(_ call: String) { log.withLock { $0.append(call) } }

  func save(_ snapshot: [UInt8], for session: SessionID) async throws(SnapshotStoreError) {
    record("save")
    try await inner.save(snapshot, for: session)
  }

  func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]? {
    record("load")
    return try await inner.load(session)
  }

  func remove(_ session: SessionID) async throws(SnapshotStoreError) {
    record("remove")
    try await inner.remove(session)
  }

  func sessionIDs() async throws(SnapshotStoreError) -> [SessionID] {
    record("sessionIDs")
    return try await inner.sessionIDs()
  }
}
