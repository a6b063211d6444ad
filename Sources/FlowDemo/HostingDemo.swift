import AppFlow
import Foundation
import Navigator

/// Reads the time that has passed, for the lines that say how long something took.
///
/// The tour's transcript has no such line; the `many-sessions` section prints one, labelled as
/// depending on the machine. Tests use a stopwatch that reads fixed durations.
struct Stopwatch {
  /// The time since the stopwatch started.
  var elapsed: () -> Duration

  /// A stopwatch on the monotonic clock, started now.
  static func started() -> Stopwatch {
    let start = ContinuousClock.now
    return Stopwatch { ContinuousClock.now - start }
  }

  /// The duration as seconds with two decimals.
  static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let hundredths = seconds * 100 + attoseconds / 10_000_000_000_000_000
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) s"
  }
}

extension Demo {
  /// The number with a comma between groups of three digits, whatever the locale.
  static func grouped(_ number: Int) -> String {
    let digits = String(number)
    guard digits.count > 3 else { return digits }
    return grouped(number / 1000) + "," + String(digits.suffix(3))
  }

  /// Hosting sessions: `count` shop sessions in one host, each at its own place, saved to a
  /// temporary directory and evicted, then three of them brought back from their files.
  ///
  /// - Parameters:
  ///   - output: Where the journey writes.
  ///   - count: The number of sessions.
  ///   - progressEvery: Writes a progress line each time this many more sessions are hosted
  ///     or evicted; `nil` for none.
  ///   - stopwatch: Times the hosting, the eviction, the restoring and the removal of the
  ///     files, written last as a machine-dependent line; `nil` for no timing.
  static func hostingJourney(
    into output: Transcript, sessions count: Int, progressEvery: Int? = nil, stopwatch: Stopwatch? = nil
  ) async {
    output.step(
      "\(grouped(count)) shop sessions in one host, saved to a temporary directory, three restored")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("FlowDemo-sessions-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let batch = min(500, progressEvery ?? 500)
    /// Writes a progress line when `done` crosses a multiple of `progressEvery`.
    func progress(_ verb: String, from before: Int, to done: Int) {
      guard let every = progressEvery, done / every > before / every else { return }
      output.line("   \(verb) \(grouped(done / every * every)) of \(grouped(count))")
    }
    do {
      let host = SessionHost(
        store: try DirectorySnapshotStore(directory: directory), codec: .navigationSnapshots()
      ) {
        let app = AppController(window: Window(misusePolicy: .report), rootRoute: ShopCatalog())
        try registerShopRoutes(app.routes)
        return app
      }
      let ids = try (0..<count).map { index throws(SessionError) in try SessionID("session-\(index)") }
      // A few hundred sessions at a time: each is created and sent to its place in its own actor.
      for start in stride(from: 0, to: count, by: batch) {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for index in start..<min(start + batch, count) {
            group.addTask {
              _ = try await host.create(ids[index])
              try await host.withSession(ids[index]) { app in
                switch index % 3 {
                case 0: app.navigate(to: ShopProduct(id: index), animated: false)
                case 1: app.navigate(to: ShopReviews(productID: index), animated: false)
                default: break
                }
              }
            }
          }
          try await group.waitForAll()
        }
        progress("hosted", from: start, to: min(start + batch, count))
      }
      let hosted = stopwatch?.elapsed()
      output.line("   hosted: \(grouped(await host.liveSessionCount)) live sessions")
      for start in stride(from: 0, to: count, by: batch) {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for index in start..<min(start + batch, count) {
            group.addTask { try await host.evict(ids[index]) }
          }
          try await group.waitForAll()
        }
        progress("saved and evicted", from: start, to: min(start + batch, count))
      }
      let evicted = stopwatch?.elapsed()
      let files = try await host.store.sessionIDs().count
      output.line(
        "   evicted: \(await host.liveSessionCount) live sessions, \(grouped(files)) snapshot files")
      for index in [0, 1, 2] {
        let tree = try await host.withSession(ids[index]) { app in
          "\(app.window.navigationState(keyedBy: AnyRoute.self))"
        }
        output.line("   \(ids[index]) restored:")
        for line in tree.split(separator: "\n") { output.line("     \(line)") }
      }
      output.line("   live after restoring three: \(await host.liveSessionCount)")
      let restored = stopwatch?.elapsed()
      try? FileManager.default.removeItem(atPath: directory)
      if let stopwatch, let hosted, let evicted, let restored {
        let removed = stopwatch.elapsed()
        output.line(
          "   time on this machine (it depends on the machine, its load and the build): hosting "
            + "\(Stopwatch.seconds(hosted)), saving and evicting \(Stopwatch.seconds(evicted - hosted)), "
            + "restoring three \(Stopwatch.seconds(restored - evicted)), "
            + "removing the files \(Stopwatch.seconds(removed - restored))")
      }
    } catch {
      output.line("   error: \(error)")
    }
    output.line()
  }
}

extension Demo {
  /// Two hosts over one store, as two service instances over one database: the one whose copy
  /// of a session is older than the store's drops it (`discard`) instead of saving over it,
  /// and idle sessions are released without another save.
  static func sharedStoreJourney(into output: Transcript) async {
    output.step("Two hosts over one store: the host with the older copy drops it")
    do {
      let store = InMemorySnapshotStore()
      let clock = ManualSessionClock()
      func makeHost() -> SessionHost {
        SessionHost(store: store, codec: .navigationSnapshots(), clock: clock, idleTimeout: .seconds(60)) {
          let app = AppController(window: Window(misusePolicy: .report), rootRoute: ShopCatalog())
          try registerShopRoutes(app.routes)
          return app
        }
      }
      let (first, second) = (makeHost(), makeHost())
      let id = try SessionID("shared")
      @Sendable func tree(_ app: AppController) -> String {
        "\(app.window.navigationState(keyedBy: AnyRoute.self))"
      }
      func show(_ label: String, _ tree: String) {
        output.line("   \(label):")
        for line in tree.split(separator: "\n") { output.line("     \(line)") }
      }

      try await first.create(id)
      try await first.withSession(id) { app in app.navigate(to: ShopProduct(id: 7), animated: false) }
      try await first.save(id)
      show("first host, saved", try await first.withSession(id, tree))
      try await second.withSession(id) { app in app.navigate(to: ShopReviews(productID: 7), animated: false) }
      try await second.save(id)
      show("second host, restored from the store, changed and saved", try await second.withSession(id, tree))
      show("first host's copy, now older than the store's", try await first.withSession(id, tree))
      output.line("   first host discards its copy: was live \(try await first.discard(id))")
      show("first host, restored from the store", try await first.withSession(id, tree))

      let saved = try await store.load(id)
      clock.advance(by: .seconds(60))
      let released = await second.evictIdle(savingFirst: false)
      output.line(
        "   second host releases its idle sessions without saving: \(released.map(\.rawValue)); "
          + "the store's snapshot unchanged: \(try await store.load(id) == saved)")
    } catch {
      output.line("   error: \(error)")
    }
    output.line()
  }
}
