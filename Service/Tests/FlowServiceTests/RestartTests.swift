import FlowServiceCore
import Testing

/// A service built again over the same database brings every session back where it was.
@Suite struct RestartTests {
  @Test func aRestartRestoresEverySession() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let configuration = testConfiguration(database: directory.file("sessions.sqlite"))

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
      let metrics = try await client.get("/metrics").decoded(MetricsBody.self)
      #expect(metrics == MetricsBody(sessionsLive: 0, sessionsStored: 4, requests: 0, errors: [:]))
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

  @Test func anIdleSessionIsEvictedAndRestoredOnItsNextRequest() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var configuration = testConfiguration(database: directory.file("sessions.sqlite"))
    configuration.idleTimeout = .milliseconds(50)
    configuration.evictionInterval = .milliseconds(20)
    try await withService(configuration) { client in
      let id = try await client.createSession()
      let state = try await client.open(id, "shop://catalog/products/8")
      var live = 1
      for _ in 0..<250 where live > 0 {
        try await Task.sleep(for: .milliseconds(20))
        live = try await client.get("/metrics").decoded(MetricsBody.self).sessionsLive
      }
      #expect(live == 0)
      #expect(try await client.state(id) == state)
    }
  }
}
