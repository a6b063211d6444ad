import AppFlow
import Foundation
import GRDB
import HummingbirdTesting
import ShopApp
import Testing

@testable import FlowServiceCore

/// On SQLite a change is saved as the request that made it, the whole session every
/// `SessionChanges.wholeEvery` changes; a restore makes the changes again on the last whole
/// document.
@Suite struct SessionChangesTests {
  /// The session's row as the store hands it back, unframed: its base, its whole document
  /// and its changes' documents as text.
  static func saved(_ id: String, in database: String) async throws -> (base: Int, changes: [String])? {
    let row = try #require(try await SQLiteSnapshotStore(path: database).load(SessionID(id)))
    guard let frame = try SessionChanges.unframe(row) else { return nil }
    return (frame.base, frame.changes.map { String(decoding: $0, as: UTF8.self) })
  }

  /// The whole document of the session that `row` brings back: restored with the service's
  /// codec on SQLite (its whole document, then its changes), then snapshotted whole.
  static func wholeDocument(_ row: [UInt8]) throws -> [UInt8] {
    let app = try ShopApp.makeApp()
    try app.start()
    try SessionChanges.codec(ShopApp.codec).restore(app, row)
    return try ShopApp.codec.snapshot(app)
  }

  @Test func aChangeIsSavedAsItsRequestAndARestartMakesItAgain() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let (id, before) = try await withService(configuration) { client in
        let id = try await client.createSession()
        try await client.open(id, "shop://catalog/products/42")
        try await client.act(id, "push", url: "shop://catalog/products/7")
        try await client.act(id, "back")
        return (id, try await client.act(id, "present", url: "shop://cart"))
      }
      let saved = try #require(try await Self.saved(id, in: configuration.databasePath))
      #expect(saved.base == 0)
      #expect(
        saved.changes == [
          #"{"change":1,"open":"shop://catalog/products/42"}"#,
          #"{"change":2,"action":{"action":"push","url":"shop://catalog/products/7"}}"#,
          #"{"change":3,"action":{"action":"back"}}"#,
          #"{"change":4,"action":{"action":"present","url":"shop://cart"}}"#,
        ])
      try await withService(configuration) { client in
        #expect(try await client.state(id) == before)
        // It goes on from there, numbering its changes after the restored ones.
        try await client.act(id, "dismiss")
      }
      #expect(
        try await Self.saved(id, in: configuration.databasePath)?.changes.last
          == #"{"change":5,"action":{"action":"dismiss"}}"#)
    }
  }

  @Test func everyThirtySecondChangeIsSavedWhole() async throws {
    try await withNewService { client, database in
      let id = try await client.createSession()
      var last = try await client.state(id)
      for index in 1...(SessionChanges.wholeEvery + 1) {
        last = try await client.open(
          id, index % 2 == 1 ? "shop://catalog/products/\(index)" : "shop://catalog")
      }
      let saved = try #require(try await Self.saved(id, in: database))
      #expect(saved.base == SessionChanges.wholeEvery)
      #expect(saved.changes == [#"{"change":33,"open":"shop://catalog/products/33"}"#])
      #expect(last.root == Expected.stack([Expected.catalog, Expected.product(33)]))
    }
  }

  @Test func aCheckoutWaitingForItsSignInComesBackAfterARestart() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let (waiting, twin, twinSignedIn) = try await withService(configuration) { client in
        var states: [SessionState] = []
        for _ in 0..<2 {
          let id = try await client.createSession()
          try await client.open(id, "shop://cart")
          states.append(try await client.act(id, "checkout"))
        }
        // The twin signs in without a restart: its checkout goes on.
        return (states[0], states[1], try await client.act(states[1].id, "signIn", account: "dave"))
      }
      #expect(waiting.pending == ["signIn"])
      #expect(twinSignedIn.flows == [Expected.checkoutFlow])
      try await withService(configuration) { client in
        var restored = try await client.state(waiting.id)
        #expect(restored == waiting)
        // The checkout waits for the sign-in in this process too: signing in goes on to it.
        restored = try await client.act(waiting.id, "signIn", account: "dave")
        restored.id = twin.id
        #expect(restored == twinSignedIn)
      }
    }
  }

  @Test(.timeLimit(.minutes(2))) func anIdleSessionWithAWaitingCheckoutIsEvictedWithoutAWholeDocument()
    async throws
  {
    try await withTemporaryDirectory { directory in
      var configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      configuration.idleTimeout = .milliseconds(50)
      configuration.evictionInterval = .milliseconds(20)
      let database = configuration.databasePath
      try await withService(configuration) { client in
        let quiet = try await client.createSession()
        try await client.open(quiet, "shop://catalog/products/8")
        let waiting = try await client.createSession()
        try await client.open(waiting, "shop://cart")
        let state = try await client.act(waiting, "checkout")
        try await client.waitUntilNoSessionIsLive()
        // The quiet session was saved whole; the waiting one kept its checkout as a change (a
        // whole document would lose the checkout that waits), and comes back with it. On a slow
        // machine the sweep may find the waiting session idle between its two requests, before
        // the checkout waits, and save it whole then: its base is 1 and its changes the
        // checkout alone.
        let quietRow = try #require(try await Self.saved(quiet, in: database))
        #expect(quietRow.base == 1)
        #expect(quietRow.changes == [])
        let waitingRow = try #require(try await Self.saved(waiting, in: database))
        let checkout = #"{"change":2,"action":{"action":"checkout"}}"#
        #expect(
          waitingRow.base == 0
            ? waitingRow.changes == [#"{"change":1,"open":"shop://cart"}"#, checkout]
            : waitingRow.base == 1 && waitingRow.changes == [checkout])
        #expect(try await client.state(waiting) == state)
      }
    }
  }

  @Test func aPopQuestionComesBackAfterARestart() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let asking = try await withService(configuration) { client in
        let id = try await client.createSession()
        try await client.open(id, "shop://cart")
        try await client.act(id, "checkout")
        try await client.act(id, "signIn", account: "erin")
        return try await client.act(id, "back")
      }
      #expect(asking.pending == ["popConfirmation"])
      try await withService(configuration) { client in
        #expect(try await client.state(asking.id) == asking)
        let left = try await client.act(asking.id, "confirmPop")
        #expect(left.pending == [])
        #expect(left.root?.presents == Expected.sheet([Expected.cart]))
      }
    }
  }

  @Test(.enabled(if: ServiceProcess.executable != nil, "no FlowService executable next to the tests"))
  func aProcessKilledBetweenWholeDocumentsLosesNoAnsweredChange() async throws {
    try await withTemporaryDirectory { directory in
      let database = directory.file("sessions.sqlite")
      let killed = try await ServiceProcess.start(
        ["--database", database], unsetting: ["FLOW_SERVICE_POSTGRES_URL"])
      let (id, answered) = try await TestClient.withClient(host: "127.0.0.1", port: killed.port) { live in
        let client = ServiceClient(live: live)
        let id = try await client.createSession()
        try await client.open(id, "shop://catalog/products/3")
        try await client.open(id, "shop://cart")
        return (id, try await client.act(id, "checkout"))
      }
      killed.kill()
      // Nothing was saved whole since the creation: the three changes bring the session back.
      #expect(try await Self.saved(id, in: database)?.changes.count == 3)
      let restarted = try await ServiceProcess.start(
        ["--database", database], unsetting: ["FLOW_SERVICE_POSTGRES_URL"])
      defer { restarted.stop() }
      let restored = try await TestClient.withClient(host: "127.0.0.1", port: restarted.port) { live in
        try await ServiceClient(live: live).state(id)
      }
      #expect(restored == answered)
    }
  }

  @Test func aChangeWhoseSaveFailedIsNotKeptAndTheNextOneFollowsTheSavedOnes() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let store = try SQLiteSnapshotStore(path: configuration.databasePath)
      try await withService(configuration) { client in
        let id = try await client.createSession()
        let saved = try await client.open(id, "shop://catalog/products/1")
        try await store.pool.write { db in
          try db.execute(
            sql: """
              CREATE TRIGGER refuse BEFORE INSERT ON changes WHEN NEW.seq = 2
              BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
              """)
        }
        let refused = try await client.post("/sessions/\(id)/open", openBody("shop://catalog/products/2"))
        #expect(refused.status == 500)
        #expect(try refused.decoded(ErrorBody.self).error.code == "storeFailed")
        try await store.pool.write { db in try db.execute(sql: "DROP TRIGGER refuse") }
        // The session was released: it comes back as it was saved, without the refused change.
        #expect(try await client.state(id) == saved)
        let next = try await client.open(id, "shop://cart")
        #expect(
          try await Self.saved(id, in: configuration.databasePath)?.changes == [
            #"{"change":1,"open":"shop://catalog/products/1"}"#, #"{"change":2,"open":"shop://cart"}"#,
          ])
        #expect(try await client.state(id) == next)
      }
    }
  }

  @Test func aMissingChangeIsATypedErrorAndChangesNothing() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let id = try await withService(configuration) { client in
        let id = try await client.createSession()
        try await client.open(id, "shop://catalog/products/1")
        try await client.open(id, "shop://catalog")
        try await client.open(id, "shop://catalog/products/3")
        return id
      }
      let store = try SQLiteSnapshotStore(path: configuration.databasePath)
      try await store.pool.write { db in
        try db.execute(sql: "DELETE FROM changes WHERE session = ? AND seq = 2", arguments: [id])
      }
      let rows = try await Self.rows(id, in: store)
      try await withService(configuration) { client in
        let answer = try await client.get("/sessions/\(id)")
        #expect(answer.status == 500)
        let error = try answer.decoded(ErrorBody.self).error
        #expect(error.code == "storeFailed")
        #expect(
          error.message.contains(
            "The changes of session '\(id)' in \(configuration.databasePath) are damaged: change 2 is missing (the next is 3)."
          ))
        let refused = try await client.post("/sessions/\(id)/open", openBody("shop://cart"))
        #expect(refused.status == 500)
      }
      #expect(try await Self.rows(id, in: store) == rows)
    }
  }

  @Test func aDamagedChangeIsATypedErrorNamingIt() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let id = try await withService(configuration) { client in
        let id = try await client.createSession()
        try await client.open(id, "shop://catalog/products/1")
        try await client.open(id, "shop://catalog")
        return id
      }
      let store = try SQLiteSnapshotStore(path: configuration.databasePath)
      try await store.pool.write { db in
        try db.execute(
          sql: "UPDATE changes SET bytes = ? WHERE session = ? AND seq = 2",
          arguments: [Data("{\"change\":2}".utf8), id])
      }
      try await withService(configuration) { client in
        let answer = try await client.get("/sessions/\(id)")
        #expect(answer.status == 500)
        let error = try answer.decoded(ErrorBody.self).error
        #expect(error.code == "restoreFailed")
        #expect(
          error.message.contains(
            "The saved change 2 can't be made again: it names neither a deep link nor an action."))
      }
    }
  }

  @Test func theStoreKeepsAChangeOnlyAfterItsPredecessor() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.file("sessions.sqlite")
      let store = try SQLiteSnapshotStore(path: path)
      let id = SessionID.random()
      let whole = Array("{\"whole\":1}".utf8)
      let one = Array(#"{"change":6,"open":"a"}"#.utf8)
      let three = Array(#"{"change":8,"open":"c"}"#.utf8)
      try await store.save(SessionChanges.frame(base: 5, document: whole), for: id)
      try await store.save(one, for: id)
      await #expect(
        throws: SnapshotStoreError(
          SQLiteSnapshotStore.databaseFailed,
          "Can't save the snapshot of session '\(id)' in \(path): change 8 does not follow a saved change 7 (a save before it failed, or the session was saved whole since).",
          session: id)
      ) {
        try await store.save(three, for: id)
      }
      #expect(try await store.load(id) == SessionChanges.frame(base: 5, document: whole, changes: [one]))
      // A whole document drops the changes and starts from its own base.
      try await store.save(SessionChanges.frame(base: 6, document: whole), for: id)
      #expect(try await store.load(id) == SessionChanges.frame(base: 6, document: whole))
      // Nothing is written for `unchanged`.
      try await store.save(SessionChanges.unchanged, for: id)
      #expect(try await store.load(id) == SessionChanges.frame(base: 6, document: whole))
      // Other bytes replace the row, with no base.
      try await store.save([1, 2], for: id)
      #expect(try await store.load(id) == [1, 2])
      try await store.remove(id)
      #expect(try await store.load(id) == nil)
      #expect(try await Self.rows(id.rawValue, in: store) == [])
    }
  }

  /// The session's change rows, as `seq` and the bytes' length (-1 for the base).
  static func rows(_ id: String, in store: SQLiteSnapshotStore) async throws -> [[Int]] {
    try await store.pool.read { db in
      try Row.fetchAll(
        db, sql: "SELECT seq, length(bytes) FROM changes WHERE session = ? ORDER BY seq", arguments: [id]
      )
      .map { [$0[0], ($0[1] as Int?) ?? -1] }
    }
  }
}
