import AppFlow
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// A ``SnapshotStore`` in PostgreSQL, which several service instances can share: a row per
/// session in the table `snapshots(session TEXT PRIMARY KEY, version BIGINT, bytes BYTEA,
/// updated_at TIMESTAMPTZ)`.
///
/// ```swift
/// let store = PostgresSnapshotStore(configuration: try PostgresURL.configuration("postgres://app@db/shop"))
/// // store.client.run() runs in a task (a ServiceGroup service) for as long as the store is used.
/// try await store.prepare()
/// ```
///
/// ## Sharing sessions between instances
///
/// Every row has a version that each save increments. An instance that holds a session in
/// memory knows the version its copy came from. A change whose session's version this
/// instance knows runs inside ``withCheckedSave(_:_:)``: in memory first, then one statement
/// that saves the row only if it still has that version, and sends the change's
/// notifications in the same statement (one round trip). When another instance saved the
/// session since, nothing is written or sent, and the attempt reports
/// ``CheckedSaveOutcome/lost``: the service drops its copy and makes the change again under
/// the lock.
///
/// Under the lock, a request runs inside ``withSessionLock(_:_:)``: a transaction that locks
/// the session's row (`SELECT … FOR UPDATE`), so two instances never apply requests to one
/// session at once; a request on another instance waits for the lock and then sees the new
/// version. The lock tells the request whether this instance's copy is
/// ``SessionLockState/current`` or ``SessionLockState/stale`` (another instance saved since;
/// the service then drops its copy and restores the row). A save made while the lock is held
/// goes through the locked transaction and commits with it. Either way, a session's saves
/// are applied one at a time, each to the version it was made from.
///
/// An instance that dies holds no lock for long: PostgreSQL rolls back its transactions when
/// its connections close, and another instance goes on from the last committed snapshot. A
/// save made without the lock (a new session, or a save the service makes outside a request)
/// only replaces the version this instance last saw: when another instance saved since, it
/// fails with ``conflict`` instead of writing over the newer snapshot.
///
/// Every failure is a `SnapshotStoreError`: ``databaseFailed`` (PostgreSQL's own errors),
/// ``conflict``, ``sessionBusy`` (a lock not granted within ``lockTimeout``), or
/// `SnapshotStoreError.Code.damaged`.
final class PostgresSnapshotStore: PagingSnapshotStore {
  /// The code of a failure that PostgreSQL reported (or a lost connection): the message has
  /// its text.
  static let databaseFailed = SnapshotStoreError.Code(rule: "database")
  /// The code of a save refused because another instance saved the session after this one
  /// last read it (or removed it, or created it first).
  static let conflict = SnapshotStoreError.Code(rule: "conflict")
  /// The code of a request that waited ``lockTimeout`` for another request to release the
  /// session's lock.
  static let sessionBusy = SnapshotStoreError.Code(rule: "sessionBusy")

  /// The client the store's queries go through; someone must be running it.
  let client: PostgresClient
  /// How long a request waits for a session's lock before it fails with ``sessionBusy``.
  let lockTimeout: Duration
  private let logger: Logger
  /// The version of each session's row that this instance last loaded or saved.
  private let versions = Mutex<[SessionID: Int64]>([:])

  /// The session the current task works on (under its lock, or with a checked save), and the
  /// connection of the locked transaction.
  @TaskLocal private static var held: HeldSession?

  private struct HeldSession: Sendable {
    let session: SessionID
    /// The locked transaction's connection; `nil` for a checked save (``withCheckedSave(_:_:)``).
    let connection: PostgresConnection?
    /// The notifications sent while the session is held, not yet written: they go with the
    /// save's statement, or in one statement at the end.
    let notifications: PendingNotifications
  }

  /// Notifications waiting for the held session's next statement, in order, and whether a
  /// checked save found the row changed.
  private final class PendingNotifications: Sendable {
    private let pending = Mutex<(channels: [String], payloads: [String])>(([], []))
    private let lostFlag = Mutex(false)

