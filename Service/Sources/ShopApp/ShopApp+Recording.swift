package import AppFlow
import Navigator

extension ShopApp {
  /// Makes a session's app controller, as ``makeApp(shop:)`` does, recording its inputs for
  /// its whole life when `logLimit` is positive: the app controller's `SessionRecorder`
  /// (`AppController.startRecording(limit:)`, set before the host starts it) keeps the
  /// session's log, which starts from a fresh app controller, its first input the host's
  /// `start`, and keeps at most `logLimit` inputs after its start (when it is full, the next
  /// input starts it again from a snapshot of the state before that input).
  ///
  /// - Parameter logLimit: The most inputs the log keeps after its start; 0 records nothing.
  /// - Returns: The app controller, not started.
  /// - Throws: A ``RouteError`` if a registration of the shared routes was refused (a bug in
  ///   the shop).
  package static func makeApp(logLimit: Int) throws -> AppController {
    let app = try makeApp()
    guard logLimit > 0 else { return app }
    // Not started: the log starts from a fresh app controller, and nothing is snapshotted.
    try app.startRecording(limit: logLimit)
    return app
  }

  /// The codec of shop sessions that keep their log in the same document as their snapshot
  /// (``SavedShop/log``), so that one save writes both and they never disagree; ``codec``
  /// when `logLimit` is 0.
  ///
  /// A restore brings the navigation back as ``codec`` does, then goes on with the saved log
  /// (`AppController.startRecording(continuing:limit:)`). A document without a log (saved
  /// before logs were kept, or with recording off) restores the same way, its log then
  /// starting from the restored state; so does one whose log can't be read or holds more
  /// inputs than `logLimit`. A document with a log restores in a service that keeps none, and
  /// is saved again without it.
  ///
  /// - Parameter logLimit: The most inputs a session's log keeps after its start; 0 for none.
  /// - Returns: The codec.
  package static func codec(logLimit: Int) -> SessionCodec {
    guard logLimit > 0 else { return codec }
    let navigation = SessionCodec.navigationSnapshots()
    return SessionCodec(
      snapshot: { app in
        SavedShop(
          account: shop(of: app)?.signIn.account, log: logBytes(of: app),
          navigation: try navigation.snapshot(app)
        ).bytes
      },
      restore: { app, bytes in
        // The recorder `makeApp(logLimit:)` set heard the host's start: dropped, and the
        // restore below is not an input of the session.
        app.stopRecording()
        let document: SavedShop
        do {
          document = try SavedShop(bytes)
          shop(of: app)?.signIn.account = document.account
          try navigation.restore(app, document.navigation)
        } catch {
          // The session stays live where the restore left it, recording from there.
          resume(app, after: nil, limit: logLimit)
          throw error
        }
        resume(app, after: document.log, limit: logLimit)
      })
  }

  /// The session's log as JSON (`RouteTable.encode(_:)`'s form, inputs without events);
  /// `nil` when the session keeps none, or its route table can't encode it.
  ///
  /// - Parameter app: A session's app controller.
  /// - Returns: The log's JSON.
  package static func logBytes(of app: AppController) -> [UInt8]? {
    guard let recorder = app.recorder else { return nil }
    return try? app.routes.encode(recorder.log)
  }

  /// The session's log; `nil` when the session keeps none.
  ///
  /// - Parameter app: A session's app controller.
  /// - Returns: The log, its steps without events.
  package static func log(of app: AppController) -> SessionLog? {
    app.recorder?.log
  }

  /// The most inputs the session's log keeps after its start; `nil` when it keeps none.
  ///
  /// - Parameter app: A session's app controller.
  /// - Returns: The limit.
  package static func logLimit(of app: AppController) -> Int? {
    app.recorder?.limit
  }

  /// How many inputs the session's log holds; `nil` when it keeps none.
  ///
  /// - Parameter app: A session's app controller.
  /// - Returns: The count.
  package static func logCount(of app: AppController) -> Int? {
    app.recorder?.count
  }

  /// Records a restored session's inputs from now on: as the continuation of the saved log (a
  /// log's JSON) when it can be read and fits `limit`, else from the restored state.
  private static func resume(_ app: AppController, after saved: [UInt8]?, limit: Int) {
    if let saved, let log = try? app.routes.decodeSessionLog(saved), log.steps.count <= limit {
      app.startRecording(continuing: log, limit: limit)
      return
    }
    do throws(SnapshotError) {
      try app.startRecording(limit: limit)
    } catch {
      let note = RecordedInput.unreplayable("The restored state can't be snapshotted: \(error)")
      app.startRecording(continuing: SessionLog(steps: [SessionLog.Step(note)]), limit: limit)
    }
  }
}
