import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A `FlowService` executable running in a process of its own, which a test can kill.
///
/// Spawned with `posix_spawn`, its standard error going to a file that is read for the port
/// it listens on; reaped with `waitpid`. (Foundation's `Process`, whose exit monitoring and
/// pipe handlers run on dispatch, crashed in dispatch's event loop when its child was killed.)
final class ServiceProcess: Sendable {
  /// The process identifier, or 0 once the process was reaped.
  private let pid: Mutex<pid_t>
  /// The port it listens on, on 127.0.0.1.
  let port: Int
  /// The file its standard error goes to, removed with this instance.
  let log: String
  /// A Boolean value indicating whether this instance removes the log when it goes away.
  private let ownsLog = Mutex(true)

  private init(pid: pid_t, port: Int, log: String) {
    self.pid = Mutex(pid)
    self.port = port
    self.log = log
  }

  /// Kills the process if it still runs, reaps it, and removes its log: a test that started a
  /// process leaves neither behind, whether it stopped it, killed it, failed or threw. An
  /// instance can go away after its last use, not at the end of its scope: a test that talks
  /// to the process through its port alone keeps the instance (`defer { process.stop() }`).
  deinit {
    end(SIGKILL)
    if ownsLog.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: log) }
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

  /// Starts `FlowService` with `arguments` and `--api-key apiKey` (none when `nil`) on a port
  /// the system chooses, and returns once it listens (within 60 seconds). It gets this
  /// process's environment without the variables named in `unsetting`.
  static func start(
    _ arguments: [String], apiKey: String? = testAPIKey, unsetting: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ServiceProcess {
    let executable = try #require(
      executable, "no FlowService executable next to the tests", sourceLocation: sourceLocation)
    let log = FileManager.default.temporaryDirectory.appendingPathComponent(
      "FlowService-\(UUID().uuidString).log"
    ).path
    let key = apiKey.map { ["--api-key", $0] } ?? []
    let argv = [executable] + arguments + key + ["--hostname", "127.0.0.1", "--port", "0"]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var environment =
      ProcessInfo.processInfo.environment.filter { !unsetting.contains($0.key) }
      .map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in environment { free(variable) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions, nil, &cArguments, &environment)
    guard status == 0 else {
      try? FileManager.default.removeItem(atPath: log)
      Issue.record("posix_spawn failed: \(status)", sourceLocation: sourceLocation)
      throw CancellationError()
    }
    let process = ServiceProcess(pid: pid, port: 0, log: log)
    for _ in 0..<600 {
      // Hummingbird logs "Server started and listening on 127.0.0.1:PORT".
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      if let range = text.range(of: "listening on 127.0.0.1:"),
        let port = Int(text[range.upperBound...].prefix { $0.isNumber })
      {
        return ServiceProcess(pid: process.takePID(), port: port, log: process.takeLog())
      }
      if !process.isRunning { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    process.stop()
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    Issue.record("FlowService did not start listening: \(text)", sourceLocation: sourceLocation)
    throw CancellationError()
  }

  /// Whether the process still runs.
  private var isRunning: Bool {
    pid.withLock { pid in
      guard pid != 0 else { return false }
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        pid = 0
        return false
      }
      return true
    }
  }

  /// Hands the process over to another instance.
  private func takePID() -> pid_t {
    pid.withLock { pid in
      defer { pid = 0 }
      return pid
    }
  }

  /// Hands the log over to another instance, which removes it.
  private func takeLog() -> String {
    ownsLog.withLock { $0 = false }
    return log
  }

  /// Kills the process at once (SIGKILL: no graceful shutdown) and reaps it.
  func kill() {
    end(SIGKILL)
  }

  /// Stops the process gracefully (SIGTERM) and reaps it.
  func stop() {
    end(SIGTERM)
  }

  private func end(_ signal: Int32) {
    pid.withLock { pid in
      guard pid != 0 else { return }
      _ = Glibc.kill(pid, signal)
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
      pid = 0
    }
  }
}
