import HTTPTypes
import Hummingbird
import Logging

/// Counts every answer in the metrics and writes the access log's line for it.
///
/// The access log is one `info` record per request, with the message `request` and the
/// metadata `method`, `route` (the route's pattern, `/sessions/{id}/open`, or `unmatched`),
/// `path` (without the query, which may carry keys), `status`, `duration_ms` (three
/// decimals), `bytes` (the body's length, when it is known before it is written) and
/// `request_id`. Header fields are never logged.
struct RequestObserver: Sendable {
  /// The metrics the answers are counted in.
  let metrics: ServiceMetrics
  /// The logger the access log goes to.
  let logger: Logger
  /// A Boolean value indicating whether the access log is written.
  let accessLog: Bool
  /// The time now on a monotonic clock, from any origin.
  let now: @Sendable () -> Duration

  /// Creates an observer.
  ///
  /// - Parameters:
  ///   - metrics: The metrics the answers are counted in.
  ///   - logger: The logger the access log goes to.
  ///   - accessLog: Whether the access log is written.
  ///   - now: The time now on a monotonic clock; the continuous clock by default.
  init(
    metrics: ServiceMetrics, logger: Logger, accessLog: Bool,
    now: @escaping @Sendable () -> Duration = RequestObserver.continuousNow
  ) {
    self.metrics = metrics
    self.logger = logger
    self.accessLog = accessLog
    self.now = now
  }

  /// The continuous clock's time since the process's first reading.
  static let continuousNow: @Sendable () -> Duration = {
    let origin = ContinuousClock.now
    return { ContinuousClock.now - origin }
  }()

  /// A request's answer, as the metrics and the access log see it.
  struct Answer: Sendable {
    /// The request's method.
    var method: String
    /// The route's pattern, or ``ServiceMetrics/unmatchedRoute``.
    var route: String
    /// The request's path, without its query.
    var path: String
    /// The answer's status code.
    var status: Int
    /// The body's length in bytes, when known.
    var bytes: Int?
    /// The request's identifier.
    var requestID: String
  }

  /// Counts an answer in the metrics, timed from `start` (a reading of ``now``), without
  /// logging it: what ``record(_:since:)`` does when the access log is off, without the
  /// path and the request's identifier, which only the log needs.
  func count(method: String, route: String, status: Int, since start: Duration) {
    metrics.recordRequest(method: method, route: route, status: status, duration: now() - start)
  }

  /// Counts `answer` and logs it, timed from `start` (a reading of ``now``).
  func record(_ answer: Answer, since start: Duration) {
    let duration = now() - start
    metrics.recordRequest(
      method: answer.method, route: answer.route, status: answer.status, duration: duration)
    guard accessLog else { return }
    var metadata: Logger.Metadata = [
      "method": "\(answer.method)", "route": "\(answer.route)", "path": "\(answer.path)",
      "status": "\(answer.status)", "duration_ms": "\(Self.milliseconds(duration))",
      "request_id": "\(answer.requestID)",
    ]
    if let bytes = answer.bytes { metadata["bytes"] = "\(bytes)" }
    logger.info("request", metadata: metadata)
  }

  /// A duration in milliseconds with three decimals (`1.250`).
  static func milliseconds(_ duration: Duration) -> String {
    let microseconds = max(0, duration.nanoseconds / 1000)
    let fraction = String(microseconds % 1000)
    return "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }

  /// The request's identifier: its `X-Request-ID` field when that is 1 to 64 of
  /// `[A-Za-z0-9._-]` (as a proxy in front sets it), otherwise `fallback`.
  static func requestID(_ fields: HTTPFields, fallback: @autoclosure () -> String) -> String {
    guard let given = fields[Self.requestIDField], (1...64).contains(given.utf8.count),
      given.utf8.allSatisfy({ byte in
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
          true
        default: false
        }
      })
    else { return fallback() }
    return given
  }

  /// The `X-Request-ID` header field.
  static let requestIDField = HTTPField.Name("X-Request-ID")!
}
