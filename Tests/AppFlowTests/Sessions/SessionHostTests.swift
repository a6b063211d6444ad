import AppFlow
import Navigator
import Synchronization
import Testing

/// The host's life cycle for one session: create, work, snapshot, evict (everything
/// released), restore on the next call, remove; unknown sessions and every failure typed.
@Suite struct SessionHostTests {
  private let alice = sessionID("alice")

  private func makeHost(store: some SnapshotStore = InMemorySnapshotStore()) -> SessionHost {
    SessionHost(store: store, codec: pageCodec) { id in makePageApp(id) }
  }

  /// Brings the session to a three-screen stack and runs a flow whose page sheet covers it.
  private static func visitSettings(_ app: AppController, _ id: SessionID) throws -> [SendableWeak] {
    try app.navigator.tryNavigate(to: .stack(id, ["list", "detail"]), options: .init().animated(false))
    let flow = PageFlow(Page(id, "settings"))
    app.run(flow, as: .sheet(), animated: false)
    return heldObjects(app) + [SendableWeak("flow", flow)]
  }

  // MARK: Creating

  @Test func aCreatedSessionHasItsAppControllerStartedAtItsRoot() async throws {
    let host = makeHost()
    #expect(try await host.create(alice) == alice)
    let (started, state) = try await host.withSession(alice) { app in (app.isStarted, pageState(app)) }
    #expect(started)
    #expect(state == .home(alice))
    #expect(await host.liveSessionCount == 1)
  }

  @Test func aSessionCreatedWithoutAnIdentifierGetsANewRandomOne() async throws {
    let host = makeHost()
    let (first, second) = (try await host.create(), try await host.create())
    #expect(first != second)
    #expect(first.rawValue.count == 32 && second.rawValue.count == 32)
    let roots = try await [
      host.withSession(first) { pageState($0) }, host.withSession(second) { pageState($0) },
    ]
    #expect(roots == [.home(first), .home(second)])
    #expect(await host.liveSessionCount == 2)
  }

  @Test func anAppControllerTheFactoryStartedIsNotStartedAgain() async throws {
    let made = Mutex(0)
    let host = SessionHost(codec: pageCodec) {
      made.withLock { $0 += 1 }
      let app = makePageApp(sessionID("started"))
      try app.start()
      return app
    }
    let id = try await host.create()
    #expect(try await host.withSession(id) { pageState($0) } == .home(sessionID("started")))
    #expect(made.withLock { $0 } == 1)
  }

  @Test func creatingASessionTheHostHoldsOrTheStoreHasIsRefused() async throws {
    let host = makeHost()
    try await host.create(alice)
    let held = await expectSessionError(.sessionExists) { try await host.create(alice) }
    #expect(held?.message == "Session 'alice' exists: the host holds it.")
    #expect(held?.session == alice)
    try await host.evict(alice)
    let stored = await expectSessionError(.sessionExists) { try await host.create(alice) }
    #expect(stored?.message == "Session 'alice' exists: the store has a snapshot of it.")
    #expect(await host.liveSessionCount == 0)
  }

  // MARK: Working, snapshotting, evicting, restoring

  @Test func anEvictedSessionReleasesEverythingAndComesBackAsItWasOnTheNextCall() async throws {
    let host = makeHost()
    try await host.create(alice)
    let refs = try await host.withSession(alice) { try Self.visitSettings($0, alice) }
    #expect(
      refs.map(\.name) == [
        "app", "window", "NavigationController", "alice/home", "alice/list", "alice/detail", "alice/settings",
        "flow",
      ])
    let (before, flows) = try await host.withSession(alice) { app in (pageState(app), app.flows.description) }
    #expect(before == .stack(alice, ["list", "detail"], sheet: "settings"))
    #expect(flows == "aliceFlow#1 running, first screen alice/settings, modal(pageSheet)")
    let snapshot = try await host.snapshot(alice)

    try await host.evict(alice)
    #expect(alive(refs) == [])
    #expect(await host.liveSessionCount == 0)
    #expect(try await host.store.load(alice) == snapshot)
    // An evicted session's snapshot comes from the store, without restoring it.
    #expect(try await host.snapshot(alice) == snapshot)
    #expect(await host.liveSessionCount == 0)

