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

/// `GET /sessions/{id}/events` as a WebSocket: the session's journal events as they happen,
/// in journal order, once.
@Suite struct EventStreamTests {
  /// The journal of a shop app that does what `actions` do, as the stream prints it.
  private func expectedEvents(_ actions: (AppController) throws -> Void) throws -> [String] {
    let app = try ShopApp.makeApp()
    _ = try app.start()
    app.window.journal.isEnabled = true
    try actions(app)
    return app.window.journal.events.map { "\($0)" }
  }

  @Test func theStreamCarriesEachEventOnceInJournalOrder() async throws {
    try await withTemporaryDirectory { directory in
      let app = try buildApplication(
        configuration: testConfiguration(database: directory.file("events.sqlite")))
      let expected = try expectedEvents { app in
        try SessionActions.open("shop://catalog/products/42", in: app)
        try SessionActions.perform(ActionRequest(action: "back"), in: app)
      }
      let received = Mutex<[String]>([])
      try await app.test(.live) { client in
        let service = ServiceClient(client: client)
        let id = try await service.createSession()
        try await withTimeout(.seconds(30)) {
          try await client.ws("/sessions/\(id)/events", configuration: webSocketConfiguration()) {
            inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
            let firstMessage = try await messages.next()
            guard case .text(let first)? = firstMessage else {
              Issue.record("The stream closed before its first message.")
              return
            }
            #expect(
              try JSONDecoder().decode(EventsSubscribed.self, from: Data(first.utf8))
                == EventsSubscribed(subscribed: id, next: expectedStartIndex))
            try await service.open(id, "shop://catalog/products/42")
            try await service.act(id, "back")
            while received.withLock({ $0.count }) < expected.count {
              let message = try await messages.next()
              guard case .text(let text)? = message else { break }
              received.withLock { $0.append(text) }
            }
            try await outbound.close(.normalClosure, reason: nil)
          }
        }
      }
      let events = try received.withLock { texts in
        try texts.map { try JSONDecoder().decode(SessionEvent.self, from: Data($0.utf8)) }
      }
      #expect(!expected.isEmpty)
      #expect(
        events
          == expected.enumerated().map {
            SessionEvent(index: expectedStartIndex + $0.offset, event: $0.element)
          })
    }
  }

  /// A new session's own events (its start) come before the stream subscribes.
  private var expectedStartIndex: Int {
    (try? expectedStartEvents().count) ?? -1
  }

  private func expectedStartEvents() throws -> [String] {
    let app = try ShopApp.makeApp()
    app.window.journal.isEnabled = true
    _ = try app.start()
    return app.window.journal.events.map { "\($0)" }
  }

  @Test func anUnknownSessionIsNotUpgraded() async throws {
    try await withNewService { client, _ in
      let answer = try await client.get("/sessions/feedface/events")
      #expect(answer.status == 404)
      #expect(
        try answer.decoded(ErrorBody.self)
          == ErrorBody(
            code: "unknownSession",
            message: "No session 'feedface': the host does not hold it and its store has no snapshot of it."))
    }
  }
}

/// Runs `body`, failing when it takes longer than `limit` (a stream that never delivers
/// would otherwise hang the test run).
func withTimeout(_ limit: Duration, _ body: @escaping @Sendable () async throws -> Void) async throws {
  try await withThrowingTaskGroup(of: Bool.self) { group in
    group.addTask {
      try await body()
      return true
    }
    group.addTask {
      try await Task.sleep(for: limit)
      return false
    }
    let finished = try await group.next() ?? false
    group.cancelAll()
    if !finished { Issue.record("Timed out after \(limit).") }
  }
}
