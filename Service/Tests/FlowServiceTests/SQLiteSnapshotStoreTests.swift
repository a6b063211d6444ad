import AppFlow
import Foundation
import GRDB
import Testing

@testable import FlowServiceCore

@Suite struct SQLiteSnapshotStoreTests {
  @Test func savesLoadsRemovesAndLists() async throws {
    try await withTemporaryDirectory { directory in
      let store = try SQLiteSnapshotStore(path: directory.file("store.sqlite"))
      let b = try SessionID("b")
      let a = try SessionID("a")
      #expect(try await store.load(a) == nil)
      #expect(try await store.sessionIDs() == [])
      #expect(try await store.sessionCount() == 0)
      try await store.save([1, 2, 3], for: b)
      try await store.save([], for: a)
      #expect(try await store.load(b) == [1, 2, 3])
      #expect(try await store.load(a) == [])
      #expect(try await store.sessionIDs() == [a, b])
      #expect(try await store.sessionCount() == 2)
      try await store.save([9], for: b)
      #expect(try await store.load(b) == [9])
      try await store.remove(a)
      try await store.remove(a)
      #expect(try await store.load(a) == nil)
      #expect(try await store.sessionIDs() == [b])
      #expect(try await store.sessionCount() == 1)
      // Another store over the same file sees the same rows.
      let again = try SQLiteSnapshotStore(path: directory.file("store.sqlite"))
      #expect(try await again.load(b) == [9])
    }
  }

  @Test func listsItsSessionsAPageAtATime() async throws {
    try await withTemporaryDirectory { directory in
      try await PagingChecks.check(
        try SQLiteSnapshotStore(path: directory.file("store.sqlite")), keepsTimes: true)
    }
  }

  /// A store that can't page (AppFlow's) is paged in memory, from its whole list.
  @Test func aStoreWithoutItsOwnPagingIsPagedInMemory() async throws {
    try await PagingChecks.check(InMemorySnapshotStore(), keepsTimes: false)
  }

