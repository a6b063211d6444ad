import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import Synchronization

/// Answers 405 with `Allow` when the request's path has routes, but none for its method
/// (the router alone answers 404).
///
/// The router does not say which methods a path has; the middleware asks it, by sending it
/// the request with each other method while ``isProbing`` is set: this middleware then
/// answers each of those at once, 204 when the router found a route (it names the route's
/// path in the context before the middlewares run), 404 when not. No handler runs.
struct MethodNotAllowedMiddleware: RouterMiddleware {
  typealias Context = BasicWebSocketRequestContext

  /// The router's responder, set once every route is added (``load(_:)``).
  final class Routes: Sendable {
    private let responder = Mutex<RouterResponder<Context>?>(nil)

    init() {}

    /// Takes the router's routes; call it after the last route is added.
    func load(_ router: Router<Context>) {
      let built = router.buildResponder()
      responder.withLock { $0 = built }
    }

    fileprivate var current: RouterResponder<Context>? { responder.withLock { $0 } }
  }

  /// Whether the router is being asked for the methods of a path.
  @TaskLocal static var isProbing = false

  /// The methods asked about, in the order `Allow` lists them.
  static let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]

  let routes: Routes

  @concurrent func handle(
    _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
  ) async throws -> Response {
    if Self.isProbing { return Response(status: context.endpointPath == nil ? .notFound : .noContent) }
    guard context.endpointPath == nil, let responder = routes.current else {
      return try await next(request, context)
    }
    var allowed: [HTTPRequest.Method] = []
    for method in Self.methods where method != request.method {
      var head = request.head
      head.method = method
      var probe = context
      probe.coreContext.endpointPath = EndpointPath()
      let answer = try? await Self.$isProbing.withValue(true) {
        try await responder.respond(
          to: Request(head: head, body: RequestBody(buffer: ByteBuffer())), context: probe)
      }
      if answer?.status == .noContent { allowed.append(method) }
    }
    guard !allowed.isEmpty else { return try await next(request, context) }
    let body = Self.body(request.method, path: request.uri.path, allowed: allowed)
    throw HTTPError(
      .methodNotAllowed, headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")],
      message: body.error.message)
  }

  /// The error of a method that the path does not allow.
  static func body(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> ErrorBody {
    let list = allowed.map(\.rawValue).joined(separator: ", ")
    return ErrorBody(
      code: "methodNotAllowed",
      message: "\(method.rawValue) is not allowed on \(path); its methods are \(list).")
  }
}
