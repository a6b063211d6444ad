import CoreMetrics
import Prometheus
import Synchronization

/// The service's metrics, recorded through swift-metrics into a Prometheus registry of its
/// own (not the process's `MetricsSystem`), so that every application, each test's among
/// them, counts apart.
///
/// Every label has a bounded set of values: a request is labelled with its route's pattern
/// (`/sessions/{id}/open`, or `unmatched` when no route took it), never its path, and with its
/// method when it is one of HTTP's own (``methods``), `other` otherwise. The
/// stored sessions are a count kept as sessions are made and removed (``sessionCreated()``,
/// ``sessionRemoved()``), read from the store once at the start (``startCounting(stored:)``):
/// a scrape reads nothing from the store.
final class ServiceMetrics: Sendable {
  /// A request's labels.
  private struct RequestKey: Hashable {
    var method: String
    var route: String
    var status: Int
  }

  /// The counter and the histogram of one set of request labels.
  private struct RequestSeries {
    var count: CoreMetrics.Counter
    var duration: CoreMetrics.Timer
  }

  /// The metrics' names.
  enum Name {
    static let requests = "flow_http_requests_total"
    static let requestDuration = "flow_http_request_duration_seconds"
    static let sessionsLive = "flow_sessions_live"
    static let sessionsStored = "flow_sessions_stored"
    static let evictions = "flow_session_evictions_total"
    static let saveDuration = "flow_session_save_duration_seconds"
    static let saveFailures = "flow_session_save_failures_total"
  }

  /// The route label of a request that no route took.
  static let unmatchedRoute = "unmatched"

  /// The upper bounds of the histograms' buckets: from half a millisecond (most answers
  /// here take less than one) to 10 seconds.
  static let buckets: [Duration] = [
    .microseconds(500), .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
    .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
    .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
  ]

  /// The registry the metrics are kept in, which `GET /metrics` writes out.
  let registry: PrometheusCollectorRegistry
  private let factory: PrometheusMetricsFactory
  private let requests = Mutex<[RequestKey: RequestSeries]>([:])
  private let live: CoreMetrics.Gauge
  private let stored: CoreMetrics.Gauge
  private let storedCount = Atomic<Int>(0)
  private let evictions: CoreMetrics.Counter
  private let saveDuration: CoreMetrics.Timer
  private let saveFailures: CoreMetrics.Counter

  /// Creates the metrics in `registry`, every count at zero.
  ///
  /// - Parameter registry: Where the metrics are kept.
  init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
    self.registry = registry
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.defaultDurationHistogramBuckets = Self.buckets
    self.factory = factory
    live = CoreMetrics.Gauge(label: Name.sessionsLive, factory: factory)
    stored = CoreMetrics.Gauge(label: Name.sessionsStored, factory: factory)
    evictions = CoreMetrics.Counter(label: Name.evictions, factory: factory)
    saveDuration = CoreMetrics.Timer(label: Name.saveDuration, factory: factory)
    saveFailures = CoreMetrics.Counter(label: Name.saveFailures, factory: factory)
    live.record(0)
    stored.record(0)
  }

  /// The methods that label requests as they are; any other is labelled ``otherMethod``, so
  /// that clients inventing methods can't make series without end.
  static let methods: Set<String> = [
    "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE",
  ]

  /// The method label of a request whose method is not one of ``methods``.
  static let otherMethod = "other"

  /// Counts an answer, and its duration, under its labels.
  ///
  /// - Parameters:
  ///   - method: The request's method (`GET`); one not in ``methods`` is counted as
  ///     ``otherMethod``.
  ///   - route: The route's pattern, or ``unmatchedRoute``.
  ///   - status: The answer's status code.
  ///   - duration: How long the answer took.
  func recordRequest(method: String, route: String, status: Int, duration: Duration) {
    let method = Self.methods.contains(method) ? method : Self.otherMethod
    let key = RequestKey(method: method, route: route, status: status)
    let series = requests.withLock { requests in
      if let series = requests[key] { return series }
      let labels = [("method", method), ("route", route), ("status", String(status))]
      let series = RequestSeries(
        count: CoreMetrics.Counter(label: Name.requests, dimensions: labels, factory: factory),
        duration: CoreMetrics.Timer(label: Name.requestDuration, dimensions: labels, factory: factory))
      requests[key] = series
      return series
    }
    series.count.increment()
    series.duration.recordNanoseconds(duration.nanoseconds)
  }

  /// Sets the count of stored sessions to what the store holds at the start.
  ///
  /// - Parameter count: The sessions the store holds.
  func startCounting(stored count: Int) {
    storedCount.store(count, ordering: .relaxed)
  }

  /// Counts a session made and saved.
  func sessionCreated() { storedCount.add(1, ordering: .relaxed) }

  /// Counts a session removed from the store.
  func sessionRemoved() { storedCount.subtract(1, ordering: .relaxed) }

  /// The sessions stored, as counted; never below 0 (an instance sharing its store can
  /// remove sessions another one made since its start).
  var storedSessions: Int { max(0, storedCount.load(ordering: .relaxed)) }

  /// Counts sessions evicted from memory.
  ///
  /// - Parameter count: How many.
  func recordEvictions(_ count: Int) {
    if count > 0 { evictions.increment(by: count) }
  }

  /// Records a save into the store: its duration when it succeeded, a failure otherwise.
  ///
  /// - Parameters:
  ///   - duration: How long the save took.
  ///   - succeeded: Whether the store kept the snapshot.
  func recordSave(duration: Duration, succeeded: Bool) {
    if succeeded {
      saveDuration.recordNanoseconds(duration.nanoseconds)
    } else {
      saveFailures.increment()
    }
  }

  /// The metrics in Prometheus's text format, with the sessions live set to `liveSessions`
  /// and the sessions stored to the count kept.
  ///
  /// - Parameter liveSessions: The sessions in memory now.
  /// - Returns: The text, UTF-8.
  func exposition(liveSessions: Int) -> [UInt8] {
    live.record(liveSessions)
    stored.record(storedSessions)
    var buffer: [UInt8] = []
    registry.emit(into: &buffer)
    return buffer
  }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating at `Int64.max`.
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    let (sum, overflowSum) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    return overflowSum ? .max : sum
  }
}
