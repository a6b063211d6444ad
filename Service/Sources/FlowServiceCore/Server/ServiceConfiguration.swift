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
  /// The API key: it opens the admin endpoints (`GET /sessions`, `GET /metrics`), the
  /// inspector, and every session. When `nil`, the service makes a random one at start, good
  /// for that process only, and logs it once at the `notice` level.
  public var apiKey: String?
  /// The key of the sessions' secrets (each session's secret is HMAC-SHA256 of its identifier
  /// with this key): instances that share sessions need the same one. When `nil`, the service
  /// makes a random key once and keeps it in its database (the `settings` table), where every
  /// later start and every instance on the same database finds it.
  public var sessionKey: String?
  /// The most inputs a session's log keeps after its start snapshot (`GET /sessions/{id}/log`,
  /// the inspector's timeline), saved with the session's snapshot; when the log is full, the
  /// next input starts it again from a snapshot of that moment. 0 (the default) records no
  /// logs. A live session keeps its log as each input's JSON, one copy of each shared between
  /// sessions: about 10 bytes an input when the sessions' inputs repeat, about 75 when each
  /// is a session's own; every save writes the whole log beside the snapshot.
  public var sessionLogLimit: Int

  /// The largest ``sessionLogLimit`` accepted.
  public static let maximumSessionLogLimit = 10_000

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
  ///   - apiKey: The API key; none by default: a random one for the process.
  ///   - sessionKey: The key of the sessions' secrets; none by default: one kept in the database.
  ///   - sessionLogLimit: The most inputs a session's log keeps; 0 (no logs) by default.
  public init(
    hostname: String = "127.0.0.1", port: Int = 8080, databasePath: String = "flow-service.sqlite",
    postgresURL: String? = nil, bodyLimit: Int = 64 * 1024, idleTimeout: Duration? = .seconds(15 * 60),
    evictionInterval: Duration = .seconds(30), connectionIdleTimeout: Duration = .seconds(30),
    headerTimeout: Duration = .seconds(10), headerLimit: Int = 16 * 1024, streamLimit: Int = 1000,
    sessionStreamLimit: Int = 16, accessLog: Bool = true, apiKey: String? = nil, sessionKey: String? = nil,
    sessionLogLimit: Int = 0
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
    self.sessionLogLimit = sessionLogLimit
  }

  /// The code of a ``postgresURL`` that `buildApplication(configuration:logger:)` can't read.
  public static let invalidPostgresURL = SnapshotStoreError.Code(rule: "invalidPostgresURL")

  /// The code of an ``apiKey`` that `buildApplication(configuration:logger:)` refuses: shorter
  /// than 16 characters, or with a character that is not visible ASCII.
  public static let invalidAPIKey = SnapshotStoreError.Code(rule: "invalidAPIKey")

  /// The code of a ``sessionKey`` that `buildApplication(configuration:logger:)` refuses:
  /// shorter than 32 bytes.
  public static let invalidSessionKey = SnapshotStoreError.Code(rule: "invalidSessionKey")

  /// The code of a ``sessionLogLimit`` that `buildApplication(configuration:logger:)` refuses:
  /// below 0 or above ``maximumSessionLogLimit``.
  public static let invalidSessionLogLimit = SnapshotStoreError.Code(rule: "invalidSessionLogLimit")

  /// What is wrong with an API key, or `nil`: it must be 16 characters or more, each visible
  /// ASCII (`!` to `~`), so that it fits in `Authorization: Bearer <key>` as it is. The
  /// sentence never repeats the key.
  ///
  /// - Parameter key: The API key.
  /// - Returns: The problem, or `nil` for a good key.
  public static func apiKeyProblem(_ key: String) -> String? {
    guard key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      return "The API key has a character that is not visible ASCII (no spaces, no control characters)."
    }
    guard key.utf8.count >= 16 else {
      return "The API key is \(key.utf8.count) characters long: it needs 16 or more."
    }
    return nil
  }

  /// What is wrong with a session key of `length` bytes, or `nil`: it needs 32 or more.
  ///
  /// - Parameter length: The key's length in bytes.
  /// - Returns: The problem, or `nil` for a good length.
  public static func sessionKeyProblem(_ length: Int) -> String? {
    length >= 32 ? nil : "The session key is \(length) bytes long: it needs 32 or more."
  }
}