    /// A Boolean value indicating whether a checked save found that another instance saved
    /// the session since this one last saw it.
    var lost: Bool { lostFlag.withLock { $0 } }

    /// Notes that a checked save lost, and drops the notifications waiting.
    func lose() {
      lostFlag.withLock { $0 = true }
      _ = take()
    }

    func append(_ channel: String, _ payload: String) {
      pending.withLock { pending in
        pending.channels.append(channel)
        pending.payloads.append(payload)
      }
    }

    /// Takes them all out.
    func take() -> (channels: [String], payloads: [String]) {
      pending.withLock { pending in
        defer { pending = ([], []) }
        return pending
      }
    }
  }

  /// Creates a store and its client; run the client (``client``'s `run()`) for as long as the
  /// store is used, and call ``prepare()`` once it runs.
  ///
  /// The client's connections are made with `lock_timeout` set to `lockTimeout` (a startup
  /// parameter), so that waiting for a session's lock costs no statement of its own.
  ///
  /// - Parameters:
  ///   - configuration: Where the database is (``PostgresURL/configuration(_:)``), and the
  ///     pool's options.
  ///   - lockTimeout: How long a request waits for a session's lock; 10 seconds by default.
  ///   - logger: Where the client's queries and background events log.
  init(
    configuration: PostgresClient.Configuration, lockTimeout: Duration = .seconds(10),
    logger: Logger = Logger(label: "FlowService.Postgres")
  ) {
    var configuration = configuration
    let milliseconds =
      lockTimeout.components.seconds * 1000 + lockTimeout.components.attoseconds / 1_000_000_000_000_000
    configuration.options.additionalStartupParameters.append(("lock_timeout", "\(max(1, milliseconds))"))
    self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    self.lockTimeout = lockTimeout
    self.logger = logger
  }

