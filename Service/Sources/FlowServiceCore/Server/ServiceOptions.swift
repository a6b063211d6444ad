/// The `FlowService` executable's options: from the command line first, then the
/// environment (`FLOW_SERVICE_HOSTNAME`, `FLOW_SERVICE_PORT`, `FLOW_SERVICE_DATABASE`,
/// `FLOW_SERVICE_POSTGRES_URL`, `FLOW_SERVICE_IDLE_TIMEOUT`, and the connection limits
/// `FLOW_SERVICE_CONNECTION_IDLE_TIMEOUT`, `FLOW_SERVICE_HEADER_TIMEOUT`,
/// `FLOW_SERVICE_HEADER_LIMIT`, `FLOW_SERVICE_STREAM_LIMIT`,
/// `FLOW_SERVICE_SESSION_STREAM_LIMIT`, and the keys `FLOW_SERVICE_API_KEY`,
/// `FLOW_SERVICE_SESSION_KEY`), then the defaults.
///
/// ```swift
/// switch ServiceOptions.parse(["--port", "9000"], environment: [:]) {
/// case .success(let options): print(options.configuration.port)   // 9000
/// case .failure(let error): print(error.problem ?? ServiceOptions.usage)
/// }
/// ```
public struct ServiceOptions: Sendable {
  /// The configuration the options describe.
  public var configuration = ServiceConfiguration()

  /// Options with every default.
  init() {}

  /// The help text.
  public static let usage = """
    usage: FlowService [--hostname HOST] [--port PORT] [--database PATH] [--postgres URL]
                       [--idle-timeout SECONDS] [--connection-idle-timeout SECONDS]
                       [--header-timeout SECONDS] [--header-limit BYTES]
                       [--stream-limit COUNT] [--session-stream-limit COUNT]
                       [--api-key KEY] [--session-key KEY]
      --hostname HOST   the address to listen on (127.0.0.1; env FLOW_SERVICE_HOSTNAME)
      --port PORT       the port (8080; env FLOW_SERVICE_PORT)
      --database PATH   the SQLite file (flow-service.sqlite in the working directory;
                        env FLOW_SERVICE_DATABASE)
      --postgres URL    keep sessions in PostgreSQL instead of SQLite, shared with every
                        instance given the same URL: postgres://USER[:PASSWORD]@HOST[:PORT]/DB
                        [?sslmode=disable|prefer|require] (env FLOW_SERVICE_POSTGRES_URL)
      --idle-timeout SECONDS
                        how long an idle session stays in memory before it is released
                        (900; 0 keeps every session in memory; env FLOW_SERVICE_IDLE_TIMEOUT)
      --connection-idle-timeout SECONDS
                        how long a connection may send nothing before it is closed
                        (30; env FLOW_SERVICE_CONNECTION_IDLE_TIMEOUT)
      --header-timeout SECONDS
                        how long a request's line and headers may take to arrive before
                        the answer is 408 (10; env FLOW_SERVICE_HEADER_TIMEOUT)
      --header-limit BYTES
                        the largest request line and headers; larger is answered 431
                        (16384; env FLOW_SERVICE_HEADER_LIMIT)
      --stream-limit COUNT
                        the most event streams (WebSockets) at once in this instance
                        (1000; env FLOW_SERVICE_STREAM_LIMIT)
      --session-stream-limit COUNT
                        the most event streams of one session at once in this instance
                        (16; env FLOW_SERVICE_SESSION_STREAM_LIMIT)
      --api-key KEY     the key of the admin endpoints, the inspector and every session;
                        16 or more visible ASCII characters (none: a random key for this
                        process, logged once; env FLOW_SERVICE_API_KEY)
      --session-key KEY
                        the key of the sessions' secrets, 32 bytes or more; the same on
                        every instance (none: one made once and kept in the database;
                        env FLOW_SERVICE_SESSION_KEY)
    """

  /// A problem with the options, or a request for help.
  public struct Problem: Error, Hashable, Sendable {
    /// What is wrong, naming the option; `nil` for `--help`.
    public let problem: String?

    /// Creates a problem; `nil` for `--help`.
    init(_ problem: String?) { self.problem = problem }
  }

  /// Reads the options.
  ///
  /// - Parameters:
  ///   - arguments: The command line, without the program's name.
  ///   - environment: The environment.
  /// - Returns: The options, or the first problem with them (`--help` and `-h` give a
  ///   problem whose text is `nil`).
  public static func parse(_ arguments: [String], environment: [String: String]) -> Result<
    ServiceOptions, Problem
  > {
    var options = ServiceOptions()
    do throws(Problem) {
      try options.read(environment)
      try options.read(arguments)
      return .success(options)
    } catch {
      return .failure(error)
    }
  }

