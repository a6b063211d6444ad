import Navigator
import TestSupport
import Testing

/// `navigate(to:)` to a state that takes screens out of the middle of a stack: the screens
/// above them move down and stay the same instances, the plan is one `setViewControllers`
/// step, and the callbacks are UIKit's for a `setViewControllers` that keeps the top (the
/// removed screens move out; the kept ones hear nothing; no appearance callbacks).
@Suite(.exhaustiveStages) struct StackMiddleRemovalTests {
  typealias State = NavigationState<String>

  /// A stage with no root and a bench on its navigator whose provider makes `Screen(key)`,
  /// screens joining and leaving journaled.
  private func stage(
    scheduler: Stage.Scheduling = .immediate, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (Stage, StateBench) {
    let stage = Stage(.nothing, scheduler: scheduler, membership: true, sourceLocation: sourceLocation)
    return (stage, StateBench(navigator: stage.navigator, scheduler: stage.scheduler))
  }

  /// The screens at `paths`, each required.
  private func screens(
    _ window: Window, _ paths: [StatePath], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [ViewController] {
    try paths.map { try #require(window.screen(at: $0), "\($0)", sourceLocation: sourceLocation) }
  }

  /// The completion event of a navigation to `target` that ran `plan`.
  private func completion(_ target: String, _ plan: NavigationPlan<String>, animated: Bool) -> NavigationEvent
  {
    .completion(.navigate(to: target, steps: plan.steps.map(\.description), animated: animated))
  }

  @Test func removingOneMiddleScreenKeepsTheInstancesAboveItAndGivesOnlyTheRemovedOneCallbacks() throws {
    let (stage, bench) = stage()
    try bench.setUp(State(root: .stack("A", "B", "C", "D")))
    let window = stage.window
    let shown = try screens(window, [.root, .entry(0), .entry(1), .entry(2), .entry(3)])
    let (nav, a, b, c, d) = (shown[0], shown[1], shown[2], shown[3], shown[4])
    let target = State(root: .stack("A", "C", "D"))
    let plan = try bench.navigator.plan(to: target)
    #expect(plan.steps == [.setStack(.root, to: [.screen("A"), .screen("C"), .screen("D")])])
    var ran: [NavigationPlan<String>] = []
    bench.navigator.navigate(to: target, options: .init().animated(false).completion { ran.append($0) })
    #expect(ran == [plan])
    stage.expect([
      .willSetViewControllers([a.screenID, c.screenID, d.screenID], in: nav.screenID, animated: false),
      .willMove(b, to: nil), .didMove(b, to: nil),
      .didSetViewControllers([a.screenID, c.screenID, d.screenID], in: nav.screenID, animated: false),
      .left(b, .stackReplaced),
      completion("NavigationController[A, C, D]", plan, animated: false),
    ])
    #expect(
      try screens(window, [.root, .entry(0), .entry(1), .entry(2)]).map(ObjectIdentifier.init)
        == [nav, a, c, d].map(ObjectIdentifier.init))
    #expect(bench.made.keys == [], "nothing is made: C and D move down")
    #expect(bench.state == target)
    #expect(b.parent == nil && !b.isInWindowHierarchy)
    #expect(d.appearanceState == .appeared && c.appearanceState == .disappeared)
  }

  @Test func removingOneMiddleScreenWithAnimationKeepsTheTopWithoutAppearanceCallbacksAtEveryStop() throws {
    let (stage, bench) = stage(scheduler: .manual)
    try bench.setUp(State(root: .stack("A", "B", "C", "D")))
    let window = stage.window
    let shown = try screens(window, [.root, .entry(0), .entry(1), .entry(2), .entry(3)])
    let (nav, a, b, c, d) = (shown[0], shown[1], shown[2], shown[3], shown[4])
    let target = State(root: .stack("A", "C", "D"))
    let plan = try bench.navigator.plan(to: target)
    #expect(plan.steps == [.setStack(.root, to: [.screen("A"), .screen("C"), .screen("D")])])
    var ran: [NavigationPlan<String>] = []
    bench.navigator.navigate(to: target, options: .init().completion { ran.append($0) })
    let ids = [a.screenID, c.screenID, d.screenID]
    stage.expectTimeline(
      afterCall: [
        .willSetViewControllers(ids, in: nav.screenID, animated: true), .willMove(b, to: nil),
      ],
      // The top stays: nothing animates, and the change completes on the next turn.
      afterTurn: [
        .didMove(b, to: nil), .didSetViewControllers(ids, in: nav.screenID, animated: true),
        .left(b, .stackReplaced), completion("NavigationController[A, C, D]", plan, animated: true),
      ],
      afterFinish: [])
    #expect(ran == [plan])
    #expect(
      try screens(window, [.entry(0), .entry(1), .entry(2)]).map(ObjectIdentifier.init)
        == [a, c, d].map(ObjectIdentifier.init))
    #expect(bench.made.keys == [])
    #expect(bench.state == target)
  }

  @Test func removingTwoMiddleScreensKeepsTheInstancesAboveThem() throws {
    let (stage, bench) = stage()
    try bench.setUp(State(root: .stack("A", "B", "C", "D", "E")))
    let window = stage.window
    let shown = try screens(window, [.root, .entry(0), .entry(1), .entry(2), .entry(3), .entry(4)])
    let (nav, a, b, c, d, e) = (shown[0], shown[1], shown[2], shown[3], shown[4], shown[5])
    let target = State(root: .stack("A", "D", "E"))
    let plan = try bench.navigator.plan(to: target)
    #expect(plan.steps == [.setStack(.root, to: [.screen("A"), .screen("D"), .screen("E")])])
    bench.navigator.navigate(to: target, options: .init().animated(false))
    let ids = [a.screenID, d.screenID, e.screenID]
    stage.expect([
      .willSetViewControllers(ids, in: nav.screenID, animated: false),
      .willMove(b, to: nil), .willMove(c, to: nil), .didMove(b, to: nil), .didMove(c, to: nil),
      .didSetViewControllers(ids, in: nav.screenID, animated: false),
      .left(c, .stackReplaced), .left(b, .stackReplaced),
      completion("NavigationController[A, D, E]", plan, animated: false),
    ])
    #expect(
      try screens(window, [.root, .entry(0), .entry(1), .entry(2)]).map(ObjectIdentifier.init)
        == [nav, a, d, e].map(ObjectIdentifier.init))
    #expect(bench.made.keys == [])
    #expect(bench.state == target)
  }

