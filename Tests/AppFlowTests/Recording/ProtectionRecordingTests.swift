import AppFlow
import Navigator
import Testing

/// A protected route of the recording shop.
struct Locker: Route { var id: Int }

/// A protection space that answers at once when told to, else keeps each `decide` for the
/// test (app code: a network check, a user's answer) to call later.
final class LateSpace: ProtectionSpace {
  /// The answer given at once; `nil`: answered later.
  var answerAtOnce: ProtectionDecision?
  /// The `decide` of each evaluation not answered at once, oldest first.
  var kept: [(ProtectionDecision) -> Void] = []
  var name: String { "LockerKey" }
  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    if let answerAtOnce { return decide(answerAtOnce) }
    kept.append(decide)
  }
}

/// A protection space's late answers are recorded inputs, replayed through the replay's own
/// evaluation; answers given inside `evaluate` are not inputs.
@Suite struct ProtectionRecordingTests {
  /// The recording shop with Locker (pushed on Catalog) protected by `space`.
  private func makeShop(_ space: LateSpace) throws -> AppController {
    let app = try makeRecordingShop()
    try app.routes.register(
      Locker.self, url: "shop://lockers/<int:id>", parent: { _ in Catalog() }, protectedBy: space
    ) { RouteScreen($0) }
    return app
  }

  /// ``expectRoundTrip(makeShop:atOnce:inputs:sourceLocation:_:)`` on this suite's shop, whose
  /// space never answers by itself: returns the log and the replay's app controller and space.
  @discardableResult
  private func roundTrip(
    inputs expected: [String], sourceLocation: SourceLocation = #_sourceLocation,
    _ session: (AppController, LateSpace) throws -> Void
  ) throws -> (log: SessionLog, app: AppController, space: LateSpace) {
    try expectRoundTrip(makeShop: makeShop, inputs: expected, sourceLocation: sourceLocation, session)
  }

