import Navigator
import Synchronization
import Testing

@testable import AppFlow

/// `SessionHost.change(_:_:beforeSaving:)`: the change, then `beforeSaving`, then the save, in
/// one turn of the session; nothing saved when either throws.
@Suite struct SessionChangeTests {
  private let alice = sessionID("alice")

  private final class Log: Sendable {
    let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  /// A store that notes each save in `log` before keeping it.
  private struct LoggingStore: SnapshotStore {
    let store = InMemorySnapshotStore()
    let log: Log

    func save(_ snapshot: [UInt8], for session: SessionID) async throws(SnapshotStoreError) {
      log.append("save \(session)")
      try await store.save(snapshot, for: session)
    }
    func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]? {
      try await store.load(session)
    }
    func remove(_ session: SessionID) async throws(SnapshotStoreError) { try await store.remove(session) }
    func sessionIDs() async throws(SnapshotStoreError) -> [SessionID] { try await store.sessionIDs() }
  }

  @Test func aChangeRunsItsBodyThenBeforeSavingThenTheSaveAndACallBehindItWaitsForTheSave() async throws {
    let log = Log()
    let store = LoggingStore(log: log)
    let host = SessionHost(store: store, codec: pageCodec) { id in makePageApp(id) }
    try await host.create(alice)
    let alice = alice
    let later = Mutex<Task<Void, any Error>?>(nil)
    let state = try await host.change(alice) { app in
      try app.navigator.tryNavigate(to: .stack(alice, ["list"]), options: .init().animated(false))
      log.append("body")
      return pageState(app)
    } beforeSaving: { state in
      log.append("beforeSaving \(state == .stack(alice, ["list"]))")
      later.withLock { $0 = Task { try await host.withSession(alice) { _ in log.append("later call") } } }
      // The later call waits for the session's turn, which the change holds until its save.
      while await host.waitingForTurn(alice) == 0 { await Task.yield() }
    }
    let call = try #require(later.withLock { $0 })
    try await call.value
    #expect(state == .stack(alice, ["list"]))
    #expect(log.all == ["body", "beforeSaving true", "save alice", "later call"])
    #expect(try await store.load(alice) == host.snapshot(alice))
  }

  @Test func aChangeThatThrowsSavesNothingAndSkipsBeforeSaving() async throws {
    struct Refused: Error, Equatable {}
    let host = SessionHost(codec: pageCodec) { id in makePageApp(id) }
    try await host.create(alice)
    let ranBeforeSaving = Mutex(false)
    await #expect(throws: Refused()) {
      try await host.change(self.alice) { _ in
        throw Refused()
      } beforeSaving: { _ in
        ranBeforeSaving.withLock { $0 = true }
      }
    }
    #expect(!ranBeforeSaving.withLock { $0 })
    #expect(try await host.store.sessionIDs() == [])
  }

  @Test func whenBeforeSavingThrowsNothingIsSavedAndTheSessionStaysChanged() async throws {
    struct NotPublished: Error, Equatable {}
    let host = SessionHost(codec: pageCodec) { id in makePageApp(id) }
    try await host.create(alice)
    try await host.save(alice)
    let saved = try await host.store.load(alice)
    let alice = alice
    await #expect(throws: NotPublished()) {
      try await host.change(alice) { app in
        try app.navigator.tryNavigate(to: .stack(alice, ["list"]), options: .init().animated(false))
      } beforeSaving: { _ in
        throw NotPublished()
      }
    }
    #expect(try await host.store.load(alice) == saved)
    #expect(try await host.withSession(alice) { pageState($0) } == .stack(alice, ["list"]))
  }

  @Test func aChangeOfAnEvictedSessionRestoresItFirstAndAnUnknownOneIsRefused() async throws {
    let host = SessionHost(codec: pageCodec) { id in makePageApp(id) }
    try await host.create(alice)
    let alice = alice
    try await host.change(alice) { app in
      try app.navigator.tryNavigate(to: .stack(alice, ["list"]), options: .init().animated(false))
    }
    try await host.evict(alice)
    #expect(await host.liveSessionCount == 0)
    let state = try await host.change(alice) { app in
      try app.navigator.tryNavigate(to: .stack(alice, ["list", "detail"]), options: .init().animated(false))
      return pageState(app)
    }
    #expect(state == .stack(alice, ["list", "detail"]))
    #expect(await host.liveSessionCount == 1)
    try await host.evict(alice)
    #expect(try await host.withSession(alice) { pageState($0) } == .stack(alice, ["list", "detail"]))
    let ran = Mutex(false)
    await expectSessionError(.unknownSession) {
      try await host.change(sessionID("bob")) { _ in ran.withLock { $0 = true } }
    }
    #expect(!ran.withLock { $0 })
  }
}
