import AppFlow
import ServiceLifecycle

/// A service that evicts the host's idle sessions every `interval`, until a graceful
/// shutdown.
///
/// With one instance (``SessionGate/local``), each session is saved before it is released.
/// Instances sharing PostgreSQL release idle sessions without a save (every change was saved
/// as it completed, and an old copy must not be written over another instance's newer
/// snapshot), and the store forgets the versions of the sessions released.
struct IdleEviction: Service {
  let host: SessionHost
  let interval: Duration
  let gate: SessionGate

  func run() async throws {
    try? await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: interval)
        switch gate {
        case .local:
          _ = await host.evictIdle()
        case .shared(let store, _):
          store.forget(await host.evictIdle(savingFirst: false))
        }
      }
    }
  }
}
