import TestSupport
import Testing

@testable import Navigator

/// `plan(to:)`'s typed planner (``TypedStatePlanner``) against the general planner
/// (``Navigator/generalPlan(to:)``): on every target it accepts, the same plan (steps, start
/// and target); on the others it answers `nil` and the general planner runs.
@Suite struct TypedStatePlannerTests {
  typealias State = NavigationState<String>
  typealias Node = State.Node

  /// The typed plan and the general one from `start` to `target`: the typed one is `nil`
  /// when the typed planner declines the target.
  private func plans(from start: State, to target: State) throws -> (
    typed: NavigationPlan<String>?, general: String
  ) {
    let bench = StateBench()
    // Popovers of the random states point at bar button items.
    bench.made.givesBarButtonItems = true
    try bench.setUp(start)
    var planner = TypedStatePlanner<String>()
    let typed = planner.plan(from: bench.window.rootViewController, to: target)
    let general: String
    do {
      let plan = try bench.navigator.generalPlan(to: target)
      if let typed {
        #expect(typed == plan, "typed \(typed) differs from general \(plan)")
      }
      general = plan.description
    } catch {
      if typed != nil {
        Issue.record("the typed planner planned a target the general planner refuses: \(error)")
      }
      general = "refused: \(error.code)"
    }
    // `plan(to:)` answers what the general planner answers, either way.
    let public_ = (try? bench.navigator.plan(to: target)).map { $0.description } ?? "refused"
    #expect(public_ == general || general.hasPrefix("refused"))
    return (typed, general)
  }

  @Test func theBenchmarkShapesArePlannedTypedAndAsTheGeneralPlannerPlansThem() throws {
    let start = State(root: .stack([.screen("A"), .screen("B"), .screen("C")]))
    let ten = State(root: .stack(["A", "B", "D", "E", "F", "G", "H", "I", "J", "K"].map { .screen($0) }))
    let nested = State(
      root: .stack(
        ["A", "B", "C", "D", "E", "F"].map { .screen($0) },
        presenting: .sheet(
          .stack(
            [.screen("G"), .screen("H"), .screen("I")],
            presenting: .fullScreen(.stack([.screen("J"), .screen("K")]))))))
    var accepted: [String] = []
    for (from, to) in [
      (start, ten), (ten, start), (start, nested), (nested, start), (nested, ten), (ten, nested),
    ] {
      let (typed, general) = try plans(from: from, to: to)
      if typed != nil { accepted.append(general) }
    }
    #expect(
      accepted == [
        "1. set the stack of root to [A, B, D, E, F, G, H, I, J, K]",
        "1. set the stack of root to [A, B, C]",
        "1. set the stack of root to [A, B, C, D, E, F]\n2. present NavigationController[G, H, I] from root as "
          + "pageSheet\n3. present NavigationController[J, K] from root.presented as fullScreen",
        "1. dismiss what root presents\n2. pop to root[2]",
        "1. dismiss what root presents\n2. set the stack of root to [A, B, D, E, F, G, H, I, J, K]",
        "1. set the stack of root to [A, B, C, D, E, F]\n2. present NavigationController[G, H, I] "
          + "from root as pageSheet\n3. present NavigationController[J, K] from root.presented as fullScreen",
      ])
  }

  @Test func pushesPopsKeptPresentationsAndNewRootsArePlannedTyped() throws {
    let ab = State(root: .stack([.screen("A"), .screen("B")]))
    let abc = State(root: .stack([.screen("A"), .screen("B"), .screen("C")]))
    let sheet = State(root: .stack([.screen("A"), .screen("B")], presenting: .sheet(.stack([.screen("S")]))))
    let sheetPushed = State(
      root: .stack([.screen("A"), .screen("B")], presenting: .sheet(.stack([.screen("S"), .screen("T")]))))
    let plain = State(root: .screen("P", presenting: .fullScreen(.screen("Q"))))
    var accepted: [String] = []
    for (from, to) in [
      (ab, abc), (abc, ab), (ab, ab), (ab, sheet), (sheet, sheetPushed), (sheetPushed, sheet), (sheet, ab),
      (ab, plain), (plain, ab), (ab, .empty), (abc, State(root: .stack([.screen("C"), .screen("A")]))),
    ] {
      let (typed, general) = try plans(from: from, to: to)
      if typed != nil { accepted.append(general) }
    }
    #expect(
      accepted == [
        "1. push C onto root",
        "1. pop to root[1]",
        "(no change)",
        "1. present NavigationController[S] from root as pageSheet",
        "1. push T onto root.presented",
        "1. pop to root.presented[0]",
        "1. dismiss what root presents",
        "1. set the root to P\n2. present Q from root as fullScreen",
        "1. set the root to NavigationController[A, B]",
        "1. set the root to nothing",
        "1. set the stack of root to [C, A]",
      ])
  }

  @Test func targetsOutsideItsShapesGoToTheGeneralPlanner() throws {
    let ab = State(root: .stack([.screen("A"), .screen("B")]))
    let declined: [State] = [
      // A container.
      State(root: .container("Tabs", children: [.stack([.screen("A")])])),
      // A popover.
      State(
        root: .stack(
          [.screen("A")],
          presenting: .popover(.screen("P"), at: .barButtonItem(.right, index: 0, of: .key("A"))))),
      // A stack entry that presents.
      State(root: .stack([.screen("A", presenting: .sheet(.screen("S")))])),
      // An empty stack (a refusal).
      State(root: .stack([])),
      // A screen with no key (a refusal).
      State(root: .stack([.screen("A"), Node(key: .instance(ScreenID(ViewController())))])),
    ]
    for target in declined {
      let (typed, _) = try plans(from: ab, to: target)
      #expect(typed == nil, "accepted \(target)")
    }
  }

  @Test(arguments: [1, 42, 0xC0FFEE] as [UInt64])
  func onRandomPairsTheTypedPlanIsTheGeneralPlan(seed: UInt64) throws {
    var generator = StateGenerator(seed: seed)
    var accepted = 0
    for _ in 0..<300 {
      let (start, target) = generator.pair()
      if try plans(from: start, to: target).typed != nil { accepted += 1 }
    }
    // Most pairs are of the typed planner's shapes (248 to 263 of 300 for these seeds): the
    // comparison is not made vacuously.
    #expect(accepted > 200, "the typed planner accepted \(accepted) of 300 pairs")
  }
}
