public import AppFlow
import Foundation
public import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
public import Logging
import NIOCore
import Navigator
import PostgresNIO
import ServiceLifecycle
import ShopApp

/// Builds the service: a Hummingbird application whose router serves the shop's sessions,
/// hosted by a `SessionHost` over a SQLite database file
/// (``ServiceConfiguration/databasePath``), or over PostgreSQL when the configuration has a
/// ``ServiceConfiguration/postgresURL`` (several instances can then share the sessions).
///
/// ```swift
/// let app = try buildApplication(configuration: ServiceConfiguration(port: 8080))
/// try await app.runService()
/// ```
///
/// - Parameters:
///   - configuration: Where to listen, the database, the limits.
///   - logger: The application's logger.
/// - Returns: The application, not running. With PostgreSQL, its services include the
///   database client, and it creates the `snapshots` table before it listens.
/// - Throws: `SnapshotStoreError` when the SQLite database can't be opened, or with the code
///   ``ServiceConfiguration/invalidPostgresURL`` when the PostgreSQL URL can't be read.
public func buildApplication(
  configuration: ServiceConfiguration, logger: Logger = Logger(label: "FlowService")
) throws(SnapshotStoreError) -> some ApplicationProtocol {
  let store: any SnapshotStore
  let gate: SessionGate
  let events = SessionEvents()
  var relay: EventRelay?
  var services: [any Service] = []
  if let url = configuration.postgresURL {
    // The pool's connections, and the relay's own one that listens.
    let pool: PostgresClient.Configuration
    let listener: PostgresConnection.Configuration
    do {
      pool = try PostgresURL.configuration(url)
      listener = try PostgresURL.connectionConfiguration(url)
    } catch {
      throw SnapshotStoreError(
        ServiceConfiguration.invalidPostgresURL, "Can't use the PostgreSQL URL: \(error.message)")
    }
    let postgres = PostgresSnapshotStore(configuration: pool, logger: logger)
    let eventRelay = EventRelay(configuration: listener, events: events, logger: logger)
    relay = eventRelay
    services.append(postgres.client)
    services.append(eventRelay)
    store = postgres
    gate = .shared(postgres, SessionLine())
  } else {
    store = try SQLiteSnapshotStore(path: configuration.databasePath)
    gate = .local
  }
  let host = SessionHost(store: store, codec: ShopApp.codec, idleTimeout: configuration.idleTimeout) {
    let app = try ShopApp.makeApp()
    // Drained after every call into the session (`SessionEvents`), so it holds one call's events.
    app.window.journal.isEnabled = true
    return app
  }
  let service = FlowServiceRoutes(
    host: host, bodyLimit: configuration.bodyLimit, metrics: ServiceMetrics(), events: events,
    gate: gate,
    streams: EventStreamCount(
      limit: configuration.streamLimit, sessionLimit: configuration.sessionStreamLimit))
  let router = Router(context: BasicWebSocketRequestContext.self)
  router.middlewares.add(JSONErrorMiddleware(metrics: service.metrics, logger: logger))
  let routes = MethodNotAllowedMiddleware.Routes()
  router.middlewares.add(MethodNotAllowedMiddleware(routes: routes))
  service.add(to: router)
  routes.load(router)
  if configuration.idleTimeout != nil {
    services.append(
      IdleEviction(host: host, interval: configuration.evictionInterval, gate: gate, events: events))
  }
  let limits = ConnectionGuard.Limits(
    idleTimeout: TimeAmount(configuration.connectionIdleTimeout),
    headerTimeout: TimeAmount(configuration.headerTimeout))
  let server = HTTPServerBuilder { responder in
    ServiceChannel(responder: responder, limits: limits, headerLimit: configuration.headerLimit) { head, _ in
      await service.upgrade(head)
    }
  }
  var app = Application(
    router: router, server: server,
    configuration: ApplicationConfiguration(
      address: .hostname(configuration.hostname, port: configuration.port), serverName: "FlowService"),
    services: services, logger: logger)
  if case .shared(let postgres, _) = gate, let relay {
    app.beforeServerStarts {
      try await postgres.prepare()
      // Listen before the first request, so that no stream misses a committed event.
      await relay.waitUntilListening()
    }
  }
  return app
}
