import AppFlow
import Foundation
import Navigator
import TestSupport
import Testing

@testable import FlowDemo

/// The demo, in process and as the built executable, compared whole with the committed
/// transcripts in `Transcripts/`.
///
/// After a deliberate change to what the demo prints, write the transcripts again and review
/// the difference:
///
/// ```sh
/// swift build --product FlowDemo
/// .build/debug/FlowDemo > Tests/FlowDemoTests/Transcripts/default-run.txt
/// .build/debug/FlowDemo play Tests/FlowDemoTests/Transcripts/tour.play \
///   > Tests/FlowDemoTests/Transcripts/tour.play.txt
/// ```
@Suite(.temporaryDirectories) struct FlowDemoTests {
  @Test func theDefaultRunPrintsTheCommittedTranscript() async throws {
    let (status, output, errors) = await Self.run([])
    #expect(status == 0)
    #expect(errors == "")
    try Self.expect(output, matches: "default-run.txt")
  }

  @Test func eachSectionRunAloneIsItsPartOfTheDefaultRun() async throws {
    let whole = try Self.transcript("default-run.txt").split(
      separator: "\n", omittingEmptySubsequences: false)
    for section in Tour.sections where section.isInDefaultRun {
      let start = try #require(whole.firstIndex { $0.hasPrefix("== \(section.name): ") })
      let end = whole[(start + 1)...].firstIndex { $0.hasPrefix("== ") || $0 == "Done." } ?? whole.endIndex
      let (status, output, errors) = await Self.run([section.name])
      #expect(status == 0)
      #expect(errors == "")
      #expect(output == whole[start..<end].map { $0 + "\n" }.joined(), "section \(section.name)")
    }
  }

