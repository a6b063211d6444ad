import AppFlow
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import NIOCore
import NIOWebSocket
import Navigator
import ShopApp
import Synchronization
import Testing
import WSClient
import WSCore

@testable import FlowServiceCore

/// Every refusal is the service's JSON error, with the header fields its status asks for:
/// a method a path does not allow (405, `Allow`), the event stream without an upgrade (426,
/// `Upgrade`), a WebSocket upgrade refused (404, 400, 405), and streams over their limits
/// (closed with 1013).
@Suite struct RefusalTests {
  /// An answer with its header fields.
  private struct Full: Sendable {
    var status: Int
    var headers: HTTPFields
    var body: String

    func error() throws -> ErrorBody { try JSONDecoder().decode(ErrorBody.self, from: Data(body.utf8)) }
  }

  /// A request counter's sample as `METHOD route status count`.
  private static func requestLine(_ sample: Sample) -> String {
    let labels = sample.labels
    return "\(labels["method"] ?? "-") \(labels["route"] ?? "-") \(labels["status"] ?? "-") \(sample.value)"
  }

  /// Runs `body` with a router test client of a new service.
  private func withRouter(
    _ body:
      @escaping @Sendable (@escaping @Sendable (HTTPRequest.Method, String) async throws -> Full) async throws
      -> Void
  ) async throws {
    try await withTemporaryDirectory { directory in
      let app = try buildApplication(
        configuration: testConfiguration(database: directory.file("refusals.sqlite")))
      try await app.test(.router) { client in
        try await body { method, uri in
          try await client.execute(uri: uri, method: method, headers: [.authorization: bearer(testAPIKey)]) {
            response in
            Full(
              status: Int(response.status.code), headers: response.headers,
              body: String(buffer: response.body))
          }
        }
      }
    }
  }

