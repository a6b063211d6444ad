import ArgumentParser
import FlowServiceCore

/// A value of an option that breaks the option's rule, from the command line or the
/// environment.
struct ServiceOptionsError: Error, Hashable, CustomStringConvertible {
  /// The option, as on the command line (`--port`).
  var option: String
  /// The environment variable the value came from; `nil` when it came from the command line.
  var environmentVariable: String?
  /// The value given.
  var value: String
  /// What the value must be (`a port number from 0 to 65535`); for a key, what is wrong with
  /// it, in a sentence that does not repeat it.
  var rule: String
  /// A Boolean value indicating whether the value is a key, which the description never shows.
  var isSecret = false

  var description: String {
    let source = environmentVariable.map { "\($0) (\(option))" } ?? option
    return isSecret ? "\(source): \(rule)" : "\(source) is '\(value)', not \(rule)"
  }
}

/// The service's options: each an option on the command line and an environment variable.
enum Setting: String, CaseIterable, Sendable {
  case hostname
  case port
  case database
  case postgres
  case idleTimeout = "idle-timeout"
  case evictionInterval = "eviction-interval"
  case bodyLimit = "body-limit"
  case connectionIdleTimeout = "connection-idle-timeout"
  case headerTimeout = "header-timeout"
  case headerLimit = "header-limit"
  case streamLimit = "stream-limit"
  case sessionStreamLimit = "session-stream-limit"
  case accessLog = "access-log"
  case apiKey = "api-key"
  case sessionKey = "session-key"
  case sessionLogLimit = "session-log-limit"

  /// The option on the command line (`--idle-timeout`).
  var option: String { "--" + rawValue }

  /// The environment variable (`FLOW_SERVICE_IDLE_TIMEOUT`).
  var environmentVariable: String {
    if self == .postgres { return "FLOW_SERVICE_POSTGRES_URL" }
    return "FLOW_SERVICE_" + rawValue.uppercased().replacing("-", with: "_")
  }

  /// What the option sets, its value's name, and its default.
  private var summary: (text: String, value: String?, defaultValue: String) {
    switch self {
    case .hostname: ("The address to listen on", "host", "127.0.0.1")
    case .port: ("The port to listen on; 0 lets the system choose", "port", "8080")
    case .database: ("The SQLite file", "path", "flow-service.sqlite")
    case .postgres:
      (
        "Keep sessions in PostgreSQL instead of SQLite, shared with every instance given the same URL: "
          + "postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?sslmode=disable|prefer|require]", "url", "none"
      )
    case .idleTimeout:
      (
        "Seconds an idle session stays in memory before it is saved and released; 0 keeps every session",
        "seconds", "900"
      )
    case .evictionInterval: ("Seconds between two looks for idle sessions", "seconds", "30")
    case .bodyLimit: ("The largest request body, in bytes; larger is answered 413", "bytes", "65536")
    case .connectionIdleTimeout:
      ("Seconds a connection may send nothing before it is closed", "seconds", "30")
    case .headerTimeout:
      ("Seconds a request's line and header fields may take to arrive; then 408", "seconds", "10")
    case .headerLimit:
      ("The largest request line and header fields, in bytes; larger is answered 431", "bytes", "16384")
    case .streamLimit: ("The most event streams (WebSockets) at once in this instance", "count", "1000")
    case .sessionStreamLimit:
      ("The most event streams of one session at once in this instance", "count", "16")
    case .accessLog:
      ("Log each request at info: method, route, path, status, duration, bytes, request id", nil, "on")
    case .apiKey:
      (
        "The key of the admin endpoints, the inspector and every session: 16 or more visible ASCII "
          + "characters", "key", "a random key for this process, logged once"
      )
    case .sessionKey:
      (
        "The key of the sessions' secrets, 32 bytes or more; the same on every instance sharing a "
          + "database", "key", "one made once and kept in the database"
      )
    case .sessionLogLimit:
      (
        "The most inputs a session's log keeps after its start snapshot (GET /sessions/{id}/log, the "
          + "inspector's timeline), saved with each session; 0 records no logs", "count", "0"
      )
    }
  }

  /// The option's help: what it sets, its environment variable and its default.
  var help: ArgumentHelp {
    let (text, value, defaultValue) = summary
    return ArgumentHelp("\(text) (env \(environmentVariable); default \(defaultValue))", valueName: value)
  }

