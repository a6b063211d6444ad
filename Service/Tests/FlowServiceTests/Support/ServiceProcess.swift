import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A `FlowService` executable running in a process of its own, which a test can kill.
final class ServiceProcess: Sendable {
  private let process: Mutex<Process>
  /// The port it listens on, on 127.0.0.1.
  let port: Int

  private init(process: sending Process, port: Int) {
    self.process = Mutex(process)
    self.port = port
  }

  /// The `FlowService` executable the build made next to the tests', if there is one.
  static var executable: String? {
    guard let tests = Bundle.main.executablePath ?? CommandLine.arguments.first else { return nil }
    var directory = URL(fileURLWithPath: tests).deletingLastPathComponent()
    // A test bundle (`X.xctest/...`) sits inside the build directory too.
    while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
    let path = directory.appendingPathComponent("FlowService").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Starts `FlowService` with `arguments` on a port the system chooses, and returns once it
  /// listens.
  static func start(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> ServiceProcess
  {
    let executable = try #require(
      executable, "no FlowService executable next to the tests", sourceLocation: sourceLocation)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments + ["--hostname", "127.0.0.1", "--port", "0"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let (lines, continuation) = AsyncStream.makeStream(of: String.self)
    let pending = LockedText()
    errors.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty {
        handle.readabilityHandler = nil
        continuation.finish()
        return
      }
      for line in pending.append(String(decoding: data, as: UTF8.self)) { continuation.yield(line) }
    }
    try process.run()
    let port = try await withThrowingTaskGroup(of: Int?.self) { group in
      group.addTask {
        try await Task.sleep(for: .seconds(60))
        return nil
      }
      group.addTask {
        for await line in lines {
          // Hummingbird logs "Server started and listening on 127.0.0.1:PORT".
          if let range = line.range(of: "listening on 127.0.0.1:"),
            let port = Int(line[range.upperBound...].prefix { $0.isNumber })
          {
            return port
          }
        }
        return nil
      }
      defer { group.cancelAll() }
      return try await group.next() ?? nil
    }
    guard let port else {
      process.terminate()
      process.waitUntilExit()
      Issue.record("FlowService did not start listening: \(pending.all)", sourceLocation: sourceLocation)
      throw CancellationError()
    }
    return ServiceProcess(process: process, port: port)
  }

  /// Kills the process at once (SIGKILL: no graceful shutdown) and waits for it to end.
  func kill() {
    process.withLock { process in
      _ = Glibc.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// Stops the process gracefully (SIGTERM) and waits for it to end.
  func stop() {
    process.withLock { process in
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
      }
    }
  }
}

/// Text that arrives in pieces, cut into whole lines, and kept.
private final class LockedText: Sendable {
  private let state = Mutex((pending: "", lines: [String]()))

  /// The whole lines added so far.
  var all: String { state.withLock { $0.lines.joined(separator: "\n") } }

  /// Adds `piece`; returns the lines it completed.
  func append(_ piece: String) -> [String] {
    state.withLock { state in
      state.pending += piece
      var lines: [String] = []
      while let newline = state.pending.firstIndex(of: "\n") {
        lines.append(String(state.pending[..<newline]))
        state.pending = String(state.pending[state.pending.index(after: newline)...])
      }
      state.lines += lines
      return lines
    }
  }
}
