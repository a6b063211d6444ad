import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket

/// Lets a request through when its credential opens its endpoint (``Authentication``), and
/// refuses it otherwise with the service's JSON error, before any handler runs: a refused
/// request changes nothing.
///
/// | Endpoints | Open with |
/// |---|---|
/// | `GET /health`, `POST /sessions` | nothing |
/// | `/sessions/{id}` and below | the session's secret, or the API key |
/// | `GET /sessions`, `GET /metrics` | the API key |
/// | `GET /`, `/inspect/...` (the inspector) | the API key, or the inspector's cookie |
///
/// Credentials come as `Authorization: Bearer <credential>`. A browser can't send that
/// header when it opens a page, so the inspector also takes the key once as `?key=<API key>`:
/// the answer is a redirect (303) to the same page without `key`, which sets an `HttpOnly`,
/// `SameSite=Strict` cookie holding a MAC of the key (not the key). The key thus stays out of
/// the address bar, the history and the pages' `Referer`, scripts can't read the cookie, and
/// other sites can't send it. Every other path (404) and method (405) is answered as before.
struct AuthenticationMiddleware: RouterMiddleware {
  typealias Context = BasicWebSocketRequestContext

  let authentication: Authentication

  /// What a path needs.
  enum Access: Equatable {
    /// Nothing.
    case open
    /// The API key.
    case admin
    /// The API key or the inspector's cookie.
    case inspector
    /// The secret of the session the segment names, or the API key.
    case session(Substring)
  }

  /// What `path` needs for `method`.
  static func access(_ method: HTTPRequest.Method, path: String) -> Access {
    if path == "/" { return .inspector }
    // The first two segments, without splitting the whole path into an array.
    let rest = path[...].drop { $0 == "/" }
    guard !rest.isEmpty else { return .open }
    let first = rest.prefix { $0 != "/" }
    let second = rest[first.endIndex...].drop { $0 == "/" }.prefix { $0 != "/" }
    switch first {
    case "health": return .open
    case "metrics": return .admin
    case "inspect" where path.hasPrefix("/inspect/"): return .inspector
    case "sessions" where second.isEmpty: return method == .post ? .open : .admin
    case "sessions": return .session(second)
    default: return .open
    }
  }

  @concurrent func handle(
    _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
  ) async throws -> Response {
    if MethodNotAllowedMiddleware.isProbing { return try await next(request, context) }
    let token = Authentication.bearer(request.headers[.authorization])
    switch Self.access(request.method, path: request.uri.path) {
    case .open:
      break
    case .admin:
      try authentication.checkAdmin(token)
    case .session(let segment):
      try authentication.checkSession(segment, token)
    case .inspector:
      if let answer = try inspectorAnswer(request, token: token) { return answer }
    }
    return try await next(request, context)
  }

  /// Checks an inspector request: `nil` to let it through, or the redirect that sets the cookie.
  private func inspectorAnswer(_ request: Request, token: String?) throws(ServiceError) -> Response? {
    if let key = request.uri.queryParameters.get("key") {
      guard authentication.isAPIKey(key) else {
        throw .invalidCredentials("The key in the address is not the API key.")
      }
      let rest = (request.uri.query ?? "").split(separator: "&").filter {
        $0.prefix { $0 != "=" } != "key"
      }
      let location = request.uri.path + (rest.isEmpty ? "" : "?" + rest.joined(separator: "&"))
      var headers: HTTPFields = [.location: location, .cacheControl: "no-store"]
      headers[.setCookie] =
        "\(Authentication.cookieName)=\(authentication.inspectorCookie); Path=/; HttpOnly; SameSite=Strict"
      return Response(status: .seeOther, headers: headers)
    }
    if let token {
      try authentication.checkAdmin(token)
      return nil
    }
    let cookies = request.headers[values: .cookie]
    guard let cookie = Authentication.cookie(Authentication.cookieName, in: cookies) else {
      throw .missingCredentials(
        "The inspector needs the API key: open it once with '?key=<API key>' (a cookie keeps it), or send 'Authorization: Bearer <API key>'."
      )
    }
    guard authentication.isInspectorCookie(cookie) else {
      throw .invalidCredentials(
        "The inspector's cookie is not from this API key: open the page with '?key=<API key>' again.")
    }
    return nil
  }
}
