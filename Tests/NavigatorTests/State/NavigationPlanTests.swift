import Navigator
import TestSupport
import Testing

/// Plans for the textbook cases as whole step arrays, each applied: the window reaches the
/// target, and every screen both states share stays the same instance.
@Suite struct NavigationPlanTests {
  typealias State = NavigationState<String>
  typealias Node = State.Node

  /// Plans from `start` to `target`, checks the steps, applies, and checks the result.
  private func check(
    from start: State, to target: State, steps: [NavigationPlan<String>.Step], makes: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let bench = StateBench()
    try bench.setUp(start)
    #expect(bench.state == start, sourceLocation: sourceLocation)
    let before = bench.screens
    let plan = try bench.navigator.plan(to: target)
    #expect(plan.steps == steps, sourceLocation: sourceLocation)
    #expect(plan.from == start, sourceLocation: sourceLocation)
    var finished: [NavigationPlan<String>] = []
    try bench.navigator.tryNavigate(to: target, options: .init().completion { finished.append($0) })
    #expect(finished == [plan], sourceLocation: sourceLocation)
    #expect(bench.state == target, sourceLocation: sourceLocation)
    #expect(bench.made.keys == makes, sourceLocation: sourceLocation)
    let after = bench.screens
    for (key, screen) in before where after[key] != nil && !makes.contains(key) {
      #expect(after[key] === screen, "\(key) was made again", sourceLocation: sourceLocation)
    }
  }

  @Test func addingOneScreenIsOnePush() throws {
    try check(
      from: State(root: .stack("A", "B")), to: State(root: .stack("A", "B", "C")),
      steps: [.push(.screen("C"), onto: .root)], makes: ["C"])
  }

  @Test func droppingTwoScreensIsOnePopToTheNewTop() throws {
    try check(
      from: State(root: .stack("A", "B", "C", "D")), to: State(root: .stack("A", "B")),
      steps: [.popTo(.entry(1))], makes: [])
  }

  @Test func replacingTheTopIsOneSetViewControllers() throws {
    try check(
      from: State(root: .stack("A", "B", "C")), to: State(root: .stack("A", "B", "D")),
      steps: [.setStack(.root, to: [.screen("A"), .screen("B"), .screen("D")])], makes: ["D"])
  }

  @Test func aChainOfThreeIsDismissedFromItsBottomInOneStep() throws {
    let chain = Node.stack(
      [.screen("A")],
      presenting: .sheet(
        .screen("X", presenting: .fullScreen(.screen("Y", presenting: .sheet(.screen("Z")))))))
    try check(
      from: State(root: chain), to: State(root: .stack("A")),
      steps: [.dismiss(presentedBy: .root)], makes: [])
  }

  @Test func aSheetHoldingAStackOfTwoIsOneStepOverAStackOfThree() throws {
    let sheet = Node.stack("D", "E")
    try check(
      from: State(root: .stack("A", "B", "C")),
      to: State(root: .stack([.screen("A"), .screen("B"), .screen("C")], presenting: .sheet(sheet))),
      steps: [.present(sheet, from: .root, style: .pageSheet)], makes: ["D", "E"])
  }

  @Test func fromAPopoverToAFullScreenScreenOnAnotherBranch() throws {
    let bench = StateBench()
    try bench.setUp(State(root: .stack("A", "B")))
    bench.screens["B"]!.navigationItem.rightBarButtonItem = BarButtonItem(title: "More")
    let anchor = State.Anchor.barButtonItem(.right, index: 0, of: .key("B"))
    let start = State(
      root: .stack([.screen("A"), .screen("B")], presenting: .popover(.screen("P"), at: anchor)))
    try bench.navigator.tryNavigate(to: start)
    #expect(bench.state == start)
    let target = State(root: .stack([.screen("A"), .screen("C")], presenting: .fullScreen(.screen("F"))))
    let plan = try bench.navigator.plan(to: target)
    #expect(
      plan.steps == [
        .dismiss(presentedBy: .root),
        .setStack(.root, to: [.screen("A"), .screen("C")]),
        .present(.screen("F"), from: .root, style: .fullScreen),
      ])
    try bench.navigator.tryNavigate(to: target)
    #expect(bench.state == target)
  }

  @Test func aTargetEqualToTheStateIsAnEmptyPlan() throws {
    let state = State(root: .stack([.screen("A"), .screen("B")], presenting: .sheet(.stack("C", "D"))))
    try check(from: state, to: state, steps: [], makes: [])
  }

  @Test func newPresentationsComeBottomUpAfterTheLayersThatStay() throws {
    try check(
      from: State(root: .stack("A")),
      to: State(
        root: .stack(
          [.screen("A"), .screen("B")],
          presenting: .sheet(.stack([.screen("C")], presenting: .fullScreen(.screen("D")))))),
      steps: [
        .push(.screen("B"), onto: .root),
        .present(.stack("C"), from: .root, style: .pageSheet),
        .present(.screen("D"), from: .presented, style: .fullScreen),
      ],
      makes: ["B", "C", "D"])
  }
}
