import AppFlow
import Foundation
import Navigator
import Testing

@testable import FlowDemo

/// The sessions in `RecordedLogs/`, recorded from the playground's scripts beside them (one
/// per part of the tour: the navigator, deep links, flows, flows inside flows, the sign-in
/// cancelled and finished, gestures) and replayed
/// from their files, each a test with no code of its own.
///
/// After a deliberate change to what the playground or the engine does, record them again
/// and review the difference:
///
/// ```sh
/// RECORD_SESSION_LOGS=1 swift test --filter RecordedPlaygroundLogTests
/// ```
///
/// A new `NAME.play` in the folder is a new session: record it the same way.
@Suite struct RecordedPlaygroundLogTests {
  /// The folder of scripts and their logs, beside this file.
  static let folder: String = {
    let path = "\(#filePath)"
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) + "/RecordedLogs"
  }()

  /// The scripts in the folder, by name without `.play`, sorted.
  static func scripts() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".play") }
      .map { String($0.dropLast(".play".count)) }.sorted()
  }

  /// Each kept log, read from its file (recorded in another process), replays into a new
  /// shop with the same events, input by input, and the same end state.
  @Test(arguments: try SessionLogFile.files(in: folder))
  func aRecordedSessionReplaysExactly(_ file: SessionLogFile) throws {
    let replayed = try file.replay(into: try Playground.makeShop())
    let kept = try Playground.makeShop().routes.decodeSessionLog(try file.read())
    #expect(replayed.inputs == kept.inputs)
    #expect(replayed.end == kept.end)
    #expect(!kept.inputs.contains { if case .unreplayable = $0 { true } else { false } })
  }

  @Test func everyScriptHasItsLogAndEveryLogItsScript() throws {
    let logs = try SessionLogFile.files(in: Self.folder).map(\.name)
    #expect(logs == (try Self.scripts()))
    #expect(logs == ["child-flows", "deep-links", "flows", "gestures", "navigator", "sign-in", "signed-in"])
  }

  /// Each script, played now, records the bytes kept beside it: the logs are current and
  /// recording is deterministic (no addresses, no hash order). `RECORD_SESSION_LOGS=1`
  /// writes them again.
  @Test func theKeptLogsAreWhatTheScriptsRecordNow() throws {
    let rewrite = ProcessInfo.processInfo.environment["RECORD_SESSION_LOGS"] == "1"
    for name in try Self.scripts() {
      let script = try String(contentsOfFile: "\(Self.folder)/\(name).play", encoding: .utf8)
      let playground = Playground(output: Transcript(), echoesCommands: false)
      playground.run(script.split(separator: "\n").map(String.init))
      let log = try #require(playground.app.recorder?.log)
      if rewrite {
        try SessionLogFile.write(log, named: name, in: Self.folder, routes: playground.app.routes)
      }
      let kept = try SessionLogFile(path: "\(Self.folder)/\(name)\(SessionLogFile.fileExtension)").read()
      #expect(try playground.app.routes.encode(log) == kept, "\(name)")
    }
  }
}
