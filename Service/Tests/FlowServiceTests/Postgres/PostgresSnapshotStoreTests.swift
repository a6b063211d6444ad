import AppFlow
import Logging
import PostgresNIO
import Testing

@testable import FlowServiceCore

/// The PostgreSQL store against a real server (`Service/scripts/postgres.sh`): what it keeps,
/// and how two instances over one database keep each other's snapshots.
@Suite(.enabled(if: TestPostgres.url != nil, TestPostgres.unavailable))
struct PostgresSnapshotStoreTests {
  private let a = try! SessionID("a")
  private let b = try! SessionID("b")

  @Test func aStoreKeepsLoadsListsAndRemovesSnapshots() async throws {
    try await TestPostgres.withDatabase { url in
      try await TestPostgres.withStore(url) { store in
        #expect(try await store.load(a) == nil)
        try await store.save([1, 2, 3], for: b)
        try await store.save([4], for: a)
        try await store.save([5, 6], for: a)
        #expect(try await store.load(a) == [5, 6])
        #expect(try await store.load(b) == [1, 2, 3])
        #expect(try await store.sessionIDs() == [a, b])
        #expect(try await store.sessionCount() == 2)
        try await store.remove(a)
        try await store.remove(a)
        #expect(try await store.load(a) == nil)
        #expect(try await store.sessionIDs() == [b])
        #expect(try await store.sessionCount() == 1)
        // An empty snapshot is a snapshot.
        try await store.save([], for: a)
        #expect(try await store.load(a) == [])
      }
    }
  }

  @Test func theFirstSessionKeyStoredIsEveryInstancesKey() async throws {
    try await TestPostgres.withDatabase { url in
      let first = Array(repeating: UInt8(1), count: 32)
      let stored = try await TestPostgres.withStore(url) { store in
        try await store.sessionKey(storing: first)
      }
      let again = try await TestPostgres.withStore(url) { store in
        try await store.sessionKey(storing: Array(repeating: 2, count: 32))
      }
      #expect(stored == first)
      #expect(again == first)
    }
  }

  @Test func aStoreListsItsSessionsAPageAtATimeInByteOrder() async throws {
    try await TestPostgres.withDatabase { url in
      try await TestPostgres.withStore(url) { store in
        try await PagingChecks.check(store, keepsTimes: true)
      }
    }
  }

