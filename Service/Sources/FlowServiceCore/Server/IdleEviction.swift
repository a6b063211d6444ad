import AppFlow
import ServiceLifecycle

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
/// service's events forget them.
struct IdleEviction: Service {
  let host: SessionHost
  let interval: Duration
  let gate: SessionGate
  /// The sessions' events, which forget the sessions evicted.
  let events: SessionEvents
  /// The metrics, which count the sessions evicted.
  let metrics: ServiceMetrics

  func run() async throws {
    try? await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: interval)
        await evictIdle()
      }
    }
  }

  /// Evicts the idle sessions once, counts them in the metrics, and releases what the service keeps of them: their
  /// events (``SessionEvents/release(_:)``) and, with PostgreSQL, the versions the store knew;
  /// and the event counts of sessions this instance heard of through the relay only.
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
    if evicted.count >= Self.trimThreshold { Self.trimHeap() }
    return evicted
  }

  /// How many sessions a sweep evicts before the heap's free pages are handed back.
  static let trimThreshold = 1_000

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
