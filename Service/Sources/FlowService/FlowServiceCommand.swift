import ArgumentParser
import FlowServiceCore
import Foundation
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import UnixSignals

// The options are read with swift-argument-parser rather than swift-configuration: the
// service's settings are a flat list known at compile time, each an option with one
// environment variable, and argument-parser gives the generated `--help`, the `--no-`
// inversions and the command line's own errors, in a package with no dependencies of its own.
// swift-configuration's strength, layered providers (files, secrets, reloading) read through
// keys that libraries may not know at compile time, is more than this needs; its command-line
// provider has no generated help (its documentation says so, and recommends argument-parser
// for that), and it would add swift-system and swift-collections to the build.

/// The `FlowService` executable: reads its options (``Setting``), bootstraps logging and
/// metrics, and runs the service until SIGTERM or SIGINT.
@main
struct FlowServiceCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "FlowService",
    abstract: "Hosted navigation sessions over HTTP: the shop app, one session per app controller.",
    discussion: """
      Every option has an environment variable: the command line comes first, then the \
      environment, then the default. An environment variable set to the empty string counts as \
      unset. Prefer the environment for the keys: a command line is visible to every user of \
      the machine.
      """)

  @Option(help: Setting.hostname.help) var hostname: String?
  @Option(help: Setting.port.help) var port: String?
  @Option(help: Setting.database.help) var database: String?
  @Option(help: Setting.postgres.help) var postgres: String?
  @Option(help: Setting.idleTimeout.help) var idleTimeout: String?
  @Option(help: Setting.evictionInterval.help) var evictionInterval: String?
  @Option(help: Setting.bodyLimit.help) var bodyLimit: String?
  @Option(help: Setting.connectionIdleTimeout.help) var connectionIdleTimeout: String?
  @Option(help: Setting.headerTimeout.help) var headerTimeout: String?
  @Option(help: Setting.headerLimit.help) var headerLimit: String?
  @Option(help: Setting.streamLimit.help) var streamLimit: String?
  @Option(help: Setting.sessionStreamLimit.help) var sessionStreamLimit: String?
  @Flag(inversion: .prefixedNo, help: Setting.accessLog.help) var accessLog: Bool?
  @Option(help: Setting.apiKey.help) var apiKey: String?
  @Option(help: Setting.sessionKey.help) var sessionKey: String?
  @Option(help: Setting.sessionLogLimit.help) var sessionLogLimit: String?

  func run() async throws {
    let configuration: ServiceConfiguration
    do {
      configuration = try serviceConfiguration(environment: ProcessInfo.processInfo.environment)
    } catch {
      throw ValidationError(error.description)
    }
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    var logger = Logger(label: "FlowService")
    logger.logLevel = .info
    // The service's metrics and those of the libraries that use the process's `MetricsSystem`
    // go to one registry, which `GET /metrics` writes out.
    let registry = PrometheusCollectorRegistry()
    MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    logger.info(
      "Starting",
      metadata: [
        "hostname": "\(configuration.hostname)", "port": "\(configuration.port)",
        "database": "\(configuration.postgresURL.map(PostgresURL.redacted) ?? configuration.databasePath)",
        "idleTimeout": "\(configuration.idleTimeout.map { "\($0)" } ?? "none")",
        "accessLog": "\(configuration.accessLog)", "sessionLogLimit": "\(configuration.sessionLogLimit)",
      ])
    do {
      let app = try buildApplication(configuration: configuration, logger: logger, metrics: registry)
      let group = ServiceGroup(
        configuration: ServiceGroupConfiguration(
          services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
      try await group.run()
      logger.info("Stopped")
    } catch {
      logger.critical("FlowService failed: \(error)")
      throw ExitCode.failure
    }
  }
}
