import AppFlow
import Dispatch
import GRDB
import Synchronization
import Testing

@testable import FlowServiceCore

/// The group commit's state machine, as a value.
@Suite struct GroupCommitStateMachineTests {
  @Test func theFirstSaveStartsTheWriterWhichTakesWhatWaitsInOrderThenGoesIdle() {
    var commit = GroupCommit<String>()
    #expect(!commit.isWriting)
    #expect(commit.enqueue("a") == .startWriter)
    #expect(commit.enqueue("b") == .none)
    #expect(commit.queuedCount == 2)
    #expect(commit.takeBatch() == ["a", "b"])
    // Saves that come while a batch is written wait for the next one.
    #expect(commit.enqueue("c") == .none)
    #expect(commit.enqueue("a") == .none)
    #expect(commit.takeBatch() == ["c", "a"])
    #expect(commit.isWriting)
    #expect(commit.takeBatch() == nil)
    #expect(!commit.isWriting)
    #expect(commit.queuedCount == 0)
    // Idle again: the next save starts the writer again.
    #expect(commit.enqueue("d") == .startWriter)
    #expect(commit.takeBatch() == ["d"])
    #expect(commit.takeBatch() == nil)
  }

  @Test func aBatchThatEndsWithNothingQueuedLeavesTheWriterIdleAndOneWithSavesQueuedGoesOn() {
    var commit = GroupCommit<String>()
    #expect(commit.enqueue("a") == .startWriter)
    #expect(commit.takeBatch() == ["a"])
    // Nothing came while "a" was written: the writer goes idle without another batch.
    var goesOn = commit.continueOrIdle()
    #expect(goesOn == false)
    #expect(!commit.isWriting)
    #expect(commit.enqueue("b") == .startWriter)
    #expect(commit.takeBatch() == ["b"])
    // "c" came while "b" was written: the writer goes on, and takes it next.
    #expect(commit.enqueue("c") == .none)
    goesOn = commit.continueOrIdle()
    #expect(goesOn == true)
    #expect(commit.isWriting)
    #expect(commit.enqueue("d") == .none)
    #expect(commit.takeBatch() == ["c", "d"])
    goesOn = commit.continueOrIdle()
    #expect(goesOn == false)
    #expect(commit.queuedCount == 0)
    #expect(commit.enqueue("e") == .startWriter)
  }
}

/// The SQLite store's saves that wait together commit together, each with its own result.
///
/// Each test holds the database's writer (a write that waits for the test), queues saves
/// behind it one by one, and lets it go: the saves queued meanwhile are one batch.
@Suite struct SQLiteGroupCommitTests {
  private let a = try! SessionID("a")
  private let b = try! SessionID("b")

  /// A store that records the sessions of each batch.
  private struct Recorded {
    let store: SQLiteSnapshotStore
    let batches: Batches
  }

  private final class Batches: Sendable {
    private let list = Mutex<[[SessionID]]>([])
    func append(_ batch: [SessionID]) { list.withLock { $0.append(batch) } }
    var all: [[SessionID]] { list.withLock { $0 } }
  }

  private func recordedStore(_ directory: TemporaryDirectory) throws -> Recorded {
    let batches = Batches()
    let store = try SQLiteSnapshotStore(path: directory.file("store.sqlite")) { batches.append($0) }
    return Recorded(store: store, batches: batches)
  }

  /// Queues `saves` behind a held writer, in order, then lets the writer go.
  ///
  /// - Returns: Each save's result, in order.
  private func saveTogether(
    _ saves: [(bytes: [UInt8], session: SessionID)], in store: SQLiteSnapshotStore
  ) async -> [Result<Void, SnapshotStoreError>] {
    let gate = DispatchSemaphore(value: 0)
    store.pool.asyncWriteWithoutTransaction { _ in gate.wait() }
    var tasks: [Task<Result<Void, SnapshotStoreError>, Never>] = []
    for (index, save) in saves.enumerated() {
      tasks.append(
        Task {
          do throws(SnapshotStoreError) {
            try await store.save(save.bytes, for: save.session)
            return .success(())
          } catch {
            return .failure(error)
          }
        })
      await store.writer.waitUntilQueued(index + 1)
    }
    gate.signal()
    var results: [Result<Void, SnapshotStoreError>] = []
    for task in tasks { results.append(await task.value) }
    return results
  }

