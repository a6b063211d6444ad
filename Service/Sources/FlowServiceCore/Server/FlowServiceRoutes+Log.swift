import AppFlow
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import ShopApp

/// `GET /sessions/{id}/log`: the session's recorded inputs since its log's start snapshot,
/// as the root package's session log JSON, which `RouteTable.decodeSessionLog(_:)` reads and
/// `SessionLog.replay(into:)` replays on a fresh app controller of the shop.
extension FlowServiceRoutes {
  func addLog(to router: Router<BasicWebSocketRequestContext>) {
    router.get("/sessions/:id/log") { _, context in
      let id = try sessionID(context)
      let document = try await mapped {
        try await inSession(id) { app throws(ServiceError) in try SessionLogDocument(of: app, id: id) }
      }
      return Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: document.bytes)))
    }
  }
}

/// The answer of `GET /sessions/{id}/log`:
///
/// ```
/// {"id":"…","inputs":2,"limit":100,"log":{"inputs":[{"input":"start"},{"animated":false,"input":"open","url":"shop:\/\/cart"}],"sessionLog":1}}
/// ```
///
/// `inputs` counts the log's inputs, `limit` is the most it keeps after its start
/// (`--session-log-limit`), and `log` is the log's own JSON (`RouteTable.encode(_:)`), with
/// its `start` snapshot when it doesn't start from a fresh app controller.
struct SessionLogDocument: Sendable {
  /// The document's JSON bytes.
  let bytes: [UInt8]

  /// The document of the session's log.
  ///
  /// - Parameters:
  ///   - app: The session's app controller.
  ///   - id: The session's identifier.
  /// - Throws: 404 `noSessionLog` when the session records no log (the service runs with
  ///   `--session-log-limit 0`).
  init(of app: AppController, id: SessionID) throws(ServiceError) {
    guard let count = ShopApp.logCount(of: app), let limit = ShopApp.logLimit(of: app),
      let encoded = ShopApp.logBytes(of: app)
    else {
      throw ServiceError(
        status: 404, code: "noSessionLog",
        message: "Session '\(id)' keeps no log: the service records none (--session-log-limit 0).")
    }
    // The identifier is a session identifier's characters only: nothing to escape.
    var bytes = Array(#"{"id":""#.utf8) + Array(id.rawValue.utf8)
    bytes += Array(#"","inputs":\#(count),"limit":\#(limit),"log":"#.utf8)
    bytes += encoded
    bytes.append(UInt8(ascii: "}"))
    self.bytes = bytes
  }
}
