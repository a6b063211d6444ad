import Synchronization

/// The service's counters: requests answered, and error answers by status.
final class ServiceMetrics: Sendable {
  private struct Counts {
    var requests = 0
    var errors: [Int: Int] = [:]
  }

  private let counts = Mutex(Counts())

  /// Creates counters at zero.
  init() {}

  /// Counts an answer with `status`.
  ///
  /// - Parameter status: The HTTP status code.
  func record(status: Int) {
    counts.withLock { counts in
      counts.requests += 1
      if status >= 400 { counts.errors[status, default: 0] += 1 }
    }
  }

  /// Requests answered so far.
  var requests: Int { counts.withLock { $0.requests } }

  /// Error answers so far, by status code as text (`"404"`).
  var errors: [String: Int] {
    counts.withLock { counts in
      Dictionary(uniqueKeysWithValues: counts.errors.map { (String($0.key), $0.value) })
    }
  }
}
