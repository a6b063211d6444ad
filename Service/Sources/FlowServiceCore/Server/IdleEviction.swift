import AppFlow
import Logging
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A service that evicts the host's idle sessions every `interval`, until a graceful
/// shutdown.
///
/// With one instance (``SessionGate/local``), each session is saved before it is released.
/// Instances sharing PostgreSQL release idle sessions without a save (every change was saved
/// as it completed, and an old copy must not be written over another instance's newer
/// snapshot), and the store forgets the versions of the sessions released. Either way the
/// service's events and the secrets kept for their requests forget them. Once many sessions
/// were evicted, a sweep hands the memory they used back: SQLite's caches, then the heap's
/// free pages; the first later sweep whose host has not grown since trims the heap again
/// (``evictIdle()``).
final class IdleEviction: Service {
  let host: SessionHost
  let interval: Duration
  let gate: SessionGate
  /// The sessions' events, which forget the sessions evicted.
  let events: SessionEvents
  /// The metrics, which count the sessions evicted.
  let metrics: ServiceMetrics
  /// The credentials' checks, which forget the secrets kept of the sessions evicted.
  let authentication: Authentication?
  /// The SQLite store, whose caches are released with the heap's free pages; `nil` with
  /// PostgreSQL.
  let sqlite: SQLiteSnapshotStore?
  /// How many sessions are evicted before SQLite's caches and the heap's free pages are
  /// handed back, when the host still holds others.
  let trimThreshold: Int
  /// Where each hand-back of the heap's free pages is logged, with what it took; none in
  /// most tests.
  let logger: Logger?
  /// Hands the heap's free pages back: ``trimHeap()`` but in tests.
  let trimHeap: @Sendable () -> Void
  /// What the sweeps remember between them.
  private let memory = Mutex(Memory())

  /// Why a sweep hands the heap's free pages back.
  enum Trim: String, Sendable {
    /// It evicted ``IdleEviction/trimThreshold`` sessions or more since the last hand-back,
    /// or the host's last sessions.
    case evictions
    /// The sweep before it handed memory back, and the host holds no more sessions than
    /// right after: the pages freed since then go back too.
    case again
  }

  private struct Memory {
    /// How many sessions were evicted since the memory was last handed back.
    var evictedSinceRelease = 0
    /// The sessions live right after the last hand-back for evictions, while no sweep has
    /// trimmed again since; `nil` otherwise.
    var liveAfterRelease: Int?
  }

  /// Creates the eviction of `host`'s sessions idle for its timeout, looked for every
  /// `interval`; `trimThreshold` is 1,000 and `trimHeap` the C library's trim but in tests.
  init(
    host: SessionHost, interval: Duration, gate: SessionGate, events: SessionEvents,
    metrics: ServiceMetrics, authentication: Authentication? = nil, sqlite: SQLiteSnapshotStore? = nil,
    trimThreshold: Int = 1_000, logger: Logger? = nil,
    trimHeap: @escaping @Sendable () -> Void = IdleEviction.trimHeap
  ) {
    self.trimThreshold = trimThreshold
    self.host = host
    self.interval = interval
    self.gate = gate
    self.events = events
    self.metrics = metrics
    self.authentication = authentication
    self.sqlite = sqlite
    self.logger = logger
    self.trimHeap = trimHeap
  }

  func run() async throws {
    try? await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: self.interval)
        await self.evictIdle()
      }
    }
  }

  /// Evicts the idle sessions once, counts them in the metrics, and releases what the service
  /// keeps of them: their events (``SessionEvents/release(_:)``), their secrets
  /// (``Authentication/forget(_:)``) and, with PostgreSQL, the versions the store knew; and the
  /// event counts of sessions this instance heard of through the relay only.
  ///
  /// Then, once ``trimThreshold`` sessions or more were evicted since it last did, or when
  /// this sweep evicted the last sessions the host held, it hands their memory back: SQLite's
  /// caches (``SQLiteSnapshotStore/releaseMemory()``, which the saves before the evictions
  /// filled), then the heap's free pages (``trimHeap``). Blocks are still freed in the
  /// seconds after that trim, and their pages come back only with another (about 1.7 MB of
  /// blocks and 34 MB of pages at 100,000 sessions; the service's README, "Memory comes
  /// back"), so the first later sweep that finds the host holding no more sessions than right
  /// after it trims the heap once more: a host that grows meanwhile puts those pages to use,
  /// and a busy host trims at most once more for each time its evictions did. Each trim is
  /// logged at `info` with its reason, its duration and the resident set before and after it.
  ///
  /// - Returns: The sessions evicted.
  @discardableResult
  func evictIdle() async -> [SessionID] {
    let evicted: [SessionID]
    switch gate {
    case .local:
      evicted = await host.evictIdle()
    case .shared(let store, _):
      evicted = await host.evictIdle(savingFirst: false)
      store.forget(evicted)
    }
    metrics.recordEvictions(evicted.count)
    events.release(evicted)
    events.releaseUnheld()
    authentication?.forget(evicted)
    let live = await host.liveSessionCount
    let trim = memory.withLock { memory -> Trim? in
      memory.evictedSinceRelease += evicted.count
      if !evicted.isEmpty && (memory.evictedSinceRelease >= trimThreshold || live == 0) {
        memory.evictedSinceRelease = 0
        memory.liveAfterRelease = live
        return .evictions
      }
      if let liveAfterRelease = memory.liveAfterRelease, live <= liveAfterRelease {
        memory.liveAfterRelease = nil
        return .again
      }
      return nil
    }
    guard let trim else { return evicted }
    if trim == .evictions { await sqlite?.releaseMemory() }
    let resident = Self.residentBytes()
    let start = ContinuousClock.now
    trimHeap()
    let duration = ContinuousClock.now - start
    logger?.info(
      "Handed the heap's free pages back",
      metadata: [
        "reason": "\(trim.rawValue)", "evicted": "\(evicted.count)", "live": "\(live)",
        "trim_ms": "\(Self.milliseconds(duration))",
        "resident_mb": "\(Self.megabytes(resident)) -> \(Self.megabytes(Self.residentBytes()))",
      ])
    return evicted
  }

  /// Hands the heap's free pages back to the system (glibc's `malloc_trim(0)`), so that the
  /// process's resident set shrinks once many sessions are released: glibc keeps the pages
  /// of freed blocks otherwise (at 100,000 sessions evicted, 427 MB resident instead of
  /// 79 MB). `<malloc.h>` is not part of Swift's Glibc module, so the function is looked up
  /// by name; elsewhere it does nothing.
  static func trimHeap() {
    #if canImport(Glibc)
      guard let symbol = dlsym(nil, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
    #endif
  }

  /// The process's resident set in bytes (`/proc/self/statm`); 0 where there is none.
  static func residentBytes() -> Int {
    #if canImport(Glibc)
      guard let file = fopen("/proc/self/statm", "r") else { return 0 }
      defer { fclose(file) }
      var line = [CChar](repeating: 0, count: 128)
      guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
      let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .split(separator: " ")
      guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
      return 0
    #endif
  }

  /// `duration` in milliseconds, to a tenth.
  static func milliseconds(_ duration: Duration) -> String {
    let tenths = Int(duration / .microseconds(100))
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// `bytes` in megabytes, to a tenth.
  static func megabytes(_ bytes: Int) -> String {
    let tenths = bytes / 100_000
    return "\(tenths / 10).\(tenths % 10)"
  }
}
