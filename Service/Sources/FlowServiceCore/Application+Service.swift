public import AppFlow
import Foundation
public import Hummingbird
public import Logging
import NIOCore
import ServiceLifecycle
import ShopApp

/// Builds the service: a Hummingbird application whose router serves the shop's sessions,
/// hosted by a `SessionHost` over a ``SQLiteSnapshotStore``.
///
/// ```swift
/// let app = try buildApplication(configuration: ServiceConfiguration(port: 8080))
/// try await app.runService()
/// ```
///
/// - Parameters:
///   - configuration: Where to listen, the database, the limits.
///   - logger: The application's logger.
/// - Returns: The application, not running.
/// - Throws: `SnapshotStoreError` when the database can't be opened.
public func buildApplication(
  configuration: ServiceConfiguration, logger: Logger = Logger(label: "FlowService")
) throws(SnapshotStoreError) -> some ApplicationProtocol {
  let store = try SQLiteSnapshotStore(path: configuration.databasePath)
  let host = SessionHost(store: store, codec: ShopApp.codec, idleTimeout: configuration.idleTimeout) {
    try ShopApp.makeApp()
  }
  let service = FlowServiceRoutes(host: host, bodyLimit: configuration.bodyLimit, metrics: ServiceMetrics())
  let router = Router(context: BasicRequestContext.self)
  router.middlewares.add(JSONErrorMiddleware(metrics: service.metrics, logger: logger))
  service.add(to: router)
  var services: [any Service] = []
  if configuration.idleTimeout != nil {
    services.append(IdleEviction(host: host, interval: configuration.evictionInterval))
  }
  return Application(
    router: router,
    configuration: ApplicationConfiguration(
      address: .hostname(configuration.hostname, port: configuration.port), serverName: "FlowService"),
    services: services, logger: logger)
}

/// The service's endpoints.
struct FlowServiceRoutes: Sendable {
  let host: SessionHost
  let bodyLimit: Int
  let metrics: ServiceMetrics

  func add(to router: Router<BasicRequestContext>) {
    router.get("/health") { _, _ in json(["status": "ok"]) }
    router.get("/metrics") { _, _ in
      let stored: Int
      do throws(SnapshotStoreError) {
        stored = try await host.store.sessionIDs().count
      } catch {
        throw ServiceError(status: 500, code: error.code.description, message: error.message)
      }
      return json(
        MetricsBody(
          sessionsLive: await host.liveSessionCount, sessionsStored: stored, requests: metrics.requests,
          errors: metrics.errors))
    }
    router.post("/sessions") { _, _ in
      let id = try await mapped { () async throws -> SessionID in
        let id = try await host.create()
        try await host.save(id)
        return id
      }
      return json(CreatedSession(id: id.rawValue), status: .created)
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
          try await host.withSession(id) { SessionRendering.picture(of: $0, format: picture) }
        }
        return Response(
          status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
          body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
      }
      return json(
        try await mapped { try await host.withSession(id) { SessionRendering.state(of: $0, id: id) } })
    }
    router.post("/sessions/:id/open") { request, context in
      let id = try sessionID(context)
      let body = try await decode(OpenRequest.self, from: request)
      return try await change(id) { app throws(ServiceError) in try SessionActions.open(body.url, in: app) }
    }
    router.post("/sessions/:id/actions") { request, context in
      let id = try sessionID(context)
      let body = try await decode(ActionRequest.self, from: request)
      return try await change(id) { app throws(ServiceError) in try SessionActions.perform(body, in: app) }
    }
    router.delete("/sessions/:id") { _, context in
      let id = try sessionID(context)
      try await mapped { () async throws in try await host.remove(id) }
      return Response(status: .noContent)
    }
  }

  /// Runs a change in the session, saves the session once it succeeded, and answers with
  /// the new state; a refused change is not saved.
  private func change(
    _ id: SessionID, _ body: @escaping @Sendable (AppController) throws(ServiceError) -> Void
  ) async throws -> Response {
    let state = try await mapped {
      try await host.withSession(id) { app in
        try body(app)
        return SessionRendering.state(of: app, id: id)
      }
    }
    try await mapped { () async throws in try await host.save(id) }
    return json(state)
  }

  /// The session identifier in the path: 400 when it is not a valid one.
  private func sessionID(_ context: BasicRequestContext) throws -> SessionID {
    let text = context.parameters.get("id") ?? ""
    do {
      return try SessionID(text)
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

/// Runs `body`, turning its error into a ``ServiceError``.
func mapped<T>(_ body: () async throws -> T) async throws(ServiceError) -> T {
  do {
    return try await body()
  } catch {
    throw ServiceError(any: error)
  }
}

/// A JSON answer.
func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
  return Response(
    status: status, headers: [.contentType: "application/json"],
    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
}