  @Test func theListNamesEachSectionWithItsSummary() async {
    let (status, output, errors) = await Self.run(["--list"])
    #expect(status == 0)
    #expect(errors == "")
    #expect(
      output == """
        Sections, in the tour's order (* not in the default run):
          app             An AppController starts its root; its Navigator pushes, presents, shows popovers
          routes          Typed routes with URL patterns: deep links planned into the fewest steps
          flows           Flows: units of screens with a typed result, ended once, children first
          sign-in         A protected route runs the sign-in flow first; kept-alive screens come back
          snapshots       A session's snapshot, restored in a new session; a damaged one refused
          sessions        A session host: sessions saved to files, evicted, restored; two hosts, one store
          state           Navigation state as a value: drawn, planned to, applied at once, refused whole
          containment     Engine trace: child screens and their containment callbacks
          stack           Engine trace: push, a back button that asks first, a cancelled back swipe
          modal           Engine trace: a full-screen modal, a sheet over it, one dismissal of the chain
          popover         Engine trace: a popover, a tap outside, adaptation to a sheet, a sheet swipe
          misuse          Engine trace: a misuse reported as a typed error, nothing changed
          queue           Engine trace: requests wait in order while a transition runs; who joins, who leaves
          many-sessions*  10,000 sessions in one host, with progress and timing (slow in a debug build)
        Also: all (every section), play [file] (the playground), --list (this list).

        """)
  }

  @Test func anUnknownSectionGetsOneLineNamingTheSectionsAndStatusOne() async {
    let (status, output, errors) = await Self.run(["settings"])
    #expect(status == 1)
    #expect(output == "")
    #expect(
      errors
        == "error: no section named 'settings'; expected one of: app, routes, flows, sign-in, snapshots, "
        + "sessions, state, containment, stack, modal, popover, misuse, queue, many-sessions, all, play [file], "
        + "--list\n")
    let (missingStatus, missingOutput, missingErrors) = await Self.run(["play", "/nonexistent/script.play"])
    #expect(missingStatus == 1)
    #expect(missingOutput == "")
    #expect(
      missingErrors
        == "error: can't read the playground script '/nonexistent/script.play'; expected a readable text file\n"
    )
    let (extraStatus, extraOutput, extraErrors) = await Self.run(["app", "routes"])
    #expect(extraStatus == 1)
    #expect(extraOutput == "")
    #expect(
      extraErrors
        == "error: unexpected arguments 'app routes'; expected nothing, --list, all, a section's name, or "
        + "play [file]\n")
  }

  @Test func manySessionsWritesProgressAndItsTimingLabelledAsTheMachines() async {
    let output = Transcript()
    let ticks = Ticks()
    await Demo.hostingJourney(
      into: output, sessions: 300, progressEvery: 100,
      stopwatch: Stopwatch {
        ticks.count += 1
        return .milliseconds(1_250 * ticks.count)
      })
    #expect(ticks.count == 4)
    #expect(
      output.text == """
        1. 300 shop sessions in one host, saved to a temporary directory, three restored
           hosted 100 of 300
           hosted 200 of 300
           hosted 300 of 300
           hosted: 300 live sessions
           saved and evicted 100 of 300
           saved and evicted 200 of 300
           saved and evicted 300 of 300
           evicted: 0 live sessions, 300 snapshot files
           session-0 restored:
             NavigationController
               [0] ShopCatalog()
               [1] ShopProduct(id: 0)
           session-1 restored:
             NavigationController
               [0] ShopCatalog()
               [1] ShopProduct(id: 1)
               presents pageSheet:
                 NavigationController
                   [0] ShopReviews(productID: 1)
           session-2 restored:
             NavigationController
               [0] ShopCatalog()
           live after restoring three: 3
           time on this machine (it depends on the machine, its load and the build): hosting 1.25 s, \
        saving and evicting 1.25 s, restoring three 1.25 s, \
        removing the files 1.25 s


        """)
  }

  @Test func thePlaygroundScriptPrintsTheCommittedTranscript() async throws {
    let script = Self.transcriptsDirectory.appendingPathComponent("tour.play").path
    let (status, output, errors) = await Self.run(["play", script])
    #expect(status == 0)
    #expect(errors == "")
    try Self.expect(output, matches: "tour.play.txt")
  }

  @Test func aCommandThatCantRunWritesOneLineAndChangesNothing() throws {
    let output = Transcript()
    let playground = Playground(output: output, echoesCommands: false)
    playground.run(["push Settings", "present Help sheet nav"])
    let tree = playground.app.window.hierarchyDescription()
    let events = playground.app.window.journal.events
    let flows = playground.app.flows
    let bad = [
      "push", "push two words", "push 9lives", "present", "present Help sideways", "present Help nav nav",
      "popover", "tap", "tap inside", "width", "width wide", "dismiss now", "back twice", "swipe",
      "swipe up", "swipe back halfway", "swipe sheet begin now", "open", "open a b", "flow", "flow Pay modal",
      "flow Pay push now", "finish", "finish a b", "cancel", "cancel now", "sign", "sign up", "sign out now",
      "restore", "restore now", "show", "show everything", "save", "save a b", "replay", "replay a b", "jump",
    ]
    for command in bad {
      let before = output.lines.count
      #expect(playground.execute(command))
      let written = output.lines[before...]
      #expect(written.count == 1, "\(command): \(Array(written))")
      #expect(
        written.allSatisfy { $0.hasPrefix("error: expected ") || $0.hasPrefix("error: unknown command") })
    }
    #expect(playground.app.window.hierarchyDescription() == tree)
    #expect(playground.app.window.journal.events == events)
    #expect(playground.app.flows == flows)
    #expect(!playground.execute("quit"))
  }

  @Test func aSavedSessionReplaysInputByInputShowingItsEventsAndTrees() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/settings.sessionlog.json"
    let recording = Transcript()
    Playground(output: recording, echoesCommands: false).run(["push Settings", "save \(file)"])
    let size = try #require(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
    #expect(recording.lines.last == "   saved 2 inputs to \(file) (\(size) bytes)")

    let output = Transcript()
    let playground = Playground(output: output, echoesCommands: false)
    let (tree, events) = (playground.app.window.hierarchyDescription(), playground.app.window.journal.events)
    let before = output.lines.count
    #expect(playground.execute("replay \(file)"))
    var expected: [String] = [
      "   replaying 2 inputs (recorded from the shop's start) into a new shop; this session stays as it is",
      "   input 0: start()",
    ]
    expected += Self.startEvents.map { "      · \($0)" }
    expected += [
      "      Window (visible)",
      "      └─ NavigationController [NavigationController] appeared",
      "         └─ Catalog [DemoScreen] appeared (top)",
      "   input 1: push(PlayScreen(name: \"Settings\"))",
    ]
    expected += Self.pushSettingsEvents.map { "      · \($0)" }
    expected += [
      "      Window (visible)",
      "      └─ NavigationController [NavigationController] appeared",
      "         ├─ Catalog [DemoScreen] disappeared",
      "         └─ Settings [DemoScreen] appeared (top)",
      "   replayed exactly: 2 inputs, the same events and end state",
    ]
    #expect(Array(output.lines[before...]) == expected)
    #expect(playground.app.window.hierarchyDescription() == tree)
    #expect(playground.app.window.journal.events == events)
  }

  @Test func aReplayThatDiffersShowsTheFirstDifferenceAndTheTreeItReached() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/settings.sessionlog.json"
    Playground(output: Transcript()).run(["push Settings", "push Privacy", "save \(file)"])
    // The recording said the second push loaded another screen than the replay does.
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("\"Privacy.viewDidLoad\""))
    try text.replacingOccurrences(of: "\"Privacy.viewDidLoad\"", with: "\"Security.viewDidLoad\"")
      .write(toFile: file, atomically: true, encoding: .utf8)

    let output = Transcript()
    Playground(output: output, echoesCommands: false).run(["replay \(file)"])
    let from = try #require(output.lines.firstIndex { $0.hasPrefix("   input 2: ") })
    #expect(
      Array(output.lines[from...]) == [
        "   input 2: push(PlayScreen(name: \"Privacy\"))",
        "      diverged: The replay differs at event 0 of input 2, push(PlayScreen(name: \"Privacy\")):",
        "        expected: Security.viewDidLoad",
        "        actual:   Privacy.viewDidLoad",
        "      Window (visible)",
        "      └─ NavigationController [NavigationController] appeared",
        "         ├─ Catalog [DemoScreen] disappeared",
        "         ├─ Settings [DemoScreen] disappeared",
        "         └─ Privacy [DemoScreen] appeared (top)",
      ])
  }

  @Test func aFileThatIsNotALogGetsOneLineNamingTheRuleAndChangesNothing() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let good = folder + "/good.sessionlog.json"
    Playground(output: Transcript()).run(["push Settings", "save \(good)"])
    let text = try String(contentsOfFile: good, encoding: .utf8)
    let damaged: [(name: String, text: String, error: String)] = [
      ("not-json", "push Settings", "corrupt: The log is damaged"),
      (
        "version", text.replacingOccurrences(of: "\"sessionLog\":1", with: "\"sessionLog\":99"),
        "unknownVersion: "
      ),
      (
        "route", text.replacingOccurrences(of: "\"route\":\"Screen\"", with: "\"route\":\"Nowhere\""),
        "unknownRoute: "
      ),
    ]
    for file in damaged {
      try file.text.write(toFile: "\(folder)/\(file.name)", atomically: true, encoding: .utf8)
    }
    #expect(damaged.map(\.text).allSatisfy { $0 != text })

    let output = Transcript()
    let playground = Playground(output: output, echoesCommands: false)
    playground.run(["push Settings"])
    let (tree, events) = (playground.app.window.hierarchyDescription(), playground.app.window.journal.events)
    let log = try #require(playground.app.recorder?.log)
    for file in damaged {
      let before = output.lines.count
      playground.execute("replay \(folder)/\(file.name)")
      #expect(
        Array(output.lines[before...]).map { $0.prefix(60 + file.error.count) } == [
          "error: '\(folder)/\(file.name)' is not a log to replay: \(file.error)".prefix(
            60 + file.error.count)
        ], "\(file.name)")
    }
    var before = output.lines.count
    playground.execute("replay \(folder)/missing.json")
    #expect(
      Array(output.lines[before...]) == [
        "error: '\(folder)/missing.json' is not a log to replay: unreadableFile: The file \(folder)/missing.json "
          + "can't be read."
      ])
    before = output.lines.count
    playground.execute("save \(folder)/no/such/folder.json")
    #expect(Array(output.lines[before...]).count == 1)
    #expect(
      output.lines.last?.hasPrefix("error: can't write the log to '\(folder)/no/such/folder.json': ") == true)
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/no"))
    #expect(playground.app.window.hierarchyDescription() == tree)
    #expect(playground.app.window.journal.events == events)
    #expect(playground.app.recorder?.log == log)
  }

  @Test func savingNamesThePlaygroundsOwnStateThatTheLogDoesNotHold() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/finish.sessionlog.json"
    let output = Transcript()
    let recorded = Playground(output: output, echoesCommands: false)
    recorded.run(["flow Tip", "finish", "width compact", "sign in bob", "save \(file)"])
    let saved = try #require(output.lines.firstIndex { $0.hasPrefix("   saved ") })
    let lines = Array(output.lines[saved...])
    try #require(lines.count == 2, "\(lines)")
    #expect(lines[0].hasPrefix("   saved 3 inputs to \(file) ("))
    #expect(
      lines[1]
        == "   note: not in the log, the playground's own state: width compact, sign in bob; a replay starts "
        + "signed out, at regular width")

    // The flow's finish (its output a String) is in the log: the replay ends where the session did.
    let replay = Transcript()
    Playground(output: replay, echoesCommands: false).run(["replay \(file)"])
    let finish = try #require(replay.lines.firstIndex { $0.hasPrefix("   input 2: ") })
    #expect(replay.lines[finish].contains("finishFlow"))
    #expect(replay.lines.contains { $0.hasPrefix("   replayed exactly: 3 inputs") })
    #expect(!replay.lines.contains { $0.contains("stopped") || $0.contains("diverged") })
  }

  @Test func aSessionSavedByOneProcessReplaysExactlyInAnother() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/session.sessionlog.json"
    let recording = try Self.runExecutable(
      ["play"],
      input: "push Settings\nopen shop://catalog/products/42/reviews\nswipe sheet\nback\nsave \(file)\n")
    #expect(recording.status == 0)
    #expect(recording.errors == "")
    #expect(recording.output.contains("\n   saved 6 inputs to \(file) ("))

    let replay = try Self.runExecutable(["play"], input: "replay \(file)\n")
    #expect(replay.status == 0)
    #expect(replay.errors == "")
    let lines = replay.output.split(separator: "\n").map(String.init)
    #expect(
      lines.filter { $0.hasPrefix("   input ") || $0.hasPrefix("   replay") } == [
        "   replaying 6 inputs (recorded from the shop's start) into a new shop; this session stays as it is",
        "   input 0: start()",
        "   input 1: push(PlayScreen(name: \"Settings\"))",
        "   input 2: open(\"shop://catalog/products/42/reviews\")",
        "   input 3: beginInteractiveDismissal(root.presented)",
        "   input 4: finishInteractiveDismissal(root.presented)",
        "   input 5: tapBackButton(root)",
        "   replayed exactly: 6 inputs, the same events and end state",
      ])
  }

  /// The journal's events when the playground's shop starts.
  private static let startEvents = [
    "NavigationController.viewDidLoad", "Catalog.viewDidLoad", "NavigationController.joined",
    "Catalog.joined",
    "NavigationController.viewWillAppear(animated: false)", "Catalog.viewWillAppear(animated: false)",
    "NavigationController.willShow(Catalog, animated: false)",
    "NavigationController.didShow(Catalog, animated: false)",
    "NavigationController.viewDidAppear(animated: false)",
    "Catalog.viewDidAppear(animated: false)",
  ]

  /// The journal's events of `push Settings` over Catalog.
  private static let pushSettingsEvents = [
    "Settings.viewDidLoad", "NavigationController.willPush(Settings, animated: true)",
    "Settings.willMove(toParent: NavigationController)", "Settings.joined",
    "Catalog.viewWillDisappear(animated: true)", "Settings.viewWillAppear(animated: true)",
    "NavigationController.willShow(Settings, animated: true)", "Catalog.viewDidDisappear(animated: true)",
    "Settings.viewDidAppear(animated: true)", "NavigationController.didShow(Settings, animated: true)",
    "Settings.didMove(toParent: NavigationController)",
    "NavigationController.didPush(Settings, animated: true)",
    "completion(push(Settings, onto: NavigationController, animated: true))",
  ]

  @Test func theBuiltExecutableRunsTheTourListsAndPlaysFromStandardInput() throws {
    let expected = try Self.transcript("default-run.txt")
    let tour = try Self.runExecutable([])
    #expect(tour.status == 0)
    #expect(tour.errors == "")
    #expect(tour.output == expected)

    let unknown = try Self.runExecutable(["settings"])
    #expect(unknown.status == 1)
    #expect(unknown.output == "")
    #expect(unknown.errors.split(separator: "\n").count == 1)
    #expect(unknown.errors.hasPrefix("error: no section named 'settings'; expected one of: app, routes, "))

    let script = try String(
      contentsOf: Self.transcriptsDirectory.appendingPathComponent("tour.play"), encoding: .utf8)
    let play = try Self.runExecutable(["play"], input: script)
    #expect(play.status == 0)
    #expect(play.errors == "")
    #expect(play.output == (try Self.transcript("tour.play.txt")))
  }

  /// Counts the stopwatch's readings.
  private final class Ticks {
    /// The readings so far.
    var count = 0
  }

  /// Runs the executable's command in process: its status, its output and its errors.
  private static func run(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
    let output = Transcript()
    let errors = Transcript()
    let status = await Command.run(arguments, output: output, errors: errors, input: .lines([]))
    return (status, output.text, errors.text)
  }

  /// The directory of the committed transcripts, in the source tree.
  private static var transcriptsDirectory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")
  }

  /// The committed transcript `name`.
  private static func transcript(_ name: String) throws -> String {
    try String(contentsOf: transcriptsDirectory.appendingPathComponent(name), encoding: .utf8)
  }

  /// Expects `output` to be the committed transcript `name`, whole; a difference is reported
  /// at its first line.
  private static func expect(
    _ output: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let expected = try transcript(name)
    guard output != expected else { return }
    let actualLines = output.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let line =
      zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(actualLines.count, expectedLines.count)
    let actualLine = line < actualLines.count ? "\"\(actualLines[line])\"" : "the end"
    let expectedLine = line < expectedLines.count ? "\"\(expectedLines[line])\"" : "the end"
    Issue.record(
      "The output differs from Transcripts/\(name) at line \(line + 1): expected \(expectedLine), got \(actualLine)",
      sourceLocation: sourceLocation)
  }

  /// Runs the built FlowDemo with `arguments`, feeding it `input`: its status, its standard
  /// output and its standard error.
  private static func runExecutable(
    _ arguments: [String], input: String = ""
  ) throws -> (status: Int32, output: String, errors: String) {
    let executable = try #require(builtExecutable(), "FlowDemo was not found next to the test bundle")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Standard error holds a line at most, far less than a pipe holds: reading standard output
    // to its end first can't leave the process waiting to write.
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: output, as: UTF8.self),
      String(decoding: errors, as: UTF8.self)
    )
  }

  /// The FlowDemo binary that SwiftPM built beside the test bundle.
  private static func builtExecutable() -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("FlowDemo")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }
}
