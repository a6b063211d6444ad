import AppFlow
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
/// free pages (``evictIdle()``).
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
  /// How many sessions were evicted since the memory was last handed back.
  private let evictedSinceRelease = Mutex(0)

  /// Creates the eviction of `host`'s sessions idle for its timeout, looked for every
  /// `interval`; `trimThreshold` is 1,000 but in tests.
  init(
    host: SessionHost, interval: Duration, gate: SessionGate, events: SessionEvents,
    metrics: ServiceMetrics, authentication: Authentication? = nil, sqlite: SQLiteSnapshotStore? = nil,
    trimThreshold: Int = 1_000
  ) {
    self.trimThreshold = trimThreshold
    self.host = host
    self.interval = interval
    self.gate = gate
    self.events = events
    self.metrics = metrics
    self.authentication = authentication
    self.sqlite = sqlite
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
  /// filled), then the heap's free pages (``trimHeap()``). A sweep that evicts nothing does
  /// neither.
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
    guard !evicted.isEmpty else { return evicted }
    let pending = evictedSinceRelease.withLock { count in
      count += evicted.count
      return count
    }
    let hostIsEmpty = await host.liveSessionCount == 0
    if pending >= trimThreshold || hostIsEmpty {
      evictedSinceRelease.withLock { $0 = 0 }
      await sqlite?.releaseMemory()
      Self.trimHeap()
    }
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
}
