import AppFlow
import Foundation
import GRDB

/// A ``SnapshotStore`` in one SQLite database file: a row per session in the table
/// `snapshots(session TEXT PRIMARY KEY, bytes BLOB, updated_at TEXT)`, and the changes saved
/// since in `changes(session, seq, bytes, updated_at)` (``SessionChanges``).
///
/// What it is given to save is one of three:
/// - a frame of a whole document and its base (``SessionChanges/frame(base:document:changes:)``,
///   without changes): the document replaces the session's row, its changes are dropped, and
///   a base row (`seq` the base, `bytes` NULL) starts them again;
/// - a change document (``SessionChanges/number(of:)`` reads its number): a row of
///   `changes`, written only when the change before it (or the base) is there, so that a
///   change whose predecessor's save failed is refused rather than kept after a gap;
/// - ``SessionChanges/unchanged``: nothing is written (the session's row and changes hold it);
/// - any other bytes: the session's row, its changes dropped, no base.
///
/// ``load(_:)`` answers a row with changes (or a base) as a frame of the document and its
/// changes in order, and a row without any as its bytes.
///
/// ```swift
/// let store = try SQLiteSnapshotStore(path: "flow-service.sqlite")
/// let host = SessionHost(store: store, codec: ShopApp.codec) { try ShopApp.makeApp() }
/// ```
///
/// The database runs in WAL mode with `synchronous = NORMAL` (a GRDB `DatabasePool`'s
/// settings): reads go on while saves are written. Saves that wait together are written in one
/// transaction (a group commit, ``SQLiteBatchWriter``), and each returns once that transaction
/// committed, so what survives is the same as if each had its own:
///
/// - A killed process (SIGKILL, a trap) loses no save that returned: a commit is in the
///   write-ahead log, which the system keeps once written.
/// - A power cut or a crash of the system can lose the saves committed since the log was
///   last flushed (at each checkpoint, every 1,000 pages by default): they roll back whole.
///   The database stays consistent, and a session's row holds a snapshot it was saved with,
///   never part of one. (`synchronous = FULL` would flush the log at every commit: one
///   `fsync` per save.)
///
/// Every failure is a `SnapshotStoreError`: the database's own errors with the code
/// `database`, a row whose bytes are not a blob with ``SnapshotStoreError/Code/damaged``.
final class SQLiteSnapshotStore: PagingSnapshotStore {
  /// The database file's path.
  let path: String
  /// The open database (internal for the tests that read its settings).
  let pool: DatabasePool
  /// Writes the saves, those that wait together in one transaction.
  let writer: SQLiteBatchWriter

  /// The code of a failure that SQLite reported: the message has SQLite's text.
  static let databaseFailed = SnapshotStoreError.Code(rule: "database")