  @Test func aMethodThePathDoesNotAllowIs405WithAllow() async throws {
    try await withRouter { send in
      let created = try await send(.post, "/sessions")
      let id = try JSONDecoder().decode(CreatedSession.self, from: Data(created.body.utf8)).id
      let put = try await send(.put, "/sessions/\(id)")
      #expect(put.status == 405)
      #expect(put.headers[.allow] == "GET, DELETE")
      #expect(put.headers[.contentType] == "application/json")
      #expect(
        try put.error()
          == ErrorBody(
            code: "methodNotAllowed",
            message: "PUT is not allowed on /sessions/\(id); its methods are GET, DELETE."))
      let health = try await send(.delete, "/health")
      #expect(health.status == 405)
      #expect(health.headers[.allow] == "GET")
      let sessions = try await send(.patch, "/sessions/\(id)/actions")
      #expect(sessions.headers[.allow] == "POST")
      // A path with no route at all is still 404.
      let nowhere = try await send(.put, "/nowhere")
      #expect(nowhere.status == 404)
      #expect(nowhere.headers[.allow] == nil)
      #expect(try nowhere.error() == ErrorBody(code: "notFound", message: "Not Found"))
      // The router's answers to the middleware's questions are not counted.
      let metrics = Exposition(try await send(.get, "/metrics").body)
      #expect(
        metrics.samples(ServiceMetrics.Name.requests).map(Self.requestLine) == [
          "DELETE unmatched 405 1", "PATCH unmatched 405 1", "POST /sessions 201 1", "PUT unmatched 404 1",
          "PUT unmatched 405 1",
        ])
    }
  }

  @Test func theEventStreamWithoutAnUpgradeIs426() async throws {
    try await withRouter { send in
      let created = try await send(.post, "/sessions")
      let id = try JSONDecoder().decode(CreatedSession.self, from: Data(created.body.utf8)).id
      let plain = try await send(.get, "/sessions/\(id)/events")
      #expect(plain.status == 426)
      #expect(plain.headers[.upgrade] == "websocket")
      #expect(
        try plain.error()
          == ErrorBody(
            code: "upgradeRequired",
            message:
              "The session's events are a WebSocket stream: ask with 'Connection: Upgrade' and 'Upgrade: websocket'."
          ))
      let unknown = try await send(.get, "/sessions/feedface/events")
      #expect(unknown.status == 404)
      #expect(try unknown.error().error.code == "unknownSession")
    }
  }

  @Test func aRefusedWebSocketUpgradeIsTheServicesJSONError() async throws {
    try await withTemporaryDirectory { directory in
      let app = try buildApplication(
        configuration: testConfiguration(database: directory.file("upgrade.sqlite")))
      try await app.test(.live) { client in
        let port = try #require(client.port)
        func upgrade(_ method: String, _ path: String) async throws -> RawAnswer {
          try await rawExchange(port: port) { outbound in
            try await outbound.write(
              ByteBuffer(string: rawRequest(method, path, webSocketUpgradeHeaders + [testAPIKeyHeader])))
          }
        }
        let unknown = try await upgrade("GET", "/sessions/feedface/events")
        #expect(unknown.status == 404, "\(unknown)")
        #expect(unknown.header("Content-Type") == "application/json")
        #expect(
          try JSONDecoder().decode(ErrorBody.self, from: Data(unknown.body.utf8))
            == ErrorBody(
              code: "unknownSession",
              message: "No session 'feedface': the host does not hold it and its store has no snapshot of it."
            ))
        #expect(unknown.closed)
        let invalid = try await upgrade("GET", "/sessions/no%20spaces/events")
        #expect(invalid.status == 400, "\(invalid)")
        #expect(
          try JSONDecoder().decode(ErrorBody.self, from: Data(invalid.body.utf8)).error.code
            == "invalidSessionID")
        let elsewhere = try await upgrade("GET", "/health")
        #expect(elsewhere.status == 404, "\(elsewhere)")
        #expect(
          try JSONDecoder().decode(ErrorBody.self, from: Data(elsewhere.body.utf8))
            == ErrorBody(code: "notFound", message: "Not Found"))
        let id = try await ServiceClient(client: client).createSession()
        let post = try await upgrade("POST", "/sessions/\(id)/events")
        #expect(post.status == 405, "\(post)")
        #expect(post.header("Allow") == "GET")
        // Each refusal is counted under the events' route (or `unmatched` for another path).
        let metrics = try await ServiceClient(client: client).metrics()
        #expect(
          metrics.samples(ServiceMetrics.Name.requests).map(Self.requestLine) == [
            "GET /sessions/{id}/events 400 1", "GET /sessions/{id}/events 404 1", "GET unmatched 404 1",
            "POST /sessions 201 1", "POST /sessions/{id}/events 405 1",
          ])
      }
    }
  }

  @Test func streamsOverTheirLimitsAreClosedWith1013() async throws {
    try await withTemporaryDirectory { directory in
      var configuration = testConfiguration(database: directory.file("streams.sqlite"))
      configuration.sessionStreamLimit = 1
      configuration.streamLimit = 2
      let app = try buildApplication(configuration: configuration)
      try await app.test(.live) { client in
        let service = ServiceClient(client: client)
        let first = try await service.createSession()
        let second = try await service.createSession()
        let third = try await service.createSession()
        /// Opens a stream, and once its greeting came, runs `inside` while it is open.
        @Sendable func open(_ id: String, inside: @escaping @Sendable () async throws -> Void) async throws
          -> WebSocketCloseFrame?
        {
          try await client.ws("/sessions/\(id)/events", configuration: webSocketConfiguration()) {
            inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
            guard case .text(let greeting)? = try await messages.next() else { return }
            #expect(greeting.contains("\"subscribed\":\"\(id)\""))
            try await inside()
            try await outbound.close(.normalClosure, reason: nil)
          }
        }
        let port = try #require(client.port)
        /// Opens a stream that the server is to close at once with 1013: its close frame.
        @Sendable func refused(_ id: String) async throws -> RawCloseFrame? {
          try await rawWebSocketClose(
            port: port, path: "/sessions/\(id)/events", authorization: bearer(testAPIKey))
        }
        try await withTimeout(.seconds(60)) {
          let refusals = RefusedFrames()
          let outer = try await open(first) {
            await refusals.add("session", try await refused(first))
            let inner = try await open(second) {
              await refusals.add("instance", try await refused(third))
            }
            #expect(inner?.closeCode == .normalClosure)
          }
          #expect(outer?.closeCode == .normalClosure)
          let frames = await refusals.frames
          #expect(frames.map(\.0) == ["session", "instance"])
          #expect(frames.map(\.1?.status) == [101, 101])
          #expect(frames.map(\.1?.code) == [1013, 1013])
          // Four upgrades (the two refused streams were upgraded, then closed).
          #expect(
            try await service.metrics().value(
              ServiceMetrics.Name.requests,
              ["method": "GET", "route": "/sessions/{id}/events", "status": "101"])
              == "4")
          #expect(
            frames.map(\.1?.reason) == [
              "The session has 1 event streams, its limit; try again later.",
              "The instance serves 2 event streams, its limit; try again later.",
            ])
        }
        // Once the streams closed, a new one is served. The server uncounts a stream when its
        // handler ends, which can come just after the client saw the close: tried until served
        // (the last close is kept, to say what happened if it never is).
        let last = Mutex<WebSocketCloseFrame?>(nil)
        try await withTimeout(.seconds(60)) {
          while true {
            let frame = try await open(third) {}
            last.withLock { $0 = frame }
            if frame?.closeCode == .normalClosure { return }
            try await Task.sleep(for: .milliseconds(100))
          }
        }
        let frame = last.withLock { $0 }
        #expect(
          frame?.closeCode == .normalClosure, "the last stream closed with \(String(describing: frame))")
      }
    }
  }

  @Test func jsonKeepsItsSlashesAndEventsNameNoAddresses() async throws {
    try await withRouter { send in
      let created = try await send(.post, "/sessions")
      let id = try JSONDecoder().decode(CreatedSession.self, from: Data(created.body.utf8)).id
      let state = try await send(.get, "/sessions/\(id)")
      #expect(state.body.contains("\"url\":\"shop://catalog\""), "\(state.body)")
      #expect(!state.body.contains("\\/"))
    }
    // Every event of a tour through the shop, as the stream prints it.
    let app = try ShopApp.makeApp()
    app.window.journal.isEnabled = true
    _ = try app.start()
    var texts = SessionEvents.take(from: app)
    let steps: [(AppController) throws -> Void] = [
      { try SessionActions.open("shop://catalog/products/42", in: $0) },
      {
        try SessionActions.perform(ActionRequest(action: "present", url: "shop://catalog/products/7"), in: $0)
      },
      { try SessionActions.perform(ActionRequest(action: "dismiss"), in: $0) },
      { try SessionActions.open("shop://cart", in: $0) },
      { try SessionActions.perform(ActionRequest(action: "checkout"), in: $0) },
      { try SessionActions.perform(ActionRequest(action: "signIn", account: "bob"), in: $0) },
      { try SessionActions.perform(ActionRequest(action: "back"), in: $0) },
      { try SessionActions.perform(ActionRequest(action: "confirmPop"), in: $0) },
      { try SessionActions.open("shop://catalog", in: $0) },
    ]
    for step in steps {
      try step(app)
      texts += SessionEvents.take(from: app)
    }
    #expect(texts.count > 20)
    let addressed = texts.filter { $0.contains("ObjectIdentifier") || $0.contains("0x") }
    #expect(addressed == [])
  }
}

/// The close frames of refused streams, by what refused them.
private actor RefusedFrames {
  var frames: [(String, RawCloseFrame?)] = []

  func add(_ name: String, _ frame: RawCloseFrame?) { frames.append((name, frame)) }
}
