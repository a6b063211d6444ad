import AppFlow
import Synchronization

/// The event streams (WebSockets) open in this instance, in all and per session, held under
/// their limits.
final class EventStreamCount: Sendable {
  private struct Counts {
    var all = 0
    var bySession: [SessionID: Int] = [:]
  }

  /// The most streams at once in the instance.
  let limit: Int
  /// The most streams of one session at once.
  let sessionLimit: Int
  private let counts = Mutex(Counts())

  /// Creates a count at zero.
  ///
  /// - Parameters:
  ///   - limit: The most streams at once in the instance.
  ///   - sessionLimit: The most streams of one session at once.
  init(limit: Int, sessionLimit: Int) {
    self.limit = limit
    self.sessionLimit = sessionLimit
  }

  /// Counts a new stream of the session, unless a limit is reached.
  ///
  /// - Returns: `nil` when the stream is counted (``close(_:)`` uncounts it), or why it is
  ///   refused.
  func open(_ id: SessionID) -> String? {
    counts.withLock { counts in
      if counts.all >= limit {
        return "The instance serves \(limit) event streams, its limit; try again later."
      }
      if counts.bySession[id, default: 0] >= sessionLimit {
        return "The session has \(sessionLimit) event streams, its limit; try again later."
      }
      counts.all += 1
      counts.bySession[id, default: 0] += 1
      return nil
    }
  }

  /// The capacity of the table of counts per session (for tests).
  var capacity: Int { counts.withLock { $0.bySession.capacity } }

  /// Uncounts a stream that ``open(_:)`` counted.
  func close(_ id: SessionID) {
    counts.withLock { counts in
      counts.all -= 1
      let left = counts.bySession[id, default: 1] - 1
      counts.bySession[id] = left > 0 ? left : nil
      counts.bySession.shrinkIfSparse()
    }
  }
}
