#if canImport(Glibc)
  import AppFlow
  import Foundation
  import Glibc
  import Navigator
  import ShopApp
  import Testing

  @testable import FlowServiceCore

  /// What a session's log costs in memory: the heap per hosted session with recording off and
  /// on, its log holding a few inputs or full. Each figure is measured in a process of its own
  /// (an exit test), from the heap after a first round of sessions, net of SQLite's memory.
  ///
  /// Slow in a debug build (about 100 requests' work per session), so it runs only when
  /// `FLOW_SERVICE_MEASURE_LOG_MEMORY` is set; it prints the figures and fails when a session
  /// whose log may keep 100 inputs takes 6 KB or more with 2 inputs in it (a session that was
  /// created and opened a deep link; measured: 3.7 KB), or with 100, whether other sessions
  /// have the same or each its own (measured: 5.4 and 5.7 KB):
  ///
  /// ```
  /// FLOW_SERVICE_MEASURE_LOG_MEMORY=1 swift test --package-path Service --skip-build --filter SessionLogMemoryTests
  /// ```
  @Suite(
    .enabled(
      if: ProcessInfo.processInfo.environment["FLOW_SERVICE_MEASURE_LOG_MEMORY"] != nil,
      "set FLOW_SERVICE_MEASURE_LOG_MEMORY=1 to measure"), .serialized)
  struct SessionLogMemoryTests {
    /// How many sessions a measurement holds.
    static let count = 2_000

    /// A measurement: the log's limit, and how many inputs each session gets (its `start`
    /// included).
    struct Case: Codable, Sendable, CustomTestStringConvertible {
      var limit: Int
      var inputs: Int
      /// The most bytes a session may take.
      var budget: Int?
      /// A Boolean value indicating whether each session opens products of its own, so that
      /// no two sessions' logs share an input.
      var unique = false
      var testDescription: String { "limit \(limit), \(inputs) \(unique ? "unique " : "")inputs" }
    }

    @Test(arguments: [
      Case(limit: 0, inputs: 2), Case(limit: 100, inputs: 2, budget: 6 * 1024), Case(limit: 0, inputs: 100),
      Case(limit: 100, inputs: 100, budget: 6 * 1024), Case(limit: 0, inputs: 100, unique: true),
      Case(limit: 100, inputs: 100, budget: 6 * 1024, unique: true),
    ])
    func heapPerSession(_ measured: Case) async throws {
      // The child's database and report, in a directory this process removes however the
      // child ends.
      try await withTemporaryDirectory { directory in
        await #expect(processExitsWith: .success) { [measured, path = directory.path as String] in
          await SessionLogMemoryTests.measure(measured, in: TemporaryDirectory(path: path))
        }
        let text = (try? String(contentsOfFile: Self.report(in: directory), encoding: .utf8)) ?? "(no report)"
        print("\(measured.testDescription): \(text)")
        #expect(!text.contains("FAILED"), "\(text)")
      }
    }

    /// Where the child process writes its figures.
    static func report(in directory: TemporaryDirectory) -> String { directory.file("report.txt") }

    /// Creates ``count`` sessions over SQLite (its database in `directory`) whose logs keep `limit` inputs, gives each
    /// `inputs` inputs (its start, then deep links to products and back, in turn), and writes
    /// the heap per session to the report in `directory`; exits with status 1 over the budget.
    static func measure(_ measured: Case, in directory: TemporaryDirectory) async {
      let report = Report(path: Self.report(in: directory))
      do {
        let host = SessionHost(
          store: try SQLiteSnapshotStore(path: directory.file("sessions.sqlite")),
          codec: ShopApp.codec(logLimit: measured.limit), idleTimeout: nil
        ) {
          let app = try ShopApp.makeApp(logLimit: measured.limit)
          app.window.journal.isEnabled = true
          return app
        }
        var made = 0
        func session() async throws -> SessionID {
          made += 1
          let offset = measured.unique ? made * 1_000 : 0
          let id = try await host.create()
          try await host.withSession(id) { app in
            _ = SessionEvents.take(from: app)
            for input in 1..<measured.inputs {
              if input % 2 == 1 {
                try SessionActions.open("shop://catalog/products/\(offset + input)", in: app)
              } else {
                try SessionActions.perform(ActionRequest(action: "back"), in: app)
              }
              _ = SessionEvents.take(from: app)
            }
            if measured.limit > 0, ShopApp.log(of: app)?.steps.count != measured.inputs {
              report.add("FAILED: the log holds \(ShopApp.log(of: app)?.steps.count ?? 0) inputs")
            }
          }
          try await host.save(id)
          return id
        }
        func heap() -> Int {
          trimHeap()
          return (heapInUse() ?? 0) - sqliteMemoryUsed()
        }
        // A first round, so that the start counts what the process keeps once it ran sessions.
        var first: [SessionID] = []
        for _ in 0..<count { first.append(try await session()) }
        for id in first { try await host.evict(id) }
        let start = heap()
        for _ in 0..<count { _ = try await session() }
        let perSession = (heap() - start) / count
        report.add("\(perSession) B of heap per session (\(count) sessions)")
        if let budget = measured.budget, perSession >= budget {
          report.add("FAILED: \(perSession) B is not under \(budget) B")
        }
        exit(0)
      } catch {
        report.add("FAILED: \(error)")
        exit(1)
      }
    }
  }
#endif
