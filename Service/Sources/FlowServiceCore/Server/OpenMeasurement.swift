import AppFlow
import Hummingbird
import Logging
import Navigator
import ShopApp

/// One service session whose opens run as `POST /sessions/{id}/open` runs them, without HTTP:
/// for the in-process measure of an open (the `OpenMeasure` executable, under callgrind).
///
/// The session is made as ``buildApplication(configuration:logger:metrics:)`` makes one on
/// SQLite: journal on, the shop's shared routes, its change saved as its request
/// (``SessionChanges``) and the whole document every so often; the store is in memory. Each
/// open is the session's change (the navigation, its events taken as text and published, the
/// state's JSON) and the change's save encoding.
package struct OpenMeasurement: Sendable {
  private let routes: FlowServiceRoutes
  private let id: SessionID

  private init(routes: FlowServiceRoutes, id: SessionID) {
    self.routes = routes
    self.id = id
  }

  /// Makes the service's routes over an in-memory store, and one session in them.
  ///
  /// - Throws: The host's error when the session can't be made.
  package static func make() async throws -> OpenMeasurement {
    let logger = Logger(label: "OpenMeasurement")
    let observer = RequestObserver(metrics: ServiceMetrics(), logger: logger, accessLog: false)
    let events = SessionEvents()
    let host = SessionHost(
      store: MeasuredSnapshotStore(store: InMemorySnapshotStore(), observer: observer),
      codec: SessionChanges.codec(ShopApp.codec(logLimit: 0))
    ) {
      let app = try ShopApp.makeApp(logLimit: 0)
      app.window.journal.isEnabled = true
      return app
    }
    let routes = FlowServiceRoutes(
      host: host, bodyLimit: 64 * 1024, observer: observer, events: events, gate: .local,
      authentication: Authentication(apiKey: "open-measurement"),
      streams: EventStreamCount(limit: 1, sessionLimit: 1), savesChanges: true)
    let id = try await host.create()
    try await host.save(id)
    let texts = try await host.withSession(id) { app in SessionEvents.take(from: app) }
    events.hold(id)
    events.publish(id, texts)
    return OpenMeasurement(routes: routes, id: id)
  }

  /// Opens `url` in the session as the endpoint does, and answers the response's status code.
  ///
  /// - Parameter url: The deep link.
  /// - Returns: The status code: 200 when the open succeeded.
  /// - Throws: The endpoint's error when the open is refused.
  package func open(_ url: String) async throws -> Int {
    try await routes.open(url, in: id).status.code
  }
}
