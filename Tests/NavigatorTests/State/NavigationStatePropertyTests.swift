import TestSupport
import Testing

@testable import Navigator

/// Seeded random pairs of states (``StateGenerator``): the plan from one to the other,
/// applied, reaches the target exactly, keeps every screen that stays at its place, releases
/// every screen that leaves, and changes each layer at most once; a refusal injected at a
/// random step changes nothing but the journal's misuse event.
///
/// A failure names the seed, the pair's index and both states, and stops that seed.
@Suite struct NavigationStatePropertyTests {
  typealias State = NavigationState<String>

  static let seeds: [UInt64] = [1, 42, 0xC0FFEE]
  static let pairsPerSeed = 200

  @Test(arguments: seeds)
  func aPlanAppliedToItsStartReachesItsTargetKeepingWhatStaysAndReleasingWhatLeaves(seed: UInt64) {
    var generator = StateGenerator(seed: seed)
    for index in 0..<Self.pairsPerSeed {
      let (start, target) = generator.pair()
      let run = Run(manual: index % 3 == 0, animated: index % 2 == 0)
      let broken = run.navigate(from: start, to: target)
      guard broken.isEmpty else {
        return record(seed: seed, pair: index, start, target, run: run, refusal: nil, broken: broken)
      }
    }
  }

  @Test(arguments: seeds)
  func aRefusalAtARandomStepLeavesTheStartAndTheJournalButForTheMisuse(seed: UInt64) {
    var generator = StateGenerator(seed: seed)
    var rng = SplitMix64(seed: ~seed)
    var refused = 0
    for index in 0..<Self.pairsPerSeed {
      let (start, target) = generator.pair()
      guard let refusal = Refusal.random(&rng, from: start, to: target) else { continue }
      refused += 1
      let run = Run(manual: index % 3 == 0, animated: index % 2 == 0)
      let broken = run.refuse(from: start, to: target, refusal)
      guard broken.isEmpty else {
        return record(seed: seed, pair: index, start, target, run: run, refusal: refusal, broken: broken)
      }
    }
    // Most pairs make a screen or pop a guarded one: the property is not checked vacuously.
    #expect(refused > Self.pairsPerSeed / 2)
  }

  private func record(
    seed: UInt64, pair: Int, _ start: State, _ target: State, run: Run, refusal: Refusal?, broken: [String]
  ) {
    let plan = run.plan(from: start, to: target)
    Issue.record(
      """
      Navigation to a state failed: seed \(seed), pair \(pair) (\(run.manual ? "manual" : "immediate") \
      scheduler, animated: \(run.animated)\(refusal.map { ", refusal: \($0)" } ?? "")).
      From: \(start.sketch)
      To:   \(target.sketch)
      Plan:
      \(plan)
      Broken:
      \(broken.map { "  - \($0)" }.joined(separator: "\n"))
      """)
  }
}

/// A way to refuse a navigation at one of its steps.
private enum Refusal: CustomStringConvertible {
  typealias State = NavigationState<String>

  /// The provider throws for the key.
  case providerThrows(String)
  /// The provider makes the wrong kind for the key: a plain screen for a stack, a navigation
  /// controller for a plain screen.
  case wrongKind(String)
  /// The provider hands out, for the key, the screen at the path of the start.
  case alreadyShown(String, StatePath)
  /// The top of the stack at the path of the start, which the target takes away, is a
  /// guard that denies.
  case guardDenies(StatePath)

  var description: String {
    switch self {
    case .providerThrows(let key): "the provider throws for \(key)"
    case .wrongKind(let key): "the provider makes the wrong kind for \(key)"
    case .alreadyShown(let key, let path): "the provider returns the screen at \(path) for \(key)"
    case .guardDenies(let path): "the guard on top of the stack at \(path) denies"
    }
  }

  /// A refusal that fits the pair, or `nil` when the navigation makes no screen and pops no
  /// stack.
  static func random(_ rng: inout SplitMix64, from start: State, to target: State) -> Refusal? {
    let kept = KeptScreens(from: start, to: target)
    let made = target.allPaths.filter { !kept.targetPaths.contains($0) }.compactMap { target[$0]?.key.key }
    let leavingTops = start.allPaths.filter { path in
      guard let entries = start[path]?.entries else { return false }
      return !kept.keptPaths.contains(path.entry(entries.count - 1))
    }
    var choices: [Refusal] = []
    if let key = rng.element(of: made) {
      choices.append(.providerThrows(key))
      choices.append(.wrongKind(key))
      if let path = rng.element(of: start.allPaths) { choices.append(.alreadyShown(key, path)) }
    }
    if let path = rng.element(of: leavingTops) { choices.append(.guardDenies(path)) }
    return rng.element(of: choices)
  }
}

/// One navigation of the property test, on a bench of its own.
private struct Run {
  typealias State = NavigationState<String>

  let manual: Bool
  let animated: Bool

