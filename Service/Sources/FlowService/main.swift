import FlowServiceCore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// The service's options, from the command line first, then the environment
/// (`FLOW_SERVICE_HOSTNAME`, `FLOW_SERVICE_PORT`, `FLOW_SERVICE_DATABASE`,
/// `FLOW_SERVICE_IDLE_TIMEOUT`), then the defaults.
struct Options {
  var configuration = ServiceConfiguration()

  static let usage = """
    usage: FlowService [--hostname HOST] [--port PORT] [--database PATH] [--idle-timeout SECONDS]
      --hostname HOST   the address to listen on (127.0.0.1; env FLOW_SERVICE_HOSTNAME)
      --port PORT       the port (8080; env FLOW_SERVICE_PORT)
      --database PATH   the SQLite file (flow-service.sqlite in the working directory;
                        env FLOW_SERVICE_DATABASE)
      --idle-timeout SECONDS
                        how long an idle session stays in memory before it is saved and
                        released (900; 0 keeps every session in memory;
                        env FLOW_SERVICE_IDLE_TIMEOUT)
    """

  /// Reads an idle timeout in whole seconds: `nil` (never evict) for 0.
  static func idleTimeout(_ text: String, from source: String) -> Result<Duration?, OptionError> {
    guard let seconds = Int(text), seconds >= 0 else {
      return .failure(OptionError("\(source) is '\(text)', not a number of seconds"))
    }
    return .success(seconds == 0 ? nil : .seconds(seconds))
  }

  /// Reads the options, or returns the problem with them.
  static func parse(_ arguments: [String], environment: [String: String]) -> Result<Options, OptionError> {
    var options = Options()
    if let hostname = environment["FLOW_SERVICE_HOSTNAME"] { options.configuration.hostname = hostname }
    if let port = environment["FLOW_SERVICE_PORT"] {
      guard let value = Int(port), (0...65535).contains(value) else {
        return .failure(OptionError("FLOW_SERVICE_PORT is '\(port)', not a port number"))
      }
      options.configuration.port = value
    }
    if let database = environment["FLOW_SERVICE_DATABASE"] { options.configuration.databasePath = database }
    if let timeout = environment["FLOW_SERVICE_IDLE_TIMEOUT"] {
      switch idleTimeout(timeout, from: "FLOW_SERVICE_IDLE_TIMEOUT") {
      case .success(let value): options.configuration.idleTimeout = value
      case .failure(let error): return .failure(error)
      }
    }
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      if option == "--help" || option == "-h" { return .failure(OptionError(nil)) }
      guard ["--hostname", "--port", "--database", "--idle-timeout"].contains(option) else {
        return .failure(OptionError("unknown option '\(option)'"))
      }
      guard let value = remaining.popFirst() else { return .failure(OptionError("\(option) needs a value")) }
      switch option {
      case "--hostname": options.configuration.hostname = value
      case "--port":
        guard let port = Int(value), (0...65535).contains(port) else {
          return .failure(OptionError("--port is '\(value)', not a port number"))
        }
        options.configuration.port = port
      case "--idle-timeout":
        switch idleTimeout(value, from: "--idle-timeout") {
        case .success(let timeout): options.configuration.idleTimeout = timeout
        case .failure(let error): return .failure(error)
        }
      default: options.configuration.databasePath = value
      }
    }
    return .success(options)
  }
}

/// A problem with the options; `nil` for `--help`.
struct OptionError: Error {
  let problem: String?
  init(_ problem: String?) { self.problem = problem }
}

LoggingSystem.bootstrap(StreamLogHandler.standardError)
var logger = Logger(label: "FlowService")
logger.logLevel = .info

let options: Options
switch Options.parse(
  Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
{
case .success(let parsed):
  options = parsed
case .failure(let error):
  if let problem = error.problem {
    FileHandle.standardError.write(Data("FlowService: \(problem)\n\(Options.usage)\n".utf8))
    exit(2)
  }
  print(Options.usage)
  exit(0)
}

let configuration = options.configuration
logger.info(
  "Starting",
  metadata: [
    "hostname": "\(configuration.hostname)", "port": "\(configuration.port)",
    "database": "\(configuration.databasePath)",
    "idleTimeout": "\(configuration.idleTimeout.map { "\($0)" } ?? "none")",
  ])
do {
  let app = try buildApplication(configuration: configuration, logger: logger)
  let group = ServiceGroup(
    configuration: ServiceGroupConfiguration(
      services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
  try await group.run()
  logger.info("Stopped")
} catch {
  logger.critical("FlowService failed: \(error)")
  exit(1)
}
