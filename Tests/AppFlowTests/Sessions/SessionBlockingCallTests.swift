import Navigator
import Testing

@testable import AppFlow

/// Sessions take turns independently: a session whose turn is held never delays another's
/// call. No test here blocks a thread of the cooperative pool or waits on the wall clock, so
/// they pass on one core and on a busy machine alike.
@Suite struct SessionTurnTests {
  @Test func aCallIntoOneSessionNeverWaitsForAnotherSessionsTurn() async throws {
    let store = SessionCancellationTests.GatedStore()
    let host = SessionHost(store: store, codec: pageCodec) { id in makePageApp(id) }
    let (a, b) = (sessionID("a"), sessionID("b"))
    try await host.create(a)
    try await host.create(b)
    // The eviction of a holds a's turn while its save waits at the gate, suspended: no
    // thread is held, and a host with one turn for every session would keep b waiting too.
    let eviction = Task { try await host.evict(a) }
    await store.saveArrived.wait()
    let queuedOnA = Task { try await host.withSession(a) { app in app.isStarted } }
    #expect(try await host.withSession(b) { app in app.isStarted })
    store.gate.fire()
    try await eviction.value
    #expect(try await queuedOnA.value, "a's call ran after its turn came back, restored from the store")
  }

  @Test func aSessionIsIdleFromTheEndOfItsLastCall() async throws {
    let clock = ManualSessionClock()
    let host = SessionHost(codec: pageCodec, clock: clock, idleTimeout: .seconds(60)) { id in makePageApp(id)
    }
    let a = sessionID("a")
    try await host.create(a)
    // The call begins at 0 s and ends at 120 s; an eviction started during it waits for its
    // turn, or runs after the call if no other thread is free: either way it finds the
    // session fresh, since a session is idle from the end of its last call.
    let eviction = try await host.withSession(a) { _ in
      clock.advance(by: .seconds(120))
      return Task { await host.evictIdle() }
    }
    #expect(await eviction.value == [])
    #expect(await host.liveSessionCount == 1)
    clock.advance(by: .seconds(60))
    #expect(await host.evictIdle() == [a])
  }
}

/// A task cancelled while its call waits for the session's turn gives up its place.
@Suite struct SessionCancellationTests {
  /// An in-memory store whose saves wait at a gate, so that an eviction holds its session's
  /// turn for as long as a test wants.
  final class GatedStore: SnapshotStore {
    let inner = InMemorySnapshotStore()
    /// Fired when a save reaches the gate.
    let saveArrived = Arrival()
    /// Opened by the test.
    let gate = Arrival()

    func save(_ snapshot: [UInt8], for session: SessionID) async throws(SnapshotStoreError) {
      saveArrived.fire()
      await gate.wait()
      try await inner.save(snapshot, for: session)
    }
    func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]? {
      try await inner.load(session)
    }
    func remove(_ session: SessionID) async throws(SnapshotStoreError) { try await inner.remove(session) }
    func sessionIDs() async throws(SnapshotStoreError) -> [SessionID] { try await inner.sessionIDs() }
  }

  /// A host with session `a`, whose eviction holds the session's turn while its save waits
  /// at the store's gate (`store.gate.fire()` lets it go on).
  static func sessionWithItsTurnHeld() async throws -> (
    GatedStore, SessionHost, SessionID, Task<Void, any Error>
  ) {
    let store = GatedStore()
    let host = SessionHost(store: store, codec: pageCodec) { id in makePageApp(id) }
    let a = sessionID("a")
    try await host.create(a)
    let eviction = Task { try await host.evict(a) }
    await store.saveArrived.wait()
    return (store, host, a, eviction)
  }

  @Test func aCallCancelledWhileItWaitsForTheTurnDoesNothingAndTheQueueGoesOn() async throws {
    let (store, host, a, eviction) = try await Self.sessionWithItsTurnHeld()
    let ran = Occupancy()
    let cancelled = Task {
      try await host.withSession(a) { _ in
        ran.enter()
        ran.leave()
      }
    }
    // Cancelled once it is queued: the test yields until the host counts it waiting.
    while await host.waitingForTurn(a) == 0 { await Task.yield() }
    // A host that ignored the cancellation would keep the call waiting: the gate opens after
    // five minutes anyway, so that such a host fails this test instead of hanging it.
    let hangGuard = Task {
      try await Task.sleep(for: .seconds(300))
      store.gate.fire()
    }
    cancelled.cancel()
    let error = await expectSessionError(.cancelled) { try await cancelled.value }
    #expect(error?.message == "The call into session 'a' was cancelled while it waited for its turn.")
    #expect(error?.session == a)
    #expect(await host.waitingForTurn(a) == 0, "it gave up its place")
    // A call queued after it still gets the turn once the eviction is done: the session
    // comes back from the store.
    let later = Task { try await host.withSession(a) { app in app.isStarted } }
    while await host.waitingForTurn(a) == 0 { await Task.yield() }
    store.gate.fire()
    try await eviction.value
    #expect(try await later.value)
    #expect(ran.entered == 0, "the cancelled call's body never ran")
    #expect(await host.liveSessionCount == 1)
    hangGuard.cancel()
  }

  @Test func aCallCancelledBeforeItQueuesGivesUpToo() async throws {
    let (store, host, a, eviction) = try await Self.sessionWithItsTurnHeld()
    let ran = Occupancy()
    // The task is cancelled before it asks for the turn.
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await host.withSession(a) { _ in
        ran.enter()
        ran.leave()
      }
    }
    let error = await expectSessionError(.cancelled) { try await cancelled.value }
    #expect(error?.message == "The call into session 'a' was cancelled while it waited for its turn.")
    #expect(await host.waitingForTurn(a) == 0)
    store.gate.fire()
    try await eviction.value
    #expect(ran.entered == 0, "the cancelled call's body never ran")
  }
}