  private mutating func read(_ environment: [String: String]) throws(Problem) {
    if let hostname = environment["FLOW_SERVICE_HOSTNAME"] { configuration.hostname = hostname }
    if let port = environment["FLOW_SERVICE_PORT"] {
      configuration.port = try Self.port(port, from: "FLOW_SERVICE_PORT")
    }
    if let database = environment["FLOW_SERVICE_DATABASE"] { configuration.databasePath = database }
    if let url = environment["FLOW_SERVICE_POSTGRES_URL"], !url.isEmpty { configuration.postgresURL = url }
    if let timeout = environment["FLOW_SERVICE_IDLE_TIMEOUT"] {
      configuration.idleTimeout = try Self.idleTimeout(timeout, from: "FLOW_SERVICE_IDLE_TIMEOUT")
    }
    for (name, option) in Self.environmentLimits {
      if let value = environment[name] { try read(option, value, from: name) }
    }
    if let key = environment["FLOW_SERVICE_API_KEY"], !key.isEmpty {
      configuration.apiKey = try Self.apiKey(key, from: "FLOW_SERVICE_API_KEY")
    }
    if let key = environment["FLOW_SERVICE_SESSION_KEY"], !key.isEmpty {
      configuration.sessionKey = try Self.sessionKey(key, from: "FLOW_SERVICE_SESSION_KEY")
    }
  }

  private mutating func read(_ arguments: [String]) throws(Problem) {
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      if option == "--help" || option == "-h" { throw Problem(nil) }
      guard Self.options.contains(option) else {
        throw Problem("unknown option '\(option)'")
      }
      guard let value = remaining.popFirst() else { throw Problem("\(option) needs a value") }
      switch option {
      case "--hostname": configuration.hostname = value
      case "--port": configuration.port = try Self.port(value, from: "--port")
      case "--database": configuration.databasePath = value
      case "--postgres": configuration.postgresURL = value
      case "--idle-timeout": configuration.idleTimeout = try Self.idleTimeout(value, from: "--idle-timeout")
      case "--api-key": configuration.apiKey = try Self.apiKey(value, from: "--api-key")
      case "--session-key": configuration.sessionKey = try Self.sessionKey(value, from: "--session-key")
      default: try read(option, value, from: option)
      }
    }
  }

  private static let options: Set = [
    "--hostname", "--port", "--database", "--postgres", "--idle-timeout", "--connection-idle-timeout",
    "--header-timeout", "--header-limit", "--stream-limit", "--session-stream-limit", "--api-key",
    "--session-key",
  ]

  /// The connection limits' environment variables, and the option each stands for.
  private static let environmentLimits = [
    ("FLOW_SERVICE_CONNECTION_IDLE_TIMEOUT", "--connection-idle-timeout"),
    ("FLOW_SERVICE_HEADER_TIMEOUT", "--header-timeout"), ("FLOW_SERVICE_HEADER_LIMIT", "--header-limit"),
    ("FLOW_SERVICE_STREAM_LIMIT", "--stream-limit"),
    ("FLOW_SERVICE_SESSION_STREAM_LIMIT", "--session-stream-limit"),
  ]

  /// Reads one of the connection limits, given as `option` or its environment variable `source`.
  private mutating func read(_ option: String, _ value: String, from source: String) throws(Problem) {
    switch option {
    case "--connection-idle-timeout":
      configuration.connectionIdleTimeout = .seconds(try Self.count(value, of: "seconds", from: source))
    case "--header-timeout":
      configuration.headerTimeout = .seconds(try Self.count(value, of: "seconds", from: source))
    case "--header-limit": configuration.headerLimit = try Self.count(value, of: "bytes", from: source)
    case "--stream-limit": configuration.streamLimit = try Self.count(value, of: "streams", from: source)
    default: configuration.sessionStreamLimit = try Self.count(value, of: "streams", from: source)
    }
  }

  /// A port number, 0 to 65535.
  private static func port(_ text: String, from source: String) throws(Problem) -> Int {
    guard let port = Int(text), (0...65535).contains(port) else {
      throw Problem("\(source) is '\(text)', not a port number")
    }
    return port
  }

  /// An idle timeout in whole seconds: `nil` (never evict) for 0.
  private static func idleTimeout(_ text: String, from source: String) throws(Problem) -> Duration? {
    guard let seconds = Int(text), seconds >= 0 else {
      throw Problem("\(source) is '\(text)', not a number of seconds")
    }
    return seconds == 0 ? nil : .seconds(seconds)
  }

  /// An API key that ``ServiceConfiguration/apiKeyProblem(_:)`` accepts; the problem never
  /// repeats the key.
  private static func apiKey(_ text: String, from source: String) throws(Problem) -> String {
    if let problem = ServiceConfiguration.apiKeyProblem(text) { throw Problem("\(source): \(problem)") }
    return text
  }

  /// A session key of 32 bytes or more; the problem never repeats the key.
  private static func sessionKey(_ text: String, from source: String) throws(Problem) -> String {
    if let problem = ServiceConfiguration.sessionKeyProblem(text.utf8.count) {
      throw Problem("\(source): \(problem)")
    }
    return text
  }

  /// A whole number of `unit`, 1 or more.
  private static func count(_ text: String, of unit: String, from source: String) throws(Problem) -> Int {
    guard let count = Int(text), count > 0 else {
      throw Problem("\(source) is '\(text)', not a positive number of \(unit)")
    }
    return count
  }
}
