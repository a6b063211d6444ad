import AppFlow
import Navigator
import Testing

/// Replays with a planted difference stop at the first differing event, and say which input
/// led there and both sides.
@Suite struct ReplayDivergenceTests {
  /// The log of a short session on a recording shop made with `variation`.
  private func recorded(_ variation: ShopVariation = ShopVariation()) throws -> SessionLog {
    let app = try makeRecordingShop(variation: variation)
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    app.navigate(to: Product(id: 4), animated: false)
    app.rootNavigationController?.navigationBar.tapBackButton()
    return recorder.log
  }

  @Test func aRouteFactoryThatMakesAnotherScreenIsTheFirstDifference() throws {
    let log = try recorded()
    var variation = ShopVariation()
    variation.productTitle = "New "
    let error = try #require(throws: ReplayError.self) {
      try log.replay(into: try makeRecordingShop(variation: variation))
    }
    #expect(error.code == .divergence)
    #expect(
      error.divergence
        == ReplayDivergence(
          inputIndex: 1, input: .navigateToRoute(AnyRoute(Product(id: 4)), animated: false), eventIndex: 0,
          expected: "Product(id: 4).viewDidLoad", actual: "New Product(id: 4).viewDidLoad"))
    #expect(
      error.message == """
        The replay differs at event 0 of input 1, navigate(to: Product(id: 4), animated: false):
          expected: Product(id: 4).viewDidLoad
          actual:   New Product(id: 4).viewDidLoad
        """)
  }

  @Test func aPopGuardThatAnswersOtherwiseIsTheFirstDifference() throws {
    var allowing = ShopVariation()
    allowing.productGuard = .some(true)
    let log = try recorded(allowing)
    var denying = ShopVariation()
    denying.productGuard = .some(false)
    let fresh = try makeRecordingShop(variation: denying)
    let error = try #require(throws: ReplayError.self) { try log.replay(into: fresh) }
    // The guard's answer is no event; the pop that the recording's guard allowed is.
    #expect(
      error.divergence
        == ReplayDivergence(
          inputIndex: 2, input: .tapBackButton(.root), eventIndex: 0,
          expected: "NavigationController.willPop(Product(id: 4), animated: true)", actual: nil))
    // The inputs before the failing one stay applied; the failing one was applied too.
    #expect(fresh.window.navigationState(keyedBy: AnyRoute.self).description.contains("[1] Product(id: 4)"))
  }

  @Test func aDroppedInputIsTheFirstDifferenceAfterIt() throws {
    var log = try recorded()
    log.steps.remove(at: 1)
    let error = try #require(throws: ReplayError.self) { try log.replay(into: try makeRecordingShop()) }
    #expect(
      error.divergence
        == ReplayDivergence(
          inputIndex: 1, input: .tapBackButton(.root), eventIndex: 0,
          expected: "NavigationController.willPop(Product(id: 4), animated: true)", actual: nil))
  }

  @Test func aDifferentEndStateIsReportedAfterTheLastInput() throws {
    var log = try recorded()
    log.end = "NavigationController\n  [0] Search()"
    let error = try #require(throws: ReplayError.self) { try log.replay(into: try makeRecordingShop()) }
    #expect(
      error.divergence
        == ReplayDivergence(
          inputIndex: 3, input: nil, eventIndex: nil, expected: "NavigationController\n  [0] Search()",
          actual: "NavigationController\n  [0] Catalog()"))
    #expect(error.message.hasPrefix("The replay differs at the end state, after input 2:"))
  }

  @Test func extraEventsInTheReplayAreReported() throws {
    var log = try recorded()
    let last = try #require(log.steps[2].events?.last)
    log.steps[2].events?.removeLast()
    let error = try #require(throws: ReplayError.self) { try log.replay(into: try makeRecordingShop()) }
    let divergence = try #require(error.divergence)
    #expect(divergence.inputIndex == 2)
    #expect(divergence.expected == nil)
    #expect(divergence.eventIndex == log.steps[2].events?.count)
    #expect(divergence.actual == last)
  }

  @Test func aStepWithoutEventsIsAppliedWithoutComparing() throws {
    var log = try recorded()
    log.steps[1].events = nil
    log.steps[1].input = .navigateToRoute(AnyRoute(Product(id: 4)), animated: false)
    #expect(throws: Never.self) { try log.replay(into: try makeRecordingShop()) }
  }

  @Test func unreplayableInputsStopTheReplayThere() throws {
    let app = try makeRecordingShop()
    let recorder = try app.startRecording()
    try app.start()
    app.navigator.push(.type(Composer.self))
    app.navigator.pop()
    #expect(
      recorder.log.inputs == [
        .start,
        .unreplayable(
          "Request(push, type(\"Composer\")): the screen type Composer is not registered for session logs; "
            + "register it with RouteTable.registerScreen(_:tag:)"),
        .pop(from: nil, animated: true),
      ])
    let error = try #require(throws: ReplayError.self) {
      try recorder.log.replay(into: try makeRecordingShop())
    }
    #expect(error.code == .unreplayableInput)
    #expect(
      error.message
        == "Input 1 can't be replayed: Request(push, type(\"Composer\")): the screen type Composer is not "
        + "registered for session logs; register it with RouteTable.registerScreen(_:tag:)")
  }

  @Test func anInputWhoseScreenIsMissingIsATypedError() throws {
    let log = SessionLog(steps: [.init(.start), .init(.tapBackButton(StatePath([.presented])))])
    let error = try #require(throws: ReplayError.self) { try log.replay(into: try makeRecordingShop()) }
    #expect(error.code == .missingTarget)
    #expect(
      error.message
        == "Input 1, tapBackButton(root.presented), names root.presented, where the replayed window has no screen."
    )
  }

  @Test func aStartedAppControllerIsRefused() throws {
    let app = try makeRecordingShop()
    try app.start()
    let error = try #require(throws: ReplayError.self) { try SessionLog().replay(into: app) }
    #expect(error.code == .badStart)
  }
}

