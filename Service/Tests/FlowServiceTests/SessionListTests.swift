import AppFlow
import Foundation
import Testing

@testable import FlowServiceCore

/// `GET /sessions`: the stored sessions a page at a time, sorted by identifier, with the cursor
/// of the next page.
@Suite struct SessionListTests {
  @Test func listsTheStoredSessionsAPageAtATime() async throws {
    try await withNewService { client, database in
      var created: [String] = []
      for _ in 0..<3 { created.append(try await client.createSession()) }
      created.sort()
      let store = try SQLiteSnapshotStore(path: database)
      let stored = try await store.sessions(after: nil, limit: 10)
      #expect(stored.map(\.id.rawValue) == created)

      let first = try await client.get("/sessions?limit=2")
      #expect(first.status == 200)
      #expect(first.contentType == "application/json")
      #expect(
        try first.decoded(SessionList.self)
          == SessionList(
            sessions: stored[0..<2].map { SessionList.Entry(id: $0.id.rawValue, updatedAt: $0.updatedAt) },
            next: created[1]))
      let last = try await client.get("/sessions?limit=2&after=\(created[1])")
      #expect(
        last.body
          == #"{"next":null,"sessions":[{"id":"\#(created[2])","updatedAt":"\#(stored[2].updatedAt!)"}]}"#)
      // 50 by default.
      #expect(
        try await client.get("/sessions").decoded(SessionList.self).sessions.map(\.id) == created)
    }
  }

  @Test func anInvalidLimitOrCursorIsABadRequest() async throws {
    try await withNewService { client, _ in
      for limit in ["0", "501", "ten", "-1", ""] {
        let answer = try await client.get("/sessions?limit=\(limit)")
        #expect(answer.status == 400, "\(limit)")
        #expect(
          try answer.decoded(ErrorBody.self)
            == ErrorBody(
              code: "invalidLimit", message: "The limit '\(limit)' is not a whole number from 1 to 500."))
      }
      let answer = try await client.get("/sessions?after=not%20valid!")
      #expect(answer.status == 400)
      #expect(try answer.decoded(ErrorBody.self).error.code == "invalidSessionID")
    }
  }
}