  private func bench() -> StateBench {
    let bench = manual ? StateBench(manual: ManualScheduler(), journal: true) : StateBench(journal: true)
    bench.made.givesBarButtonItems = true
    return bench
  }

  /// The plan from `start` to `target`, for a failure's message.
  func plan(from start: State, to target: State) -> String {
    let bench = bench()
    do {
      try bench.setUp(start)
      return try bench.navigator.plan(to: target).description
    } catch {
      return "(refused: \(error))"
    }
  }

  /// Every screen of the window, by its path in `state`, held weakly.
  private func screens(of state: State, in bench: StateBench) -> [StatePath: WeakRef<ViewController>] {
    var screens: [StatePath: WeakRef<ViewController>] = [:]
    for path in state.allPaths {
      if let screen = bench.window.screen(at: path) { screens[path] = WeakRef(screen) }
    }
    return screens
  }

  /// Navigates from `start` to `target` and returns the properties it broke.
  func navigate(from start: State, to target: State) -> [String] {
    let bench = bench()
    do {
      try bench.setUp(start)
    } catch {
      return ["the start was refused: \(error)"]
    }
    guard bench.state == start else { return ["the start reads back as \(bench.state.sketch)"] }
    let before = screens(of: start, in: bench)
    guard before.count == start.allPaths.count else { return ["the start's screens were not all found"] }
    var presenters: [ScreenID: ScreenID] = [:]
    for path in start.allPaths where path.components.last == .presented {
      let presenter = StatePath(Array(path.components.dropLast()))
      presenters[before[path]!.object!.screenID] = before[presenter]!.object!.screenID
    }
    let plan: NavigationPlan<String>
    do {
      plan = try bench.navigator.plan(to: target)
    } catch {
      return ["the plan was refused: \(error)"]
    }
    var broken: [String] = []
    let finished = Counter()
    var failures: [NavigationError] = []
    bench.navigator.navigate(
      to: target,
      options: .init().animated(animated).onFailure { failures.append($0) }.completion { finishedPlan in
        finished.hit()
        if finishedPlan != plan { broken.append("the completion got another plan") }
      })
    bench.settle()
    let events = bench.window.journal.events

    if !failures.isEmpty { broken.append("refused: \(failures)") }
    if bench.state != target { broken.append("reached \(bench.state.sketch)") }
    if plan.from != start || plan.to != target { broken.append("the plan names other states") }
    if finished.count != 1 { broken.append("the completion ran \(finished.count) times") }
    if bench.window.isTransitioning || !bench.window.pendingRequests.isEmpty {
      broken.append("the window is still busy: \(bench.window.pendingRequests)")
    }
    let completions = events.filter { if case .completion(.navigate) = $0 { true } else { false } }
    if completions.count != 1 || events.last != completions.first {
      broken.append("the navigation's completion is not the journal's one last event: \(completions)")
    }
    if case .completion(.navigate(let named, let steps, let isAnimated))? = events.last,
      named != target.oneLine || steps != plan.steps.map(\.description) || isAnimated != animated
    {
      broken.append("the completion event names another target or other steps: \(named), \(steps)")
    }
    if events.contains(where: { if case .misuse = $0 { true } else { false } }) {
      broken.append("misuse: \(events.filter { if case .misuse = $0 { true } else { false } })")
    }

    // Instances: kept at their place, released when they leave, made when they arrive.
    let kept = KeptScreens(from: start, to: target)
    for (from, to) in kept.pairs where bench.window.screen(at: to) !== before[from]?.object {
      broken.append("the screen at \(from) was not kept at \(to)")
    }
    for path in start.allPaths where !kept.keptPaths.contains(path) && before[path]?.object != nil {
      broken.append("the screen at \(path) left but was not released")
    }
    for path in target.allPaths where !kept.targetPaths.contains(path) {
      let screen = bench.window.screen(at: path)
      if before.values.contains(where: { $0.object === screen }) {
        broken.append("the screen at \(path) of the target should be new")
      }
    }
    let made = target.allPaths.filter { !kept.targetPaths.contains($0) }.compactMap { target[$0]?.key.key }
    if bench.made.keys.sorted() != made.sorted() {
      broken.append("made \(bench.made.keys), expected \(made)")
    }

    broken += layerChanges(plan: plan, events: events, presenters: presenters)
    do {
      let again = try bench.navigator.plan(to: target)
      if !again.isEmpty { broken.append("planning the target again is not empty:\n\(again)") }
    } catch {
      broken.append("planning the target again was refused: \(error)")
    }
    return broken
  }

