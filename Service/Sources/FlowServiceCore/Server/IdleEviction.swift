import AppFlow
import ServiceLifecycle

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
    return evicted
  }
}
