import AppFlow
import GRDB
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import Logging
import Navigator
import ShopApp
import Synchronization
import Testing

@testable import FlowServiceCore

/// Idle eviction leaves nothing of a session in the service's memory: counted, not measured.
@Suite struct EvictionTests {
  @Test func evictedSessionsHoldNothing() async throws {
    try await withTemporaryDirectory { directory in
      let clock = ManualSessionClock()
      let host = SessionHost(
        store: try SQLiteSnapshotStore(path: directory.file("sessions.sqlite")), codec: ShopApp.codec,
        clock: clock,
        idleTimeout: .seconds(60)
      ) {
        let app = try ShopApp.makeApp()
        app.window.journal.isEnabled = true
        return app
      }
      let events = SessionEvents()
      let metrics = ServiceMetrics()
      let authentication = Authentication(apiKey: testAPIKey, sessionKey: Array(repeating: 7, count: 32))
      let routes = FlowServiceRoutes(
        host: host, bodyLimit: 64 * 1024,
        observer: RequestObserver(metrics: metrics, logger: CapturedLogs().logger(), accessLog: false),
        events: events, gate: .local, authentication: authentication,
        streams: EventStreamCount(limit: 1_000, sessionLimit: 16))
      let eviction = IdleEviction(
        host: host, interval: .seconds(1), gate: .local, events: events, metrics: metrics,
        authentication: authentication)
      /// The evictions counted in the metrics.
      @Sendable func evictions() -> String? {
        Exposition(String(decoding: metrics.exposition(liveSessions: 0), as: UTF8.self))
          .value(ServiceMetrics.Name.evictions)
      }
      let router = Router(context: BasicWebSocketRequestContext.self)
      // Checks each session's credential, as the service does, which keeps the session's secret.
      router.middlewares.add(AuthenticationMiddleware(authentication: authentication))
      routes.add(to: router)
      try await Application(router: router).test(.router) { client in
        let service = ServiceClient(client: client)
        var ids: [String] = []
        for _ in 0..<200 {
          let id = try await service.createSession()
          try await service.open(id, "shop://catalog/products/42")
          ids.append(id)
        }
        let live = events.footprint
        #expect(live.channels == 200)
        #expect(live.recentEvents > 200)
        #expect(await host.liveSessionCount == 200)
        #expect(authentication.recentSecretCount == 200)

        clock.advance(by: .seconds(60))
        #expect(await eviction.evictIdle().count == 200)
        #expect(evictions() == "200")
        #expect(events.footprint == (0, 0))
        #expect(await host.liveSessionCount == 0)
        #expect(authentication.recentSecretCount == 0)

        // A restored session counts its events from 0 again, and is released again.
        let restored = ids[0]
        _ = try await service.state(restored)
        let afterRestoring = events.recent(try SessionID(restored))
        #expect(!afterRestoring.isEmpty)
        #expect(afterRestoring.map(\.index) == Array(0..<afterRestoring.count))
        #expect(events.footprint == (1, afterRestoring.count))
        #expect(authentication.recentSecretCount == 1)
        clock.advance(by: .seconds(60))
        #expect(await eviction.evictIdle() == [try SessionID(restored)])
        #expect(evictions() == "201")
        #expect(events.footprint == (0, 0))
        #expect(authentication.recentSecretCount == 0)
      }
    }
  }

  #if canImport(Glibc)
    /// A sweep hands SQLite's caches back once `trimThreshold` sessions were evicted since the
    /// last time, or when it leaves the host without sessions; not otherwise.
    @Test func aSweepReleasesSQLitesCachesAfterManyEvictionsOrTheLast() async throws {
      try await withTemporaryDirectory { directory in
        let clock = ManualSessionClock()
        let store = try SQLiteSnapshotStore(path: directory.file("sessions.sqlite"))
        let host = SessionHost(store: store, codec: ShopApp.codec, clock: clock, idleTimeout: .seconds(60)) {
          try ShopApp.makeApp()
        }
        let eviction = IdleEviction(
          host: host, interval: .seconds(1), gate: .local, events: SessionEvents(), metrics: ServiceMetrics(),
          sqlite: store, trimThreshold: 50)
        @Sendable func writerCache() async throws -> Int {
          try await store.pool.writeWithoutTransaction { db in sqliteCacheUsed(db.sqliteConnection) }
        }
        func create(_ count: Int) async throws -> Set<SessionID> {
          var ids: Set<SessionID> = []
          for _ in 0..<count {
            let id = try await host.create()
            try await host.save(id)
            ids.insert(id)
          }
          return ids
        }
        let first = try await create(30)
        clock.advance(by: .seconds(30))
        let second = try await create(40)
        clock.advance(by: .seconds(30))
        // 30 evicted, 40 held: under the threshold, the cache stays.
        let beforeFirst = try await writerCache()
        #expect(Set(await eviction.evictIdle()) == first)
        let afterFirst = try await writerCache()
        #expect(beforeFirst > 20_000, "the writer's cache holds \(beforeFirst) B")
        #expect(afterFirst >= beforeFirst, "the writer's cache holds \(afterFirst) B")
        // 40 more, 70 since the last release, 10 held: released.
        clock.advance(by: .seconds(10))
        let third = try await create(10)
        clock.advance(by: .seconds(20))
        #expect(Set(await eviction.evictIdle()) == second)
        let afterSecond = try await writerCache()
        #expect(afterSecond < afterFirst / 4, "the writer's cache holds \(afterSecond) B")
        // The last 30, under the threshold, but the host is left empty: released.
        let filled = try await writerCache()
        let last = try await create(20).union(third)
        #expect(try await writerCache() > filled)
        clock.advance(by: .seconds(60))
        #expect(Set(await eviction.evictIdle()) == last)
        #expect(await host.liveSessionCount == 0)
        let afterLast = try await writerCache()
        #expect(afterLast < afterFirst / 4, "the writer's cache holds \(afterLast) B")
      }
    }
  #endif

