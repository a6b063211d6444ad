import AppFlow
import Synchronization

/// One line per session of the requests this instance serves: a request waits here, holding
/// nothing, until the ones before it for the same session are done.
///
/// With PostgreSQL, a request holds a pooled connection while it waits for its session's
/// row lock. Without this line, a burst of requests to one session would hold a connection
/// each, and requests to every other session would wait for one; with it, each instance
/// holds at most one connection per session, and the row lock only orders the instances.
final class SessionLine: Sendable {
  /// The sessions with a request in progress, and the requests waiting behind it, in order.
  private let waiting = Mutex<[SessionID: [CheckedContinuation<Void, Never>]]>([:])

  /// How many requests wait behind the one in progress for session `id`.
  func waitingCount(_ id: SessionID) -> Int {
    waiting.withLock { $0[id]?.count ?? 0 }
  }

  /// Runs `body` once the requests before it for session `id` are done.
  func withTurn<T>(_ id: SessionID, _ body: () async throws -> T) async throws -> T {
    await enter(id)
    defer { leave(id) }
    return try await body()
  }

  private func enter(_ id: SessionID) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let free = waiting.withLock { waiting in
        guard waiting[id] != nil else {
          waiting[id] = []
          return true
        }
        waiting[id]!.append(continuation)
        return false
      }
      if free { continuation.resume() }
    }
  }

  private func leave(_ id: SessionID) {
    let next = waiting.withLock { waiting -> CheckedContinuation<Void, Never>? in
      guard var line = waiting[id], !line.isEmpty else {
        waiting[id] = nil
        waiting.shrinkIfSparse()
        return nil
      }
      let next = line.removeFirst()
      waiting[id] = line
      return next
    }
    next?.resume()
  }
}
