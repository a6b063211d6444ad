import AppFlow
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOWebSocket

/// `GET /sessions/{id}/events`: the session's journal events over a WebSocket.
///
/// The upgrade is decided by ``upgrade(_:)``, which the connection (``ServiceChannel``) asks
/// before the router sees the request: a refusal is the service's JSON error (404 for an
/// unknown session, 400 for an invalid identifier, 405 for another method, 404 for another
/// path, 401 without a credential). The same request without an upgrade reaches the router,
/// which answers 426.
///
/// The credential is the session's secret or the API key, as `Authorization: Bearer <credential>`
/// or, since a browser's `WebSocket` can't set header fields, as the subprotocol
/// `bearer.<credential>` offered beside `flow-service` (`Sec-WebSocket-Protocol: flow-service,
/// bearer.<secret>`): the answer then picks `flow-service`, never echoing the credential. A
/// subprotocol keeps the secret out of the URL, and so out of proxies' access logs. A
/// credential that opens neither the session nor all is answered as an unknown session (404).
extension FlowServiceRoutes {
  /// The WebSocket close code of a stream over a limit: 1013, try again later.
  static let tryAgainLater = WebSocketErrorCode.unknown(1013)

  func addEvents(to router: Router<BasicWebSocketRequestContext>) {
    router.get("/sessions/:id/events") { _, context -> Response in
      let id = try sessionID(context)
      try await mapped { try await inSession(id) { _ in } }
      throw HTTPError(
        .upgradeRequired, headers: [.upgrade: "websocket", .connection: "Upgrade"],
        message:
          "The session's events are a WebSocket stream: ask with 'Connection: Upgrade' and 'Upgrade: websocket'."
      )
    }
  }

  /// Decides a WebSocket upgrade request, and counts its answer in the metrics and the access
  /// log (the route `/sessions/{id}/events`, or `unmatched` for another path; the status 101
  /// for an upgrade).
  ///
  /// - Parameters:
  ///   - head: The request.
  ///   - logger: The connection's logger, whose `hb.request.id` names the request.
  func upgrade(_ head: HTTPRequest, logger: Logger) async -> UpgradeDecision {
    let start = observer.now()
    let decision = await decide(head)
    let path = String((head.path ?? "/").prefix { $0 != "?" })
    let status: Int
    switch decision {
    case .upgrade: status = 101
    case .refuse(let answer): status = answer.status
    }
    observer.record(
      RequestObserver.Answer(
        method: head.method.rawValue, route: Self.eventsRoute(path: path), path: path, status: status,
        bytes: nil,
        requestID: RequestObserver.requestID(
          head.headerFields, fallback: logger[metadataKey: "hb.request.id"]?.description ?? "\(RequestID())")),
      since: start)
    return decision
  }

  /// The route label of an upgrade request's path.
  private static func eventsRoute(path: String) -> String {
    let segments = path.split(separator: "/")
    guard segments.count == 3, segments[0] == "sessions", segments[2] == "events" else {
      return ServiceMetrics.unmatchedRoute
    }
    return "/sessions/{id}/events"
  }

  private func decide(_ head: HTTPRequest) async -> UpgradeDecision {
    let path = (head.path ?? "/").prefix { $0 != "?" }
    let segments = path.split(separator: "/")
    guard segments.count == 3, segments[0] == "sessions", segments[2] == "events" else {
      return .refuse(
        ConnectionGuard.Answer(status: 404, body: ErrorBody(code: "notFound", message: "Not Found")))
    }
    guard head.method == .get else {
      return .refuse(
        ConnectionGuard.Answer(
          status: 405,
          body: MethodNotAllowedMiddleware.body(head.method, path: String(path), allowed: [.get]),
          headers: [("Allow", "GET")]))
    }
    let offered = Authentication.webSocketBearer(head.headerFields[values: .secWebSocketProtocol])
    let token = Authentication.bearer(head.headerFields[.authorization]) ?? offered.token
    let id: SessionID
    do {
      try authentication.checkSession(segments[1], token)
      id = try SessionID(String(segments[1]))
      try await mapped { try await inSession(id) { _ in } }
    } catch {
      let failure = ServiceError(any: error)
      return .refuse(
        ConnectionGuard.Answer(status: failure.status, body: failure.body, headers: failure.headers))
    }
    // A browser fails the connection unless the answer picks one of the subprotocols it offered.
    let picked: HTTPFields =
      offered.offersProtocol ? [.secWebSocketProtocol: Authentication.webSocketProtocol] : [:]
    return .upgrade(picked) { inbound, outbound, _ in
      if let refusal = streams.open(id) {
        try await outbound.close(Self.tryAgainLater, reason: refusal)
        return
      }
      defer { streams.close(id) }
      try await stream(id, inbound: inbound, outbound: outbound)
    }
  }

  /// Writes `{"subscribed": id, "next": n}`, then each of the session's events as
  /// `{"index": n, "event": "..."}`, until the client closes or the session is removed.
  private func stream(
    _ id: SessionID, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
  ) async throws {
    let subscription = events.subscribe(id)
    defer { events.unsubscribe(id, token: subscription.token) }
    try await outbound.write(.text(text(EventsSubscribed(subscribed: id.rawValue, next: subscription.next))))
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for try await _ in inbound {}
      }
      group.addTask {
        for await event in subscription.events { try await outbound.write(.text(text(event))) }
      }
      try await group.next()
      group.cancelAll()
    }
  }
}
