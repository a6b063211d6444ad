import AppFlow
import Navigator
import Testing

/// A flow protected by a late space, its first screen a route's screen.
final class LockedFlow: Flow<String> {
  let route: AnyRoute
  let space: LateSpace
  weak var table: RouteTable?
  init(_ route: AnyRoute, _ space: LateSpace, table: RouteTable) {
    self.route = route
    self.space = space
    self.table = table
  }
  override var protection: (any ProtectionSpace)? { space }
  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let table else { throw NavigationError(.invalidRequest, "no table") }
    return try table.makeScreen(for: route)
  }
}

/// Several protection evaluations waiting at once, answered in any order: each answer names
/// its evaluation by its index among those waiting, and the replay answers the same one.
@Suite struct PendingProtectionsRecordingTests {
  /// The recording shop with Locker (pushed on Catalog) protected by `space`, and the
  /// Locked flow (tag "Locked") protected by it too.
  private func makeShop(_ space: LateSpace) throws -> AppController {
    let app = try makeRecordingShop()
    try app.routes.register(
      Locker.self, url: "shop://lockers/<int:id>", parent: { _ in Catalog() }, protectedBy: space
    ) { RouteScreen($0) }
    try app.routes.registerFlow(LockedFlow.self, tag: "Locked") { [unowned app] route in
      LockedFlow(route, space, table: app.routes)
    }
    return app
  }

  /// ``expectRoundTrip(makeShop:atOnce:inputs:sourceLocation:_:)`` on this suite's shop, whose
  /// space never answers by itself: returns the log.
  @discardableResult
  private func roundTrip(
    inputs expected: [String], sourceLocation: SourceLocation = #_sourceLocation,
    _ session: (AppController, LateSpace) throws -> Void
  ) throws -> SessionLog {
    try expectRoundTrip(makeShop: makeShop, inputs: expected, sourceLocation: sourceLocation, session).log
  }

  /// Starts, navigates to Locker 1 and runs the Locked flow on `route`: two evaluations wait.
  private func startTwoWaiting(_ app: AppController, _ space: LateSpace, route: some Route) throws {
    try app.start()
    app.navigate(to: Locker(id: 1), animated: false)
    app.run(LockedFlow(AnyRoute(route), space, table: app.routes), as: .push, animated: false)
    try #require(space.kept.count == 2)
  }

