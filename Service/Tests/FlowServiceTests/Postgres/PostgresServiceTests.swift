import AppFlow
import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import NIOWebSocket
import Navigator
import ShopApp
import Synchronization
import Testing
import WSClient
import WSCore

@testable import FlowServiceCore

/// The service over PostgreSQL (`Service/scripts/postgres.sh`): a restart, two instances
/// sharing the sessions, and an instance killed while it works.
@Suite(.enabled(if: TestPostgres.url != nil, TestPostgres.unavailable))
struct PostgresServiceTests {
  @Test func aRestartRestoresEverySession() async throws {
    try await TestPostgres.withDatabase { url in
      try await RestartTests.restartRestoresEverySession(TestPostgres.configuration(url))
    }
  }

  @Test func instancesOnOneDatabaseShareTheSessionKey() async throws {
    try await TestPostgres.withDatabase { url in
      let configuration = TestPostgres.configuration(url)
      try await withService(configuration) { first in
        try await withService(configuration) { second in
          let created = try await first.authorized(nil).createSessionAndSecret()
          let mine = second.authorized(bearer(created.secret))
          #expect(try await mine.open(created.id, "shop://cart").root?.presents != nil)
          let other = try await second.authorized(nil).createSessionAndSecret()
          #expect(
            try await first.authorized(bearer(other.secret)).get("/sessions/\(created.id)").status == 404)
        }
      }
      // A restart finds the same key.
      try await withService(configuration) { again in
        #expect(try await again.authorized(nil).get("/metrics").status == 401)
        let created = try await again.authorized(nil).createSessionAndSecret()
        try await TestPostgres.withStore(url) { store in
          let key = try await store.sessionKey(storing: Array(repeating: 9, count: 32))
          #expect(
            try Authentication(apiKey: testAPIKey, sessionKey: key).secret(for: try SessionID(created.id))
              == created.secret)
        }
      }
    }
  }

  @Test func twoInstancesApplyConcurrentRequestsToTheSameSessionsOneAtATime() async throws {
    try await TestPostgres.withDatabase { url in
      let configuration = TestPostgres.configuration(url)
      try await withService(configuration) { first in
        try await withService(configuration) { second in
          let instances = [first, second]
          var ids: [String] = []
          for index in 0..<4 { ids.append(try await instances[index % 2].createSession()) }
          // Twelve pushes per session, alternating between the instances, all at once: a
          // push applied to an out-of-date copy, or two applied at once, would lose one.
          let pushes = 12
          try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, id) in ids.enumerated() {
              for push in 0..<pushes {
                let client = instances[(index + push) % 2]
                let url = "shop://catalog/products/\(index * 100 + push)"
                group.addTask { try await client.act(id, "push", url: url) }
              }
            }
            try await group.waitForAll()
          }
          for (index, id) in ids.enumerated() {
            let state = try await first.state(id)
            #expect(try await second.state(id) == state)
            let stack = state.root?.stack ?? []
            #expect(stack.first == Expected.catalog)
            let pushed = stack.dropFirst().map(\.screen).sorted()
            let expected = (0..<pushes).map { Expected.product(index * 100 + $0).screen }.sorted()
            #expect(pushed == expected)
          }
          // Each instance counts the sessions stored at its start (none) and those it made.
          for instance in instances {
            let metrics = try await instance.metrics()
            #expect(metrics.value(ServiceMetrics.Name.sessionsStored) == "2.0")
            #expect(
              metrics.samples(ServiceMetrics.Name.requests).allSatisfy {
                ($0.labels["status"] ?? "").hasPrefix("2")
              })
          }
        }
      }
    }
  }

  @Test func anInstanceSeesWhatAnotherChangedAndARemovalEverywhere() async throws {
    try await TestPostgres.withDatabase { url in
      let configuration = TestPostgres.configuration(url)
      try await withService(configuration) { first in
        try await withService(configuration) { second in
          let id = try await first.createSession()
          let onFirst = try await first.open(id, "shop://catalog/products/1")
          // The second restores it; the first's copy is then out of date and is replaced.
          #expect(try await second.state(id) == onFirst)
          let onSecond = try await second.act(id, "push", url: "shop://catalog/products/2")
          #expect(try await first.state(id) == onSecond)
          let back = try await first.act(id, "back")
          #expect(try await second.state(id) == back)
          #expect(try await second.delete("/sessions/\(id)").status == 204)
          let gone = try await first.get("/sessions/\(id)")
          #expect(gone.status == 404)
          #expect(try gone.decoded(ErrorBody.self).error.code == "unknownSession")
          // Each instance counts what it saw: the first made it, the second removed it (its
          // count of one less than its start's none stays at 0).
          #expect(try await first.metrics().value(ServiceMetrics.Name.sessionsStored) == "1.0")
          #expect(try await second.metrics().value(ServiceMetrics.Name.sessionsStored) == "0.0")
        }
      }
    }
  }

  /// The first instance's copy is out of date when its change comes: its one-statement save
  /// loses, and the change is made again under the lock on the newer row, once.
  @Test func aChangeToAnOutOfDateCopyIsMadeAgainOnTheNewerRowOnce() async throws {
    try await TestPostgres.withDatabase { url in
      let configuration = TestPostgres.configuration(url)
      try await withService(configuration) { first in
        try await withService(configuration) { second in
          let id = try await first.createSession()
          try await first.open(id, "shop://catalog/products/1")
          try await second.act(id, "push", url: "shop://catalog/products/2")
          let state = try await first.act(id, "push", url: "shop://catalog/products/3")
          let expected = [Expected.catalog] + [1, 2, 3].map(Expected.product)
          #expect(state.root?.stack == expected)
          #expect(try await second.state(id) == state)
          // Its next change goes in one statement again, over the version it restored.
          let back = try await first.act(id, "back")
          #expect(back.root?.stack == Array(expected.dropLast()))
          #expect(try await second.state(id) == back)
          for instance in [first, second] {
            #expect(Exposition(try await instance.get("/metrics").body).errorsByStatus == [:])
          }
        }
      }
    }
  }

  @Test(.timeLimit(.minutes(2))) func anIdleSessionIsReleasedWithoutASaveAndComesBackAsTheStoreHasIt()
    async throws
  {
    try await TestPostgres.withDatabase { url in
      var idle = TestPostgres.configuration(url)
      idle.idleTimeout = .milliseconds(50)
      idle.evictionInterval = .milliseconds(20)
      try await withService(idle) { first in
        try await withService(TestPostgres.configuration(url)) { second in
          let id = try await first.createSession()
          try await first.open(id, "shop://catalog/products/8")
          try await first.waitUntilNoSessionIsLive()
          // Another instance changes it meanwhile; the first restores the newer snapshot.
          let changed = try await second.act(id, "push", url: "shop://catalog/products/9")
          #expect(try await first.state(id) == changed)
        }
      }
    }
  }

  @Test(.enabled(if: ServiceProcess.executable != nil, "no FlowService executable next to the tests"))
  func aKilledInstancesSessionsGoOnOnAnotherFromTheirLastSave() async throws {
    try await TestPostgres.withDatabase { url in
      let doomed = try await ServiceProcess.start(["--postgres", url, "--idle-timeout", "0"])
      defer { doomed.stop() }
      try await withService(TestPostgres.configuration(url)) { survivor in
        let ids = try await TestClient.withClient(host: "127.0.0.1", port: doomed.port) { live in
          let client = ServiceClient(live: live)
          var ids: [String] = []
          for _ in 0..<3 { ids.append(try await client.createSession()) }
          return ids
        }
        // Four connections per session push products on the doomed instance; it is killed
        // after 30 pushes were answered, with others in flight.
        let pushes = Pushes()
        await withTaskGroup(of: Void.self) { group in
          for (index, id) in ids.enumerated() {
            for worker in 0..<4 {
              group.addTask {
                try? await TestClient.withClient(host: "127.0.0.1", port: doomed.port) { live in
                  let client = ServiceClient(live: live)
                  for push in 0..<1000 {
                    let screen = Expected.product(index * 10000 + worker * 1000 + push).screen
                    pushes.started(screen)
                    let answer = try await client.post(
                      "/sessions/\(id)/actions",
                      actionBody(
                        "push", url: "shop://catalog/products/\(index * 10000 + worker * 1000 + push)"))
                    guard answer.status == 200 else { return }
                    if pushes.answered(screen) == 30 { doomed.kill() }
                  }
                }
              }
            }
          }
        }
        let (answered, unanswered) = pushes.sets
        #expect(answered.count >= 30)
        // Every answered push is there once; a push cut off by the kill is there at most once.
        var seen: [String] = []
        for id in ids {
          let state = try await survivor.act(id, "push", url: "shop://catalog/products/99")
          let stack = state.root?.stack ?? []
          #expect(stack.first == Expected.catalog)
          #expect(stack.last == Expected.product(99))
          seen += stack.dropFirst().dropLast().map(\.screen)
        }
        #expect(Set(seen).count == seen.count)
        #expect(answered.subtracting(seen).isEmpty)
        #expect(Set(seen).subtracting(answered).isSubset(of: unanswered))
      }
    }
  }
}

