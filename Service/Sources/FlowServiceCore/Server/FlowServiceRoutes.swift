import AppFlow
import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import Navigator
import ShopApp

/// The service's endpoints.
struct FlowServiceRoutes: Sendable {
  let host: SessionHost
  let bodyLimit: Int
  /// Counts the answers in the metrics and logs them; the upgrades' among them.
  let observer: RequestObserver
  let events: SessionEvents
  /// Keeps a session's requests apart across the instances that share the store.
  let gate: SessionGate
  /// The credentials' checks, and the sessions' secrets.
  let authentication: Authentication
  /// The event streams open, under their limits.
  let streams: EventStreamCount
  /// The routes the answers' states showed, rendered once.
  let renderedRoutes = RenderedRoutes()
  /// A Boolean value indicating whether a change is saved as the request that made it
  /// (``SessionChanges``, on SQLite) rather than as the whole session.
  var savesChanges = false

  func add(to router: Router<BasicWebSocketRequestContext>) {
    router.get("/health") { _, _ in json(["status": "ok"]) }
    router.get("/metrics") { _, _ in
      // The stored sessions are counted as they come and go: the store is not asked.
      let text = metrics.exposition(liveSessions: await host.liveSessionCount)
      return Response(
        status: .ok, headers: [.contentType: Self.prometheusContentType],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
    }
    router.post("/sessions") { _, _ in
      let id = try await mapped { () async throws -> SessionID in
        let id = try await host.create()
        try await host.save(id)
        metrics.sessionCreated()
        let texts = try await host.withSession(id) { app in SessionEvents.take(from: app) }
        events.hold(id)
        try await gate.publish(id, texts, to: events)
        return id
      }
      return json(
        CreatedSession(id: id.rawValue, secret: try authentication.secret(for: id)), status: .created)
    }
    router.get("/sessions") { request, _ in
      let (after, limit) = try pageQuery(request)
      let page = try await mapped { try await SessionPage.read(from: host.store, after: after, limit: limit) }
      return json(SessionList(page))
    }
    router.get("/sessions/:id") { request, context in
      let id = try sessionID(context)
      if let format = request.uri.queryParameters.get("format") {
        guard let picture = SessionRendering.Picture(rawValue: format) else {
          throw ServiceError(
            status: 400, code: "unknownFormat",
            message: "Unknown format '\(format)'; the formats are text, mermaid, dot.")
        }
        let text = try await mapped {
          try await inSession(id) { SessionRendering.picture(of: $0, format: picture) }
        }
        return Response(
          status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
          body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
      }
      return json(
        try await mapped {
          try await inSession(id) { [renderedRoutes] in
            SessionRendering.state(of: $0, id: id, routes: renderedRoutes)
          }
        })
    }
    router.post("/sessions/:id/open") { request, context in
      let id = try sessionID(context)
      let body = try await decodeOpen(from: request)
      return try await open(body.url, in: id)
    }
    router.post("/sessions/:id/actions") { request, context in
      let id = try sessionID(context)
      let body = try await decode(ActionRequest.self, from: request)
      return try await change(id, recording: savesChanges ? SessionChanges.action(body) : nil) {
        app throws(ServiceError) in try SessionActions.perform(body, in: app)
      }
    }
    router.delete("/sessions/:id") { _, context in
      let id = try sessionID(context)
      try await mapped { () async throws in
        try await gate.withSession(id, host: host) {
          try await host.remove(id)
          metrics.sessionRemoved()
          await gate.close(id, in: events)
        }
      }
      return Response(status: .noContent)
    }
    addEvents(to: router)
    addLog(to: router)
    addInspector(to: router)
  }

  /// Opens `url` in session `id` and answers with the new state: `POST /sessions/{id}/open`
  /// once its body is read (``OpenMeasurement`` runs it without HTTP).
  func open(_ url: String, in id: SessionID) async throws -> Response {
    try await change(id, recording: savesChanges ? SessionChanges.open(url) : nil) {
      app throws(ServiceError) in try SessionActions.open(url, in: app)
    }
  }

  /// The metrics the answers are counted in.
  var metrics: ServiceMetrics { observer.metrics }

  /// The content type of `GET /metrics`: Prometheus's text format.
  static let prometheusContentType = "text/plain; version=0.0.4; charset=utf-8"

  /// Runs `body` in the session (alone among the instances), then publishes the events its
  /// journal recorded.
  func inSession<T: Sendable>(
    _ id: SessionID, _ body: @escaping @Sendable (AppController) throws -> T
  ) async throws -> T {
    try await gate.withSession(id, host: host) { try await drained(id, body) }
  }

  /// Runs `body` in the session, then publishes the events its journal recorded.
  private func drained<T: Sendable>(
    _ id: SessionID, _ body: @escaping @Sendable (AppController) throws -> T
  ) async throws -> T {
    let (result, texts) = try await host.withSession(id) { app in
      (Result { try body(app) }, SessionEvents.take(from: app))
    }
    events.hold(id)
    try await gate.publish(id, texts, to: events)
    return try result.get()
  }

  /// Runs a change in the session, saves the session once it succeeded, and answers with
  /// the new state; a refused change is not saved. The change, the state, the snapshot and
  /// its save happen in one turn of the session (``SessionHost/change(_:_:beforeSaving:)``),
  /// alone among the instances (``SessionGate/withChange(_:host:_:)``); the events are
  /// published before the save, so that with PostgreSQL they go in its statement.
  ///
  /// With `recording` (``SessionChanges``, on SQLite), the change is saved as what it
  /// records, unless it is the one saved whole. When that save fails, the session is
  /// released from memory, so that the next request restores it as it was saved: a change
  /// after an unsaved one would be saved after a gap.
  private func change(
    _ id: SessionID, recording: [UInt8]? = nil,
    _ body: @escaping @Sendable (AppController) throws(ServiceError) -> Void
  ) async throws -> Response {
    let state = try await gate.withChange(id, host: host) {
      do {
        return try await host.change(id) { app in
          do throws(ServiceError) {
            try body(app)
          } catch {
            throw RefusedChange(error: error, texts: SessionEvents.take(from: app))
          }
          if let recording { ShopApp.shop(of: app)?.unsavedChange = recording }
          return (
            state: SessionRendering.state(of: app, id: id, routes: renderedRoutes),
            texts: SessionEvents.take(from: app)
          )
        } beforeSaving: { (change: (state: SessionState, texts: [String])) in
          events.hold(id)
          try await gate.publish(id, change.texts, to: events)
        }.state
      } catch let refused as RefusedChange {
        events.hold(id)
        try await gate.publish(id, refused.texts, to: events)
        throw refused.error
      } catch {
        // The change may be made and not saved: its save failed, or what precedes it threw.
        if recording != nil, Self.mayLeaveAnUnsavedChange(error) { _ = try? await host.discard(id) }
        throw ServiceError(any: error)
      }
    }
    return json(state)
  }

  /// Whether a change that failed with `error` may have been made and not saved: its
  /// snapshot or save failed, or publishing its events threw (any error that is not the
  /// host's own).
  private static func mayLeaveAnUnsavedChange(_ error: any Error) -> Bool {
    guard let error = error as? SessionError else { return true }
    return error.code == .storeFailed || error.code == .snapshotFailed
  }

  /// A change the session refused, with the events its attempt recorded (published, not saved).
  private struct RefusedChange: Error {
    let error: ServiceError
    let texts: [String]
  }

  /// The session identifier in the path: 400 when it is not a valid one.
  func sessionID(_ context: BasicWebSocketRequestContext) throws -> SessionID {
    let text = context.parameters.get("id") ?? ""
    do {
      return try SessionID(text)
    } catch {
      throw ServiceError(error)
    }
  }

  /// The page of sessions a request asks for: `after` (a session identifier, the cursor) and
  /// `limit` (1 to ``SessionPage/maximumLimit``, ``SessionPage/defaultLimit`` when absent);
  /// 400 when either is invalid.
  func pageQuery(_ request: Request) throws(ServiceError) -> (after: SessionID?, limit: Int) {
    let query = request.uri.queryParameters
    var limit = SessionPage.defaultLimit
    if let text = query.get("limit") {
      guard let value = Int(text), (1...SessionPage.maximumLimit).contains(value) else {
        throw ServiceError(
          status: 400, code: "invalidLimit",
          message: "The limit '\(text)' is not a whole number from 1 to \(SessionPage.maximumLimit).")
      }
      limit = value
    }
    guard let text = query.get("after") else { return (nil, limit) }
    do {
      return (try SessionID(text), limit)
    } catch {
      throw ServiceError(error)
    }
  }

  /// The request's body read as JSON: 413 over the limit, 400 when it is not `T`.
  private func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
    let buffer = try await request.body.collect(upTo: bodyLimit)
    do {
      return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
    } catch {
      throw ServiceError.malformedBody(Self.describe(error))
    }
  }

  /// The body of `POST /sessions/{id}/open`: read directly when it is the usual one
  /// (``OpenRequest/init(usualBody:)``), by `JSONDecoder` otherwise; 413 over the limit, 400
  /// when it is not an ``OpenRequest``.
  private func decodeOpen(from request: Request) async throws -> OpenRequest {
    let buffer = try await request.body.collect(upTo: bodyLimit)
    if let body = OpenRequest(usualBody: Array(buffer.readableBytesView)) { return body }
    do {
      return try JSONDecoder().decode(OpenRequest.self, from: Data(buffer.readableBytesView))
    } catch {
      throw ServiceError.malformedBody(Self.describe(error))
    }
  }

  /// A decoding error in a sentence.
  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "the field '\(key.stringValue)' is missing"
    case DecodingError.typeMismatch(_, let context): context.debugDescription
    case DecodingError.valueNotFound(_, let context): context.debugDescription
    case DecodingError.dataCorrupted(let context): context.debugDescription
    default: "\(error)"
    }
  }
}
