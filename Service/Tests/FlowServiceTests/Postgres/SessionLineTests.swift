import AppFlow
import Synchronization
import Testing

@testable import FlowServiceCore

/// An instance's line per session: one request of a session at a time, in the order they
/// came; other sessions don't wait.
@Suite struct SessionLineTests {
  private let a = try! SessionID("a")
  private let b = try! SessionID("b")

  @Test func aSessionsRequestsRunOneAtATimeInOrderAndOtherSessionsDontWait() async throws {
    let line = SessionLine()
    let log = Log()
    let (release, releaseNow) = AsyncStream.makeStream(of: Void.self)
    let (started, startedNow) = AsyncStream.makeStream(of: Void.self)
    // The first request of `a` holds its turn until released.
    let holder = Task {
      try await line.withTurn(a) {
        log.add("a0 start")
        startedNow.yield()
        for await _ in release { break }
        log.add("a0 end")
      }
    }
    for await _ in started { break }
    // Three more requests of `a` queue up in order, each one registered before the next.
    var waiting: [Task<Void, any Error>] = []
    for index in 1...3 {
      waiting.append(Task { try await line.withTurn(a) { log.add("a\(index)") } })
      while line.waitingCount(a) < index { await Task.yield() }
    }
    // A request of `b` doesn't wait for `a`'s.
    try await line.withTurn(b) { log.add("b") }
    #expect(log.entries == ["a0 start", "b"])
    releaseNow.yield()
    try await holder.value
    for task in waiting { try await task.value }
    #expect(log.entries == ["a0 start", "b", "a0 end", "a1", "a2", "a3"])
    // Once free, a session's request runs at once.
    try await line.withTurn(a) { log.add("a4") }
    #expect(log.entries.last == "a4")
  }

  @Test func aRequestThatThrowsGivesTheTurnOn() async throws {
    struct Failed: Error {}
    let line = SessionLine()
    await #expect(throws: Failed.self) { try await line.withTurn(a) { throw Failed() } }
    #expect(try await line.withTurn(a) { "next" } == "next")
  }
}

/// What the requests did, in order.
private final class Log: Sendable {
  private let state = Mutex<[String]>([])
  var entries: [String] { state.withLock { $0 } }
  func add(_ entry: String) { state.withLock { $0.append(entry) } }
}
