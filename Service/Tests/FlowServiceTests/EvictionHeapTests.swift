#if canImport(Glibc)
  import AppFlow
  import Foundation
  import Glibc
  import Navigator
  import ShopApp
  import Testing

  @testable import FlowServiceCore

  /// Memory comes back: sessions created through the service and evicted leave the heap where
  /// it was. Measured in a process of its own (an exit test), so that no other test's
  /// allocations are counted.
  /// Lines written to a file as they come, so that a child process that exits leaves them.
  final class Report: Sendable {
    let path: String
    init(path: String) {
      self.path = path
      unlink(path)
    }
    func add(_ line: String) {
      guard let file = fopen(path, "a") else { return }
      fputs(line + "\n", file)
      fclose(file)
    }
  }

  @Suite struct EvictionHeapTests {
    /// How many sessions each round creates and evicts: enough that the allocator's fixed
    /// residue after an eviction (85 to 120 KB here, SQLite's 24 KB included, whether a round
    /// has 2,000 sessions or 6,000; up to 300 KB while a full parallel test run spreads the
    /// sessions' work over more threads, each with its own cache of free blocks) stays under
    /// 2% of what a round's sessions take (about 25 MB).
    static let count = 6_000

    @Test func theHeapComesBackOnceSessionsAreEvicted() async throws {
      // The child's database and report, in a directory this process removes however the
      // child ends.
      try await withTemporaryDirectory { directory in
        await #expect(processExitsWith: .success) { [path = directory.path as String] in
          await EvictionHeapTests.measure(count: EvictionHeapTests.count, in: TemporaryDirectory(path: path))
        }
        // The figures, and what failed: the child writes them to a file (this toolchain's exit
        // tests hand back no output on Linux).
        let text = (try? String(contentsOfFile: Self.report(in: directory), encoding: .utf8)) ?? "(no report)"
        print(text)
        #expect(!text.contains("FAILED"), "\(text)")
      }
    }

    /// Where the child process writes its figures.
    static func report(in directory: TemporaryDirectory) -> String { directory.file("report.txt") }

    /// Creates `count` sessions over SQLite (its database in `directory`), each opening a product, as the service's
    /// endpoints do (the host, the events' channels, the gate, the store; without HTTP, whose
    /// test harness keeps about 5 KB a request of its own), and evicts them with the service's
    /// idle eviction, three times. Writes the heap in use (SQLite's memory included, its share
    /// beside it) and the resident set at each step to the report in `directory`, and exits with status 1
    /// when the second or the third round leaves more than 2% of what its sessions took at
    /// their peak (a leak of 80 bytes a session would), or leaves SQLite more memory than it
    /// had at the start (its page caches, which the saves fill up to 2 MiB a connection, must
    /// be handed back): the start is after the first round, so that it counts what the process
    /// keeps once it ran sessions at all, and the heap of this small process, about 0.7 MB, is
    /// too small a base for a share of it to mean anything. (`load-test.sh evict` measures the
    /// heap of a release server against its start, at 100,000 sessions.)
    static func measure(count: Int, in directory: TemporaryDirectory) async {
      let report = Report(path: Self.report(in: directory))
      do {
        let clock = ManualSessionClock()
        let store = try SQLiteSnapshotStore(path: directory.file("sessions.sqlite"))
        let host = SessionHost(store: store, codec: ShopApp.codec, clock: clock, idleTimeout: .seconds(60)) {
          let app = try ShopApp.makeApp()
          app.window.journal.isEnabled = true
          return app
        }
        let events = SessionEvents()
        let gate = SessionGate.local
        let metrics = ServiceMetrics()
        let authentication = Authentication(apiKey: testAPIKey, sessionKey: Array(repeating: 7, count: 32))
        let routes = FlowServiceRoutes(
          host: host, bodyLimit: 64 * 1024,
          observer: RequestObserver(metrics: metrics, logger: CapturedLogs().logger(), accessLog: false),
          events: events, gate: gate, authentication: authentication,
          streams: EventStreamCount(limit: 1_000, sessionLimit: 16))
        let eviction = IdleEviction(
          host: host, interval: .seconds(1), gate: gate, events: events, metrics: metrics,
          authentication: authentication, sqlite: store)
        var failures: [String] = []
        /// SQLite's share of the heap at the last step.
        var sqlite = 0

        /// POST /sessions, then POST /sessions/{id}/open with the session's secret.
        func createAndOpen() async throws {
          let id = try await host.create()
          try await host.save(id)
          let texts = try await host.withSession(id) { app in SessionEvents.take(from: app) }
          events.hold(id)
          try await gate.publish(id, texts, to: events)
          try authentication.checkSession(Substring(id.rawValue), try authentication.secret(for: id))
          try await routes.inSession(id) { app in
            try SessionActions.open("shop://catalog/products/42", in: app)
          }
          try await host.save(id)
        }
        /// The heap in use, SQLite's share of it included.
        func step(_ name: String) -> Int {
          trimHeap()
          let heap = heapInUse() ?? 0
          sqlite = sqliteMemoryUsed()
          report.add(
            "\(name): heap in use \(heap) B, of which SQLite's \(sqlite) B, resident \(residentBytes()) B")
          return heap
        }
        func round() async throws -> Int {
          for _ in 0..<count { try await createAndOpen() }
          if await host.liveSessionCount != count { failures.append("\(count) sessions are not live") }
          if events.footprint.channels != count {
            failures.append("\(events.footprint) channels, not \(count)")
          }
          return step("\(count) sessions live")
        }
        func evict() async -> Int {
          clock.advance(by: .seconds(60))
          let evicted = await eviction.evictIdle().count
          if evicted != count { failures.append("\(evicted) sessions evicted, not \(count)") }
          if events.footprint != (0, 0) { failures.append("the events keep \(events.footprint)") }
          if authentication.recentSecretCount != 0 {
            failures.append("\(authentication.recentSecretCount) secrets are kept")
          }
          if await host.liveSessionCount != 0 { failures.append("sessions are live after the eviction") }
          return step("evicted")
        }

        // A first round, so that the start counts what the process keeps once it ran sessions
        // at all: the store's connections and statements, the shop's routes, the runtime's
        // caches, and the free blocks glibc keeps per thread (its tcache, counted as in use).
        _ = step("fresh")
        _ = try await round()
        _ = await evict()
        let start = step("start")
        let sqliteAtStart = sqlite
        let firstPeak = try await round()
        let first = await evict()
        let sqliteAfterFirst = sqlite
        let secondPeak = try await round()
        let second = await evict()
        report.add(
          "per session at the peaks: \((firstPeak - start) / count) B, \((secondPeak - start) / count) B; "
            + "left after the second round: \(first - start) B, after the third: \(second - start) B")
        for (round, heap, peak) in [(1, first, firstPeak), (2, second, secondPeak)]
        where Double(heap - start) > Double(peak - start) * 0.02 {
          failures.append(
            "round \(round) left \(heap - start) B of the \(peak - start) B its sessions took: over 2%")
        }
        // SQLite's caches, filled by the sessions' saves, are handed back by the eviction.
        for (round, bytes) in [(1, sqliteAfterFirst), (2, sqlite)] where bytes > sqliteAtStart {
          failures.append("round \(round) left SQLite \(bytes) B, \(sqliteAtStart) B at the start")
        }
        for failure in failures { report.add("FAILED: \(failure)") }
        exit(failures.isEmpty ? 0 : 1)
      } catch {
        report.add("FAILED: \(error)")
        exit(1)
      }
    }
  }
#endif