/// Inputs that can't be named by keys are recorded as unreplayable, with the reason, never
/// skipped; popovers, children and taps on views of screens with routes are named by their
/// places.
@Suite struct UnreplayableInputTests {
  @Test func referencesAreNamedAsTheReasonAnInputCannotBeReplayed() throws {
    let app = try makeRecordingShop()
    try app.start()
    let recorder = try app.startRecording()
    let catalog = try #require(app.rootNavigationController?.topViewController)
    app.navigator.popover(
      .instance(try app.routes.makeScreen(for: AnyRoute(Filters()))), anchor: .view(catalog.view, rect: .zero)
    )
    app.window.tapOutsidePopover(on: catalog.view)
    app.window.tapOutsidePopover()
    app.navigator.addChild(.instance(try app.routes.makeScreen(for: AnyRoute(Preview()))), to: catalog)
    app.restore(try app.snapshot(), delegate: AllowingRestorer())
    let reasons = recorder.log.inputs.map { input -> String in
      if case .unreplayable(let reason) = input { return reason }
      return "\(input)"
    }
    #expect(reasons.count == 5)
    #expect(reasons.filter { $0.contains("0x") } == [])
    #expect(
      reasons[0] == "popover(Filters(), anchor: view(of: root[0], path: [], rect: (0.0, 0.0, 0.0, 0.0)))")
    #expect(reasons[1] == "tapOutsidePopover(on: view(of: root[0], path: []))")
    #expect(reasons[2] == "tapOutsidePopover()")
    #expect(reasons[3] == "addChild(Preview(), to: root[0])")
    #expect(reasons[4].hasSuffix("with a delegate, whose decisions are not recorded"))
  }
}

/// Allows every screen.
final class AllowingRestorer: StateRestorationDelegate {
  func restoration(of route: AnyRoute, at path: StatePath) -> RestorationDecision { .allow }
}
