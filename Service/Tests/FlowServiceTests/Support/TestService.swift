import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Prometheus
import Testing

@testable import FlowServiceCore

/// A temporary directory that holds a test's database, removed by `remove()`.
struct TemporaryDirectory {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("FlowServiceTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  /// The path of `name` inside the directory.
  func file(_ name: String) -> String { path + "/" + name }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// An answer: its status, its content type and its body as text.
struct Answer: Equatable, CustomStringConvertible {
  var status: Int
  var contentType: String?
  var body: String

  var description: String { "\(status) \(contentType ?? "-") \(body)" }

  /// The body decoded as `T`, failing the test when it isn't one.
  func decoded<T: Decodable>(
    _ type: T.Type, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> T {
    do {
      return try JSONDecoder().decode(T.self, from: Data(body.utf8))
    } catch {
      Issue.record("The body is not a \(T.self): \(body)", sourceLocation: sourceLocation)
      throw error
    }
  }
}

/// Sends requests to an application under test: through its router, or to a live server.
struct ServiceClient: Sendable {
  private let sendRequest: @Sendable (HTTPRequest.Method, String, String?, HTTPFields) async throws -> Answer

  /// A client of an application's test framework.
  init(client: any TestClientProtocol) {
    sendRequest = { method, uri, body, headers in
      try await client.execute(
        uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }
      ) {
        response in
        Answer(
          status: Int(response.status.code), contentType: response.headers[.contentType],
          body: String(buffer: response.body))
      }
    }
  }

  /// A client of a live server, over one connection (`live` must be connected).
  init(live: TestClient) {
    sendRequest = { method, uri, body, headers in
      var headers = headers
      headers[.connection] = "keep-alive"
      let response = try await live.execute(
        TestClient.Request(
          uri, method: method, authority: "localhost", headers: headers,
          body: body.map { ByteBuffer(string: $0) }))
      return Answer(
        status: Int(response.status.code), contentType: response.headers[.contentType],
        body: response.body.map { String(buffer: $0) } ?? "")
    }
  }

  func send(_ method: HTTPRequest.Method, _ uri: String, body: String? = nil) async throws -> Answer {
    try await sendRequest(method, uri, body, [:])
  }

  /// Sends a request with header fields.
  func send(
    _ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields, body: String? = nil
  ) async throws -> Answer {
    try await sendRequest(method, uri, body, headers)
  }

  func delete(_ uri: String) async throws -> Answer { try await send(.delete, uri) }

  func get(_ uri: String) async throws -> Answer { try await send(.get, uri) }

  func post(_ uri: String, _ body: String? = nil) async throws -> Answer {
    try await send(.post, uri, body: body)
  }

  /// Creates a session and returns its identifier.
  func createSession(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    let answer = try await post("/sessions")
    #expect(answer.status == 201, sourceLocation: sourceLocation)
    return try answer.decoded(CreatedSession.self, sourceLocation: sourceLocation).id
  }

  /// The session's state, decoded.
  func state(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> SessionState {
    let answer = try await get("/sessions/\(id)")
    #expect(answer.status == 200, sourceLocation: sourceLocation)
    return try answer.decoded(SessionState.self, sourceLocation: sourceLocation)
  }

  /// Performs an action that must succeed, and returns the state it answered with.
  @discardableResult
  func act(
    _ id: String, _ action: String, url: String? = nil, account: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> SessionState {
    let answer = try await post("/sessions/\(id)/actions", actionBody(action, url: url, account: account))
    #expect(answer.status == 200, "\(action): \(answer)", sourceLocation: sourceLocation)
    return try answer.decoded(SessionState.self, sourceLocation: sourceLocation)
  }

  /// Opens a deep link that must succeed, and returns the state it answered with.
  @discardableResult
  func open(_ id: String, _ url: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> SessionState
  {
    let answer = try await post("/sessions/\(id)/open", openBody(url))
    #expect(answer.status == 200, "open \(url): \(answer)", sourceLocation: sourceLocation)
    return try answer.decoded(SessionState.self, sourceLocation: sourceLocation)
  }
}

/// The JSON body of an action.
func actionBody(_ action: String, url: String? = nil, account: String? = nil) -> String {
  String(
    decoding: try! JSONEncoder().encode(ActionRequest(action: action, url: url, account: account)),
    as: UTF8.self)
}

/// The JSON body of a deep link.
func openBody(_ url: String) -> String {
  String(decoding: try! JSONEncoder().encode(OpenRequest(url: url)), as: UTF8.self)
}

/// A configuration over `database`, with no idle eviction.
func testConfiguration(database: String, bodyLimit: Int = 64 * 1024) -> ServiceConfiguration {
  ServiceConfiguration(
    hostname: "127.0.0.1", port: 0, databasePath: database, bodyLimit: bodyLimit, idleTimeout: nil)
}

/// Builds the application over `configuration` and runs `body` with a client of its router.
func withService<T: Sendable>(
  _ configuration: ServiceConfiguration, _ body: @escaping @Sendable (ServiceClient) async throws -> T
) async throws -> T {
  let app = try buildApplication(configuration: configuration)
  return try await app.test(.router) { client in try await body(ServiceClient(client: client)) }
}

/// Runs `body` with a client of a new service over a new database in a temporary directory.
func withNewService<T: Sendable>(
  bodyLimit: Int = 64 * 1024, _ body: @escaping @Sendable (ServiceClient, String) async throws -> T
) async throws -> T {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  let database = directory.file("sessions.sqlite")
  return try await withService(testConfiguration(database: database, bodyLimit: bodyLimit)) { client in
    try await body(client, database)
  }
}

/// Runs `body` with a client of a new service over a new database, its metrics in a registry
/// of their own, its durations measured on `clock`, and its logs kept in `logs`.
func withObservedService<T: Sendable>(
  accessLog: Bool = true, clock: SteppingClock = SteppingClock(), logs: CapturedLogs = CapturedLogs(),
  _ body: @escaping @Sendable (ServiceClient, String) async throws -> T
) async throws -> T {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  let database = directory.file("sessions.sqlite")
  var configuration = testConfiguration(database: database)
  configuration.accessLog = accessLog
  let app = try buildApplication(
    configuration: configuration, logger: logs.logger(), metrics: PrometheusCollectorRegistry(),
    now: { clock.now() })
  return try await app.test(.router) { client in try await body(ServiceClient(client: client), database) }
}