  /// Sets the option's value in `configuration`.
  ///
  /// - Parameters:
  ///   - value: The value, as given.
  ///   - environmentVariable: The environment variable it came from; `nil` for the command line.
  ///   - configuration: The configuration to change.
  /// - Throws: ``ServiceOptionsError`` when the value breaks the option's rule.
  func apply(
    _ value: String, from environmentVariable: String?, to configuration: inout ServiceConfiguration
  ) throws(ServiceOptionsError) {
    func failure(_ rule: String) -> ServiceOptionsError {
      ServiceOptionsError(option: option, environmentVariable: environmentVariable, value: value, rule: rule)
    }
    func number(_ range: ClosedRange<Int>, _ rule: String) throws(ServiceOptionsError) -> Int {
      guard let number = Int(value), range.contains(number) else { throw failure(rule) }
      return number
    }
    func count(of unit: String) throws(ServiceOptionsError) -> Int {
      try number(1...Int.max, "a whole number of \(unit), 1 or more")
    }
    switch self {
    case .hostname: configuration.hostname = value
    case .port: configuration.port = try number(0...65535, "a port number from 0 to 65535")
    case .database: configuration.databasePath = value
    case .postgres: configuration.postgresURL = value
    case .idleTimeout:
      let seconds = try number(0...Int.max, "a whole number of seconds, 0 or more")
      configuration.idleTimeout = seconds == 0 ? nil : .seconds(seconds)
    case .evictionInterval: configuration.evictionInterval = .seconds(try count(of: "seconds"))
    case .bodyLimit: configuration.bodyLimit = try count(of: "bytes")
    case .connectionIdleTimeout: configuration.connectionIdleTimeout = .seconds(try count(of: "seconds"))
    case .headerTimeout: configuration.headerTimeout = .seconds(try count(of: "seconds"))
    case .headerLimit: configuration.headerLimit = try count(of: "bytes")
    case .streamLimit: configuration.streamLimit = try count(of: "streams")
    case .sessionStreamLimit: configuration.sessionStreamLimit = try count(of: "streams")
    case .sessionLogLimit:
      let limit = ServiceConfiguration.maximumSessionLogLimit
      configuration.sessionLogLimit = try number(0...limit, "a whole number of inputs from 0 to \(limit)")
    case .accessLog:
      switch value.lowercased() {
      case "true", "1", "yes", "on": configuration.accessLog = true
      case "false", "0", "no", "off": configuration.accessLog = false
      default: throw failure("true or false (also 1 or 0, yes or no, on or off)")
      }
    case .apiKey, .sessionKey:
      let problem =
        self == .apiKey
        ? ServiceConfiguration.apiKeyProblem(value) : ServiceConfiguration.sessionKeyProblem(value.utf8.count)
      if let problem {
        throw ServiceOptionsError(
          option: option, environmentVariable: environmentVariable, value: "", rule: problem, isSecret: true)
      }
      if self == .apiKey { configuration.apiKey = value } else { configuration.sessionKey = value }
    }
  }
}

extension FlowServiceCommand {
  /// Reads the options: parses `arguments`, then reads what they leave unset from
  /// `environment`, then the defaults.
  ///
  /// - Parameters:
  ///   - arguments: The command line, without the program's name.
  ///   - environment: The environment.
  /// - Returns: The configuration.
  /// - Throws: argument-parser's error when the command line can't be parsed, or asks for
  ///   help (`FlowServiceCommand.exitCode(for:)` tells which, `message(for:)` says what); a
  ///   ``ServiceOptionsError`` when a value breaks its option's rule.
  static func serviceConfiguration(arguments: [String], environment: [String: String]) throws
    -> ServiceConfiguration
  {
    try parse(arguments).serviceConfiguration(environment: environment)
  }

  /// The configuration of the parsed command line, with what it leaves unset read from
  /// `environment` (an empty variable counts as unset), then the defaults.
  ///
  /// - Parameter environment: The environment.
  /// - Returns: The configuration.
  /// - Throws: ``ServiceOptionsError`` naming the first option (in ``Setting``'s order) whose
  ///   value breaks its rule.
  func serviceConfiguration(environment: [String: String]) throws(ServiceOptionsError) -> ServiceConfiguration
  {
    var configuration = ServiceConfiguration()
    for setting in Setting.allCases {
      if let value = commandLineValue(of: setting) {
        try setting.apply(value, from: nil, to: &configuration)
      } else if let value = environment[setting.environmentVariable], !value.isEmpty {
        try setting.apply(value, from: setting.environmentVariable, to: &configuration)
      }
    }
    return configuration
  }

  /// The value the command line gave the setting, if any.
  private func commandLineValue(of setting: Setting) -> String? {
    switch setting {
    case .hostname: hostname
    case .port: port
    case .database: database
    case .postgres: postgres
    case .idleTimeout: idleTimeout
    case .evictionInterval: evictionInterval
    case .bodyLimit: bodyLimit
    case .connectionIdleTimeout: connectionIdleTimeout
    case .headerTimeout: headerTimeout
    case .headerLimit: headerLimit
    case .streamLimit: streamLimit
    case .sessionStreamLimit: sessionStreamLimit
    case .accessLog: accessLog.map { $0 ? "true" : "false" }
    case .apiKey: apiKey
    case .sessionKey: sessionKey
    case .sessionLogLimit: sessionLogLimit
    }
  }
}
