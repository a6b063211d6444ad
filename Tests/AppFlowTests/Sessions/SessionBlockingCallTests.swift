import AppFlow
import Navigator
import Testing

/// Calls that block their thread on purpose, to catch two calls at the same moment: one test
/// at a time, so that they never hold more of the cooperative pool's threads than the
/// machine has (two); every wait has a deadline, so a broken host fails instead of hanging.
@Suite(.serialized) struct SessionBlockingCallTests {
  @Test func callsIntoDifferentSessionsRunAtTheSameTime() async throws {
    let host = SessionHost(codec: pageCodec) { id in makePageApp(id) }
    let (a, b) = (sessionID("a"), sessionID("b"))
    try await host.create(a)
    try await host.create(b)
    let (aInside, bInside) = (Signal(), Signal())
    // Each call waits, blocking its thread, for the other to be inside: both return true only
    // if the two calls ran at once.
    async let aSawB = host.withSession(a) { _ in
      aInside.fire()
      return bInside.wait(seconds: 60)
    }
    async let bSawA = host.withSession(b) { _ in
      bInside.fire()
      return aInside.wait(seconds: 60)
    }
    let (first, second) = try await (aSawB, bSawA)
    #expect(first && second)
  }

  @Test func aSessionWhoseCallIsRunningIsNotIdle() async throws {
    let clock = ManualSessionClock()
    let host = SessionHost(codec: pageCodec, clock: clock, idleTimeout: .seconds(60)) { id in makePageApp(id)
    }
    let a = sessionID("a")
    try await host.create(a)
    let (entered, release) = (Arrival(), Signal())
    let call = Task {
      try await host.withSession(a) { _ in
        entered.fire(); return release.wait(seconds: 60)
      }
    }
    await entered.wait()
    clock.advance(by: .seconds(120))
    let eviction = Task { await host.evictIdle() }
    release.fire()
    #expect(try await call.value, "the call was released")
    // The call began at 0 s and ended at 120 s: the session is idle from its end, so the
    // eviction (which waits for the call when it comes during it) finds it fresh.
    #expect(await eviction.value == [])
    #expect(await host.liveSessionCount == 1)
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

  @Test func aCallCancelledWhileItWaitsForTheTurnDoesNothingAndTheQueueGoesOn() async throws {
    let store = GatedStore()
    let host = SessionHost(store: store, codec: pageCodec) { id in makePageApp(id) }
    let a = sessionID("a")
    try await host.create(a)
    // The eviction holds the session's turn while its save waits at the gate.
    let eviction = Task { try await host.evict(a) }
    await store.saveArrived.wait()
    let ran = Occupancy()
    let cancelled = Task {
      try await host.withSession(a) { _ in
        ran.enter()
        ran.leave()
      }
    }
    // A host that ignored the cancellation would keep the call waiting: the gate opens after
    // 10 seconds anyway, so that such a host fails this test instead of hanging it.
    let deadline = Task {
      try await Task.sleep(for: .seconds(10))
      store.gate.fire()
    }
    // Cancelled while queued, or before it queued: either way it gives up.
    try await Task.sleep(for: .milliseconds(20))
    cancelled.cancel()
    let error = await expectSessionError(.cancelled) { try await cancelled.value }
    #expect(error?.message == "The call into session 'a' was cancelled while it waited for its turn.")
    #expect(error?.session == a)
    // A call queued after it still gets the turn once the eviction is done: the session
    // comes back from the store.
    let later = Task { try await host.withSession(a) { app in app.isStarted } }
    store.gate.fire()
    try await eviction.value
    #expect(try await later.value)
    #expect(ran.entered == 0, "the cancelled call's body never ran")
    #expect(await host.liveSessionCount == 1)
    deadline.cancel()
  }
}
