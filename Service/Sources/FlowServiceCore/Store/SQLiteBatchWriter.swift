import AppFlow
import Foundation
import GRDB
import Synchronization

/// Writes the saves of a ``SQLiteSnapshotStore`` in batches (a group commit): every save
/// waiting when the database's writer is free goes into one `BEGIN IMMEDIATE … COMMIT`, and
/// each save returns once the transaction that holds it committed.
///
/// A save alone is written at once, in a transaction of its own; saves that arrive while a
/// transaction commits wait for the next one, so a busy store commits once for many saves,
/// each as durable as it was alone. Within a batch the saves are written in the order they
/// came, so two saves of one session keep their order (the later one's bytes stay).
///
/// Each save gets its own result: a row that fails (its statement fails) fails only its own
/// save and leaves that session's row as it was, while the others commit. A commit that fails,
/// or a failure that rolls the whole transaction back, fails every save of the batch, and
/// nothing of it is written.
///
/// The writer's statements (`BEGIN IMMEDIATE`, the upsert, `COMMIT`) are compiled once and
/// kept by the connection (GRDB's cached statements, which drop a statement that failed), and
/// a batch that finds nothing queued after it leaves the writer idle at once rather than
/// asking the database's writer queue for another turn.
final class SQLiteBatchWriter: Sendable {
  /// A save waiting for its batch.
  struct Save: Sendable {
    let session: SessionID
    let kind: Kind
    let bytes: Data
    let done: CheckedContinuation<Result<Void, SnapshotStoreError>, Never>
  }

  /// What a save writes.
  enum Kind: Equatable, Sendable {
    /// The session's whole document, replacing its row and its changes; `base` is the
    /// number of the last change the document holds, kept as the changes' base row, or
    /// `nil` for a document without one.
    case whole(base: Int?)
    /// A change document numbered `number`, kept only when change `number - 1` (or the
    /// base) is.
    case change(Int)
  }

