import AppFlow
import ArgumentParser
import FlowServiceCore
import Testing

@testable import FlowService

/// The executable's options: each by its option and by its environment variable, the command
/// line over the environment over the defaults, each bad value named, and the library's help.
@Suite struct ServiceOptionsTests {
  /// Every field of a configuration, as text.
  private func fields(_ configuration: ServiceConfiguration) -> [String: String] {
    [
      "hostname": configuration.hostname, "port": "\(configuration.port)",
      "database": configuration.databasePath,
      "postgres": configuration.postgresURL ?? "-",
      "idle-timeout": configuration.idleTimeout.map { "\($0)" } ?? "never",
      "eviction-interval": "\(configuration.evictionInterval)", "body-limit": "\(configuration.bodyLimit)",
      "connection-idle-timeout": "\(configuration.connectionIdleTimeout)",
      "header-timeout": "\(configuration.headerTimeout)", "header-limit": "\(configuration.headerLimit)",
      "stream-limit": "\(configuration.streamLimit)",
      "session-stream-limit": "\(configuration.sessionStreamLimit)",
      "access-log": "\(configuration.accessLog)", "api-key": configuration.apiKey ?? "-",
      "session-key": configuration.sessionKey ?? "-",
      "session-log-limit": "\(configuration.sessionLogLimit)",
    ]
  }

  /// The fields of the configuration the command line and the environment describe.
  private func read(_ arguments: [String], _ environment: [String: String] = [:]) throws -> [String: String] {
    fields(try FlowServiceCommand.serviceConfiguration(arguments: arguments, environment: environment))
  }

  private let defaults = [
    "hostname": "127.0.0.1", "port": "8080", "database": "flow-service.sqlite", "postgres": "-",
    "idle-timeout": "900.0 seconds", "eviction-interval": "30.0 seconds", "body-limit": "65536",
    "connection-idle-timeout": "30.0 seconds", "header-timeout": "10.0 seconds", "header-limit": "16384",
    "stream-limit": "1000", "session-stream-limit": "16", "access-log": "true", "api-key": "-",
    "session-key": "-", "session-log-limit": "0",
  ]

  /// For each option: a value to give it, and the field it then reads.
  private let examples: [(setting: Setting, value: String, field: String)] = [
    (.hostname, "0.0.0.0", "0.0.0.0"), (.port, "9000", "9000"),
    (.database, "/var/lib/shop.db", "/var/lib/shop.db"),
    (.postgres, "postgres://shop@db/shop", "postgres://shop@db/shop"), (.idleTimeout, "0", "never"),
    (.evictionInterval, "5", "5.0 seconds"), (.bodyLimit, "1024", "1024"),
    (.connectionIdleTimeout, "60", "60.0 seconds"), (.headerTimeout, "2", "2.0 seconds"),
    (.headerLimit, "8192", "8192"), (.streamLimit, "100", "100"), (.sessionStreamLimit, "4", "4"),
    (.accessLog, "false", "false"), (.apiKey, "admin-key-0123456789", "admin-key-0123456789"),
    (.sessionKey, "signing-key-0123456789-0123456789", "signing-key-0123456789-0123456789"),
    (.sessionLogLimit, "100", "100"),
  ]

  @Test func theDefaults() throws {
    #expect(try read([]) == defaults)
  }