/// The pushes sent to an instance: those answered, and those sent but not answered.
private final class Pushes: Sendable {
  private let state = Mutex((answered: Set<String>(), unanswered: Set<String>()))

  /// The two sets.
  var sets: (answered: Set<String>, unanswered: Set<String>) {
    state.withLock { ($0.answered, $0.unanswered) }
  }

  /// Notes a push sent.
  func started(_ screen: String) {
    state.withLock { _ = $0.unanswered.insert(screen) }
  }

  /// Notes a push answered; returns how many were.
  func answered(_ screen: String) -> Int {
    state.withLock { state in
      state.unanswered.remove(screen)
      state.answered.insert(screen)
      return state.answered.count
    }
  }
}

/// The event stream across instances.
@Suite(.enabled(if: TestPostgres.url != nil, TestPostgres.unavailable))
struct PostgresEventStreamTests {
  @Test func aStreamOnOneInstanceCarriesTheEventsOfRequestsOnBothInCommitOrderOnce() async throws {
    // What a shop app records for a new session, then for the three requests below.
    let app = try ShopApp.makeApp()
    app.window.journal.isEnabled = true
    _ = try app.start()
    let start = app.window.journal.events.map { "\($0)" }
    app.window.journal.removeAll()
    try SessionActions.open("shop://catalog/products/42", in: app)
    try SessionActions.perform(ActionRequest(action: "push", url: "shop://catalog/products/7"), in: app)
    try SessionActions.perform(ActionRequest(action: "back"), in: app)
    let requests = app.window.journal.events.map { "\($0)" }
    #expect(!start.isEmpty && !requests.isEmpty)

    try await TestPostgres.withDatabase { url in
      let configuration = TestPostgres.configuration(url)
      try await withService(configuration) { first in
        let listening = try buildApplication(configuration: configuration)
        try await listening.test(.live) { client in
          let second = ServiceClient(client: client)
          let id = try await first.createSession()
          let received = Mutex<[SessionEvent]>([])
          try await withTimeout(.seconds(30)) {
            try await client.ws("/sessions/\(id)/events", configuration: webSocketConfiguration()) {
              inbound, outbound, _ in
              var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
              let message = try await messages.next()
              guard case .text(let subscribed)? = message else {
                Issue.record("The stream closed before its first message.")
                return
              }
              let next = try JSONDecoder().decode(EventsSubscribed.self, from: Data(subscribed.utf8)).next
              // The session's creation may reach this instance before or after the subscription.
              #expect(next == 0 || next == start.count)
              let expectedCount = start.count + requests.count - next
              try await first.open(id, "shop://catalog/products/42")
              try await second.act(id, "push", url: "shop://catalog/products/7")
              try await first.act(id, "back")
              while received.withLock({ $0.count }) < expectedCount {
                let message = try await messages.next()
                guard case .text(let text)? = message else { break }
                let event = try JSONDecoder().decode(SessionEvent.self, from: Data(text.utf8))
                received.withLock { $0.append(event) }
              }
              try await outbound.close(.normalClosure, reason: nil)
              #expect(
                received.withLock { $0 }
                  == (start + requests).enumerated().dropFirst(next).map {
                    SessionEvent(index: $0.offset, event: $0.element)
                  })
            }
          }
        }
      }
    }
  }
}
