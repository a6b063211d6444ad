import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FlowServiceCore

/// A live server's connection limits, seen through raw connections: a connection that sends
/// nothing, or a request that never completes, is closed; a request's line and header
/// fields over the limit are answered 431, and the connection closed.
///
/// The server's timeouts are short (1 s) where a test waits for them, and long where it waits
/// for an answer; the tests wait for the close with a generous bound
/// and never measure how long it took.
@Suite struct ConnectionLimitTests {
  /// Runs `body` against a live server with a 1,024-byte head limit and short timeouts; a test
  /// that expects an answer to a request it sends at once gives the timeouts more room, so that
  /// a busy machine that runs the client late doesn't turn its answer into a closed connection.
  private func withLiveService(
    timeouts: Duration = .seconds(1), _ body: @escaping @Sendable (Int) async throws -> Void
  ) async throws {
    try await withTemporaryDirectory { directory in
      var configuration = testConfiguration(database: directory.file("limits.sqlite"))
      configuration.connectionIdleTimeout = timeouts
      configuration.headerTimeout = timeouts
      configuration.headerLimit = 1024
      let app = try buildApplication(configuration: configuration)
      try await app.test(.live) { client in
        try await body(try #require(client.port))
      }
    }
  }

  @Test func aConnectionThatSendsNothingIsClosed() async throws {
    try await withLiveService { port in
      let answer = try await rawExchange(port: port)
      #expect(answer.closed, "\(answer)")
      #expect(answer.text == "")
    }
  }

  @Test func aConnectionIdleAfterItsAnswerIsClosed() async throws {
    try await withLiveService(timeouts: .seconds(3)) { port in
      let answer = try await rawExchange(port: port) { outbound in
        try await outbound.write(ByteBuffer(string: rawRequest("GET", "/health")))
      }
      #expect(answer.closed, "\(answer)")
      #expect(answer.status == 200)
      #expect(answer.body == "{\"status\":\"ok\"}")
    }
  }

  /// A slowloris client: the request line and header fields a few bytes at a time, never
  /// finished within the header timeout.
  @Test func aRequestHeadThatArrivesSlowlyIsAnswered408AndClosed() async throws {
    try await withLiveService(timeouts: .seconds(3)) { port in
      let answer = try await rawExchange(port: port) { outbound in
        for piece in ["GET /health HTTP/1.1\r\n", "Host: localhost\r\n"]
          + Array(repeating: "X-Slow: 1\r\n", count: 200)
        {
          try await outbound.write(ByteBuffer(string: piece))
          try await Task.sleep(for: .milliseconds(200))
        }
      }
      #expect(answer.closed, "\(answer)")
      #expect(answer.status == 408, "\(answer)")
      #expect(answer.header("Content-Type") == "application/json")
      #expect(answer.header("Connection") == "close")
      #expect(
        try JSONDecoder().decode(ErrorBody.self, from: Data(answer.body.utf8))
          == ErrorBody(
            code: "requestTimeout", message: "The request's line and header fields did not arrive within 3 s."
          ))
    }
  }

  @Test func aBodyThatStopsArrivingClosesTheConnection() async throws {
    try await withLiveService { port in
      let answer = try await rawExchange(port: port) { outbound in
        let head = rawRequest(
          "POST", "/sessions/feedface/open", [("Content-Length", "100"), testAPIKeyHeader])
        try await outbound.write(ByteBuffer(string: head + "{\"url\":"))
      }
      #expect(answer.closed, "\(answer)")
    }
  }

  @Test func aRequestHeadOverTheLimitIs431AndClosed() async throws {
    let expected = ErrorBody(
      code: "headerTooLarge", message: "The request's line and header fields are larger than the limit.")
    try await withLiveService(timeouts: .seconds(30)) { port in
      let field = try await rawExchange(port: port) { outbound in
        let request = rawRequest("GET", "/health", [("X-Large", String(repeating: "a", count: 4096))])
        try await outbound.write(ByteBuffer(string: request))
      }
      let url = try await rawExchange(port: port) { outbound in
        try await outbound.write(
          ByteBuffer(string: rawRequest("GET", "/" + String(repeating: "a", count: 100_000))))
      }
      for answer in [field, url] {
        #expect(answer.closed, "\(answer)")
        #expect(answer.status == 431, "\(answer)")
        #expect(answer.header("Connection") == "close")
        #expect(try JSONDecoder().decode(ErrorBody.self, from: Data(answer.body.utf8)) == expected)
      }
      // Under the limit, the same server answers.
      let small = try await rawExchange(port: port) { outbound in
        try await outbound.write(ByteBuffer(string: rawRequest("GET", "/health", [("X-Small", "a")])))
      }
      #expect(small.status == 200, "\(small)")
    }
  }

  /// The upgrade handler removes the HTTP decoder before it answers 101; the frames a client
  /// sends with its upgrade request then pass the guard as they are (they used to trap it, and
  /// the process with it).
  @Test func framesSentWithTheUpgradeRequestReachTheStream() async throws {
    try await withLiveService(timeouts: .seconds(30)) { port in
      let created = try await rawExchange(port: port) { outbound in
        try await outbound.write(
          ByteBuffer(string: rawRequest("POST", "/sessions", [("Connection", "close")])))
      }
      let id = try #require(created.body.split(separator: "\"").dropFirst(3).first.map(String.init))
      // The upgrade request and a close frame (masked, as a client's must be) in one write.
      let request = rawRequest("GET", "/sessions/\(id)/events", webSocketUpgradeHeaders + [testAPIKeyHeader])
      let bytes = ByteBuffer(bytes: Array(request.utf8) + [0x88, 0x80, 0, 0, 0, 0])
      let upgraded = try await rawExchange(port: port) { outbound in try await outbound.write(bytes) }
      #expect(upgraded.status == 101, "\(upgraded)")
      // The stream greeted, read the close frame and closed the connection (a WebSocket
      // has no idle timeout: without the frame it would have stayed open past the bound).
      #expect(upgraded.body.contains("{\"next\":"), "\(upgraded)")
      #expect(upgraded.closed)
      let health = try await rawExchange(port: port) { outbound in
        try await outbound.write(ByteBuffer(string: rawRequest("GET", "/health", [("Connection", "close")])))
      }
      #expect(health.status == 200, "\(health)")
    }
  }

  @Test func bytesThatAreNotHTTPAre400AndClosed() async throws {
    try await withLiveService(timeouts: .seconds(30)) { port in
      let answer = try await rawExchange(port: port) { outbound in
        try await outbound.write(ByteBuffer(string: "HELLO\r\n\r\n"))
      }
      #expect(answer.closed, "\(answer)")
      #expect(answer.status == 400, "\(answer)")
      #expect(
        try JSONDecoder().decode(ErrorBody.self, from: Data(answer.body.utf8))
          == ErrorBody(code: "badRequest", message: "The request is not valid HTTP/1.1."))
    }
  }
}
