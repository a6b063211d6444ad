import AppFlow
import Navigator

/// Why the service refused a request: the HTTP status, and the typed error's code and
/// message that the JSON body carries.
struct ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The HTTP status code.
  let status: Int
  /// The rule that was broken (`noMatch`, `unknownSession`, `navigationDenied`, …).
  let code: String
  /// The sentence naming it.
  let message: String
  /// The `WWW-Authenticate` field's value of a 401, naming the scheme the service wants.
  let challenge: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - status: The HTTP status code.
  ///   - code: The rule that was broken.
  ///   - message: The sentence naming it.
  ///   - challenge: The `WWW-Authenticate` field's value, for a 401.
  init(status: Int, code: String, message: String, challenge: String? = nil) {
    self.status = status
    self.code = code
    self.message = message
    self.challenge = challenge
  }

  /// The header fields the answer carries besides its content type: `WWW-Authenticate` for
  /// a 401.
  var headers: [(String, String)] { challenge.map { [("WWW-Authenticate", $0)] } ?? [] }

  /// A request without the credential its endpoint needs: 401 `missingCredentials`, with
  /// `WWW-Authenticate: Bearer realm="FlowService"`.
  static func missingCredentials(_ message: String) -> ServiceError {
    ServiceError(
      status: 401, code: "missingCredentials", message: message,
      challenge: "Bearer realm=\"\(Authentication.realm)\"")
  }

  /// A request whose credential is not the one its endpoint needs: 401 `invalidCredentials`,
  /// with `WWW-Authenticate: Bearer realm="FlowService", error="invalid_token"` (RFC 6750).
  static func invalidCredentials(_ message: String) -> ServiceError {
    ServiceError(
      status: 401, code: "invalidCredentials", message: message,
      challenge: "Bearer realm=\"\(Authentication.realm)\", error=\"invalid_token\"")
  }

  /// No such session: 404 `unknownSession`, the host's own answer for a session it doesn't
  /// find (also the answer to a secret that doesn't open the session, so that it looks the same).
  static func unknownSession(_ id: SessionID) -> ServiceError {
    ServiceError(
      status: 404, code: "unknownSession",
      message: "No session '\(id)': the host does not hold it and its store has no snapshot of it.")
  }

  /// The body the service answers with.
  var body: ErrorBody { ErrorBody(code: code, message: message) }

  /// The status and the message.
  var description: String { "\(status) \(code): \(message)" }

  /// A body that is not the JSON the endpoint reads: 400.
  static func malformedBody(_ problem: String) -> ServiceError {
    ServiceError(
      status: 400, code: "malformedBody", message: sentence("The request body is not valid: \(problem)"))
  }

  /// `text` ending with one period: `text` itself when it ends with `.`, `!` or `?` already
  /// (a decoder's own sentence), or with a period added.
  static func sentence(_ text: String) -> String {
    text.last.map { ".!?".contains($0) } == true ? text : text + "."
  }

  /// A navigation the engine refused: 409, with its code and message.
  init(_ error: NavigationError) {
    self.init(status: 409, code: error.code.description, message: error.message)
  }

  /// A refused navigation is 409; a URL that is too long, malformed, or matches no route,
  /// or a parameter that does not fit, is 422; a route or chain that can't be shown is 409.
  init(_ error: RouteError) {
    let text = error.description
    let code = text.prefix { $0 != ":" }
    switch error {
    case .refused(let navigation):
      self.init(navigation)
    case .emptyURL, .relativeURL, .malformedURL, .urlTooLong, .tooManySegments, .unknownScheme, .unknownHost,
      .noMatch, .invalidParameter, .missingParameter, .wrongRouteType:
      self.init(status: 422, code: String(code), message: text)
    case .unregisteredRoute, .invalidChain:
      self.init(status: 409, code: String(code), message: text)
    case .ambiguousPatterns, .invalidPattern, .duplicateRoute, .duplicateFlow, .duplicateScreen,
      .duplicateProtection, .urlParsesAsAnotherRoute:
      self.init(status: 500, code: String(code), message: text)
    }
  }

  /// An unknown session is 404, an invalid identifier 400, an existing one 409; the
  /// host's other failures (a store, a codec, the app's factory) are 500.
  init(_ error: SessionError) {
    let status =
      switch error.code {
      case .unknownSession: 404
      case .invalidSessionID: 400
      case .sessionExists: 409
      default: 500
      }
    self.init(status: status, code: error.code.description, message: error.message)
  }

  /// A store's failure: 503 when another request held the session's lock too long (try
  /// again), 500 otherwise.
  init(_ error: SnapshotStoreError) {
    let status = error.code == PostgresSnapshotStore.sessionBusy ? 503 : 500
    self.init(status: status, code: error.code.description, message: error.message)
  }

  /// Any error, mapped as its type says; an unexpected one is 500.
  init(any error: any Error) {
    switch error {
    case let error as ServiceError: self = error
    case let error as SessionError: self.init(error)
    case let error as SnapshotStoreError: self.init(error)
    case let error as RouteError: self.init(error)
    case let error as NavigationError: self.init(error)
    default: self.init(status: 500, code: "internal", message: "\(error)")
    }
  }
}
