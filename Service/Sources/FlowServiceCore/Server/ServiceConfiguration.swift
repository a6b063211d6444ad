public import AppFlow

/// How the service runs: where it listens, where it keeps sessions, and its limits.
public struct ServiceConfiguration: Sendable {
  /// The host name or address to listen on.
  public var hostname: String
  /// The port to listen on; 0 lets the system choose.
  public var port: Int
  /// The SQLite database file's path; not used when ``postgresURL`` is set.
  public var databasePath: String
  /// A PostgreSQL connection URL (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`): when
  /// set, sessions are kept there instead of SQLite, and several instances can share them.
  public var postgresURL: String?
  /// The largest request body read, in bytes; a larger one is answered 413.
  public var bodyLimit: Int
  /// How long a session stays in memory without a request before it is evicted (saved
  /// and released; the next request restores it); `nil` to keep every session.
  public var idleTimeout: Duration?
  /// How often idle sessions are looked for.
  public var evictionInterval: Duration
  /// How long a connection may send nothing (no request, or no byte of a request's body)
  /// before it is closed.
  public var connectionIdleTimeout: Duration
  /// How long a request's line and header fields may take to arrive, from their first byte,
  /// before the connection is answered 408 and closed.
  public var headerTimeout: Duration
  /// The largest request line and header fields, in bytes (the URL and the fields' names and
  /// values, as NIO's decoder counts them); a larger request is answered 431 and its
  /// connection closed.
  public var headerLimit: Int
  /// The most event streams (WebSockets) the instance serves at once; one more is closed
  /// with the code 1013 (try again later).
  public var streamLimit: Int
  /// The most event streams one session has at once in the instance; one more is closed
  /// with the code 1013 (try again later).
  public var sessionStreamLimit: Int
  /// A Boolean value indicating whether each request is logged at `info`: its method, route,
  /// path (without the query), status, duration, size and identifier.
  public var accessLog: Bool
  /// The admin API key; `nil` when none is set.
  public var apiKey: String?
  /// The key that signs each session's secret; `nil` when none is set.
  public var sessionKey: String?

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - hostname: The host name or address to listen on; `127.0.0.1` by default.
  ///   - port: The port; 8080 by default.
  ///   - databasePath: The SQLite file; `flow-service.sqlite` in the working directory by default.
  ///   - postgresURL: A PostgreSQL connection URL to keep sessions in instead; none by default.
  ///   - bodyLimit: The largest request body, in bytes; 64 KiB by default.
  ///   - idleTimeout: How long an idle session stays in memory; 15 minutes by default.
  ///   - evictionInterval: How often idle sessions are looked for; 30 seconds by default.
  ///   - connectionIdleTimeout: How long a connection may send nothing; 30 seconds by default.
  ///   - headerTimeout: How long a request's line and header fields may take; 10 seconds by
  ///     default.
  ///   - headerLimit: The largest request line and header fields, in bytes; 16 KiB by default.
  ///   - streamLimit: The most event streams at once in the instance; 1,000 by default.
  ///   - sessionStreamLimit: The most event streams of one session at once; 16 by default.
  ///   - accessLog: Whether each request is logged; `true` by default.
  ///   - apiKey: The admin API key; none by default.
  ///   - sessionKey: The key that signs each session's secret; none by default.
  public init(
    hostname: String = "127.0.0.1", port: Int = 8080, databasePath: String = "flow-service.sqlite",
    postgresURL: String? = nil, bodyLimit: Int = 64 * 1024, idleTimeout: Duration? = .seconds(15 * 60),
    evictionInterval: Duration = .seconds(30), connectionIdleTimeout: Duration = .seconds(30),
    headerTimeout: Duration = .seconds(10), headerLimit: Int = 16 * 1024, streamLimit: Int = 1000,
    sessionStreamLimit: Int = 16, accessLog: Bool = true, apiKey: String? = nil, sessionKey: String? = nil
  ) {
    self.hostname = hostname
    self.port = port
    self.databasePath = databasePath
    self.postgresURL = postgresURL
    self.bodyLimit = bodyLimit
    self.idleTimeout = idleTimeout
    self.evictionInterval = evictionInterval
    self.connectionIdleTimeout = connectionIdleTimeout
    self.headerTimeout = headerTimeout
    self.headerLimit = headerLimit
    self.streamLimit = streamLimit
    self.sessionStreamLimit = sessionStreamLimit
    self.accessLog = accessLog
    self.apiKey = apiKey
    self.sessionKey = sessionKey
  }

  /// The code of a ``postgresURL`` that `buildApplication(configuration:logger:)` can't read.
  public static let invalidPostgresURL = SnapshotStoreError.Code(rule: "invalidPostgresURL")
}