    let (after, flowsAfter, restoredRefs) = try await host.withSession(alice) { app in
      (pageState(app), app.flows.isEmpty, heldObjects(app))
    }
    #expect(after == before)
    #expect(flowsAfter, "the test codec restores screens, not flows")
    #expect(alive(restoredRefs) == restoredRefs.map(\.name))
    #expect(await host.liveSessionCount == 1)
    #expect(try await host.snapshot(alice) == snapshot)
  }

  @Test func evictingAnEvictedSessionDoesNothingAndSavingKeepsTheSessionLive() async throws {
    let host = makeHost()
    try await host.create(alice)
    try await host.withSession(alice) { app in
      try app.navigator.tryNavigate(to: .stack(alice, ["list"]), options: .init().animated(false))
    }
    try await host.save(alice)
    #expect(await host.liveSessionCount == 1)
    #expect(try await host.store.load(alice) == host.snapshot(alice))
    try await host.withSession(alice) { app in
      try app.navigator.tryNavigate(to: .stack(alice, ["list", "detail"]), options: .init().animated(false))
    }
    try await host.evict(alice)
    try await host.evict(alice)
    try await host.save(alice)
    #expect(await host.liveSessionCount == 0)
    #expect(try await host.withSession(alice) { pageState($0) } == .stack(alice, ["list", "detail"]))
  }

  @Test func removingASessionDropsItAndItsSnapshotWhetherLiveOrEvicted() async throws {
    let host = makeHost()
    let bob = sessionID("bob")
    try await host.create(alice)
    try await host.create(bob)
    let refs = try await host.withSession(alice) { heldObjects($0) }
    try await host.evict(bob)

    try await host.remove(alice)
    try await host.remove(bob)
    #expect(alive(refs) == [])
    #expect(await host.liveSessionCount == 0)
    #expect(try await host.store.sessionIDs() == [])
    await expectSessionError(.unknownSession) { try await host.withSession(alice) { _ in } }
    await expectSessionError(.unknownSession) { try await host.remove(bob) }
    // The identifier is free again: a new session at its root.
    try await host.create(alice)
    #expect(try await host.withSession(alice) { pageState($0) } == .home(alice))
  }

  // MARK: Unknown sessions

  @Test func everyCallIntoAnUnknownSessionIsRefusedWithoutRunningAnything() async throws {
    let host = makeHost()
    let ghost = sessionID("ghost")
    let ran = Mutex(false)
    let error = await expectSessionError(.unknownSession) {
      try await host.withSession(ghost) { _ in ran.withLock { $0 = true } }
    }
    #expect(
      error?.message == "No session 'ghost': the host does not hold it and its store has no snapshot of it.")
    #expect(error?.session == ghost)
    #expect(!ran.withLock { $0 })
    await expectSessionError(.unknownSession) { _ = try await host.snapshot(ghost) }
    await expectSessionError(.unknownSession) { try await host.save(ghost) }
    await expectSessionError(.unknownSession) { try await host.evict(ghost) }
    await expectSessionError(.unknownSession) { try await host.remove(ghost) }
    #expect(await host.liveSessionCount == 0)
    #expect(try await host.store.sessionIDs() == [])
  }

  // MARK: Failures

  @Test func aFactoryThatThrowsOrAnAppThatCannotStartIsAppFailed() async throws {
    struct NoApp: Error, CustomStringConvertible { var description: String { "no app today" } }
    let throwing = SessionHost(codec: pageCodec) { () throws -> AppController in throw NoApp() }
    let thrown = await expectSessionError(.appFailed) { try await throwing.create(alice) }
    #expect(thrown?.message == "Can't make the app controller of session 'alice': no app today")
    await expectSessionError(.unknownSession) { try await throwing.withSession(alice) { _ in } }

    let unstartable = SessionHost(codec: pageCodec) {
      AppController(
        window: Window(misusePolicy: .report), root: .storyboard(Storyboard(name: "Empty", scenes: [])))
    }
    let failed = await expectSessionError(.appFailed) { try await unstartable.create(alice) }
    #expect(failed?.message.hasPrefix("Can't start the app controller of session 'alice': ") == true)
    #expect(await throwing.liveSessionCount == 0)
    #expect(await unstartable.liveSessionCount == 0)
  }

  @Test func aSnapshotThatFailsLeavesTheSessionLiveAndTheStoreUntouched() async throws {
    struct Unsavable: Error, CustomStringConvertible { var description: String { "unsavable" } }
    let codec = SessionCodec(snapshot: { _ in throw Unsavable() }, restore: { _, _ in })
    let host = SessionHost(codec: codec) { id in makePageApp(id) }
    try await host.create(alice)
    let error = await expectSessionError(.snapshotFailed) { try await host.evict(alice) }
    #expect(error?.message == "Can't snapshot session 'alice': unsavable")
    await expectSessionError(.snapshotFailed) { try await host.save(alice) }
    #expect(await host.liveSessionCount == 1)
    #expect(try await host.store.sessionIDs() == [])
    #expect(try await host.withSession(alice) { pageState($0) } == .home(alice))
  }

  @Test func aRestoreThatFailsLeavesTheSessionLiveAtItsRootWithoutRunningTheCall() async throws {
    struct Unreadable: Error, CustomStringConvertible { var description: String { "unreadable" } }
    let codec = SessionCodec(snapshot: pageCodec.snapshot, restore: { _, _ in throw Unreadable() })
    let host = SessionHost(codec: codec) { id in makePageApp(id) }
    try await host.create(alice)
    try await host.withSession(alice) { app in
      try app.navigator.tryNavigate(to: .stack(alice, ["list"]), options: .init().animated(false))
    }
    try await host.evict(alice)
    let stored = try await host.store.load(alice)
    let ran = Mutex(0)
    let error = await expectSessionError(.restoreFailed) {
      try await host.withSession(alice) { _ in ran.withLock { $0 += 1 } }
    }
    #expect(
      error?.message
        == "Can't restore session 'alice' from its \(stored?.count ?? 0)-byte snapshot: unreadable. "
        + "The session is live where the codec left it.")
    #expect(ran.withLock { $0 } == 0)
    #expect(await host.liveSessionCount == 1)
    #expect(try await host.store.load(alice) == stored, "kept until the session is saved again")
    #expect(try await host.withSession(alice) { pageState($0) } == .home(alice))
  }

  @Test func aStoreThatFailsIsWrappedAndTheSessionStaysAsItWas() async throws {
    let store = FailingStore()
    let host = makeHost(store: store)
    let id = try await host.create()  // a new random identifier: the store is not asked
    let save = await expectSessionError(.storeFailed) { try await host.evict(id) }
    #expect(save?.storeError == store.error)
    #expect(save?.message == "Can't save session '\(id)': the store failed: the disk is gone")
    await expectSessionError(.storeFailed) { try await host.remove(id) }
    #expect(await host.liveSessionCount == 1)
    #expect(try await host.withSession(id) { pageState($0) } == .home(id))
    let load = await expectSessionError(.storeFailed) { try await host.withSession(alice) { _ in } }
    #expect(load?.message == "Can't load session 'alice': the store failed: the disk is gone")
    await expectSessionError(.storeFailed) { try await host.create(alice) }
    #expect(await host.liveSessionCount == 1)
  }

  @Test func errorCodesNameTheirRule() {
    let codes: [SessionError.Code] = [
      .unknownSession, .invalidSessionID, .sessionExists, .appFailed, .snapshotFailed, .restoreFailed,
      .storeFailed,
    ]
    #expect(
      codes.map(\.description) == [
        "unknownSession", "invalidSessionID", "sessionExists", "appFailed", "snapshotFailed", "restoreFailed",
        "storeFailed",
      ])
    let storeCodes: [SnapshotStoreError.Code] = [
      .damaged, .unsupportedFormat, .io, .init(rule: "unavailable"),
    ]
    #expect(storeCodes.map(\.description) == ["damaged", "unsupportedFormat", "io", "unavailable"])
    #expect(SnapshotStoreError.Code(rule: "damaged") == .damaged)
    #expect(SnapshotStoreError.Code(rule: "unavailable") == SnapshotStoreError.Code(rule: "unavailable"))
    #expect(SnapshotStoreError.Code(rule: "unavailable") != .io)
  }
}
