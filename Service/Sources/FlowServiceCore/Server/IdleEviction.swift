import AppFlow
import ServiceLifecycle

/// A service that evicts the host's idle sessions every `interval`, until a graceful
/// shutdown; without saving them first when `saving` is `false` (the service saves every
/// change as it completes, and instances sharing PostgreSQL must not write an old copy over
/// a newer one).
struct IdleEviction: Service {
  let host: SessionHost
  let interval: Duration
  let saving: Bool

  func run() async throws {
    try? await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: interval)
        _ = await host.evictIdle(savingFirst: saving)
      }
    }
  }
}
