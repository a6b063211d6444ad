import Hummingbird
import HummingbirdWebSocket
import Logging

/// Answers every error as `{"error": {"code": "...", "message": "..."}}` with its status
/// (and the header fields of an `HTTPError`: `Allow`, `Upgrade`; `WWW-Authenticate` of a
/// refused credential), and logs the errors of 500 and over.
struct JSONErrorMiddleware: RouterMiddleware {
  typealias Context = BasicWebSocketRequestContext

  let logger: Logger

  @concurrent func handle(
    _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
  ) async throws -> Response {
    if MethodNotAllowedMiddleware.isProbing { return try await next(request, context) }
    do {
      return try await next(request, context)
    } catch {
      let failure = Self.serviceError(error)
      if failure.status >= 500 { logger.error("\(request.method) \(request.uri.path): \(failure)") }
      var headers = (error as? HTTPError)?.headers ?? [:]
      if let challenge = failure.challenge { headers[.wwwAuthenticate] = challenge }
      return json(failure.body, status: HTTPResponse.Status(code: failure.status), headers: headers)
    }
  }

  /// The error as the service answers it.
  static func serviceError(_ error: any Error) -> ServiceError {
    if let error = error as? ServiceError { return error }
    if let error = error as? HTTPError {
      return ServiceError(
        status: error.status.code, code: code(of: error.status),
        message: error.body ?? error.status.reasonPhrase)
    }
    if let error = error as? any HTTPResponseError {
      return ServiceError(
        status: error.status.code, code: code(of: error.status),
        message: error.status == .contentTooLarge ? "The request body is larger than the limit." : "\(error)")
    }
    return ServiceError(any: error)
  }

  private static func code(of status: HTTPResponse.Status) -> String {
    switch status {
    case .notFound: "notFound"
    case .contentTooLarge: "bodyTooLarge"
    case .methodNotAllowed: "methodNotAllowed"
    case .upgradeRequired: "upgradeRequired"
    case .badRequest: "badRequest"
    default: "http\(status.code)"
    }
  }
}