  @Test func twoWaitingEvaluationsAnsweredNewestFirstReplay() throws {
    let log = try roundTrip(
      inputs: [
        "start()", "navigate(to: Locker(id: 1), animated: false)",
        "run(Locked on Compose(productID: 1), as: push, animated: false)",
        "answerProtection(pending: 1, allow)",
        "answerProtection(pending: 0, deny(\"closed\"))",
      ]
    ) { app, space in
      try startTwoWaiting(app, space, route: Compose(productID: 1))
      space.kept[1](.allow)
      space.kept[0](.deny("closed"))
      #expect(Replayed.tree(app) == "NavigationController\n  [0] Catalog()\n  [1] Compose(productID: 1)")
    }
    #expect(
      log.steps[1].events == ["LockerKey.asked(Locker(id: 1))"])
    #expect(
      log.steps[2].events == ["LockerKey.asked(LockedFlow's first screen)"])
    #expect(
      log.steps[3].events == [
        "LockerKey.allowed(LockedFlow's first screen)", "Compose(productID: 1).viewDidLoad",
        "NavigationController.willPush(Compose(productID: 1), animated: false)",
        "Compose(productID: 1).willMove(toParent: NavigationController)", "Compose(productID: 1).joined",
        "LockedFlow#1.started(Compose(productID: 1))", "Catalog().viewWillDisappear(animated: false)",
        "Compose(productID: 1).viewWillAppear(animated: false)",
        "NavigationController.willShow(Compose(productID: 1), animated: false)",
        "Catalog().viewDidDisappear(animated: false)", "Compose(productID: 1).viewDidAppear(animated: false)",
        "NavigationController.didShow(Compose(productID: 1), animated: false)",
        "Compose(productID: 1).didMove(toParent: NavigationController)",
        "NavigationController.didPush(Compose(productID: 1), animated: false)",
        "completion(push(Compose(productID: 1), onto: NavigationController, animated: false))",
      ])
    #expect(log.steps[4].events == ["LockerKey.denied(Locker(id: 1))"])
  }

  @Test func threeWaitingEvaluationsAnsweredOutOfOrderReplay() throws {
    try roundTrip(
      inputs: [
        "start()", "navigate(to: Locker(id: 1), animated: false)",
        "run(Locked on Compose(productID: 1), as: push, animated: false)",
        "run(Locked on Preview(), as: push, animated: false)", "answerProtection(pending: 2, allow)",
        "answerProtection(pending: 0, deny(\"closed\"))", "answerProtection(pending: 0, allow)",
      ]
    ) { app, space in
      try startTwoWaiting(app, space, route: Compose(productID: 1))
      app.run(LockedFlow(AnyRoute(Preview()), space, table: app.routes), as: .push, animated: false)
      try #require(space.kept.count == 3)
      space.kept[2](.allow)
      space.kept[0](.deny("closed"))
      space.kept[1](.allow)
      #expect(
        Replayed.tree(app)
          == "NavigationController\n  [0] Catalog()\n  [1] Preview()\n  [2] Compose(productID: 1)")
    }
  }

  @Test func anEvaluationThatStartsAfterAnAnswerIsNumberedAmongThoseStillWaiting() throws {
    try roundTrip(
      inputs: [
        "start()", "navigate(to: Locker(id: 1), animated: false)",
        "run(Locked on Compose(productID: 1), as: push, animated: false)",
        "answerProtection(pending: 1, allow)",
        "run(Locked on Preview(), as: push, animated: false)", "answerProtection(pending: 1, allow)",
        "answerProtection(pending: 0, allow)",
      ]
    ) { app, space in
      try startTwoWaiting(app, space, route: Compose(productID: 1))
      space.kept[1](.allow)
      // Locker's evaluation still waits: the new one is the second of those waiting.
      app.run(LockedFlow(AnyRoute(Preview()), space, table: app.routes), as: .push, animated: false)
      try #require(space.kept.count == 3)
      space.kept[2](.allow)
      // Allowed last, the navigation runs against the window as it is then.
      space.kept[0](.allow)
      #expect(Replayed.tree(app) == "NavigationController\n  [0] Catalog()\n  [1] Locker(id: 1)")
    }
  }

  @Test func anAnswerToTheWrongEvaluationDiverges() throws {
    let space = LateSpace()
    let app = try makeShop(space)
    let recorder = try app.startRecording(recordingEvents: true)
    try startTwoWaiting(app, space, route: Compose(productID: 1))
    space.kept[1](.allow)
    var log = recorder.log
    // Planted: the answer goes to the navigation, not the flow.
    log.steps[3].input = .answerProtection(pending: 0, decision: .allow)
    let error = try #require(throws: ReplayError.self) { try log.replay(into: try makeShop(LateSpace())) }
    #expect(error.code == .divergence)
    #expect(
      error.message
        == "The replay differs at event 0 of input 3, answerProtection(pending: 0, allow):\n"
        + "  expected: LockerKey.allowed(LockedFlow's first screen)\n"
        + "  actual:   LockerKey.allowed(Locker(id: 1))")
  }

  @Test func anAnswerToAnEvaluationBeyondThoseWaitingIsAMissingTarget() throws {
    let log = SessionLog(steps: [
      .init(.start), .init(.navigateToRoute(AnyRoute(Locker(id: 1)), animated: false)),
      .init(.runFlow(tag: "Locked", route: AnyRoute(Preview()), presentation: .push, animated: false)),
      .init(.answerProtection(pending: 2, decision: .allow)),
    ])
    let fresh = try makeShop(LateSpace())
    let error = try #require(throws: ReplayError.self) { try log.replay(into: fresh) }
    #expect(error.code == .missingTarget)
    #expect(
      error.message
        == "Input 3, answerProtection(pending: 2, allow): 2 protection evaluations wait for a late answer; the log "
        + "names evaluation 2.")
    #expect(Replayed.tree(fresh) == "NavigationController\n  [0] Catalog()")
  }
}
