import Hummingbird
import HummingbirdWebSocket

/// Counts every answer of the router in the metrics and logs it (``RequestObserver``); the
/// first middleware, so that it sees the answer ``JSONErrorMiddleware`` made of an error.
/// The router's answers to ``MethodNotAllowedMiddleware``'s questions are not requests, and
/// are not counted.
///
/// Not Hummingbird's `MetricsMiddleware`: that one records through the process's
/// `MetricsSystem`, which can be bootstrapped once per process, so an application (a test's)
/// could not keep its metrics in a registry of its own; and it writes no access log.
struct ObservingMiddleware: RouterMiddleware {
  typealias Context = BasicWebSocketRequestContext

  let observer: RequestObserver

  @concurrent func handle(
    _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
  ) async throws -> Response {
    if MethodNotAllowedMiddleware.isProbing { return try await next(request, context) }
    let start = observer.now()
    do {
      let response = try await next(request, context)
      record(request, context, status: response.status.code, bytes: response.body.contentLength, since: start)
      return response
    } catch {
      // Errors are answered by `JSONErrorMiddleware`; one that passes it is Hummingbird's 500.
      record(
        request, context, status: (error as? any HTTPResponseError)?.status.code ?? 500, bytes: nil,
        since: start)
      throw error
    }
  }

  private func record(_ request: Request, _ context: Context, status: Int, bytes: Int?, since start: Duration)
  {
    guard observer.accessLog else {
      return observer.count(
        method: request.method.rawValue, route: Self.route(context), status: status, since: start)
    }
    observer.record(
      RequestObserver.Answer(
        method: request.method.rawValue, route: Self.route(context), path: request.uri.path, status: status,
        bytes: bytes, requestID: RequestObserver.requestID(request.headers, fallback: context.id)),
      since: start)
  }

  /// The pattern of the route that took the request, or ``ServiceMetrics/unmatchedRoute``.
  static func route(_ context: Context) -> String {
    guard let path = context.endpointPath, path != "NotFound" else { return ServiceMetrics.unmatchedRoute }
    return path
  }
}
