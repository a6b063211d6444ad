import AppFlow
import Navigator
import Testing

/// Idle eviction on a manual clock: a session is idle from the end of its last call (or its
/// creation or restoration); a session in use, or being restored, is never idle.
@Suite struct SessionIdleTests {
  private let a = sessionID("a")
  private let b = sessionID("b")
  private let c = sessionID("c")

  @Test func sessionsIdleForTheTimeoutAreSavedAndEvictedTheOthersStayLive() async throws {
    let clock = ManualSessionClock()
    let host = SessionHost(codec: pageCodec, clock: clock, idleTimeout: .seconds(60)) { id in makePageApp(id)
    }
    for id in [a, b, c] { try await host.create(id) }
    try await host.withSession(c) { app in
      try app.navigator.tryNavigate(to: .stack(c, ["list"]), options: .init().animated(false))
    }
    #expect(await host.evictIdle() == [])

    clock.advance(by: .seconds(30))
    try await host.withSession(b) { _ in }
    clock.advance(by: .seconds(30))
    #expect(await host.evictIdle() == [a, c])
    #expect(await host.liveSessionCount == 1)
    #expect(try await host.store.sessionIDs() == [a, c])

    clock.advance(by: .seconds(29))
    #expect(await host.evictIdle() == [])
    clock.advance(by: .seconds(1))
    #expect(await host.evictIdle() == [b])
    #expect(await host.liveSessionCount == 0)

    // A restored session is idle from its restoration.
    #expect(try await host.withSession(c) { pageState($0) } == .stack(c, ["list"]))
    clock.advance(by: .seconds(59))
    #expect(await host.evictIdle() == [])
    clock.advance(by: .seconds(1))
    #expect(await host.evictIdle() == [c])
    #expect(await host.liveSessionCount == 0)
  }

  @Test func aHostHoldsASessionFromItsCreationOrRestorationUntilItIsEvictedOrRemoved() async throws {
    let clock = ManualSessionClock()
    let host = SessionHost(codec: pageCodec, clock: clock, idleTimeout: .seconds(60)) { id in makePageApp(id)
    }
    try await host.create(a)
    #expect(await host.holds(a))
    #expect(await host.holds(b) == false)
    clock.advance(by: .seconds(60))
    #expect(await host.evictIdle() == [a])
    #expect(await host.holds(a) == false)
    try await host.withSession(a) { _ in }
    #expect(await host.holds(a))
    // A session the store doesn't have is not held once the call failed.
    await #expect(throws: SessionError.self) { try await host.withSession(b) { _ in } }
    #expect(await host.holds(b) == false)
    try await host.remove(a)
    #expect(await host.holds(a) == false)
  }

  @Test func evictingWithoutSavingReleasesIdleSessionsAndLeavesTheStoreAsItWas() async throws {
    let clock = ManualSessionClock()
    let host = SessionHost(codec: pageCodec, clock: clock, idleTimeout: .seconds(60)) { id in makePageApp(id)
    }
    try await host.create(a)
    try await host.save(a)
    let saved = try await host.store.load(a)
    try await host.withSession(a) { app in
      try app.navigator.tryNavigate(to: .stack(a, ["list"]), options: .init().animated(false))
    }
    clock.advance(by: .seconds(60))
    #expect(await host.evictIdle(savingFirst: false) == [a])
    #expect(await host.liveSessionCount == 0)
    #expect(try await host.store.load(a) == saved)
    // The next call restores what the store had, not what the released copy showed.
    #expect(try await host.withSession(a) { pageState($0) } == .home(a))
  }

  @Test func discardingReleasesALiveSessionWithoutSavingIt() async throws {
    let host = SessionHost(codec: pageCodec) { id in makePageApp(id) }
    try await host.create(a)
    try await host.withSession(a) { app in
      try app.navigator.tryNavigate(to: .stack(a, ["list"]), options: .init().animated(false))
    }
    try await host.save(a)
    let saved = try await host.store.load(a)
    try await host.withSession(a) { app in
      try app.navigator.tryNavigate(to: .stack(a, ["list", "detail"]), options: .init().animated(false))
    }
    #expect(try await host.discard(a))
    #expect(await host.liveSessionCount == 0)
    #expect(try await host.store.load(a) == saved)
    // Discarding what isn't live does nothing and doesn't ask the store.
    #expect(try await host.discard(a) == false)
    #expect(try await host.discard(b) == false)
    #expect(try await host.store.sessionIDs() == [a])
    #expect(try await host.withSession(a) { pageState($0) } == .stack(a, ["list"]))
    #expect(await host.liveSessionCount == 1)
  }

  @Test func aHostWithoutTimeoutNeverEvictsIdleSessions() async throws {
    let clock = ManualSessionClock()
    let host = SessionHost(codec: pageCodec, clock: clock) { id in makePageApp(id) }
    try await host.create(a)
    clock.advance(by: .seconds(365 * 24 * 3600))
    #expect(await host.evictIdle() == [])
    #expect(await host.liveSessionCount == 1)
    #expect(host.idleTimeout == nil)
  }

  @Test func aSessionBeingRestoredIsNotIdle() async throws {
    let clock = ManualSessionClock()
    let store = GatedStore()
    let host = SessionHost(store: store, codec: pageCodec, clock: clock, idleTimeout: .seconds(60)) { id in
      makePageApp(id)
    }
    try await host.create(a)
    try await host.evict(a)
    await store.closeGate()
    let restore = Task { try await host.withSession(a) { pageState($0) } }
    await store.waitForALoad()
    clock.advance(by: .seconds(120))
    #expect(await host.evictIdle() == [])
    await store.openGate()
    #expect(try await restore.value == .home(a))
    #expect(await host.liveSessionCount == 1)
  }

  @Test func aManualClockStartsWhereToldAndOnlyMovesForward() {
    let clock = ManualSessionClock(start: .seconds(5))
    #expect(clock.now == .seconds(5))
    clock.advance(by: .milliseconds(1500))
    #expect(clock.now == .milliseconds(6500))
    let real = ContinuousSessionClock()
    let (first, second) = (real.now, real.now)
    #expect(first >= .zero && second >= first)
  }
}

/// An in-memory store whose loads wait while its gate is closed: a restore that takes as
/// long as the test wants.
actor GatedStore: SnapshotStore {
  private var snapshots: [SessionID: [UInt8]] = [:]
  private var isClosed = false
  private var heldLoads: [CheckedContinuation<Void, Never>] = []
  private var loadWatchers: [CheckedContinuation<Void, Never>] = []

  func closeGate() { isClosed = true }

  func openGate() {
    isClosed = false
    for load in heldLoads { load.resume() }
    heldLoads = []
  }

  /// Returns once a load waits at the closed gate.
  func waitForALoad() async {
    if !heldLoads.isEmpty { return }
    await withCheckedContinuation { loadWatchers.append($0) }
  }

  func save(_ snapshot: [UInt8], for session: SessionID) throws(SnapshotStoreError) {
    snapshots[session] = snapshot
  }

  func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]? {
    if isClosed {
      await withCheckedContinuation { continuation in
        heldLoads.append(continuation)
        for watcher in loadWatchers { watcher.resume() }
        loadWatchers = []
      }
    }
    return snapshots[session]
  }

  func remove(_ session: SessionID) throws(SnapshotStoreError) { snapshots[session] = nil }

  func sessionIDs() throws(SnapshotStoreError) -> [SessionID] { snapshots.keys.sorted() }
}
