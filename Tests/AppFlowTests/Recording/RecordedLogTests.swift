import AppFlow
import Foundation
import Navigator
import Testing

/// The recorded sessions in `RecordedLogs/`, each a test with no code of its own, and the
/// sessions that recorded them.
@Suite struct RecordedLogTests {
  /// The folder of recorded logs, beside this file.
  static let folder: String = {
    let path = "\(#filePath)"
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) + "/RecordedLogs"
  }()

  /// The sessions whose logs are kept in the folder, by file name.
  static let sessions: [(name: String, session: @Sendable (AppController) throws -> Void)] = [
    (
      "browse-and-back",
      { app in
        try app.start()
        app.open("shop://catalog/products/42", animated: false)
        app.navigate(to: Compose(productID: 42))
        let sheet = app.rootNavigationController?.presentedViewController as? NavigationController
        sheet?.navigationBar.tapBackButton()
        sheet?.presentationController?.beginInteractiveDismissal()
        sheet?.presentationController?.finishInteractiveDismissal()
        app.rootNavigationController?.beginInteractivePop()
        app.rootNavigationController?.cancelInteractivePop()
        app.navigate(to: Filters(), animated: false)
        app.window.tapOutsidePopover()
      }
    ),
    (
      "review-flow",
      { app in
        try app.start()
        app.navigate(to: Product(id: 7), animated: false)
        let flow = ReviewFlow(AnyRoute(Reviews(productID: 7)), table: app.routes)
        app.run(flow, as: .sheet(embeddedInNavigationController: true))
        app.navigator.push(.instance(try app.routes.makeScreen(for: AnyRoute(Compose(productID: 7)))))
        flow.cancel()
        app.rootNavigationController?.navigationBar.tapBackButton()
      }
    ),
  ]

  @Test(arguments: try SessionLogFile.files(in: folder))
  func recordedSessionReplays(_ file: SessionLogFile) throws {
    try file.replay(into: try makeRecordingShop())
  }

  @Test func theFolderHoldsEverySession() throws {
    #expect(try SessionLogFile.files(in: Self.folder).map(\.name) == Self.sessions.map(\.name).sorted())
  }

  /// Each session recorded now gives the bytes kept in the folder: the logs are current and
  /// recording is deterministic. `RECORD_SESSION_LOGS=1 swift test --filter RecordedLogTests`
  /// writes them again.
  @Test func theKeptLogsAreWhatTheSessionsRecordNow() throws {
    let rewrite = Environment.isRecording
    for (name, session) in Self.sessions {
      let app = try makeRecordingShop()
      let recorder = try app.startRecording(recordingEvents: true)
      try session(app)
      if rewrite {
        try SessionLogFile.write(recorder.log, named: name, in: Self.folder, routes: app.routes)
      }
      let kept = try SessionLogFile(path: "\(Self.folder)/\(name)\(SessionLogFile.fileExtension)").read()
      #expect(try app.routes.encode(recorder.log) == kept, "\(name)")
    }
  }

  @Test func aMissingFolderIsATypedError() throws {
    let error = try #require(throws: SessionLogError.self) {
      try SessionLogFile.files(in: Self.folder + "/nowhere")
    }
    #expect(error.code == .unreadableFile)
  }

  @Test func aFileThatIsNotALogIsABadLog() throws {
    let file = SessionLogFile(path: Self.folder + "/../RecordedLogTests.swift")
    let error = try #require(throws: ReplayError.self) { try file.replay(into: try makeRecordingShop()) }
    #expect(error.code == .badLog)
    #expect(file.name == "RecordedLogTests.swift")
    #expect(SessionLogFile(path: "/a/b/c.sessionlog.json").description == "c")
  }
}

/// Whether the recorded logs are written again.
private enum Environment {
  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["RECORD_SESSION_LOGS"] == "1"
  }
}
