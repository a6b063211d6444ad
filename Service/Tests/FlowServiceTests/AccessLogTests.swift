import HTTPTypes
import Logging
import Testing

@testable import FlowServiceCore

/// The access log: one `info` record per request, with its method, route, path (never the
/// query), status, duration, size and identifier, and nothing of its header fields.
@Suite struct AccessLogTests {
  /// An access log record.
  private func record(
    _ method: String, _ route: String, _ path: String, _ status: Int, milliseconds: String, bytes: Int?,
    id: String
  ) -> LogRecord {
    var metadata = [
      "method": method, "route": route, "path": path, "status": "\(status)", "duration_ms": milliseconds,
      "request_id": id,
    ]
    if let bytes { metadata["bytes"] = "\(bytes)" }
    return LogRecord(level: .info, message: "request", metadata: metadata)
  }

  @Test func eachRequestIsOneRecordWithoutItsQueryOrHeaderFields() async throws {
    let logs = CapturedLogs()
    // The clock moves 1.25 ms at each reading: a request that saves reads it four times.
    let (id, createdBytes) = try await withObservedService(
      clock: SteppingClock(step: .microseconds(1250)), logs: logs
    ) {
      client, _ in
      let created = try await client.send(
        .post, "/sessions", headers: [RequestObserver.requestIDField: "req-1"])
      #expect(created.status == 201)
      let session = try created.decoded(CreatedSession.self)
      let text = try await client.send(
        .get, "/sessions/\(session.id)?format=text&key=s3cret",
        headers: [.authorization: "Bearer \(session.secret)", RequestObserver.requestIDField: "req-2"])
      #expect(text.status == 200)
      let missing = try await client.send(
        .get, "/nowhere?api_key=s3cret", headers: [RequestObserver.requestIDField: "req-3"])
      #expect(missing.status == 404)
      return (session.id, created.body.utf8.count)
    }
    #expect(
      logs.records == [
        record(
          "POST", "/sessions", "/sessions", 201, milliseconds: "3.750", bytes: createdBytes, id: "req-1"),
        record(
          "GET", "/sessions/{id}", "/sessions/\(id)", 200, milliseconds: "1.250",
          bytes: "NavigationController\n  [0] Catalog()\n".utf8.count, id: "req-2"),
        record("GET", "unmatched", "/nowhere", 404, milliseconds: "1.250", bytes: 51, id: "req-3"),
      ])
  }

  @Test func aRequestWithoutAUsableIdentifierGetsTheServersOwn() async throws {
    let logs = CapturedLogs()
    try await withObservedService(logs: logs) { client, _ in
      _ = try await client.get("/health")
      // Not 1 to 64 of [A-Za-z0-9._-]: a client can't write what it likes into the log.
      _ = try await client.send(.get, "/health", headers: [RequestObserver.requestIDField: "a b\nforged=1"])
    }
    let ids = logs.records("request").map { $0.metadata["request_id"] ?? "" }
    #expect(ids.count == 2)
    #expect(ids.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isHexDigit) })
    #expect(Set(ids).count == 2)
  }

  @Test func theAccessLogCanBeTurnedOffAndTheMetricsStillCount() async throws {
    let logs = CapturedLogs()
    let counted = try await withObservedService(accessLog: false, logs: logs) { client, _ in
      _ = try await client.createSession()
      _ = try await client.get("/health")
      return try await client.metrics().samples(ServiceMetrics.Name.requests).map(\.value)
    }
    #expect(logs.records == [])
    #expect(counted == ["1", "1"])
  }

  @Test func milliseconds() {
    #expect(
      [.zero, .nanoseconds(999), .microseconds(1), .microseconds(1250), .seconds(2), .milliseconds(-5)].map(
        RequestObserver.milliseconds) == ["0.000", "0.000", "0.001", "1.250", "2000.000", "0.000"])
  }
}