  /// Each layer changes at most once: one step per stack, per presenter's dismissal and per
  /// presenter's presentation in the plan; one stack move per stack and one dismissal per
  /// presenter in the journal.
  private func layerChanges(
    plan: NavigationPlan<String>, events: [NavigationEvent], presenters: [ScreenID: ScreenID]
  )
    -> [String]
  {
    var broken: [String] = []
    var layers: [String: Int] = [:]
    for step in plan.steps {
      let layer =
        switch step {
        case .setRoot: "the root"
        case .dismiss(let path): "what \(path) presents, dismissed"
        case .present(_, let path, _), .popover(_, let path, _): "what \(path) presents, presented"
        case .push(_, let path), .setStack(let path, _): "the stack \(path)"
        case .popTo(let path): "the stack \(StatePath(Array(path.components.dropLast())))"
        case .addChild(_, let path), .removeChild(_, let path): "the children of \(path)"
        }
      layers[layer, default: 0] += 1
    }
    for (layer, count) in layers where count > 1 && !layer.hasPrefix("the children") {
      broken.append("the plan changes \(layer) \(count) times")
    }
    var moves: [ScreenID: Int] = [:]
    var dismissed: [ScreenID: Set<ScreenID>] = [:]
    for event in events {
      switch event {
      case .willPush(_, let stack, _), .willPop(_, let stack, _), .willPopTo(_, let stack, _, _),
        .willPopToRoot(let stack, _, _), .willSetViewControllers(_, let stack, _):
        moves[stack, default: 0] += 1
      case .screenLeft(_, let exit):
        if case .dismissed = exit.cause, let presenter = presenters[exit.removedScreen] {
          dismissed[presenter, default: []].insert(exit.removedScreen)
        }
      default:
        break
      }
    }
    for (stack, count) in moves where count > 1 { broken.append("\(stack) moved \(count) times") }
    for (presenter, screens) in dismissed where screens.count > 1 {
      broken.append("\(presenter) dismissed \(screens.count) screens")
    }
    return broken
  }

  /// Navigates from `start` to `target` with `refusal` injected, and returns the properties
  /// the refusal broke.
  func refuse(from start: State, to target: State, _ refusal: Refusal) -> [String] {
    let bench = bench()
    var guardKey: String?
    if case .guardDenies(let path) = refusal, let key = start[path]?.entries?.last?.key.key {
      guardKey = key
      bench.made.overrides[key] = {
        let screen = GuardedScreen(key, answer: .allow)
        screen.navigationItem.rightBarButtonItem = BarButtonItem(title: key)
        return screen
      }
    }
    do {
      try bench.setUp(start)
    } catch {
      return ["the start was refused: \(error)"]
    }
    guard bench.state == start else { return ["the start reads back as \(bench.state.sketch)"] }
    let before = screens(of: start, in: bench)
    let thrown = NavigationError(.invalidRequest, "The provider refuses on purpose.")
    var expected: NavigationError.Code?
    switch refusal {
    case .providerThrows(let key):
      // A named function: a closure literal that only throws a typed error crashes the
      // compiler (Swift 6.3.1, IRGen).
      func refuse() throws(NavigationError) -> ViewController { throw thrown }
      bench.made.overrides[key] = refuse
      expected = thrown.code
    case .wrongKind(let key):
      bench.made.overrides[key] = { key.hasPrefix("Nav") ? Screen(key) : NavigationController() }
      expected = .unmakeableScreen
    case .alreadyShown(let key, let path):
      let shown = before[path]
      bench.made.overrides[key] = { shown!.object! }
    case .guardDenies:
      guard let key = guardKey, let screen = bench.screens[key] as? GuardedScreen else {
        return ["no guarded screen on top of the stack"]
      }
      bench.made.overrides[key] = nil
      screen.answer = .deny
      expected = .navigationDenied
    }
    var broken: [String] = []
    let finished = Counter()
    var failures: [NavigationError] = []
    bench.navigator.navigate(
      to: target,
      options: .init().animated(animated).onFailure { failures.append($0) }.completion { _ in finished.hit() }
    )
    let events = bench.window.journal.events
    bench.settle()
    if bench.window.journal.events != events {
      broken.append("events after the call: \(bench.window.journal.events)")
    }

    if failures.count != 1 { broken.append("onFailure ran \(failures.count) times: \(failures)") }
    if let failure = failures.first {
      if events != [.misuse(failure)] { broken.append("the journal holds \(events)") }
      if let expected, failure.code != expected { broken.append("refused with \(failure.code): \(failure)") }
    }
    if finished.count != 0 { broken.append("the completion ran") }
    if bench.state != start { broken.append("the state changed to \(bench.state.sketch)") }
    for path in start.allPaths where bench.window.screen(at: path) !== before[path]?.object {
      broken.append("the screen at \(path) changed")
    }
    for screen in bench.made.screens {
      guard let object = screen.object else { continue }
      if !before.values.contains(where: { $0.object === object }) {
        broken.append("\(object.screenID), made for the refused navigation, was not released")
      }
    }
    if bench.window.isTransitioning || !bench.window.pendingRequests.isEmpty {
      broken.append("the window is still busy: \(bench.window.pendingRequests)")
    }
    return broken
  }
}