  @Test func removingTheMiddleOfAStackInAPresentedSheetKeepsItsScreensAndTheSheet() throws {
    let (stage, bench) = stage()
    try bench.setUp(State(root: .stack([.screen("R")], presenting: .sheet(.stack("A", "B", "C", "D")))))
    let window = stage.window
    let presented = StatePath.presented
    let shown = try screens(
      window,
      [
        .root, .entry(0), presented, presented.entry(0), presented.entry(1), presented.entry(2),
        presented.entry(3),
      ])
    let (root, r, sheet, a, b, c, d) = (shown[0], shown[1], shown[2], shown[3], shown[4], shown[5], shown[6])
    let target = State(root: .stack([.screen("R")], presenting: .sheet(.stack("A", "C", "D"))))
    let plan = try bench.navigator.plan(to: target)
    #expect(plan.steps == [.setStack(presented, to: [.screen("A"), .screen("C"), .screen("D")])])
    bench.navigator.navigate(to: target, options: .init().animated(false))
    let ids = [a.screenID, c.screenID, d.screenID]
    stage.expect([
      .willSetViewControllers(ids, in: sheet.screenID, animated: false),
      .willMove(b, to: nil), .didMove(b, to: nil),
      .didSetViewControllers(ids, in: sheet.screenID, animated: false),
      .left(b, .stackReplaced),
      completion("NavigationController[R] > pageSheet NavigationController[A, C, D]", plan, animated: false),
    ])
    #expect(
      try screens(
        window, [.root, .entry(0), presented, presented.entry(0), presented.entry(1), presented.entry(2)]
      )
      .map(ObjectIdentifier.init) == [root, r, sheet, a, c, d].map(ObjectIdentifier.init))
    #expect(bench.made.keys == [])
    #expect(bench.state == target)
  }

  @Test func removingAMiddleScreenUnderAPresentedScreenKeepsTheStackAndThePresentedScreen() throws {
    let (stage, bench) = stage()
    try bench.setUp(
      State(
        root: .stack(
          [.screen("A"), .screen("B"), .screen("C"), .screen("D")],
          presenting: .sheet(.screen("S")))))
    let window = stage.window
    let shown = try screens(window, [.root, .entry(0), .entry(1), .entry(2), .entry(3), .presented])
    let (nav, a, b, c, d, s) = (shown[0], shown[1], shown[2], shown[3], shown[4], shown[5])
    let target = State(
      root: .stack([.screen("A"), .screen("C"), .screen("D")], presenting: .sheet(.screen("S"))))
    let plan = try bench.navigator.plan(to: target)
    #expect(plan.steps == [.setStack(.root, to: [.screen("A"), .screen("C"), .screen("D")])])
    bench.navigator.navigate(to: target, options: .init().animated(false))
    let ids = [a.screenID, c.screenID, d.screenID]
    stage.expect([
      .willSetViewControllers(ids, in: nav.screenID, animated: false),
      .willMove(b, to: nil), .didMove(b, to: nil),
      .didSetViewControllers(ids, in: nav.screenID, animated: false),
      .left(b, .stackReplaced),
      completion("NavigationController[A, C, D] > pageSheet S", plan, animated: false),
    ])
    #expect(
      try screens(window, [.root, .entry(0), .entry(1), .entry(2), .presented]).map(ObjectIdentifier.init)
        == [nav, a, c, d, s].map(ObjectIdentifier.init))
    #expect(s.presentingViewController === nav)
    #expect(bench.made.keys == [])
    #expect(bench.state == target)
  }
}
