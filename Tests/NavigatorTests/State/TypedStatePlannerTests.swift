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

/// `navigate(to:)`'s typed path (``StateNavigation/runTyped(on:receivesPlan:)``: the typed
/// planner records the actions it plans) against the general one
/// (``StateNavigation/runGeneral(on:receivesPlan:)``): from the same start, on every target the
/// typed planner accepts, the same journal (every event, in order), the same final state,
/// the same screens asked of the provider, the same plan handed to the completion, and the
/// same refusal when the provider fails.
@Suite struct TypedStateNavigationTests {
  typealias State = NavigationState<String>

  /// What one navigation did, as text: comparable across two windows.
  struct Outcome: Equatable {
    var accepted = true
    var events: [String] = []
    var state = ""
    var made: [String] = []
    var plans: [String] = []
    var error: String?
    /// The pop guards asked, in order.
    var guards: [String] = []
  }

  /// A screen whose pop guard allows at once and logs that it was asked.
  final class LoggedGuard: ViewController, PopConfirming {
    let log: PlanLog

    init(_ name: String, log: PlanLog) {
      self.log = log
      super.init()
      title = name
    }

    func confirmPop(_ decision: PopDecision) {
      log.texts.append(title ?? "")
      decision.allow()
    }
  }

  /// The plans handed to a completion, as text.
  final class PlanLog {
    var texts: [String] = []
  }

  /// Navigates from `start` to `target` on a new bench, through the typed path or the general
  /// one; `failing` makes the provider throw for that key.
  private func navigate(
    from start: State, to target: State, typed: Bool, manual: Bool, animated: Bool, guarded: Bool,
    failing: String? = nil
  ) throws -> Outcome {
    let scheduler = ManualScheduler()
    let bench = manual ? StateBench(manual: scheduler, journal: true) : StateBench(journal: true)
    bench.made.givesBarButtonItems = true
    // Every plain screen of the start guards its pops: the guards asked, and their order,
    // are compared too.
    let guards = PlanLog()
    if guarded {
      for path in start.allPaths {
        guard let key = start[path]?.key.key, !key.hasPrefix("Nav") else { continue }
        bench.made.overrides[key] = {
          let screen = LoggedGuard(key, log: guards)
          screen.navigationItem.rightBarButtonItem = BarButtonItem(title: key)
          return screen
        }
      }
    }
    try bench.setUp(start)
    bench.made.overrides = [:]
    if let failing {
      func refuse() throws(NavigationError) -> ViewController {
        throw NavigationError(.sceneNotFound, "No scene for \(failing).")
      }
      bench.made.overrides[failing] = refuse
    }
    var outcome = Outcome()
    let plans = PlanLog()
    let navigation = StateNavigation(
      target: target,
      options: StateNavigationOptions<String>().animated(animated),
      completion: { plans.texts.append($0.description) }, lateFailure: nil)
    do {
      if typed {
        outcome.accepted = try navigation.runTyped(on: bench.navigator, receivesPlan: true)
      } else {
        try navigation.runGeneral(on: bench.navigator, receivesPlan: true)
      }
    } catch {
      outcome.error = "\(error)"
    }
    bench.settle()
    outcome.plans = plans.texts
    outcome.guards = guards.texts
    outcome.events = bench.window.journal.events.map { "\($0)" }
    outcome.state = "\(bench.state)"
    outcome.made = bench.made.keys
    return outcome
  }

  @Test(arguments: [1, 42, 0xC0FFEE] as [UInt64])
  func onRandomPairsTheTypedNavigationDoesWhatTheGeneralOneDoes(seed: UInt64) throws {
    var generator = StateGenerator(seed: seed)
    var accepted = 0
    var refused = 0
    var guardsAsked = 0
    for index in 0..<200 {
      let (start, target) = generator.pair()
      let manual = index % 3 == 0
      let animated = index % 2 == 0
      let guarded = index % 4 < 2
      let general = try navigate(
        from: start, to: target, typed: false, manual: manual, animated: animated, guarded: guarded)
      let typed = try navigate(
        from: start, to: target, typed: true, manual: manual, animated: animated, guarded: guarded)
      guard typed.accepted else {
        // Declined: nothing happened.
        #expect(typed.events.isEmpty && typed.made.isEmpty && typed.plans.isEmpty && typed.error == nil)
        continue
      }
      accepted += 1
      if !general.guards.isEmpty { guardsAsked += 1 }
      #expect(typed == general, "seed \(seed), pair \(index): \(start) to \(target)")
      // The same navigation with the provider failing for one of the keys it asks for.
      guard index % 2 == 1, !general.made.isEmpty else { continue }
      let failing = general.made[index % general.made.count]
      let generalRefused = try navigate(
        from: start, to: target, typed: false, manual: manual, animated: animated, guarded: guarded,
        failing: failing)
      let typedRefused = try navigate(
        from: start, to: target, typed: true, manual: manual, animated: animated, guarded: guarded,
        failing: failing)
      #expect(generalRefused.error != nil)
      #expect(typedRefused == generalRefused, "seed \(seed), pair \(index), failing \(failing)")
      refused += 1
    }
    // Most pairs are of the typed planner's shapes: the comparison is not made vacuously.
    #expect(accepted > 120, "the typed navigation accepted \(accepted) of 200 pairs")
    #expect(refused > 30, "\(refused) refusals compared")
    #expect(guardsAsked > 20, "guards asked in \(guardsAsked) navigations")
  }
}