  @Test func everyOptionByItsOptionAndByItsEnvironmentVariable() throws {
    #expect(Set(examples.map(\.setting)) == Set(Setting.allCases))
    for (setting, value, field) in examples {
      var expected = defaults
      expected[setting.rawValue] = field
      let arguments = setting == .accessLog ? ["--no-access-log"] : [setting.option, value]
      #expect(try read(arguments) == expected, "\(setting.option)")
      #expect(
        try read([], [setting.environmentVariable: value]) == expected, "\(setting.environmentVariable)")
    }
    #expect(
      Setting.allCases.map(\.environmentVariable) == [
        "FLOW_SERVICE_HOSTNAME", "FLOW_SERVICE_PORT", "FLOW_SERVICE_DATABASE", "FLOW_SERVICE_POSTGRES_URL",
        "FLOW_SERVICE_IDLE_TIMEOUT", "FLOW_SERVICE_EVICTION_INTERVAL", "FLOW_SERVICE_BODY_LIMIT",
        "FLOW_SERVICE_CONNECTION_IDLE_TIMEOUT", "FLOW_SERVICE_HEADER_TIMEOUT", "FLOW_SERVICE_HEADER_LIMIT",
        "FLOW_SERVICE_STREAM_LIMIT", "FLOW_SERVICE_SESSION_STREAM_LIMIT", "FLOW_SERVICE_ACCESS_LOG",
        "FLOW_SERVICE_API_KEY", "FLOW_SERVICE_SESSION_KEY", "FLOW_SERVICE_SESSION_LOG_LIMIT",
      ])
  }

  @Test func theCommandLineOverTheEnvironmentOverTheDefaults() throws {
    let environment = Dictionary(
      uniqueKeysWithValues: examples.map { ($0.setting.environmentVariable, $0.value) })
    var fromEnvironment = defaults
    for example in examples { fromEnvironment[example.setting.rawValue] = example.field }
    #expect(try read([], environment) == fromEnvironment)
    let arguments = [
      "--hostname", "::1", "--port", "0", "--database", "a.sqlite", "--postgres", "postgres://a@b/c",
      "--idle-timeout", "60", "--eviction-interval", "7", "--body-limit", "2048", "--connection-idle-timeout",
      "9",
      "--header-timeout", "3", "--header-limit", "4096", "--stream-limit", "10", "--session-stream-limit",
      "1",
      "--access-log", "--api-key", "cli-admin-0123456789", "--session-key",
      "cli-signing-0123456789-0123456789", "--session-log-limit", "10000",
    ]
    #expect(
      try read(arguments, environment) == [
        "hostname": "::1", "port": "0", "database": "a.sqlite", "postgres": "postgres://a@b/c",
        "idle-timeout": "60.0 seconds", "eviction-interval": "7.0 seconds", "body-limit": "2048",
        "connection-idle-timeout": "9.0 seconds", "header-timeout": "3.0 seconds", "header-limit": "4096",
        "stream-limit": "10", "session-stream-limit": "1", "access-log": "true",
        "api-key": "cli-admin-0123456789",
        "session-key": "cli-signing-0123456789-0123456789", "session-log-limit": "10000",
      ])
    // Some from each source.
    var mixed = defaults
    mixed["port"] = "7000"
    mixed["header-limit"] = "8192"
    #expect(
      try read(["--port", "7000"], ["FLOW_SERVICE_PORT": "9000", "FLOW_SERVICE_HEADER_LIMIT": "8192"])
        == mixed)
    // An empty variable counts as unset: an empty PostgreSQL URL means SQLite.
    #expect(
      try read([], ["FLOW_SERVICE_POSTGRES_URL": "", "FLOW_SERVICE_PORT": "", "FLOW_SERVICE_API_KEY": ""])
        == defaults)
  }

  @Test func theKeysFromTheEnvironmentAndTheCommandLine() {
    func keys(_ arguments: [String], _ environment: [String: String] = [:]) -> String {
      do {
        let configuration = try FlowServiceCommand.serviceConfiguration(
          arguments: arguments, environment: environment)
        return [configuration.apiKey ?? "-", configuration.sessionKey ?? "-"].joined(separator: " ")
      } catch let error as ServiceOptionsError {
        return error.description
      } catch {
        return FlowServiceCommand.message(for: error)
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
        == "FLOW_SERVICE_SESSION_KEY (--session-key): The session key is 10 bytes long: it needs 32 or more.")
    #expect(keys(["--session-key"]) == "Missing value for '--session-key <key>'")
    #expect(FlowServiceCommand.helpMessage().contains("--api-key <key>"))
    #expect(FlowServiceCommand.helpMessage().contains("FLOW_SERVICE_SESSION_KEY"))
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
    #expect {
      _ = try buildApplication(configuration: ServiceConfiguration(apiKey: testAPIKey, sessionLogLimit: -1))
    } throws: { error in
      let error = error as? SnapshotStoreError
      return error?.code == ServiceConfiguration.invalidSessionLogLimit
        && error?.message == "The session log's limit is -1: it must be from 0 to 10000."
    }
  }

  @Test func everyBadValueIsATypedErrorNamingItsOption() throws {
    func failure(_ arguments: [String], _ environment: [String: String] = [:]) -> ServiceOptionsError? {
      do {
        _ = try FlowServiceCommand.serviceConfiguration(arguments: arguments, environment: environment)
        return nil
      } catch {
        return error as? ServiceOptionsError
      }
    }
    let cases: [(Setting, String, String)] = [
      (.port, "65536", "a port number from 0 to 65535"), (.port, "http", "a port number from 0 to 65535"),
      (.idleTimeout, "-1", "a whole number of seconds, 0 or more"),
      (.evictionInterval, "0", "a whole number of seconds, 1 or more"),
      (.bodyLimit, "64k", "a whole number of bytes, 1 or more"),
      (.connectionIdleTimeout, "0", "a whole number of seconds, 1 or more"),
      (.headerTimeout, "1.5", "a whole number of seconds, 1 or more"),
      (.headerLimit, "big", "a whole number of bytes, 1 or more"),
      (.streamLimit, "0", "a whole number of streams, 1 or more"),
      (.sessionStreamLimit, "-1", "a whole number of streams, 1 or more"),
      (.accessLog, "maybe", "true or false (also 1 or 0, yes or no, on or off)"),
      (.sessionLogLimit, "-1", "a whole number of inputs from 0 to 10000"),
      (.sessionLogLimit, "10001", "a whole number of inputs from 0 to 10000"),
      (.sessionLogLimit, "all", "a whole number of inputs from 0 to 10000"),
    ]
    for (setting, value, rule) in cases {
      // `--option=-1`: a value that starts with `-` is otherwise read as an option.
      if setting != .accessLog {
        #expect(
          failure(value.hasPrefix("-") ? ["\(setting.option)=\(value)"] : [setting.option, value])
            == ServiceOptionsError(option: setting.option, environmentVariable: nil, value: value, rule: rule)
        )
      }
      // An empty variable is unset, not a bad value.
      guard !value.isEmpty else { continue }
      #expect(
        failure([], [setting.environmentVariable: value])
          == ServiceOptionsError(
            option: setting.option, environmentVariable: setting.environmentVariable, value: value, rule: rule
          ))
    }
    #expect(
      failure(["--port", "http"])?.description == "--port is 'http', not a port number from 0 to 65535")
    #expect(
      failure([], ["FLOW_SERVICE_HEADER_LIMIT": "big"])?.description
        == "FLOW_SERVICE_HEADER_LIMIT (--header-limit) is 'big', not a whole number of bytes, 1 or more")
    // A good value on the command line leaves its variable unread.
    #expect(failure(["--port", "1"], ["FLOW_SERVICE_PORT": "x"]) == nil)
  }

  @Test func theCommandLinesOwnErrorsAndHelpAreTheLibrarys() {
    func outcome(_ arguments: [String]) -> (code: Int32, message: String)? {
      do {
        _ = try FlowServiceCommand.serviceConfiguration(arguments: arguments, environment: [:])
        return nil
      } catch {
        return (FlowServiceCommand.exitCode(for: error).rawValue, FlowServiceCommand.message(for: error))
      }
    }
    #expect(outcome(["--verbose"])?.code == 64)
    #expect(outcome(["--verbose"])?.message == "Unknown option '--verbose'")
    #expect(outcome(["--port"])?.message == "Missing value for '--port <port>'")
    #expect(outcome(["--help"])?.code == 0)
    let help = FlowServiceCommand.helpMessage(columns: 400)
    for setting in Setting.allCases {
      #expect(help.contains(setting.option), "\(setting.option)")
      #expect(help.contains("env \(setting.environmentVariable);"), "\(setting.environmentVariable)")
    }
    #expect(help.contains("--access-log/--no-access-log"))
  }
}
