import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Prometheus
import Testing
import WSClient

@testable import FlowServiceCore

/// A temporary directory that holds a test's databases and files: made and removed by
/// ``withTemporaryDirectory(_:)-(TemporaryDirectory)async``.
struct TemporaryDirectory {
  let path: String

  /// Makes a new, empty directory.
  fileprivate init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("FlowServiceTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  /// The directory at `path`, which another process made and removes (an exit test's parent).
  init(path: String) {
    self.path = path
  }

  /// The path of `name` inside the directory.
  func file(_ name: String) -> String { path + "/" + name }

  fileprivate func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// Runs `body` with a new, empty temporary directory, and removes the directory with what it
/// holds when `body` returns or throws.
func withTemporaryDirectory<T>(_ body: (TemporaryDirectory) async throws -> T) async throws -> T {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  return try await body(directory)
}

/// Runs a synchronous `body` with a new, empty temporary directory, and removes the directory
/// with what it holds when `body` returns or throws.
func withTemporaryDirectory<T>(_ body: (TemporaryDirectory) throws -> T) throws -> T {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  return try body(directory)
}

/// An answer: its status, its content type and its body as text (and its header fields,
/// which its equality ignores).
struct Answer: Equatable, CustomStringConvertible {
  var status: Int
  var contentType: String?
  var body: String
  /// Every header field of the answer.
  var fields: HTTPFields = [:]

  static func == (lhs: Answer, rhs: Answer) -> Bool {
    lhs.status == rhs.status && lhs.contentType == rhs.contentType && lhs.body == rhs.body
  }

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

/// The API key of the tests' services (``testConfiguration(database:bodyLimit:)``,
/// `TestPostgres.configuration(_:)`, ``ServiceProcess``).
let testAPIKey = "test-api-key-0123456789"

/// The `Authorization` field's value that sends `credential`.
func bearer(_ credential: String) -> String { "Bearer " + credential }

/// A WebSocket client's configuration that sends `authorization` (the test API key by default).
func webSocketConfiguration(authorization: String? = bearer(testAPIKey)) -> WebSocketClientConfiguration {
  var fields = HTTPFields()
  if let authorization { fields[.authorization] = authorization }
  return WebSocketClientConfiguration(additionalHeaders: fields)
}

/// Sends requests to an application under test: through its router, or to a live server.
///
/// Every request carries the client's `Authorization` field: the test API key unless
/// ``authorized(_:)`` chose another credential, or none.
struct ServiceClient: Sendable {
  private let sendRequest: @Sendable (HTTPRequest.Method, String, String?, HTTPFields) async throws -> Answer
  /// The `Authorization` field's value sent with every request, or `nil` for none.
  let authorization: String?

  /// A client of an application's test framework.
  init(client: any TestClientProtocol, authorization: String? = bearer(testAPIKey)) {
    self.authorization = authorization
    sendRequest = { method, uri, body, headers in
      try await client.execute(
        uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }
      ) { response in
        Answer(
          status: Int(response.status.code), contentType: response.headers[.contentType],
          body: String(buffer: response.body), fields: response.headers)
      }
    }
  }

  /// A client of a live server, over one connection (`live` must be connected).
  init(live: TestClient, authorization: String? = bearer(testAPIKey)) {
    self.authorization = authorization
    sendRequest = { method, uri, body, headers in
      var headers = headers
      headers[.connection] = "keep-alive"
      let response = try await live.execute(
        TestClient.Request(
          uri, method: method, authority: "localhost", headers: headers,
          body: body.map { ByteBuffer(string: $0) }))
      return Answer(
        status: Int(response.status.code), contentType: response.headers[.contentType],
        body: response.body.map { String(buffer: $0) } ?? "", fields: response.headers)
    }
  }

  private init(
    sendRequest: @escaping @Sendable (HTTPRequest.Method, String, String?, HTTPFields) async throws -> Answer,
    authorization: String?
  ) {
    self.sendRequest = sendRequest
    self.authorization = authorization
  }

  /// The same client sending `authorization` as its `Authorization` field (`nil`: none).
  func authorized(_ authorization: String?) -> ServiceClient {
    ServiceClient(sendRequest: sendRequest, authorization: authorization)
  }

  func send(
    _ method: HTTPRequest.Method, _ uri: String, body: String? = nil, headers: HTTPFields = [:]
  ) async throws -> Answer {
    var fields = headers
    if let authorization, fields[.authorization] == nil { fields[.authorization] = authorization }
    return try await sendRequest(method, uri, body, fields)
  }

  func delete(_ uri: String) async throws -> Answer { try await send(.delete, uri) }

  func get(_ uri: String) async throws -> Answer { try await send(.get, uri) }

  func post(_ uri: String, _ body: String? = nil) async throws -> Answer {
    try await send(.post, uri, body: body)
  }

  /// Creates a session and returns its identifier.
  func createSession(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    try await createSessionAndSecret(sourceLocation: sourceLocation).id
  }

  /// Creates a session and returns its identifier and secret.
  func createSessionAndSecret(sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> CreatedSession
  {
    let answer = try await post("/sessions")
    #expect(answer.status == 201, sourceLocation: sourceLocation)
    return try answer.decoded(CreatedSession.self, sourceLocation: sourceLocation)
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

/// A configuration over `database`, with no idle eviction, and the test API key (its session
/// key is kept in the database).
func testConfiguration(database: String, bodyLimit: Int = 64 * 1024) -> ServiceConfiguration {
  ServiceConfiguration(
    hostname: "127.0.0.1", port: 0, databasePath: database, bodyLimit: bodyLimit, idleTimeout: nil,
    apiKey: testAPIKey)
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
  try await withTemporaryDirectory { directory in
    let database = directory.file("sessions.sqlite")
    return try await withService(testConfiguration(database: database, bodyLimit: bodyLimit)) { client in
      try await body(client, database)
    }
  }
}

/// Runs `body` with a client of a new service over a new database, its metrics in a registry
/// of their own, its durations measured on `clock`, and its logs kept in `logs`.
func withObservedService<T: Sendable>(
  accessLog: Bool = true, clock: SteppingClock = SteppingClock(), logs: CapturedLogs = CapturedLogs(),
  _ body: @escaping @Sendable (ServiceClient, String) async throws -> T
) async throws -> T {
  try await withTemporaryDirectory { directory in
    let database = directory.file("sessions.sqlite")
    var configuration = testConfiguration(database: database)
    configuration.accessLog = accessLog
    let app = try buildApplication(
      configuration: configuration, logger: logs.logger(), metrics: PrometheusCollectorRegistry(),
      now: { clock.now() })
    return try await app.test(.router) { client in try await body(ServiceClient(client: client), database) }
  }
}
