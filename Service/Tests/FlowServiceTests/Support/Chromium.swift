import Foundation
import Testing

/// Runs the `chromium` found on `PATH` headless, for the tests that look at the inspector
/// in a browser.
enum Chromium {
  /// The path of `chromium` on `PATH`; `nil` when there is none (the Chromium tests skip).
  static let path: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
    .split(separator: ":")
    .map { "\($0)/chromium" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// This process's environment with `TMPDIR` set to `directory`: Chromium keeps its
  /// singleton socket in a directory of its own under `TMPDIR`, and leaves it there when it is
  /// terminated; in the test's directory, it goes with the directory.
  static func environment(in directory: TemporaryDirectory) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(["TMPDIR": directory.path]) { _, new in new }
  }

  /// Runs `chromium --headless --no-sandbox` (the sandbox refuses to run as root) with a
  /// profile of its own in `directory` and `arguments`, and returns its exit status and what
  /// it wrote to standard output; terminates it and fails the test after `timeout`.
  static func run(
    _ arguments: [String], in directory: TemporaryDirectory, timeout: Duration = .seconds(60),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (status: Int32, output: String) {
    let path = try #require(path, sourceLocation: sourceLocation)
    let outputPath = directory.file("chromium-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments =
      ["--headless", "--no-sandbox", "--user-data-dir=\(directory.file("chromium-profile"))"] + arguments
    process.environment = environment(in: directory)
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = ContinuousClock.now + timeout
    while process.isRunning {
      if ContinuousClock.now >= deadline {
        process.terminate()
        Issue.record("chromium \(arguments) ran longer than \(timeout).", sourceLocation: sourceLocation)
        break
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    process.waitUntilExit()
    try output.close()
    return (process.terminationStatus, try String(contentsOfFile: outputPath, encoding: .utf8))
  }
}