  /// A sweep trims the heap after many evictions or the last one; the first later sweep that
  /// finds the host holding no more sessions than right after that trims once more (the pages
  /// freed since go back), and no other sweep trims.
  @Test func theSweepAfterATrimTrimsAgainWhenTheHostHasNotGrown() async throws {
    let clock = ManualSessionClock()
    let host = SessionHost(codec: ShopApp.codec, clock: clock, idleTimeout: .seconds(60)) {
      try ShopApp.makeApp()
    }
    let trims = Mutex(0)
    let logs = CapturedLogs()
    let eviction = IdleEviction(
      host: host, interval: .seconds(1), gate: .local, events: SessionEvents(), metrics: ServiceMetrics(),
      trimThreshold: 50, logger: logs.logger(), trimHeap: { trims.withLock { $0 += 1 } })
    /// What one sweep did: the sessions it evicted, the trims it made, and the reasons it logged.
    struct Sweep: Equatable {
      var evicted: Int
      var trims: Int
      var reasons: [String]
    }
    var sweeps: [Sweep] = []
    func sweep() async {
      let trimsBefore = trims.withLock { $0 }
      let logged = logs.records.count
      let evicted = await eviction.evictIdle().count
      let reasons = logs.records.dropFirst(logged).map { "\($0.message): \($0.metadata["reason"] ?? "-")" }
      sweeps.append(Sweep(evicted: evicted, trims: trims.withLock { $0 } - trimsBefore, reasons: reasons))
    }
    func create(_ count: Int) async throws {
      for _ in 0..<count { _ = try await host.create() }
    }
    try await create(60)
    clock.advance(by: .seconds(30))
    try await create(10)
    clock.advance(by: .seconds(30))
    await sweep()  // the first 60, over the threshold: trims, 10 held
    try await create(5)
    await sweep()  // none evicted, 15 held, more than after the trim: no trim
    clock.advance(by: .seconds(30))
    await sweep()  // the 10, under the threshold, 5 held: trims again
    await sweep()  // none: no trim
    clock.advance(by: .seconds(30))
    await sweep()  // the last 5, the host empty: trims
    await sweep()  // none evicted, none held: trims again
    await sweep()  // none: no trim
    let trimmed = "Handed the heap's free pages back"
    #expect(
      sweeps == [
        Sweep(evicted: 60, trims: 1, reasons: ["\(trimmed): evictions"]),
        Sweep(evicted: 0, trims: 0, reasons: []),
        Sweep(evicted: 10, trims: 1, reasons: ["\(trimmed): again"]),
        Sweep(evicted: 0, trims: 0, reasons: []),
        Sweep(evicted: 5, trims: 1, reasons: ["\(trimmed): evictions"]),
        Sweep(evicted: 0, trims: 1, reasons: ["\(trimmed): again"]),
        Sweep(evicted: 0, trims: 0, reasons: []),
      ])
    // Each trim's record says what the sweep evicted, what the host held, and what it took.
    #expect(
      logs.records(trimmed).map { [$0.metadata["evicted"], $0.metadata["live"]] }
        == [["60", "10"], ["10", "5"], ["5", "0"], ["0", "0"]])
    #expect(
      logs.records(trimmed).allSatisfy {
        $0.level == .info && Set($0.metadata.keys) == ["reason", "evicted", "live", "trim_ms", "resident_mb"]
      })
  }

  @Test func aStreamKeepsItsChannelButNotTheRecentEventsOfAnEvictedSession() async throws {
    let events = SessionEvents()
    let id = try SessionID("s")
    events.hold(id)
    events.publish(id, ["a", "b"])
    let subscription = events.subscribe(id)
    #expect(subscription.next == 2)
    events.release([id])
    #expect(events.footprint == (1, 0))
    // Relayed events still reach the stream, but are not kept.
    events.publish(id, ["c"])
    #expect(events.footprint == (1, 0))
    events.unsubscribe(id, token: subscription.token)
    #expect(events.footprint == (0, 0))
    var received: [SessionEvent] = []
    for await event in subscription.events { received.append(event) }
    #expect(received == [SessionEvent(index: 2, event: "c")])
    // Events relayed for a session this instance doesn't hold are counted (from 0 again: its
    // channel went with its last stream), not kept, until the next sweep.
    events.publish(id, ["d"])
    #expect(events.footprint == (1, 0))
    #expect(events.subscribe(id).next == 1)
    events.releaseUnheld()
    #expect(events.footprint == (1, 0))
    events.unsubscribe(id, token: 1)
    #expect(events.footprint == (0, 0))
  }
}
