import AppFlow
import Testing

@testable import FlowServiceCore

/// A service built again over the same database brings every session back where it was.
@Suite struct RestartTests {
  @Test func aRestartRestoresEverySession() async throws {
    try await withTemporaryDirectory { directory in
      try await Self.restartRestoresEverySession(
        testConfiguration(database: directory.file("sessions.sqlite")))
    }
  }

  /// Creates four sessions in different states, builds the service again over the same
  /// store, and checks that each comes back equal and goes on.
  static func restartRestoresEverySession(_ configuration: ServiceConfiguration) async throws {
    let before = try await withService(configuration) { client in
      var states: [SessionState] = []
      let fresh = try await client.createSession()
      states.append(try await client.state(fresh))
      let product = try await client.createSession()
      states.append(try await client.open(product, "shop://catalog/products/42"))
      let checkout = try await client.createSession()
      try await client.open(checkout, "shop://cart")
      try await client.act(checkout, "checkout")
      states.append(try await client.act(checkout, "signIn", account: "carol"))
      let presented = try await client.createSession()
      try await client.act(presented, "push", url: "shop://catalog/products/3")
      states.append(try await client.act(presented, "present", url: "shop://catalog/products/4"))
      return states
    }
    #expect(before.map(\.flows) == [[], [], [Expected.checkoutFlow], []])

    try await withService(configuration) { client in
      let metrics = try await client.metrics()
      #expect(metrics.value(ServiceMetrics.Name.sessionsLive) == "0.0")
      #expect(metrics.value(ServiceMetrics.Name.sessionsStored) == "4.0")
      #expect(metrics.samples(ServiceMetrics.Name.requests) == [])
      for state in before {
        #expect(try await client.state(state.id) == state)
      }
      // The restored checkout flow goes on: placing the order ends it.
      let checkout = before[2]
      var done = checkout
      done.root?.presents = Expected.sheet([Expected.cart])
      done.flows = []
      #expect(try await client.act(checkout.id, "finishFlow") == done)
    }
  }

  @Test(.timeLimit(.minutes(2))) func anIdleSessionIsEvictedAndRestoredOnItsNextRequest() async throws {
    try await withTemporaryDirectory { directory in
      var configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      configuration.idleTimeout = .milliseconds(50)
      configuration.evictionInterval = .milliseconds(20)
      try await withService(configuration) { client in
        let id = try await client.createSession()
        let state = try await client.open(id, "shop://catalog/products/8")
        try await client.waitUntilNoSessionIsLive()
        #expect(try await client.state(id) == state)
      }
    }
  }

  @Test func aSnapshotThatDoesNotRestoreIs500AndTheSessionStartsOver() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let id = try await withService(configuration) { client in
        let id = try await client.createSession()
        try await client.open(id, "shop://catalog/products/5")
        return id
      }
      try await SQLiteSnapshotStore(path: configuration.databasePath).save(
        Array("not a shop".utf8), for: SessionID(id))
      try await withService(configuration) { client in
        let answer = try await client.get("/sessions/\(id)")
        #expect(answer.status == 500)
        let error = try answer.decoded(ErrorBody.self).error
        #expect(error.code == "restoreFailed")
        #expect(error.message.hasPrefix("Can't restore session '\(id)' from its 10-byte snapshot: "))
        // The session is live at its root, as the codec left it.
        #expect(try await client.state(id) == Expected.state(id, Expected.stack([Expected.catalog])))
      }
    }
  }
}
