import AppFlow
import PostgresNIO
import Testing

@testable import FlowServiceCore

/// The executable's options: the command line over the environment over the defaults, and
/// each bad value named.
@Suite struct ServiceOptionsTests {
  /// The options' configuration, or the problem's text.
  private func parse(_ arguments: [String], _ environment: [String: String] = [:]) -> String {
    switch ServiceOptions.parse(arguments, environment: environment) {
    case .success(let options):
      let configuration = options.configuration
      return [
        configuration.hostname, "\(configuration.port)", configuration.databasePath,
        configuration.postgresURL ?? "-", configuration.idleTimeout.map { "\($0)" } ?? "never",
      ].joined(separator: " ")
    case .failure(let problem):
      return problem.problem ?? "help"
    }
  }

  @Test func theDefaultsTheEnvironmentAndTheCommandLineInThatOrder() {
    #expect(parse([]) == "127.0.0.1 8080 flow-service.sqlite - 900.0 seconds")
    let environment = [
      "FLOW_SERVICE_HOSTNAME": "0.0.0.0", "FLOW_SERVICE_PORT": "9000",
      "FLOW_SERVICE_DATABASE": "/var/lib/shop.db",
      "FLOW_SERVICE_POSTGRES_URL": "postgres://shop@db/shop", "FLOW_SERVICE_IDLE_TIMEOUT": "0",
    ]
    #expect(parse([], environment) == "0.0.0.0 9000 /var/lib/shop.db postgres://shop@db/shop never")
    #expect(
      parse(
        [
          "--hostname", "::1", "--port", "0", "--database", "a.sqlite", "--postgres", "postgres://a@b/c",
          "--idle-timeout", "60",
        ],
        environment) == "::1 0 a.sqlite postgres://a@b/c 60.0 seconds")
    // An empty PostgreSQL URL in the environment means SQLite.
    #expect(
      parse([], ["FLOW_SERVICE_POSTGRES_URL": ""]) == "127.0.0.1 8080 flow-service.sqlite - 900.0 seconds")
  }

  @Test func everyBadValueIsNamedAndHelpIsAsked() {
    #expect(parse(["--help"]) == "help")
    #expect(parse(["--port", "1", "-h"]) == "help")
    #expect(parse(["--verbose"]) == "unknown option '--verbose'")
    #expect(parse(["--port"]) == "--port needs a value")
    #expect(parse(["--port", "65536"]) == "--port is '65536', not a port number")
    #expect(parse(["--port", "http"]) == "--port is 'http', not a port number")
    #expect(parse(["--idle-timeout", "-1"]) == "--idle-timeout is '-1', not a number of seconds")
    #expect(parse([], ["FLOW_SERVICE_PORT": "x"]) == "FLOW_SERVICE_PORT is 'x', not a port number")
    #expect(
      parse([], ["FLOW_SERVICE_IDLE_TIMEOUT": "soon"])
        == "FLOW_SERVICE_IDLE_TIMEOUT is 'soon', not a number of seconds")
    // The command line doesn't rescue a bad environment: the first problem is reported.
    #expect(
      parse(["--port", "1"], ["FLOW_SERVICE_PORT": "x"]) == "FLOW_SERVICE_PORT is 'x', not a port number")
  }

  @Test func theConnectionLimitsFromTheEnvironmentAndTheCommandLine() throws {
    func limits(_ arguments: [String], _ environment: [String: String] = [:]) -> String {
      switch ServiceOptions.parse(arguments, environment: environment) {
      case .success(let options):
        let configuration = options.configuration
        return [
          "\(configuration.connectionIdleTimeout)", "\(configuration.headerTimeout)",
          "\(configuration.headerLimit)",
          "\(configuration.streamLimit)", "\(configuration.sessionStreamLimit)",
        ].joined(separator: " ")
      case .failure(let problem):
        return problem.problem ?? "help"
      }
    }
    #expect(limits([]) == "30.0 seconds 10.0 seconds 16384 1000 16")
    let environment = [
      "FLOW_SERVICE_CONNECTION_IDLE_TIMEOUT": "5", "FLOW_SERVICE_HEADER_TIMEOUT": "2",
      "FLOW_SERVICE_HEADER_LIMIT": "8192", "FLOW_SERVICE_STREAM_LIMIT": "100",
      "FLOW_SERVICE_SESSION_STREAM_LIMIT": "4",
    ]
    #expect(limits([], environment) == "5.0 seconds 2.0 seconds 8192 100 4")
    #expect(
      limits(
        [
          "--connection-idle-timeout", "60", "--header-timeout", "20", "--header-limit", "32768",
          "--stream-limit",
          "10", "--session-stream-limit", "1",
        ], environment) == "60.0 seconds 20.0 seconds 32768 10 1")
    #expect(limits(["--header-timeout", "0"]) == "--header-timeout is '0', not a positive number of seconds")
    #expect(limits(["--header-limit", "big"]) == "--header-limit is 'big', not a positive number of bytes")
    #expect(
      limits([], ["FLOW_SERVICE_SESSION_STREAM_LIMIT": "-1"])
        == "FLOW_SERVICE_SESSION_STREAM_LIMIT is '-1', not a positive number of streams")
    #expect(limits(["--stream-limit"]) == "--stream-limit needs a value")
  }

  @Test func theKeysFromTheEnvironmentAndTheCommandLine() {
    func keys(_ arguments: [String], _ environment: [String: String] = [:]) -> String {
      switch ServiceOptions.parse(arguments, environment: environment) {
      case .success(let options):
        return [options.configuration.apiKey ?? "-", options.configuration.sessionKey ?? "-"]
          .joined(separator: " ")
      case .failure(let problem):
        return problem.problem ?? "help"
      }
    }
    let apiKey = "0123456789abcdef"
    let sessionKey = String(repeating: "s", count: 32)
    #expect(keys([]) == "- -")
    #expect(
      keys([], ["FLOW_SERVICE_API_KEY": apiKey, "FLOW_SERVICE_SESSION_KEY": sessionKey])
        == "\(apiKey) \(sessionKey)")
    #expect(
      keys(
        ["--api-key", "ABCDEFGHIJKLMNOP~", "--session-key", sessionKey + "t"],
        ["FLOW_SERVICE_API_KEY": apiKey, "FLOW_SERVICE_SESSION_KEY": sessionKey])
        == "ABCDEFGHIJKLMNOP~ \(sessionKey)t")
    // Empty in the environment means none, as for the PostgreSQL URL.
    #expect(keys([], ["FLOW_SERVICE_API_KEY": "", "FLOW_SERVICE_SESSION_KEY": ""]) == "- -")
    // A bad key is named by its rule, never repeated.
    #expect(
      keys(["--api-key", "short"]) == "--api-key: The API key is 5 characters long: it needs 16 or more.")
    #expect(
      keys(["--api-key", "has a space in it, so no"])
        == "--api-key: The API key has a character that is not visible ASCII (no spaces, no control characters)."
    )
    #expect(
      keys([], ["FLOW_SERVICE_SESSION_KEY": "0123456789"])
        == "FLOW_SERVICE_SESSION_KEY: The session key is 10 bytes long: it needs 32 or more.")
    #expect(keys(["--session-key"]) == "--session-key needs a value")
    #expect(ServiceOptions.usage.contains("--api-key KEY"))
    #expect(ServiceOptions.usage.contains("env FLOW_SERVICE_SESSION_KEY"))
  }

  @Test func aServiceWithABadKeyIsNotBuilt() {
    #expect {
      _ = try buildApplication(configuration: ServiceConfiguration(apiKey: "short"))
    } throws: { error in
      let error = error as? SnapshotStoreError
      return error?.code == ServiceConfiguration.invalidAPIKey
        && error?.message == "The API key is 5 characters long: it needs 16 or more."
    }
    #expect {
      _ = try buildApplication(configuration: ServiceConfiguration(apiKey: testAPIKey, sessionKey: "short"))
    } throws: { error in
      let error = error as? SnapshotStoreError
      return error?.code == ServiceConfiguration.invalidSessionKey
        && error?.message == "The session key is 5 bytes long: it needs 32 or more."
    }
  }

  @Test func aPostgresURLBecomesAClientConfiguration() throws {
    let full = try PostgresURL.configuration(
      "postgresql://shop:s%40cret@db.internal:6543/orders?sslmode=disable")
    #expect(
      [full.host, "\(full.port ?? 0)", full.username, full.password, full.database]
        == ["db.internal", "6543", "shop", "s@cret", "orders"])
    let short = try PostgresURL.configuration("postgres://shop@db")
    #expect(
      [short.host, "\(short.port ?? 0)", short.username, short.database] == ["db", "5432", "shop", "shop"])
    #expect(short.password == nil)
  }

  @Test func aBadPostgresURLIsNamedWithoutItsPassword() {
    func problem(_ url: String) -> String {
      do {
        _ = try PostgresURL.configuration(url)
        return "read"
      } catch {
        return error.message
      }
    }
    #expect(problem("mysql://a@b/c") == "'mysql://a@b/c' is not a postgres:// URL.")
    #expect(problem("postgres:///c") == "'postgres:///c' names no host.")
    #expect(problem("postgres://:secret@db/c") == "'postgres://:***@db/c' names no user.")
    #expect(
      problem("postgres://a:secret@db/c?sslmode=verify-full")
        == "'postgres://a:***@db/c?sslmode=verify-full' has sslmode 'verify-full'; the modes are disable, prefer, require."
    )
    #expect(PostgresURL.redacted("postgres://a:secret@db/c") == "postgres://a:***@db/c")
    #expect(PostgresURL.redacted("postgres://a@db/c") == "postgres://a@db/c")
  }

  @Test func aServiceOverABadPostgresURLIsNotBuilt() {
    let configuration = ServiceConfiguration(postgresURL: "postgres://nobody")
    #expect {
      _ = try buildApplication(configuration: configuration)
    } throws: { error in
      let error = error as? SnapshotStoreError
      return error?.code == ServiceConfiguration.invalidPostgresURL
        && error?.message == "Can't use the PostgreSQL URL: 'postgres://nobody' names no user."
    }
  }
}
