public import AppFlow
import Foundation
public import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
public import Logging
import NIOCore
import Navigator
import PostgresNIO
public import Prometheus
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
/// The service's metrics go to `metrics`, which `GET /metrics` writes out in Prometheus's
/// text format; give each application its own registry (the default), and bootstrap the
/// process's `MetricsSystem` with a `PrometheusMetricsFactory` over the same registry to
/// export the libraries' metrics beside them.
///
/// Every endpoint but `GET /health` and `POST /sessions` needs a credential: the API key
/// (``ServiceConfiguration/apiKey``; without one, a random key that is logged once at the
/// `notice` level), or for a session's own endpoints that session's secret, which
/// `POST /sessions` answers with (made with ``ServiceConfiguration/sessionKey``; without one,
/// with a key kept in the database).
///
/// - Parameters:
///   - configuration: Where to listen, the database, the limits, the access log.
///   - logger: The application's logger; the access log goes to it.
///   - metrics: The registry the service's metrics are kept in; a new one by default.
/// - Returns: The application, not running. With PostgreSQL, its services include the
///   database client, and it creates the `snapshots` table before it listens.
/// - Throws: `SnapshotStoreError` when the SQLite database can't be opened or its session key
///   can't be read, with the code ``ServiceConfiguration/invalidPostgresURL`` when the
///   PostgreSQL URL can't be read, ``ServiceConfiguration/invalidAPIKey`` or
///   ``ServiceConfiguration/invalidSessionKey`` when a key breaks its rule,
///   ``ServiceConfiguration/invalidSessionLogLimit`` when the log's limit is out of its range.
public func buildApplication(
  configuration: ServiceConfiguration, logger: Logger = Logger(label: "FlowService"),
  metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
) throws(SnapshotStoreError) -> some ApplicationProtocol {
  try buildApplication(
    configuration: configuration, logger: logger, metrics: metrics, now: RequestObserver.continuousNow)
}

/// Builds the service as ``buildApplication(configuration:logger:metrics:)`` does, timing its
/// requests and saves on `now` (a monotonic clock's time).
func buildApplication(
  configuration: ServiceConfiguration, logger: Logger, metrics: PrometheusCollectorRegistry,
  now: @escaping @Sendable () -> Duration
) throws(SnapshotStoreError) -> some ApplicationProtocol {
  let authentication = try authentication(configuration, logger: logger)
  let logLimit = configuration.sessionLogLimit
  guard (0...ServiceConfiguration.maximumSessionLogLimit).contains(logLimit) else {
    throw SnapshotStoreError(
      ServiceConfiguration.invalidSessionLogLimit,
      "The session log's limit is \(logLimit): it must be from 0 to \(ServiceConfiguration.maximumSessionLogLimit)."
    )
  }
  let observer = RequestObserver(
    metrics: ServiceMetrics(registry: metrics), logger: logger, accessLog: configuration.accessLog, now: now)
  let store: any SnapshotStore
  var sqliteStore: SQLiteSnapshotStore?
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
    let sqlite = try SQLiteSnapshotStore(path: configuration.databasePath)
    if configuration.sessionKey == nil {
      authentication.setSessionKey(try sqlite.sessionKey(storing: Authentication.randomKey()))
    }
    store = sqlite
    sqliteStore = sqlite
    gate = .local
  }
  let savesChanges = sqliteStore != nil && logLimit == 0
  let host = SessionHost(
    store: MeasuredSnapshotStore(store: store, observer: observer),
    // On SQLite a change is saved as the request that made it, the whole session every so
    // often (SessionChanges); on PostgreSQL, and with session logs, the whole session at
    // every change.
    codec: savesChanges
      ? SessionChanges.codec(ShopApp.codec(logLimit: logLimit)) : ShopApp.codec(logLimit: logLimit),
    idleTimeout: configuration.idleTimeout
  ) {
    // Records its inputs for its life when the log's limit is positive (`ShopApp.makeApp(logLimit:)`).
    let app = try ShopApp.makeApp(logLimit: logLimit)
    // Drained after every call into the session (`SessionEvents`), so it holds one call's events.
    app.window.journal.isEnabled = true
    return app
  }
  let service = FlowServiceRoutes(
    host: host, bodyLimit: configuration.bodyLimit, observer: observer, events: events,
    gate: gate, authentication: authentication,
    streams: EventStreamCount(
      limit: configuration.streamLimit, sessionLimit: configuration.sessionStreamLimit),
    savesChanges: savesChanges)
  let router = Router(context: BasicWebSocketRequestContext.self)
  router.middlewares.add(ObservingMiddleware(observer: observer))
  router.middlewares.add(JSONErrorMiddleware(logger: logger))
  let routes = MethodNotAllowedMiddleware.Routes()
  router.middlewares.add(MethodNotAllowedMiddleware(routes: routes))
  router.middlewares.add(AuthenticationMiddleware(authentication: authentication))
  service.add(to: router)
  routes.load(router)
  if configuration.idleTimeout != nil {
    services.append(
      IdleEviction(
        host: host, interval: configuration.evictionInterval, gate: gate, events: events,
        metrics: observer.metrics, authentication: authentication, sqlite: sqliteStore, logger: logger))
  }
  let limits = ConnectionGuard.Limits(
    idleTimeout: TimeAmount(configuration.connectionIdleTimeout),
    headerTimeout: TimeAmount(configuration.headerTimeout))
  let server = HTTPServerBuilder { responder in
    ServiceChannel(responder: responder, limits: limits, headerLimit: configuration.headerLimit) {
      head, logger in
      await service.upgrade(head, logger: logger)
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
      if configuration.sessionKey == nil {
        authentication.setSessionKey(try await postgres.sessionKey(storing: Authentication.randomKey()))
      }
      // Listen before the first request, so that no stream misses a committed event.
      await relay.waitUntilListening()
    }
  }
  // The one time the stored sessions are counted in the store; then as they come and go.
  app.beforeServerStarts {
    observer.metrics.startCounting(stored: try await SessionPage.count(of: store))
  }
  return app
}

/// The checks of the configuration's keys: its API key, or a new random one that is logged
/// once (the only time a key is logged), and its session key if it has one.
private func authentication(
  _ configuration: ServiceConfiguration, logger: Logger
) throws(SnapshotStoreError) -> Authentication {
  let sessionKey = configuration.sessionKey.map { Array($0.utf8) }
  if let sessionKey, let problem = ServiceConfiguration.sessionKeyProblem(sessionKey.count) {
    throw SnapshotStoreError(ServiceConfiguration.invalidSessionKey, problem)
  }
  if let apiKey = configuration.apiKey {
    if let problem = ServiceConfiguration.apiKeyProblem(apiKey) {
      throw SnapshotStoreError(ServiceConfiguration.invalidAPIKey, problem)
    }
    return Authentication(apiKey: apiKey, sessionKey: sessionKey)
  }
  let apiKey = Authentication.generatedAPIKey()
  // The address to click, when the port is known before the server listens.
  let host = configuration.hostname.contains(":") ? "[\(configuration.hostname)]" : configuration.hostname
  let origin = configuration.port == 0 ? "" : "http://\(host):\(configuration.port)"
  logger.notice(
    "No API key was given (--api-key, FLOW_SERVICE_API_KEY): this process's API key is \(apiKey); open the inspector at \(origin)/?key=\(apiKey)"
  )
  return Authentication(apiKey: apiKey, sessionKey: sessionKey)
}
