public import AppFlow
import Foundation
public import Hummingbird
import HummingbirdWebSocket
public import Logging
import NIOCore
import Navigator
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
    let app = try ShopApp.makeApp()
    // Drained after every call into the session (`SessionEvents`), so it holds one call's events.
    app.window.journal.isEnabled = true
    return app
  }
  let service = FlowServiceRoutes(
    host: host, bodyLimit: configuration.bodyLimit, metrics: ServiceMetrics(), events: SessionEvents())
  let router = Router(context: BasicWebSocketRequestContext.self)
  router.middlewares.add(JSONErrorMiddleware(metrics: service.metrics, logger: logger))
  service.add(to: router)
  var services: [any Service] = []
  if configuration.idleTimeout != nil {
    services.append(IdleEviction(host: host, interval: configuration.evictionInterval))
  }
  return Application(
    router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
    configuration: ApplicationConfiguration(
      address: .hostname(configuration.hostname, port: configuration.port), serverName: "FlowService"),
    services: services, logger: logger)
}
