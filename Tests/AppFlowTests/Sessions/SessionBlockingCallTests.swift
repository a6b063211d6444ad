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
