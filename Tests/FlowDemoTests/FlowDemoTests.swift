import Foundation
import Testing

@testable import FlowDemo

/// The demo, in process and as the built executable.
@Suite struct FlowDemoTests {
  @Test func theStackJourneyShowsTheConfirmationAndTheCancelledSwipe() throws {
    let transcript = Transcript()
    Demo.run(into: transcript)
    let lines = transcript.lines
    #expect(lines.last == "Done.")
    #expect(lines.contains("   Composer asks: discard the draft? (pending: true)"))
    // The denied back-button pop leaves the tree as it was and fires nothing.
    let denied = try #require(
      lines.firstIndex(of: "5. Back button, the user keeps the draft: nothing changes"))
    #expect(lines[denied + 1] == "   Window (visible)")
    #expect(lines.contains("   · Mail.interactivePopCancelled(Message)"))
    #expect(!lines.contains("   · Mail.didPop(Message, animated: true)"))
    #expect(
      lines.contains { $0.hasPrefix("   error [duplicatePush]: Pushing the same view controller instance") })
  }

  @Test func theBuiltExecutableRunsAndExitsZero() throws {
    let executable = try #require(Self.builtExecutable(), "FlowDemo was not found next to the test bundle")
    let process = Process()
    process.executableURL = executable
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 0)
    #expect(output.hasSuffix("Done.\n"))
    #expect(output.contains("2. A mail stack appears"))
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