  @Test func aLateAllowIsAnInputAndReplays() throws {
    let (log, fresh, freshSpace) = try roundTrip(
      inputs: [
        "start()", "navigate(to: Locker(id: 1), animated: false)", "answerProtection(pending: 0, allow)",
      ]
    ) { app, space in
      try app.start()
      app.navigate(to: Locker(id: 1), animated: false)
      #expect(Replayed.tree(app) == "NavigationController\n  [0] Catalog()")
      try #require(space.kept.count == 1)
      space.kept[0](.allow)
      #expect(Replayed.tree(app) == "NavigationController\n  [0] Catalog()\n  [1] Locker(id: 1)")
    }
    #expect(
      log.steps[2].events == [
        "LockerKey.allowed(Locker(id: 1))", "Locker(id: 1).viewDidLoad",
        "NavigationController.willPush(Locker(id: 1), animated: false)",
        "Locker(id: 1).willMove(toParent: NavigationController)", "Locker(id: 1).joined",
        "Catalog().viewWillDisappear(animated: false)", "Locker(id: 1).viewWillAppear(animated: false)",
        "NavigationController.willShow(Locker(id: 1), animated: false)",
        "Catalog().viewDidDisappear(animated: false)", "Locker(id: 1).viewDidAppear(animated: false)",
        "NavigationController.didShow(Locker(id: 1), animated: false)",
        "Locker(id: 1).didMove(toParent: NavigationController)",
        "NavigationController.didPush(Locker(id: 1), animated: false)",
        "completion(navigate(to: NavigationController[Catalog(), Locker(id: 1)], steps: [push Locker(id: 1) onto "
          + "root], animated: false))",
      ])
    // The replay answered through the replay's own evaluation; the app's own later call,
    // with another answer, is ignored: the first answer counts.
    try #require(freshSpace.kept.count == 1)
    let events = fresh.window.journal.events.count
    freshSpace.kept[0](.deny("too late"))
    #expect(fresh.window.journal.events.count == events)
    #expect(Replayed.tree(fresh) == "NavigationController\n  [0] Catalog()\n  [1] Locker(id: 1)")
  }

  @Test func aLateDenyIsAnInputAndReplays() throws {
    let (log, _, _) = try roundTrip(
      inputs: [
        "start()", "navigate(to: Locker(id: 2), animated: false)",
        "answerProtection(pending: 0, deny(\"closed\"))",
      ]
    ) { app, space in
      try app.start()
      app.navigate(to: Locker(id: 2), animated: false)
      try #require(space.kept.count == 1)
      space.kept[0](.deny("closed"))
      #expect(Replayed.tree(app) == "NavigationController\n  [0] Catalog()")
    }
    #expect(log.steps[2].events?.first == "LockerKey.denied(Locker(id: 2))")
  }

  @Test func anAnswerGivenInsideEvaluateIsNoInput() throws {
    let space = LateSpace()
    space.answerAtOnce = .allow
    let app = try makeShop(space)
    let recorder = try app.startRecording()
    try app.start()
    app.navigate(to: Locker(id: 3), animated: false)
    #expect(
      recorder.log.inputs == [.start, .navigateToRoute(AnyRoute(Locker(id: 3)), animated: false)])
    #expect(space.kept.isEmpty)
  }

  @Test func aSupersededEvaluationIsNotCountedAndItsLateAnswerIsNoInput() throws {
    try roundTrip(
      inputs: [
        "start()", "navigate(to: Locker(id: 4), animated: false)",
        "open(\"shop://lockers/5\", animated: false)",
        "answerProtection(pending: 0, deny(\"no\"))",
      ]
    ) { app, space in
      try app.start()
      app.navigate(to: Locker(id: 4), animated: false)
      // The deep link supersedes the navigation: its evaluation no longer waits.
      app.open("shop://lockers/5", animated: false)
      try #require(space.kept.count == 2)
      space.kept[1](.deny("no"))
      space.kept[0](.allow)
      #expect(Replayed.tree(app) == "NavigationController\n  [0] Catalog()")
    }
  }

  @Test func aNavigatorCallProtectedByItsOptionsIsRecordedBeforeItsAdmission() throws {
    let space = LateSpace()
    let app = try makeShop(space)
    let recorder = try app.startRecording()
    try app.start()
    let screen = try app.routes.makeScreen(for: AnyRoute(Locker(id: 8)))
    app.navigator.push(.instance(screen), options: NavigationOptions().animated(false).protect(with: space))
    try #require(space.kept.count == 1)
    space.kept[0](.allow)
    // The call is the input, its space named by the route Locker's registration; the late
    // answer is an input, and the push it lets through its consequence.
    #expect(
      recorder.log.inputs == [
        .start, .protected(.push(AnyRoute(Locker(id: 8)), from: nil, animated: false), by: "LockerKey"),
        .answerProtection(pending: 0, decision: .allow),
      ])
    #expect(Replayed.tree(app) == "NavigationController\n  [0] Catalog()\n  [1] Locker(id: 8)")
  }

  @Test func aLateRequireIsUnreplayableWithItsReason() throws {
    let space = LateSpace()
    let app = try makeShop(space)
    let recorder = try app.startRecording()
    try app.start()
    app.navigate(to: Locker(id: 6), animated: false)
    try #require(space.kept.count == 1)
    space.kept[0](.require(ReviewFlow(AnyRoute(Compose(productID: 1)), table: app.routes)))
    #expect(
      recorder.log.inputs == [
        .start, .navigateToRoute(AnyRoute(Locker(id: 6)), animated: false),
        .unreplayable(
          "a late answer to the protection LockerKey of Locker(id: 6) requiring the flow ReviewFlow: a required flow "
            + "is not recorded"),
      ])
  }

  @Test func aLogThatDeniesWhereTheSessionAllowedDiverges() throws {
    let space = LateSpace()
    let app = try makeShop(space)
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    app.navigate(to: Locker(id: 7), animated: false)
    try #require(space.kept.count == 1)
    space.kept[0](.allow)
    var log = recorder.log
    log.steps[2].input = .answerProtection(pending: 0, decision: .deny("planted"))
    let error = try #require(throws: ReplayError.self) { try log.replay(into: try makeShop(LateSpace())) }
    #expect(error.code == .divergence)
    #expect(
      error.divergence
        == ReplayDivergence(
          inputIndex: 2, input: .answerProtection(pending: 0, decision: .deny("planted")), eventIndex: 0,
          expected: "LockerKey.allowed(Locker(id: 7))", actual: "LockerKey.denied(Locker(id: 7))"))
  }

  @Test func anAnswerNoEvaluationWaitsForIsAMissingTarget() throws {
    let log = SessionLog(steps: [.init(.start), .init(.answerProtection(pending: 0, decision: .allow))])
    let error = try #require(throws: ReplayError.self) { try log.replay(into: try makeShop(LateSpace())) }
    #expect(error.code == .missingTarget)
    #expect(
      error.message
        == "Input 1, answerProtection(pending: 0, allow): 0 protection evaluations wait for a late answer; "
        + "the log names evaluation 0.")
  }

  @Test func lateAnswersWriteTheirJSONAndReadBack() throws {
    let app = try makeRecordingShop()
    let log = SessionLog(steps: [
      .init(.answerProtection(pending: 0, decision: .allow)),
      .init(.answerProtection(pending: 2, decision: .deny("closed"))),
    ])
    let text = String(decoding: try app.routes.encode(log), as: UTF8.self)
    #expect(
      text
        == #"{"inputs":[{"decision":"allow","input":"answerProtection","pending":0},"#
        + #"{"decision":"deny","input":"answerProtection","pending":2,"reason":"closed"}],"sessionLog":1}"#)
    #expect(try app.routes.decodeSessionLog(Array(text.utf8)) == log)
  }

  @Test func badLateAnswersAreTypedErrorsNamingTheRule() throws {
    let app = try makeRecordingShop()
    func message(_ input: String) throws -> String { try corruptLogMessage(app, input: input) }
    #expect(
      try message(#"{"decision":"maybe","input":"answerProtection","pending":0}"#)
        == "The answerProtection input at .inputs[0] has the unknown decision \"maybe\"; a decision is \"allow\" or "
        + "\"deny\".")
    #expect(
      try message(#"{"decision":"allow","input":"answerProtection","pending":-1}"#)
        == "The answerProtection input at .inputs[0] names the pending evaluation -1; evaluations are numbered "
        + "from 0.")
    #expect(
      try message(#"{"decision":"deny","input":"answerProtection","pending":0}"#)
        == "The answerProtection input at .inputs[0] has no \"reason\".")
    #expect(
      try message(#"{"decision":"allow","input":"answerProtection"}"#)
        == "The answerProtection input at .inputs[0] has no \"pending\".")
  }
}

/// A window's tree as text, screens by their routes.
enum Replayed {
  static func tree(_ app: AppController) -> String {
    app.window.navigationState(keyedBy: AnyRoute.self).description
  }
}
