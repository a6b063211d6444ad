import AppFlow
import ServiceLifecycle

/// A service that evicts the host's idle sessions every `interval`, until a graceful
/// shutdown.
struct IdleEviction: Service {
  let host: SessionHost
  let interval: Duration

  func run() async throws {
    try? await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: interval)
        _ = await host.evictIdle()
      }
    }
  }
}