  @Test func aSaveWithoutTheLockNeverWritesOverAnotherInstancesNewerSnapshot() async throws {
    try await TestPostgres.withDatabase { url in
      try await TestPostgres.withStore(url) { first in
        try await TestPostgres.withStore(url) { second in
          try await first.save([1], for: a)
          #expect(try await second.load(a) == [1])
          try await second.save([2], for: a)

          let stale = await #expect(throws: SnapshotStoreError.self) { try await first.save([3], for: a) }
          #expect(stale?.code == PostgresSnapshotStore.conflict)
          #expect(
            stale?.message
              == "Can't save the snapshot of session 'a': another instance changed or removed it after this one saw version 1."
          )
          #expect(try await second.load(a) == [2])

          // A session this instance never saw is only ever created, never replaced.
          let exists = await #expect(throws: SnapshotStoreError.self) { try await first.save([4], for: a) }
          #expect(exists?.code == PostgresSnapshotStore.conflict)
          #expect(
            exists?.message
              == "Can't save the snapshot of session 'a': it exists already, saved by another instance.")
          #expect(try await second.load(a) == [2])

          // Once it read the row again, it saves over it.
          #expect(try await first.load(a) == [2])
          try await first.save([5], for: a)
          #expect(try await second.load(a) == [5])
        }
      }
    }
  }

  @Test func theLockTellsWhetherThisInstancesCopyIsCurrent() async throws {
    try await TestPostgres.withDatabase { url in
      try await TestPostgres.withStore(url) { first in
        try await TestPostgres.withStore(url) { second in
          #expect(try await first.withSessionLock(a) { $0 } == .missing)
          try await first.save([1], for: a)
          #expect(try await first.withSessionLock(a) { $0 } == .current)
          // The other instance never read it; inside the lock it reads and saves.
          let seen = try await second.withSessionLock(a) { state in
            let bytes = try await second.load(a)
            try await second.save([2], for: a)
            return "\(state) \(bytes ?? [])"
          }
          #expect(seen == "stale [1]")
          #expect(try await second.withSessionLock(a) { $0 } == .current)
          #expect(try await first.withSessionLock(a) { $0 } == .stale)
          #expect(try await first.load(a) == [2])
          #expect(try await first.withSessionLock(a) { $0 } == .current)
        }
      }
    }
  }

  @Test func aCheckedSaveWritesOverTheVersionItKnowsAndLosesToANewerOne() async throws {
    struct Refused: Error {}
    try await TestPostgres.withDatabase { url in
      try await TestPostgres.withStore(url) { first in
        try await TestPostgres.withStore(url) { second in
          #expect(!first.knowsVersion(of: a))
          try await first.save([1], for: a)
          #expect(first.knowsVersion(of: a))
          let saved = try await first.withCheckedSave(a) {
            try await first.save([2], for: a)
            return "saved"
          }
          #expect(saved.value == "saved")
          #expect(try await second.load(a) == [2])
          try await second.save([3], for: a)
          // The first knows version 2; the row has 3: nothing is written, whatever the body threw.
          let lost = try await first.withCheckedSave(a) {
            try await first.save([4], for: a)
            return "saved"
          }
          #expect(lost.value == nil)
          #expect(!first.knowsVersion(of: a))
          #expect(try await second.load(a) == [3])
          // A body's own error, without a lost save, is the body's.
          await #expect(throws: Refused.self) {
            try await second.withCheckedSave(a) { () async throws -> Int in throw Refused() }
          }
          #expect(try await second.load(a) == [3])
          // Under the lock, the first finds its copy stale, reads the row and saves over it.
          let state = try await first.withSessionLock(a) { state in
            _ = try await first.load(a)
            try await first.save([5], for: a)
            return state
          }
          #expect(state == .stale)
          #expect(try await second.load(a) == [5])
        }
      }
    }
  }

  /// The checked save is one of two prepared statements (one for exactly one notification,
  /// one for any other number): PostgreSQL plans each for its first five runs on a
  /// connection, then may keep a generic plan. Six runs of each number of notifications (none,
  /// one, two) cover both, and a lost save after them still writes and sends nothing.
  @Test func aCheckedSaveKeepsItsRulesEveryTimeItsPreparedStatementRuns() async throws {
    try await TestPostgres.withDatabase { url in
      try await TestPostgres.withStore(url) { store in
        let connection = try await PostgresConnection.connect(
          configuration: try PostgresURL.connectionConfiguration(url), id: 8, logger: Logger(label: "test"))
        // A notification that never comes ends the listening after 30 s, failing the test
        // instead of hanging it.
        let watchdog = Task {
          try await Task.sleep(for: .seconds(30))
          try await connection.close()
        }
        defer {
          watchdog.cancel()
          Task { try? await connection.close() }
        }
        /// The notifications of run `run`: none, one or two.
        func notifications(_ run: UInt8) -> [String] { (0..<Int(run % 3)).map { "saved \(run).\($0)" } }
        try await connection.listen(on: "test_channel") { heard in
          var heard = heard.makeAsyncIterator()
          try await store.save([0], for: a)
          var outcomes: [String?] = []
          for run in UInt8(1)...18 {
            let outcome = try await store.withCheckedSave(a) {
              for payload in notifications(run) { try await store.notify("test_channel", payload, about: a) }
              try await store.save([run], for: a)
              return "saved \(run)"
            }
            outcomes.append(outcome.value)
          }
          #expect(outcomes == (1...18).map { "saved \($0)" })
          try await TestPostgres.withStore(url) { other in
            #expect(try await other.load(a) == [18])
            try await other.save([19], for: a)
          }
          for lost in ["lost", "lost too"] {
            let outcome = try await store.withCheckedSave(a) {
              try await store.notify("test_channel", lost, about: a)
              if lost == "lost too" { try await store.notify("test_channel", "lost again", about: a) }
              try await store.save([20], for: a)
              return "saved 20"
            }
            #expect(outcome.value == nil)
            _ = try await store.load(a)
            try await TestPostgres.withStore(url) { other in
              _ = try await other.load(a)
              try await other.save([19], for: a)
            }
          }
          try await store.notify("test_channel", "end", about: a)
          let expected = (UInt8(1)...18).flatMap(notifications) + ["end"]
          var payloads: [String] = []
          while payloads.count < expected.count, let notification = try await heard.next() {
            payloads.append(notification.payload)
          }
          #expect(payloads == expected)
          #expect(try await store.load(a) == [19])
        }
      }
    }
  }

  @Test func whatALockedRequestSavesIsRolledBackWhenItThrows() async throws {
    struct Refused: Error {}
    try await TestPostgres.withDatabase { url in
      try await TestPostgres.withStore(url) { store in
        try await store.save([1], for: a)
        await #expect(throws: Refused.self) {
          try await store.withSessionLock(a) { _ in
            try await store.save([2], for: a)
            try await store.remove(a)
            throw Refused()
          }
        }
        #expect(try await store.load(a) == [1])
        // Its idea of the row's version went back too: the next lock finds its copy current.
        #expect(try await store.withSessionLock(a) { $0 } == .current)
      }
    }
  }

  @Test func aRequestWaitsForTheLockAndGivesUpAfterTheTimeout() async throws {
    try await TestPostgres.withDatabase { url in
      try await TestPostgres.withStore(url) { first in
        try await TestPostgres.withStore(url, lockTimeout: .milliseconds(200)) { second in
          try await first.save([1], for: a)
          let (held, release) = AsyncStream.makeStream(of: Void.self)
          let (locked, lockedNow) = AsyncStream.makeStream(of: Void.self)
          let holder = Task {
            try await first.withSessionLock(a) { _ in
              lockedNow.yield()
              for await _ in held { break }
              try await first.save([2], for: a)
            }
          }
          for await _ in locked { break }
          let busy = await #expect(throws: SnapshotStoreError.self) {
            try await second.withSessionLock(a) { _ in "ran" }
          }
          #expect(busy?.code == PostgresSnapshotStore.sessionBusy)
          #expect(
            busy?.message.hasPrefix(
              "Can't lock session 'a': another request held its lock for longer than 0.2 seconds") == true)
          // Another session is not held up.
          #expect(try await second.withSessionLock(b) { $0 } == .missing)
          // Once the holder commits, a waiter gets the lock and sees the new version: a third
          // instance, whose timeout (10 s) doesn't race the holder's save on a busy machine.
          try await TestPostgres.withStore(url) { third in
            let waiter = Task { try await third.withSessionLock(a) { _ in try await third.load(a) } }
            release.yield()
            try await holder.value
            #expect(try await waiter.value == [2])
          }
        }
      }
    }
  }
}