  @Test func savesThatWaitTogetherCommitInOneTransactionInTheOrderTheyCame() async throws {
    try await withTemporaryDirectory { directory in
      let recorded = try recordedStore(directory)
      let store = recorded.store
      try await store.save([0], for: b)
      let results = await saveTogether([([1], a), ([2], b), ([3], a)], in: store)
      #expect(results.map { (try? $0.get()) != nil } == [true, true, true])
      // The later save of a session wins: the order they came in is kept.
      #expect(try await store.load(a) == [3])
      #expect(try await store.load(b) == [2])
      #expect(recorded.batches.all == [[b], [a, b, a]])
      // Alone, a save is a batch of its own.
      try await store.save([4], for: b)
      #expect(try await store.load(b) == [4])
      #expect(recorded.batches.all == [[b], [a, b, a], [b]])
    }
  }

  @Test func aRowThatFailsFailsOnlyItsOwnSaveAndKeepsItsRow() async throws {
    try await withTemporaryDirectory { directory in
      let recorded = try recordedStore(directory)
      let store = recorded.store
      let refused = try SessionID("refused")
      try await store.save([7], for: refused)
      try await store.pool.write { db in
        try db.execute(
          sql: """
            CREATE TRIGGER refuse BEFORE INSERT ON snapshots WHEN NEW.session = 'refused'
            BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
            """)
      }
      let results = await saveTogether([([1], a), ([8], refused), ([2], b)], in: store)
      #expect(results.map { (try? $0.get()) != nil } == [true, false, true])
      let error = try #require(results[1].failure)
      #expect(error.code == SQLiteSnapshotStore.databaseFailed)
      #expect(error.session == refused)
      #expect(error.message.hasPrefix("Can't save the snapshot of session 'refused' in \(store.path): "))
      #expect(error.message.contains("refused by the test"))
      #expect(try await store.load(refused) == [7])
      #expect(try await store.load(a) == [1])
      #expect(try await store.load(b) == [2])
      #expect(recorded.batches.all == [[refused], [a, refused, b]])
    }
  }

  @Test func aCommitThatFailsFailsTheWholeBatchAndWritesNothing() async throws {
    try await withTemporaryDirectory { directory in
      let recorded = try recordedStore(directory)
      let store = recorded.store
      let doomed = try SessionID("doomed")
      try await store.save([0], for: a)
      // A row for `doomed` breaks a deferred foreign key: its statement passes, the commit fails.
      try await store.pool.write { db in
        try db.execute(
          sql: """
            CREATE TABLE parents (id TEXT PRIMARY KEY);
            CREATE TABLE children (parent TEXT REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED);
            CREATE TRIGGER doom AFTER INSERT ON snapshots WHEN NEW.session = 'doomed'
            BEGIN INSERT INTO children VALUES ('nobody'); END
            """)
      }
      let results = await saveTogether([([1], a), ([2], doomed), ([3], b)], in: store)
      #expect(results.map { (try? $0.get()) != nil } == [false, false, false])
      for (result, session) in zip(results, [a, doomed, b]) {
        let error = try #require(result.failure)
        #expect(error.code == SQLiteSnapshotStore.databaseFailed)
        #expect(error.session == session)
        #expect(
          error.message.hasPrefix(
            "Can't save the snapshot of session '\(session)' in \(store.path): the transaction of its batch of 3 failed: "
          ))
        #expect(error.message.contains("FOREIGN KEY constraint failed"))
      }
      #expect(try await store.load(a) == [0])
      #expect(try await store.load(doomed) == nil)
      #expect(try await store.load(b) == nil)
      // The writer goes on.
      try await store.save([5], for: b)
      #expect(try await store.load(b) == [5])
      #expect(recorded.batches.all == [[a], [a, doomed, b], [b]])
    }
  }
}

extension Result {
  fileprivate var failure: Failure? {
    guard case .failure(let error) = self else { return nil }
    return error
  }
}
