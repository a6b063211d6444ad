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
  public init(
    hostname: String = "127.0.0.1", port: Int = 8080, databasePath: String = "flow-service.sqlite",
    postgresURL: String? = nil, bodyLimit: Int = 64 * 1024, idleTimeout: Duration? = .seconds(15 * 60),
    evictionInterval: Duration = .seconds(30)
  ) {
    self.hostname = hostname
    self.port = port
    self.databasePath = databasePath
    self.postgresURL = postgresURL
    self.bodyLimit = bodyLimit
    self.idleTimeout = idleTimeout
    self.evictionInterval = evictionInterval
  }

  /// The code of a ``postgresURL`` that `buildApplication(configuration:logger:)` can't read.
  public static let invalidPostgresURL = SnapshotStoreError.Code(rule: "invalidPostgresURL")
}