  /// Creates the `snapshots` table if it isn't there, and its index in byte order
  /// (`snapshots_session_bytes`, for ``sessions(after:limit:)``), and the `settings` table
  /// (``sessionKey(storing:)``); several instances may do it at once.
  ///
  /// - Throws: `SnapshotStoreError` with the code ``databaseFailed``.
  func prepare() async throws(SnapshotStoreError) {
    do {
      try await client.withTransaction(logger: logger) { connection in
        // Two instances creating the table at once would collide in the catalogue: one waits.
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.schemaLockKey))", logger: logger)
        try await connection.query(
          """
          CREATE TABLE IF NOT EXISTS snapshots (
            session TEXT PRIMARY KEY NOT NULL,
            version BIGINT NOT NULL,
            bytes BYTEA NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
          )
          """, logger: logger)
        // The service's settings: its session key (`sessionKey(storing:)`).
        try await connection.query(
          "CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY NOT NULL, value BYTEA NOT NULL)",
          logger: logger)
        // The lists of sessions page in byte order, whatever the database's collation.
        try await connection.query(
          #"CREATE INDEX IF NOT EXISTS snapshots_session_bytes ON snapshots (session COLLATE "C")"#,
          logger: logger)
      }
    } catch {
      throw failure("create the snapshots table", error, nil)
    }
  }

  /// The advisory lock that serialises ``prepare()`` across instances.
  private static let schemaLockKey: Int64 = 0x466C_6F77_5376_6331

  // MARK: Locking a session

  /// Runs `body` while this task holds the lock on the session's row, in one transaction that
  /// commits when `body` returns and rolls back when it throws.
  ///
  /// Saves, loads and removals of this session made by `body` (on any actor, in this task)
  /// go through the locked transaction.
  ///
  /// - Parameters:
  ///   - session: The session.
  ///   - body: The work; it learns whether this instance's copy of the session is current.
  /// - Returns: What `body` returned.
  /// - Throws: `SnapshotStoreError` with the code ``sessionBusy`` when the lock wasn't granted
  ///   within ``lockTimeout`` (`body` didn't run), ``databaseFailed``; what `body` threw.
  func withSessionLock<T: Sendable>(
    _ session: SessionID, _ body: (SessionLockState) async throws -> T
  ) async throws -> T {
    var bodyError: (any Error)?
    do {
      return try await client.withTransaction(logger: logger) { connection in
        var state = SessionLockState.missing
        let seen = versions.withLock { $0[session] }
        let rows = try await connection.query(
          "SELECT version FROM snapshots WHERE session = \(session.rawValue) FOR UPDATE", logger: logger)
        for try await version in rows.decode(Int64.self) { state = seen == version ? .current : .stale }
        // What this instance knows of the row when the lock is taken: a rollback goes back to it.
        let known = state == .current ? seen : nil
        if known == nil { versions.withLock { $0[session] = nil } }
        do {
          let held = HeldSession(
            session: session, connection: connection, notifications: PendingNotifications())
          let value = try await Self.$held.withValue(held) { try await body(state) }
          let (channels, payloads) = held.notifications.take()
          if !channels.isEmpty {
            try await connection.query(
              "SELECT count(pg_notify(c, p)) FROM unnest(\(channels)::text[], \(payloads)::text[]) AS n(c, p)",
              logger: logger)
          }
          return value
        } catch {
          versions.withLock { $0[session] = known }
          bodyError = error
          throw error
        }
      }
    } catch {
      if let bodyError { throw bodyError }
      // The lock, or the commit, failed: this instance's idea of the row may be wrong.
      versions.withLock { $0[session] = nil }
      throw failure("lock session '\(session)'", error, session)
    }
  }

  // MARK: Checked saves

  /// A Boolean value indicating whether this instance knows the version of the session's row
  /// (it loaded or saved it), so that ``withCheckedSave(_:_:)`` can save over it.
  ///
  /// - Parameter session: The session.
  func knowsVersion(of session: SessionID) -> Bool {
    versions.withLock { $0[session] != nil }
  }

  /// Runs `body`, a change of the session that saves it last, without the session's lock:
  /// its save replaces the row only if the row still has the version this instance knows,
  /// in one statement that also sends the notifications `body` sent before it (they go out
  /// when it commits, and never when it doesn't).
  ///
  /// When the row has another version (another instance saved the session since this one
  /// last saw it, or removed it), the save writes nothing, sends nothing and throws, and
  /// the attempt is ``CheckedSaveOutcome/lost``: whatever `body` threw is dropped, and this
  /// instance's copy of the session is out of date. Notifications `body` sends when it
  /// saves nothing go out at once when it returns.
  ///
  /// - Parameters:
  ///   - session: The session.
  ///   - body: The change and its save.
  /// - Returns: What `body` returned, or ``CheckedSaveOutcome/lost``.
  /// - Throws: What `body` threw, when its save didn't lose; ``databaseFailed``.
  func withCheckedSave<T: Sendable>(
    _ session: SessionID, _ body: () async throws -> T
  ) async throws -> CheckedSaveOutcome<T> {
    let held = HeldSession(session: session, connection: nil, notifications: PendingNotifications())
    let value: T
    do {
      value = try await Self.$held.withValue(held) { try await body() }
    } catch {
      if held.notifications.lost { return .lost }
      throw error
    }
    let (channels, payloads) = held.notifications.take()
    if !channels.isEmpty {
      do {
        try await client.query(
          "SELECT count(pg_notify(c, p)) FROM unnest(\(channels)::text[], \(payloads)::text[]) AS n(c, p)",
          logger: logger)
      } catch {
        throw failure("notify about session '\(session)'", error, session)
      }
    }
    return .done(value)
  }

  // MARK: SnapshotStore

  /// Saves `snapshot` as the session's row: through the locked transaction when this task
  /// holds the session's lock; otherwise only over the version this instance last saw (with
  /// the notifications waiting, in a checked save), or as a new row.
  ///
  /// - Parameters:
  ///   - snapshot: The bytes to keep.
  ///   - session: The session.
  /// - Throws: `SnapshotStoreError` with the code ``conflict`` when, without the lock, the
  ///   row changed since this instance saw it (or exists, for a session it never saw; in a
  ///   checked save, when this instance knows no version of it); ``databaseFailed``. The row
  ///   is then as it was.
  func save(_ snapshot: [UInt8], for session: SessionID) async throws(SnapshotStoreError) {
    let bytes = ByteBuffer(bytes: snapshot)
    let known = versions.withLock { $0[session] }
    let saved: Int64?
    do {
      if let held = Self.held, held.session == session, held.connection == nil {
        // A checked save: the notifications sent so far go with it, and only if it writes.
        guard let known else {
          held.notifications.lose()
          throw SnapshotStoreError(
            Self.conflict,
            "Can't save the snapshot of session '\(session)': this instance knows no version of it.",
            session: session)
        }
        let (channels, payloads) = held.notifications.take()
        saved =
          if channels.count == 1 {
            // The common case: a change's events fit in one notification.
            try await Self.firstVersion(
              client.execute(
                CheckedSaveNotifyingOnce(
                  session: session.rawValue, version: known, bytes: bytes, channel: channels[0],
                  payload: payloads[0]),
                logger: logger))
          } else {
            try await Self.firstVersion(
              client.execute(
                CheckedSave(
                  session: session.rawValue, version: known, bytes: bytes, channels: channels,
                  payloads: payloads),
                logger: logger))
          }
        if saved == nil { held.notifications.lose() }
      } else if let held = Self.held, held.session == session, let connection = held.connection {
        // The notifications sent so far in this transaction go with the save's statement.
        let (channels, payloads) = held.notifications.take()
        saved = try await Self.firstVersion(
          connection.query(
            """
            WITH saved AS (
              INSERT INTO snapshots (session, version, bytes) VALUES (\(session.rawValue), 1, \(bytes))
              ON CONFLICT (session) DO UPDATE
                SET version = snapshots.version + 1, bytes = excluded.bytes, updated_at = now()
              RETURNING version
            ), notified AS (
              SELECT count(pg_notify(c, p)) AS count FROM unnest(\(channels)::text[], \(payloads)::text[]) AS n(c, p)
            )
            SELECT saved.version FROM saved, notified
            """, logger: logger))
      } else if let known {
        saved = try await Self.firstVersion(
          client.query(
            """
            UPDATE snapshots SET version = version + 1, bytes = \(bytes), updated_at = now()
            WHERE session = \(session.rawValue) AND version = \(known)
            RETURNING version
            """, logger: logger))
      } else {
        saved = try await Self.firstVersion(
          client.query(
            """
            INSERT INTO snapshots (session, version, bytes) VALUES (\(session.rawValue), 1, \(bytes))
            ON CONFLICT (session) DO NOTHING
            RETURNING version
            """, logger: logger))
      }
    } catch {
      throw failure("save the snapshot of session '\(session)'", error, session)
    }
    guard let saved else {
      versions.withLock { $0[session] = nil }
      let what =
        known.map { "another instance changed or removed it after this one saw version \($0)" }
        ?? "it exists already, saved by another instance"
      throw SnapshotStoreError(
        Self.conflict, "Can't save the snapshot of session '\(session)': \(what).", session: session)
    }
    versions.withLock { $0[session] = saved }
  }

  /// The session's bytes, or `nil` when it has no row; notes the row's version as this
  /// instance's.
  ///
  /// - Parameter session: The session.
  /// - Returns: The bytes last saved.
  /// - Throws: `SnapshotStoreError` with the code ``databaseFailed``.
  func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]? {
    var found: (Int64, ByteBuffer)?
    do {
      let query: PostgresQuery = "SELECT version, bytes FROM snapshots WHERE session = \(session.rawValue)"
      let rows =
        if let held = Self.held, held.session == session, let connection = held.connection {
          try await connection.query(query, logger: logger)
        } else {
          try await client.query(query, logger: logger)
        }
      for try await row in rows.decode((Int64, ByteBuffer).self) { found = row }
    } catch {
      throw failure("load the snapshot of session '\(session)'", error, session)
    }
    guard let (version, bytes) = found else {
      versions.withLock { $0[session] = nil }
      return nil
    }
    versions.withLock { $0[session] = version }
    return Array(bytes.readableBytesView)
  }

  /// Deletes the session's row, if any: through the locked transaction when this task holds
  /// the session's lock.
  ///
  /// - Parameter session: The session.
  /// - Throws: `SnapshotStoreError` with the code ``databaseFailed``.
  func remove(_ session: SessionID) async throws(SnapshotStoreError) {
    do {
      let query: PostgresQuery = "DELETE FROM snapshots WHERE session = \(session.rawValue)"
      if let held = Self.held, held.session == session, let connection = held.connection {
        try await connection.query(query, logger: logger)
      } else {
        try await client.query(query, logger: logger)
      }
    } catch {
      throw failure("remove the snapshot of session '\(session)'", error, session)
    }
    versions.withLock { $0[session] = nil }
  }

  /// The sessions that have a row, in ascending order; a row whose key is not a valid
  /// `SessionID` is skipped.
  ///
  /// - Returns: Their identifiers.
  /// - Throws: `SnapshotStoreError` with the code ``databaseFailed``.
  func sessionIDs() async throws(SnapshotStoreError) -> [SessionID] {
    var ids: [SessionID] = []
    do {
      let rows = try await client.query("SELECT session FROM snapshots ORDER BY session", logger: logger)
      for try await key in rows.decode(String.self) {
        if let id = try? SessionID(key) { ids.append(id) }
      }
    } catch {
      throw failure("list the snapshots", error, nil)
    }
    return ids.sorted()
  }

  /// Up to `limit` sessions after `after`, in ascending byte order (`COLLATE "C"`, whatever the
  /// database's collation), with when each was last saved: one query
  /// (`WHERE session > $1 ORDER BY session LIMIT $2`) on the index ``prepare()`` makes. A row
  /// whose key is not a valid `SessionID` is skipped.
  ///
  /// - Parameters:
  ///   - after: The identifier to start after, or `nil` for the first.
  ///   - limit: The most sessions to return.
  /// - Returns: The sessions.
  /// - Throws: `SnapshotStoreError` with the code ``databaseFailed``.
  func sessions(after: SessionID?, limit: Int) async throws(SnapshotStoreError) -> [StoredSession] {
    var sessions: [StoredSession] = []
    do {
      let rows = try await client.query(
        """
        SELECT session, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        FROM snapshots WHERE session COLLATE "C" > \(after?.rawValue ?? "")
        ORDER BY session COLLATE "C" LIMIT \(limit)
        """, logger: logger)
      for try await (key, updatedAt) in rows.decode((String, String).self) {
        if let id = try? SessionID(key) { sessions.append(StoredSession(id: id, updatedAt: updatedAt)) }
      }
    } catch {
      throw failure("list the snapshots", error, nil)
    }
    return sessions
  }

  /// How many rows the table has: `SELECT count(*)`.
  ///
  /// - Returns: The count.
  /// - Throws: `SnapshotStoreError` with the code ``databaseFailed``.
  func sessionCount() async throws(SnapshotStoreError) -> Int {
    do {
      let rows = try await client.query("SELECT count(*) FROM snapshots", logger: logger)
      for try await count in rows.decode(Int.self) { return count }
      return 0
    } catch {
      throw failure("count the snapshots", error, nil)
    }
  }

  /// Forgets the versions this instance knew of `sessions`, which it no longer holds in
  /// memory (idle ones it released), so that what it knows stays as small as what it holds.
  ///
  /// - Parameter sessions: The sessions.
  func forget(_ sessions: some Sequence<SessionID>) {
    versions.withLock { versions in
      for session in sessions { versions[session] = nil }
      versions.shrinkIfSparse()
    }
  }

  /// How many sessions' versions this instance knows (for tests).
  var knownVersionCount: Int { versions.withLock { $0.count } }

  // MARK: Notifications

  /// Sends `payload` on `channel` (`pg_notify`): inside the session's lock, with the locked
  /// transaction (in its next save's statement, or in one statement before it commits), so
  /// that listeners hear it when it commits, and never if it rolls back; inside a checked
  /// save (``withCheckedSave(_:_:)``), with the save's statement, and never if it loses;
  /// otherwise at once.
  ///
  /// - Parameters:
  ///   - channel: The channel.
  ///   - payload: The text, under 8,000 bytes.
  ///   - session: The session it is about.
  /// - Throws: `SnapshotStoreError` with the code ``databaseFailed``.
  func notify(_ channel: String, _ payload: String, about session: SessionID)
    async throws(SnapshotStoreError)
  {
    do {
      if let held = Self.held, held.session == session {
        held.notifications.append(channel, payload)
      } else {
        try await client.query("SELECT pg_notify(\(channel), \(payload))", logger: logger)
      }
    } catch {
      throw failure("notify \(channel) about session '\(session)'", error, session)
    }
  }

  // MARK: Helpers

  /// The first row's version, or `nil` when the query returned no row.
  private static func firstVersion(_ rows: PostgresRowSequence) async throws -> Int64? {
    var first: Int64?
    for try await version in rows.decode(Int64.self) where first == nil { first = version }
    return first
  }

  /// The first version a prepared statement returned, or `nil` when it returned no row.
  private static func firstVersion(
    _ rows: AsyncThrowingMapSequence<PostgresRowSequence, Int64>
  ) async throws -> Int64? {
    var first: Int64?
    for try await version in rows where first == nil { first = version }
    return first
  }

  /// The statement of a checked save (``withCheckedSave(_:_:)``), the one every change makes
  /// in the common case: it replaces the row only if it has the version this instance knows,
  /// and sends the notifications only if it did; it returns the new version, or no row.
  ///
  /// A prepared statement: each pooled connection parses it once (a round trip the first time),
  /// and every save after that sends only its values (`Bind`, `Execute`), so that PostgreSQL
  /// neither parses nor plans it again and the client sends and reads less.
  private struct CheckedSave: PostgresPreparedStatement {
    typealias Row = Int64

    static let name = "flow_service_checked_save"
    static let sql = """
      WITH saved AS (
        UPDATE snapshots SET version = version + 1, bytes = $3, updated_at = now()
        WHERE session = $1 AND version = $2
        RETURNING version
      )
      SELECT saved.version FROM saved, LATERAL (
        SELECT count(pg_notify(c, p)) FROM unnest($4::text[], $5::text[]) AS n(c, p)
        WHERE saved.version IS NOT NULL
      ) AS notified
      """
    static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .bytea, .textArray, .textArray]

    let session: String
    let version: Int64
    let bytes: ByteBuffer
    let channels: [String]
    let payloads: [String]

    func makeBindings() -> PostgresBindings {
      var bindings = PostgresBindings(capacity: 5)
      bindings.append(session)
      bindings.append(version)
      bindings.append(bytes)
      bindings.append(channels)
      bindings.append(payloads)
      return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Int64 {
      try row.decode(Int64.self)
    }
  }

  /// ``CheckedSave`` with exactly one notification, the common case: `pg_notify` in the
  /// projection of the saved row, so it runs only when the row was saved, without the arrays
  /// and the plan nodes that unnesting them takes.
  private struct CheckedSaveNotifyingOnce: PostgresPreparedStatement {
    typealias Row = Int64

    static let name = "flow_service_checked_save_notifying_once"
    static let sql = """
      WITH saved AS (
        UPDATE snapshots SET version = version + 1, bytes = $3, updated_at = now()
        WHERE session = $1 AND version = $2
        RETURNING version
      )
      SELECT saved.version, pg_notify($4, $5) FROM saved
      """
    static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .bytea, .text, .text]

    let session: String
    let version: Int64
    let bytes: ByteBuffer
    let channel: String
    let payload: String

    func makeBindings() -> PostgresBindings {
      var bindings = PostgresBindings(capacity: 5)
      bindings.append(session)
      bindings.append(version)
      bindings.append(bytes)
      bindings.append(channel)
      bindings.append(payload)
      return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Int64 {
      // The version, beside `pg_notify`'s void.
      try row[row.startIndex].decode(Int64.self)
    }
  }

  /// The service's session key, kept in the table `settings(name TEXT PRIMARY KEY, value
  /// BYTEA)` under the name `sessionKey` (``prepare()`` creates it), shared by every instance:
  /// the one stored there, or `candidate`, stored first when there is none. Of several
  /// instances that start at once, one stores its candidate and all read that one.
  ///
  /// - Parameter candidate: The key to keep when the database has none.
  /// - Returns: The stored key.
  /// - Throws: `SnapshotStoreError` with the code ``databaseFailed``, or
  ///   `damaged` when the stored key is shorter than 32 bytes.
  func sessionKey(storing candidate: [UInt8]) async throws(SnapshotStoreError) -> [UInt8] {
    var stored: [UInt8]?
    do {
      try await client.query(
        """
        INSERT INTO settings (name, value) VALUES ('sessionKey', \(ByteBuffer(bytes: candidate)))
        ON CONFLICT (name) DO NOTHING
        """, logger: logger)
      let rows = try await client.query(
        "SELECT value FROM settings WHERE name = 'sessionKey'", logger: logger)
      for try await value in rows.decode(ByteBuffer.self) { stored = Array(buffer: value) }
    } catch {
      throw failure("read the session key", error, nil)
    }
    guard let stored, stored.count >= 32 else {
      throw SnapshotStoreError(
        .damaged, "The session key in PostgreSQL (table settings) is damaged: it is shorter than 32 bytes.")
    }
    return stored
  }

  /// A PostgreSQL failure as a store error: ``sessionBusy`` for a lock not granted in time.
  private func failure(_ operation: String, _ error: any Error, _ session: SessionID?) -> SnapshotStoreError {
    let error = Self.underlying(error)
    if let error = error as? SnapshotStoreError { return error }
    let text = Self.describe(error)
    if let error = error as? PSQLError, error.serverInfo?[.sqlState] == "55P03" {
      return SnapshotStoreError(
        Self.sessionBusy,
        "Can't \(operation): another request held its lock for longer than \(lockTimeout) (\(text)).",
        session: session)
    }
    return SnapshotStoreError(
      Self.databaseFailed, "Can't \(operation) in PostgreSQL: \(text).", session: session)
  }

  /// The error a transaction's failure carries: its body's, or its BEGIN's, COMMIT's or
  /// ROLLBACK's.
  private static func underlying(_ error: any Error) -> any Error {
    guard let error = error as? PostgresTransactionError else { return error }
    return error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error
  }

  /// An error's text; PostgreSQL's own message and SQLSTATE when the server sent them.
  static func describe(_ error: any Error) -> String {
    guard let error = underlying(error) as? PSQLError else { return "\(underlying(error))" }
    if let message = error.serverInfo?[.message] {
      return "\(message) (SQLSTATE \(error.serverInfo?[.sqlState] ?? "?"))"
    }
    return "\(error.code)"
  }
}

/// What a request holding a session's lock learns about this instance's copy of the session.
enum SessionLockState: Sendable, Hashable {
  /// The row's version is the one this instance last loaded or saved: its copy is current.
  case current
  /// The row has another version: another instance saved it since, or this instance never
  /// read it.
  case stale
  /// The session has no row.
  case missing
}

/// What a change made with ``PostgresSnapshotStore/withCheckedSave(_:_:)`` came to.
enum CheckedSaveOutcome<Value: Sendable>: Sendable {
  /// The change was saved (and its notifications sent), and this is what it returned.
  case done(Value)
  /// Another instance saved the session since this one last saw it: nothing was saved or
  /// sent, and this instance's copy of the session is out of date.
  case lost
}