  /// Opens (or creates) the database at `path` and its `snapshots` table.
  ///
  /// - Parameters:
  ///   - path: The database file's path; its directory must exist.
  ///   - batchEnded: Told the sessions of each batch of saves once its transaction ended (for tests).
  /// - Throws: `SnapshotStoreError` with the code `database` when the file can't be
  ///   opened or the table can't be made.
  init(path: String, batchEnded: (@Sendable ([SessionID]) -> Void)? = nil) throws(SnapshotStoreError) {
    self.path = path
    let pool: DatabasePool
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(5)
      pool = try DatabasePool(path: path, configuration: configuration)
      try pool.write { db in
        try db.execute(
          sql: """
            CREATE TABLE IF NOT EXISTS snapshots (
              session TEXT PRIMARY KEY NOT NULL,
              bytes BLOB,
              updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            )
            """)
        try db.execute(
          sql: """
            CREATE TABLE IF NOT EXISTS changes (
              session TEXT NOT NULL,
              seq INTEGER NOT NULL,
              bytes BLOB,
              updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
              PRIMARY KEY (session, seq)
            ) WITHOUT ROWID
            """)
      }
    } catch {
      throw SnapshotStoreError(Self.databaseFailed, "Can't open the snapshot database \(path): \(error).")
    }
    self.pool = pool
    writer = SQLiteBatchWriter(pool: pool, path: path, batchEnded: batchEnded)
  }

  /// Saves `snapshot` as the session's row, replacing the one it had, and returns once the
  /// transaction that holds it committed: the saves that wait together commit together
  /// (``SQLiteBatchWriter``).
  ///
  /// - Parameters:
  ///   - snapshot: The bytes to keep.
  ///   - session: The session.
  /// - Throws: `SnapshotStoreError` with the code `database` when the row or its transaction
  ///   failed; the previous row is then kept.
  func save(_ snapshot: [UInt8], for session: SessionID) async throws(SnapshotStoreError) {
    if snapshot == SessionChanges.unchanged { return }
    if let number = SessionChanges.number(of: snapshot) {
      return try await writer.save(snapshot, kind: .change(number), for: session)
    }
    // A frame that can't be read is kept as the bytes it is, like any other.
    if let frame = try? SessionChanges.unframe(snapshot), frame.changes.isEmpty {
      try await writer.save(frame.document, kind: .whole(base: frame.base), for: session)
    } else {
      try await writer.save(snapshot, kind: .whole(base: nil), for: session)
    }
  }

  /// The session's bytes, or `nil` when it has no row.
  ///
  /// - Parameter session: The session.
  /// - Returns: The bytes last saved.
  /// - Throws: ``SnapshotStoreError/Code/damaged`` when the row's bytes are not a blob;
  ///   `database` when SQLite fails.
  func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]? {
    let read: (DatabaseValue?, [(Int, DatabaseValue)])
    do {
      read = try await pool.read { db in
        let value = try DatabaseValue.fetchOne(
          db, sql: "SELECT bytes FROM snapshots WHERE session = ?", arguments: [session.rawValue])
        let changes = try Row.fetchAll(
          db, sql: "SELECT seq, bytes FROM changes WHERE session = ? ORDER BY seq",
          arguments: [session.rawValue]
        ).map { row -> (Int, DatabaseValue) in (row[0], row[1]) }
        return (value, changes)
      }
    } catch {
      throw failure("load the snapshot of session '\(session)'", error, session)
    }
    let (value, changes) = read
    guard let value else { return nil }
    guard case .blob(let data) = value.storage else {
      throw SnapshotStoreError(
        .damaged,
        "The snapshot of session '\(session)' in \(path) is damaged: its bytes are \(Self.kind(of: value)), not a blob.",
        session: session)
    }
    guard let first = changes.first else { return Array(data) }
    let (base, baseBytes) = first
    guard baseBytes.isNull else {
      throw damagedChanges(session, "its first change row (\(base)) is not a base (its bytes are not NULL)")
    }
    var documents: [[UInt8]] = []
    for (offset, (number, bytes)) in changes.dropFirst().enumerated() {
      guard number == base + offset + 1 else {
        throw damagedChanges(session, "change \(base + offset + 1) is missing (the next is \(number))")
      }
      guard case .blob(let change) = bytes.storage else {
        throw damagedChanges(session, "change \(number)'s bytes are \(Self.kind(of: bytes)), not a blob")
      }
      documents.append(Array(change))
    }
    return SessionChanges.frame(base: base, document: Array(data), changes: documents)
  }

  /// The error of a session whose changes can't be read back as saved.
  private func damagedChanges(_ session: SessionID, _ reason: String) -> SnapshotStoreError {
    SnapshotStoreError(
      .damaged, "The changes of session '\(session)' in \(path) are damaged: \(reason).", session: session)
  }

  /// Deletes the session's row and its changes, if any.
  ///
  /// - Parameter session: The session.
  /// - Throws: `SnapshotStoreError` with the code `database`.
  func remove(_ session: SessionID) async throws(SnapshotStoreError) {
    do {
      try await pool.write { db in
        try db.execute(sql: "DELETE FROM snapshots WHERE session = ?", arguments: [session.rawValue])
        try db.execute(sql: "DELETE FROM changes WHERE session = ?", arguments: [session.rawValue])
      }
    } catch {
      throw failure("remove the snapshot of session '\(session)'", error, session)
    }
  }

  /// The sessions that have a row, in ascending order; a row whose key is not a valid
  /// `SessionID` is skipped.
  ///
  /// - Returns: Their identifiers.
  /// - Throws: `SnapshotStoreError` with the code `database`.
  func sessionIDs() async throws(SnapshotStoreError) -> [SessionID] {
    let keys: [String]
    do {
      keys = try await pool.read { db in
        try String.fetchAll(db, sql: "SELECT session FROM snapshots ORDER BY session")
      }
    } catch {
      throw failure("list the snapshots", error, nil)
    }
    return keys.compactMap { try? SessionID($0) }.sorted()
  }

  /// Up to `limit` sessions after `after`, in ascending order, with when each was last saved:
  /// one query on the primary key (`WHERE session > ? ORDER BY session LIMIT ?`). A row whose
  /// key is not a valid `SessionID` is skipped.
  ///
  /// - Parameters:
  ///   - after: The identifier to start after, or `nil` for the first.
  ///   - limit: The most sessions to return.
  /// - Returns: The sessions.
  /// - Throws: `SnapshotStoreError` with the code `database`.
  func sessions(after: SessionID?, limit: Int) async throws(SnapshotStoreError) -> [StoredSession] {
    let rows: [(String, String)]
    do {
      rows = try await pool.read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT session, COALESCE(
              (SELECT updated_at FROM changes WHERE changes.session = snapshots.session ORDER BY seq DESC LIMIT 1),
              updated_at) AS updated_at
            FROM snapshots WHERE session > ? ORDER BY session LIMIT ?
            """,
          arguments: [after?.rawValue ?? "", limit]
        ).map { ($0["session"], $0["updated_at"]) }
      }
    } catch {
      throw failure("list the snapshots", error, nil)
    }
    return rows.compactMap { key, updatedAt in
      (try? SessionID(key)).map { StoredSession(id: $0, updatedAt: updatedAt) }
    }
  }

  /// The service's session key, kept in the table `settings(name TEXT PRIMARY KEY, value
  /// BLOB)` of the same file under the name `sessionKey`: the one stored there, or `candidate`,
  /// stored first when there is none (in one transaction, so two processes agree).
  ///
  /// - Parameter candidate: The key to keep when the database has none.
  /// - Returns: The stored key.
  /// - Throws: `SnapshotStoreError` with the code `database`, or
  ///   ``SnapshotStoreError/Code/damaged`` when the stored key is not a blob of 32 bytes or more.
  func sessionKey(storing candidate: [UInt8]) throws(SnapshotStoreError) -> [UInt8] {
    let value: DatabaseValue?
    do {
      value = try pool.write { db in
        try db.execute(
          sql: "CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL)")
        try db.execute(
          sql: "INSERT INTO settings (name, value) VALUES ('sessionKey', ?) ON CONFLICT (name) DO NOTHING",
          arguments: [Data(candidate)])
        return try DatabaseValue.fetchOne(db, sql: "SELECT value FROM settings WHERE name = 'sessionKey'")
      }
    } catch {
      throw failure("read the session key", error, nil)
    }
    guard let value, case .blob(let data) = value.storage, data.count >= 32 else {
      throw SnapshotStoreError(
        .damaged,
        "The session key in \(path) (table settings) is damaged: it is not a blob of 32 bytes or more.")
    }
    return Array(data)
  }

  /// How many rows the table has: `SELECT COUNT(*)`.
  ///
  /// - Returns: The count.
  /// - Throws: `SnapshotStoreError` with the code `database`.
  func sessionCount() async throws(SnapshotStoreError) -> Int {
    do {
      return try await pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM snapshots") ?? 0 }
    } catch {
      throw failure("count the snapshots", error, nil)
    }
  }

  /// Frees the memory SQLite keeps for the database beyond what an open connection needs:
  /// the writer's page cache, prepared statements and schema, released in the writer's turn
  /// (after the writes queued before it), and the readers' connections, which close once their
  /// reads end (the next read opens one again). Returns once the writer's memory is freed.
  ///
  /// The page caches fill with the database's pages as sessions are saved and restored (up to
  /// 2 MiB a connection) and would stay once those sessions are gone: the idle eviction calls
  /// this after a sweep that released many sessions, never on a request's path.
  func releaseMemory() async {
    pool.releaseMemoryEventually()
    _ = try? await pool.writeWithoutTransaction { db in db.releaseMemory() }
  }

  /// A database failure as a store error.
  private func failure(_ operation: String, _ error: any Error, _ session: SessionID?) -> SnapshotStoreError {
    SnapshotStoreError(Self.databaseFailed, "Can't \(operation) in \(path): \(error).", session: session)
  }

  /// What a value that should be a blob is, for messages.
  private static func kind(of value: DatabaseValue) -> String {
    switch value.storage {
    case .null: "NULL"
    case .int64: "an integer"
    case .double: "a real number"
    case .string: "text"
    case .blob: "a blob"
    }
  }
}
