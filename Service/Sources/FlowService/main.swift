import FlowServiceCore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

LoggingSystem.bootstrap(StreamLogHandler.standardError)
var logger = Logger(label: "FlowService")
logger.logLevel = .info

let options: ServiceOptions
switch ServiceOptions.parse(
  Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
{
case .success(let parsed):
  options = parsed
case .failure(let error):
  if let problem = error.problem {
    FileHandle.standardError.write(Data("FlowService: \(problem)\n\(ServiceOptions.usage)\n".utf8))
    exit(2)
  }
  print(ServiceOptions.usage)
  exit(0)
}

let configuration = options.configuration
logger.info(
  "Starting",
  metadata: [
    "hostname": "\(configuration.hostname)", "port": "\(configuration.port)",
    "database": "\(configuration.postgresURL.map(PostgresURL.redacted) ?? configuration.databasePath)",
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