  @Test func aRowWhoseBytesAreNotABlobIsDamaged() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.file("store.sqlite")
      let store = try SQLiteSnapshotStore(path: path)
      let id = try SessionID("damaged")
      try await store.save([1, 2], for: id)
      let queue = try DatabaseQueue(path: path)
      try await queue.write { db in
        try db.execute(sql: "UPDATE snapshots SET bytes = 'not bytes' WHERE session = 'damaged'")
        try db.execute(
          sql: "INSERT INTO snapshots (session, bytes) VALUES ('nothing', NULL), ('not valid!', x'00')")
      }
      let expected = SnapshotStoreError(
        .damaged, "The snapshot of session 'damaged' in \(path) is damaged: its bytes are text, not a blob.",
        session: id)
      await #expect(throws: expected) { try await store.load(id) }
      let nothing = try SessionID("nothing")
      await #expect(
        throws: SnapshotStoreError(
          .damaged,
          "The snapshot of session 'nothing' in \(path) is damaged: its bytes are NULL, not a blob.",
          session: nothing)
      ) { try await store.load(nothing) }
      // A key that is not a session identifier is left out of the listing.
      #expect(try await store.sessionIDs() == [id, nothing])
    }
  }

  @Test func aDatabaseThatCantBeOpenedIsATypedError() throws {
    try withTemporaryDirectory { directory in
      do {
        _ = try SQLiteSnapshotStore(path: directory.file("missing/store.sqlite"))
        Issue.record("A database in a missing directory opened.")
      } catch let error as SnapshotStoreError {
        #expect(error.code == SQLiteSnapshotStore.databaseFailed)
        #expect(
          error.message.hasPrefix(
            "Can't open the snapshot database \(directory.file("missing/store.sqlite")): "))
      }
    }
  }

  /// The README's promise, read back from the database: one file in WAL mode, the
  /// `snapshots` table as it describes it, and `synchronous = NORMAL` with a checkpoint every
  /// 1,000 pages, whose consequence (a killed process loses nothing, a power cut the saves
  /// since the last checkpoint) it states.
  @Test func theDatabaseHasTheSettingsTheREADMEPromises() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.file("store.sqlite")
      let store = try SQLiteSnapshotStore(path: path)
      // The writer's connection, through which every save commits.
      let (journalMode, synchronous, checkpoint, busyTimeout) = try await store.pool.write { db in
        (
          try String.fetchOne(db, sql: "PRAGMA journal_mode"),
          try Int.fetchOne(db, sql: "PRAGMA synchronous"),
          try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint"),
          try Int.fetchOne(db, sql: "PRAGMA busy_timeout")
        )
      }
      #expect(journalMode == "wal")
      #expect(synchronous == 1)  // NORMAL; FULL is 2.
      #expect(checkpoint == 1_000)
      #expect(busyTimeout == 5_000)
      // WAL mode is the file's, not the connection's: another connection finds it.
      let queue = try DatabaseQueue(path: path)
      let (fileMode, columns) = try await queue.read { db in
        (
          try String.fetchOne(db, sql: "PRAGMA journal_mode"),
          try Row.fetchAll(db, sql: "PRAGMA table_info(snapshots)").map { row -> String in
            let name: String = row["name"]
            let type: String = row["type"]
            let notNull: Bool = row["notnull"]
            let primaryKey: Bool = row["pk"]
            return "\(name) \(type)\(notNull ? " NOT NULL" : "")\(primaryKey ? " PRIMARY KEY" : "")"
          }
        )
      }
      #expect(fileMode == "wal")
      #expect(columns == ["session TEXT NOT NULL PRIMARY KEY", "bytes BLOB", "updated_at TEXT NOT NULL"])
    }
  }

  #if canImport(Glibc)
    /// The page caches that saves and restores filled (up to 2 MiB a connection) go once the
    /// store releases its memory: the writer's is emptied, the readers' connections closed,
    /// and the store reads and writes as before.
    @Test func releasingMemoryEmptiesTheConnectionsPageCaches() async throws {
      try await withTemporaryDirectory { directory in
        let store = try SQLiteSnapshotStore(path: directory.file("store.sqlite"))
        // 3,000 rows of 1 KB: more pages than one connection's cache holds.
        let rows = try (0..<3_000).map {
          (try SessionID("s\($0)"), [UInt8](repeating: UInt8($0 % 256), count: 1_024))
        }
        try await store.pool.write { db in
          for (id, bytes) in rows {
            try db.execute(
              sql: "INSERT INTO snapshots (session, bytes) VALUES (?, ?)",
              arguments: [id.rawValue, Data(bytes)])
          }
        }
        // Every row read through a reader, as restores read them; then the cache each holds.
        let scanned = try await store.pool.read { db in
          (
            try Data.fetchAll(db, sql: "SELECT bytes FROM snapshots").count,
            sqliteCacheUsed(db.sqliteConnection)
          )
        }
        let writerBefore = try await store.pool.writeWithoutTransaction { db in
          sqliteCacheUsed(db.sqliteConnection)
        }
        // A read that reads nothing, on the reader the scan filled.
        let readerBefore = try await store.pool.read { db in sqliteCacheUsed(db.sqliteConnection) }
        #expect(scanned.0 == 3_000)
        #expect(writerBefore > 1_000_000, "the writer's cache holds \(writerBefore) B")
        #expect(readerBefore > 1_000_000, "the reader's cache holds \(readerBefore) B")
        #expect(readerBefore == scanned.1)

        await store.releaseMemory()
        let writerAfter = try await store.pool.writeWithoutTransaction { db in
          sqliteCacheUsed(db.sqliteConnection)
        }
        // A new reader: the one the scan filled is closed.
        let readerAfter = try await store.pool.read { db in sqliteCacheUsed(db.sqliteConnection) }
        #expect(writerAfter < 100_000, "the writer's cache still holds \(writerAfter) B")
        #expect(readerAfter < 100_000, "a reader's cache still holds \(readerAfter) B")
        #expect(try await store.load(rows[2_999].0) == rows[2_999].1)
        try await store.save([1], for: rows[0].0)
        #expect(try await store.load(rows[0].0) == [1])
        #expect(try await store.sessionCount() == 3_000)
      }
    }
  #endif
}
