package import AppFlow
import Navigator

/// The part of a session's log saved before the session was last restored.
///
/// The recorder of a restored app controller starts from the snapshot the session was
/// restored to (``joint``), which is the state after the saved log's last input: the two
/// read as one log while the recorder still starts there and the two together keep no more
/// inputs than the bound.
final class EarlierLog {
  /// The log saved with the session.
  let log: SessionLog
  /// The snapshot the recorder started from after the restore.
  let joint: NavigationSnapshot?

  init(log: SessionLog, joint: NavigationSnapshot?) {
    self.log = log
    self.joint = joint
  }
}

extension ShopApp {
  /// Makes a session's app controller, as ``makeApp()`` does, recording its inputs when
  /// `logLimit` is positive: the log starts from a fresh app controller, its first input the
  /// host's `start`, and keeps at most `logLimit` inputs after its start (the recorder starts
  /// it again from a snapshot when it is full).
  ///
  /// - Parameter logLimit: The most inputs the log keeps after its start; 0 records nothing.
  /// - Returns: The app controller, not started.
  /// - Throws: A ``RouteError`` if a registration of the shared routes was refused (a bug in
  ///   the shop).
  package static func makeApp(logLimit: Int) throws -> AppController {
    let app = try makeApp()
    if logLimit > 0 { try app.startRecording(limit: logLimit) }
    return app
  }

  /// The codec of shop sessions that keep their log (``log(of:)``) in the same document as
  /// their snapshot (``SavedShop/log``), so that one save writes both and they never
  /// disagree; ``codec`` when `logLimit` is 0.
  ///
  /// A restore brings the navigation back as ``codec`` does, then records again from the
  /// restored state, continuing the saved log: the log read afterwards is the saved one
  /// followed by the new inputs, as long as they fit in `logLimit`. A document without a log
  /// (saved before logs were kept, or with recording off) restores the same way, its log
  /// then starting from the restored state; so does one whose log can't be read, which is
  /// dropped rather than keeping the session from coming back. A log that can't be encoded
  /// is left out of the document for the same reason.
  ///
  /// - Parameter logLimit: The most inputs a session's log keeps after its start; 0 for none.
  /// - Returns: The codec.
  package static func codec(logLimit: Int) -> SessionCodec {
    guard logLimit > 0 else { return codec }
    let navigation = SessionCodec.navigationSnapshots()
    return SessionCodec(
      snapshot: { app in
        let log = log(of: app).flatMap { try? app.routes.encode($0) }
        return SavedShop(
          account: shop(of: app)?.signIn.account, log: log, navigation: try navigation.snapshot(app)
        ).bytes
      },
      restore: { app, bytes in
        let document = try SavedShop(bytes)
        shop(of: app)?.signIn.account = document.account
        try navigation.restore(app, document.navigation)
        resumeRecording(app, limit: logLimit, after: document.log)
      })
  }

  /// The session's log: the recorder's, after the part saved before the session was last
  /// restored while the two still join and fit the recorder's bound; `nil` when the app
  /// controller records nothing.
  ///
  /// - Parameter app: A session's app controller.
  /// - Returns: The log, its steps without events.
  package static func log(of app: AppController) -> SessionLog? {
    guard let recorder = app.recorder else { return nil }
    let current = recorder.log
    guard let shop = shop(of: app), let earlier = shop.earlierLog else { return current }
    if current.start == earlier.joint,
      earlier.log.steps.count + current.steps.count <= recorder.limit ?? Int.max
    {
      return SessionLog(start: earlier.log.start, steps: earlier.log.steps + current.steps)
    }
    // The recorder went on past the bound, or started again: the saved part no longer joins.
    shop.earlierLog = nil
    return current
  }

  /// Records a restored app controller again, from its restored state, continuing `saved`
  /// (a log's JSON) when it can be read and fits the bound. A state that can't be snapshotted
  /// keeps the recorder ``makeApp(logLimit:)`` set, whose log holds the restore itself.
  private static func resumeRecording(_ app: AppController, limit: Int, after saved: [UInt8]?) {
    guard let recorder = try? app.startRecording(limit: limit) else { return }
    guard let saved, let shop = shop(of: app), let log = try? app.routes.decodeSessionLog(saved),
      !log.steps.isEmpty, log.steps.count <= limit
    else { return }
    shop.earlierLog = EarlierLog(log: log, joint: recorder.log.start)
  }
}
