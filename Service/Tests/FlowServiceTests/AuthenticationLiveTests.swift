import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSTesting
import NIOCore
import NIOWebSocket
import Synchronization
import Testing
import WSClient
import WSCore

@testable import FlowServiceCore

/// Authentication on a live server: the event stream's upgrade, the answers on the wire, and
/// the `FlowService` executable's key.
@Suite struct AuthenticationLiveTests {
  @Test func theEventStreamNeedsTheSessionsSecret() async throws {
    try await withTemporaryDirectory { directory in
      let app = try buildApplication(configuration: testConfiguration(database: directory.file("ws.sqlite")))
      try await app.test(.live) { client in
        let port = try #require(client.port)
        let admin = ServiceClient(client: client)
        let a = try await admin.authorized(nil).createSessionAndSecret()
        let b = try await admin.authorized(nil).createSessionAndSecret()
        func upgrade(_ id: String, _ headers: [(String, String)]) async throws -> RawAnswer {
          try await rawExchange(port: port) { outbound in
            try await outbound.write(
              ByteBuffer(
                string: rawRequest("GET", "/sessions/\(id)/events", webSocketUpgradeHeaders + headers))
            )
          }
        }
        let missing = try await upgrade(a.id, [])
        #expect(missing.status == 401, "\(missing)")
        #expect(missing.header("Content-Type") == "application/json")
        #expect(missing.header("WWW-Authenticate") == "Bearer realm=\"FlowService\"")
        #expect(
          try JSONDecoder().decode(ErrorBody.self, from: Data(missing.body.utf8)).error.code
            == "missingCredentials")
        #expect(missing.closed)
        // B's secret on A, as a header or a subprotocol: as if A did not exist.
        let expected = ErrorBody(
          code: "unknownSession",
          message: "No session '\(a.id)': the host does not hold it and its store has no snapshot of it.")
        for headers in [
          [("Authorization", bearer(b.secret))],
          [("Sec-WebSocket-Protocol", "flow-service, bearer.\(b.secret)")],
        ] {
          let wrong = try await upgrade(a.id, headers)
          #expect(wrong.status == 404, "\(wrong)")
          #expect(try JSONDecoder().decode(ErrorBody.self, from: Data(wrong.body.utf8)) == expected)
          #expect(wrong.header("WWW-Authenticate") == nil)
        }
        // A's secret as the subprotocol: upgraded, and `flow-service` picked, not the secret.
        let offered = try await rawExchange(port: port) { outbound in
          try await outbound.write(
            ByteBuffer(
              string: rawRequest(
                "GET", "/sessions/\(a.id)/events",
                webSocketUpgradeHeaders + [("Sec-WebSocket-Protocol", "flow-service, bearer.\(a.secret)")])))
          // A close frame (masked, as a client's must be): the server closes the connection.
          try await outbound.write(ByteBuffer(bytes: [0x88, 0x80, 0, 0, 0, 0]))
        }
        #expect(offered.status == 101, "\(offered)")
        #expect(offered.header("Sec-WebSocket-Protocol") == "flow-service")
        #expect(!offered.text.contains(a.secret))
        // A's secret as a header, or as the subprotocol: the stream's greeting.
        for fields: HTTPFields in [
          [.authorization: bearer(a.secret)], [.secWebSocketProtocol: "flow-service, bearer.\(a.secret)"],
        ] {
          let greeted = Mutex(false)
          try await withTimeout(.seconds(30)) {
            try await client.ws(
              "/sessions/\(a.id)/events",
              configuration: WebSocketClientConfiguration(additionalHeaders: fields)
            ) { inbound, outbound, _ in
              var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
              let first = try await messages.next()
              try await outbound.close(.normalClosure, reason: nil)
              guard case .text(let text)? = first else { return }
              greeted.withLock { $0 = text.contains("\"subscribed\":\"\(a.id)\"") }
            }
          }
          #expect(greeted.withLock { $0 }, "\(fields)")
        }
        // The refusals changed nothing.
        #expect(try await admin.state(a.id) == Expected.state(a.id, Expected.stack([Expected.catalog])))
        let metrics = Exposition(try await admin.get("/metrics").body)
        #expect(metrics.errorsByStatus == ["401": 1, "404": 2])
      }
    }
  }

  @Test(.enabled(if: ServiceProcess.executable != nil, "no FlowService executable next to the tests"))
  func theExecutableLogsAKeyItMadeAndNeverOneItWasGiven() async throws {
    try await withTemporaryDirectory { directory in
      let made = try await ServiceProcess.start(
        ["--database", directory.file("made.sqlite")], apiKey: nil)
      defer { made.stop() }
      let log = try String(contentsOfFile: made.log, encoding: .utf8)
      let marker = "this process's API key is "
      let range = try #require(log.range(of: marker), "\(log)")
      let key = String(log[range.upperBound...].prefix { $0 != ";" })
      #expect(key.count == 43)
      #expect(log.contains("notice"))
      try await TestClient.withClient(host: "127.0.0.1", port: made.port) { live in
        let opened = try await ServiceClient(live: live, authorization: bearer(key)).get("/metrics")
        let refused = try await ServiceClient(live: live).get("/metrics")
        let statuses: [Int] = [opened.status, refused.status]
        #expect(statuses == [200, 401])
      }

      let given = try await ServiceProcess.start(["--database", directory.file("given.sqlite")])
      defer { given.stop() }
      try await TestClient.withClient(host: "127.0.0.1", port: given.port) { live in
        let client = ServiceClient(live: live)
        let id = try await client.createSession()
        #expect(try await client.get("/sessions/\(id)").status == 200)
        #expect(try await client.get("/metrics").status == 200)
        #expect(try await client.authorized(nil).get("/?key=\(testAPIKey)").status == 303)
      }
      let givenLog = try String(contentsOfFile: given.log, encoding: .utf8)
      #expect(givenLog.contains("listening on 127.0.0.1:"))
      #expect(!givenLog.contains(testAPIKey))
      #expect(!givenLog.contains(marker))
    }
  }
}