  private struct State {
    var commit = GroupCommit<Save>()
    /// Tests waiting until a number of saves are queued.
    var queueWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Takes out the watchers whose count is reached.
    mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
      let queued = commit.queuedCount
      let ready = queueWatchers.filter { $0.count <= queued }.map(\.continuation)
      queueWatchers.removeAll { $0.count <= queued }
      return ready
    }
  }

  private let pool: DatabasePool
  private let path: String
  private let state = Mutex(State())
  /// Told the sessions of each batch once its transaction ended, in order (for tests).
  private let batchEnded: (@Sendable ([SessionID]) -> Void)?

  private static let upsert = """
    INSERT INTO snapshots (session, bytes, updated_at)
    VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ON CONFLICT (session) DO UPDATE SET bytes = excluded.bytes, updated_at = excluded.updated_at
    """

  /// The savepoint around a whole document's statements, its release and its undoing.
  private static let savepoint = "SAVEPOINT save"
  private static let release = "RELEASE save"
  private static let rollbackToSavepoint = "ROLLBACK TO save"

  /// Drops a session's changes, once a whole document replaced them.
  private static let deleteChanges = "DELETE FROM changes WHERE session = ?"

  /// The base row of a whole document: the number of the last change it holds, no bytes.
  private static let insertBase = "INSERT INTO changes (session, seq, bytes) VALUES (?, ?, NULL)"

  /// A change, kept only when the one before it (or the base) is.
  private static let insertChange = """
    INSERT INTO changes (session, seq, bytes)
    SELECT ?1, ?2, ?3 WHERE (SELECT MAX(seq) FROM changes WHERE session = ?1) = ?2 - 1
    """

  /// Begins a batch's transaction, taking the database's write lock at once.
  private static let begin = "BEGIN IMMEDIATE TRANSACTION"

  /// Commits a batch's transaction.
  private static let commit = "COMMIT TRANSACTION"

  /// Creates the writer of the database `pool` (at `path`, for messages).
  init(pool: DatabasePool, path: String, batchEnded: (@Sendable ([SessionID]) -> Void)? = nil) {
    self.pool = pool
    self.path = path
    self.batchEnded = batchEnded
  }

  /// Saves `bytes` as the session's row with the next batch, and returns once it committed.
  ///
  /// - Throws: `SnapshotStoreError` with the code `database` when the row or the batch's
  ///   commit failed; the session's row is then as it was.
  func save(_ bytes: [UInt8], kind: Kind, for session: SessionID) async throws(SnapshotStoreError) {
    let data = Data(bytes)
    let result = await withCheckedContinuation { continuation in
      let (action, watchers) = state.withLock { state in
        let action = state.commit.enqueue(Save(session: session, kind: kind, bytes: data, done: continuation))
        return (action, state.satisfiedWatchers())
      }
      for watcher in watchers { watcher.resume() }
      if action == .startWriter { scheduleBatch() }
    }
    try result.get()
  }

  /// Returns once `count` saves or more wait for a batch (for tests, which hold the
  /// database's writer to gather a batch).
  func waitUntilQueued(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.commit.queuedCount >= count { return true }
        state.queueWatchers.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Asks the database's writer to write the next batch when its turn comes (after the
  /// writes queued before, such as removals).
  private func scheduleBatch() {
    pool.asyncWriteWithoutTransaction { db in self.writeNextBatch(db) }
  }

  /// Writes every save queued, answers them, and schedules the next batch when saves came
  /// meanwhile; goes idle when none did, without another turn of the writer queue.
  private func writeNextBatch(_ db: Database) {
    guard let batch = state.withLock({ $0.commit.takeBatch() }) else { return }
    let results = write(batch, db)
    batchEnded?(batch.map(\.session))
    if state.withLock({ $0.commit.continueOrIdle() }) { scheduleBatch() }
    for (save, result) in zip(batch, results) { save.done.resume(returning: result) }
  }

  /// Writes `batch` in one immediate transaction.
  ///
  /// - Returns: Each save's result, in the batch's order.
  private func write(_ batch: [Save], _ db: Database) -> [Result<Void, SnapshotStoreError>] {
    var results = [Result<Void, SnapshotStoreError>](repeating: .success(()), count: batch.count)
    do {
      // The connection's cached statements: compiled once rather than parsed and authorized
      // for every batch (`inTransaction` runs `BEGIN` and `COMMIT` from their text each time).
      // GRDB drops a statement whose step failed from its cache, so asking again after a
      // failure gets a fresh one.
      try db.cachedStatement(sql: Self.begin).execute()
      do {
        for (index, save) in batch.enumerated() {
          // A whole document's statements are one savepoint, so that a failure undoes them all.
          var isWhole = false
          if case .whole = save.kind { isWhole = true }
          do {
            if isWhole { try db.cachedStatement(sql: Self.savepoint).execute() }
            try write(save, db)
            if isWhole { try db.cachedStatement(sql: Self.release).execute() }
          } catch {
            // A failed statement undoes only itself, unless SQLite rolled the whole
            // transaction back: then the rows before it are gone too.
            results[index] = .failure(failure(save.session, "\(error)"))
            if !db.isInsideTransaction { throw error }
            if isWhole {
              try db.cachedStatement(sql: Self.rollbackToSavepoint).execute()
              try db.cachedStatement(sql: Self.release).execute()
            }
          }
        }
        try db.cachedStatement(sql: Self.commit).execute()
      } catch {
        // A failed `COMMIT` leaves the transaction open; nothing of the batch stays.
        if db.isInsideTransaction { try? db.rollback() }
        throw error
      }
    } catch {
      for (index, save) in batch.enumerated() {
        guard case .success = results[index] else { continue }
        results[index] = .failure(
          failure(save.session, "the transaction of its batch of \(batch.count) failed: \(error)"))
      }
    }
    return results
  }

  /// Writes one save's statements: a whole document's row, its changes dropped and its base
  /// row; or a change, which fails when the change before it is not kept.
  private func write(_ save: Save, _ db: Database) throws {
    let session = save.session.rawValue
    switch save.kind {
    case .whole(let base):
      try db.cachedStatement(sql: Self.upsert).execute(arguments: [session, save.bytes])
      try db.cachedStatement(sql: Self.deleteChanges).execute(arguments: [session])
      if let base { try db.cachedStatement(sql: Self.insertBase).execute(arguments: [session, base]) }
    case .change(let number):
      try db.cachedStatement(sql: Self.insertChange).execute(arguments: [session, number, save.bytes])
      guard db.changesCount == 1 else {
        throw MissingChange(number: number)
      }
    }
  }

  /// A change whose predecessor is not kept (its save failed, or the row has no base).
  struct MissingChange: Error, CustomStringConvertible {
    let number: Int
    var description: String {
      "change \(number) does not follow a saved change \(number - 1) (a save before it failed, or the session was saved whole since)"
    }
  }

  private func failure(_ session: SessionID, _ reason: String) -> SnapshotStoreError {
    SnapshotStoreError(
      SQLiteSnapshotStore.databaseFailed,
      "Can't save the snapshot of session '\(session)' in \(path): \(reason).",
      session: session)
  }
}