/// Notifications sent inside a session's lock go out with its transaction: all of them, in
/// order, when it commits (with a save's statement or without one), none when it rolls back;
/// those sent in a checked save go out with its statement, none when it loses.
@Suite(.enabled(if: TestPostgres.url != nil, TestPostgres.unavailable))
struct PostgresNotificationTests {
  private let a = try! SessionID("a")

  @Test func notificationsGoOutWithTheLockedTransactionOrNotAtAll() async throws {
    struct Refused: Error {}
    try await TestPostgres.withDatabase { url in
      try await TestPostgres.withStore(url) { store in
        let connection = try await PostgresConnection.connect(
          configuration: try PostgresURL.connectionConfiguration(url), id: 7, logger: Logger(label: "test"))
        // A notification that never comes ends the listening after 30 s, failing the test
        // instead of hanging it.
        let watchdog = Task {
          try await Task.sleep(for: .seconds(30))
          try await connection.close()
        }
        defer {
          watchdog.cancel()
          Task { try? await connection.close() }
        }
        try await connection.listen(on: "test_channel") { notifications in
          var heard = notifications.makeAsyncIterator()
          try await store.save([1], for: a)
          // With a save: the notifications before it go in its statement, the one after it
          // in a statement of its own before the commit.
          try await store.withSessionLock(a) { _ in
            try await store.notify("test_channel", "one", about: a)
            try await store.notify("test_channel", "two", about: a)
            try await store.save([2], for: a)
            try await store.notify("test_channel", "three", about: a)
          }
          // Rolled back: none goes out.
          await #expect(throws: Refused.self) {
            try await store.withSessionLock(a) { _ in
              try await store.notify("test_channel", "lost", about: a)
              try await store.save([3], for: a)
              throw Refused()
            }
          }
          // Without a save.
          try await store.withSessionLock(a) { _ in try await store.notify("test_channel", "four", about: a) }
          // A checked save: its notifications go with its statement.
          _ = try await store.withCheckedSave(a) {
            try await store.notify("test_channel", "five", about: a)
            try await store.save([4], for: a)
          }
          // A checked save that loses (another instance saved since): none goes out.
          try await TestPostgres.withStore(url) { other in
            _ = try await other.load(a)
            try await other.save([5], for: a)
          }
          let lost = try await store.withCheckedSave(a) {
            try await store.notify("test_channel", "lost too", about: a)
            try await store.save([6], for: a)
          }
          #expect(lost.value == nil)
          // Outside a lock: at once.
          try await store.notify("test_channel", "six", about: a)
          var payloads: [String] = []
          while payloads.count < 6, let notification = try await heard.next() {
            payloads.append(notification.payload)
          }
          #expect(payloads == ["one", "two", "three", "four", "five", "six"])
          #expect(try await store.load(a) == [5])
        }
      }
    }
  }
}

extension CheckedSaveOutcome {
  /// What the change returned, or `nil` when it lost.
  fileprivate var value: Value? {
    guard case .done(let value) = self else { return nil }
    return value
  }
}
