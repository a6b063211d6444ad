import TestSupport
import Testing

@testable import Navigator

/// `navigate(to:)` all or nothing: a navigation over several layers is one transition whose
/// stops are whole event arrays; every refusal leaves the state, the screens and the journal
/// (but for the misuse event) as they were; guards, a busy window, the async form, the
/// option closures and recorded requests.
@Suite(.exhaustiveStages) struct NavigateTests {
  typealias State = NavigationState<String>
  typealias Node = State.Node

  /// A stage with no root and a bench on its navigator, whose provider makes `Screen(key)`
  /// (a navigation controller for the `Nav` keys).
  private func stage(
    scheduler: Stage.Scheduling = .manual, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (Stage, StateBench) {
    let stage = Stage(.nothing, scheduler: scheduler, membership: true, sourceLocation: sourceLocation)
    return (stage, StateBench(navigator: stage.navigator, scheduler: stage.scheduler))
  }

  /// Every screen of the window, by its path in `state`.
  private func screens(of state: State, in window: Window) -> [StatePath: ObjectIdentifier] {
    var screens: [StatePath: ObjectIdentifier] = [:]
    for path in state.allPaths {
      if let screen = window.screen(at: path) { screens[path] = ObjectIdentifier(screen) }
    }
    return screens
  }

  /// Navigates to `target`, which must be refused with `code`: `onFailure` runs once, the
  /// journal holds the misuse event alone, and the state, every screen and the tree are as
  /// they were; the screens made for it are released.
  @discardableResult
  private func expectRefusal(
    _ stage: Stage, _ bench: StateBench, to target: State, code: NavigationError.Code,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> NavigationError? {
    let state = bench.state
    let screens = screens(of: state, in: stage.window)
    let tree = stage.tree
    let (succeeded, finished) = (Counter(), Counter())
    var failures: [NavigationError] = []
    bench.navigator.navigate(
      to: target,
      options: .init().onSuccess { _ in succeeded.hit() }.onFailure { failures.append($0) }.completion { _ in
        finished.hit()
      })
    stage.scheduler.settle()
    #expect(failures.map(\.code) == [code], sourceLocation: sourceLocation)
    stage.expect(failures.map { .misuse($0) }, sourceLocation: sourceLocation)
    #expect(succeeded.count == 0 && finished.count == 0, sourceLocation: sourceLocation)
    #expect(bench.state == state, sourceLocation: sourceLocation)
    #expect(self.screens(of: state, in: stage.window) == screens, sourceLocation: sourceLocation)
    #expect(stage.tree == tree, sourceLocation: sourceLocation)
    #expect(
      !stage.window.isTransitioning && stage.window.pendingRequests.isEmpty, sourceLocation: sourceLocation)
    for made in bench.made.screens {
      guard let screen = made.object else { continue }
      #expect(
        screens.values.contains(ObjectIdentifier(screen)), "\(screen.screenID) was not released",
        sourceLocation: sourceLocation)
    }
    return failures.first
  }

  // MARK: One transition

  @Test func aNavigationOverThreeLayersIsOneTransitionWhoseCompletionRunsOnceAfterTheLastDidCallback() throws
  {
    let (stage, bench) = stage()
    try bench.setUp(State(root: .stack([.screen("A"), .screen("B")], presenting: .sheet(.screen("S")))))
    let window = stage.window
    let (nav, a, b, s) = try (
      #require(window.screen(at: .root)), #require(window.screen(at: .entry(0))),
      #require(window.screen(at: .entry(1))), #require(window.screen(at: .presented))
    )
    let target = State(
      root: .stack([.screen("A"), .screen("C")], presenting: .fullScreen(.stack("D", "E"))))
    let plan = try bench.navigator.plan(to: target)
    #expect(
      plan.steps == [
        .dismiss(presentedBy: .root), .setStack(.root, to: [.screen("A"), .screen("C")]),
        .present(.stack("D", "E"), from: .root, style: .fullScreen),
      ])
    let done = Counter()
    var eventsAtCompletion: [NavigationEvent] = []
    bench.navigator.navigate(
      to: target,
      options: .init().completion { finished in
        #expect(finished == plan)
        done.hit()
        eventsAtCompletion = window.journal.events
      })
    let (c, sheet, d, e) = try (
      #require(window.screen(at: .entry(1))), #require(window.screen(at: .presented)),
      #require(window.screen(at: StatePath.presented.entry(0))),
      #require(window.screen(at: StatePath.presented.entry(1)))
    )
    let completion = NavigationEvent.completion(
      .navigate(
        to: "NavigationController[A, C] > fullScreen NavigationController[D, E]",
        steps: plan.steps.map(\.description), animated: true))
    // The structure changes in the call; the new screens load and join there.
    stage.expect([
      .load(c), .load(sheet), .load(d), .load(e),
      .willSetViewControllers([a.screenID, c.screenID], in: nav.screenID, animated: true),
      .willMove(b, to: nil), .willMove(c, to: nav), .joined(c), .joined(sheet), .joined(d), .joined(e),
    ])
    #expect(bench.state == target)
    stage.scheduler.runLoopTurn()
    // One set of will-callbacks: the sheet leaves, the stack's old top leaves (its new top
    // never shows: the full-screen stack covers it), and the new stack comes.
    stage.expect([
      .willDisappear(s, animated: true), .willDisappear(b, animated: true),
      .willDisappear(nav, animated: true),
      .willAppear(sheet, animated: true), .willAppear(e, animated: true),
      .willShow(e.screenID, in: sheet.screenID, animated: true),
      .didShow(e.screenID, in: sheet.screenID, animated: true),
    ])
    #expect(done.count == 0)
    stage.scheduler.finishTransitions()
    stage.expect([
      .didDisappear(s, animated: true), .left(s, .dismissed(.programmatic)),
      .didDisappear(b, animated: true), .didMove(b, to: nil), .didMove(c, to: nav),
      .didSetViewControllers([a.screenID, c.screenID], in: nav.screenID, animated: true),
      .left(b, .stackReplaced), .didDisappear(nav, animated: true), .didAppear(sheet, animated: true),
      .didAppear(e, animated: true), completion,
    ])
    #expect(done.count == 1)
    #expect(eventsAtCompletion.last == completion)
    #expect(c.appearanceState == .disappeared)
    stage.scheduler.settle()
    stage.expect([])
    #expect(done.count == 1)
  }

  @Test func aStackThatAFullScreenPresentationCoversLosesItsOldTopAndNeverShowsItsNewOne() throws {
    let (stage, bench) = stage(scheduler: .immediate)
    try bench.setUp(State(root: .stack("A", "B")))
    let window = stage.window
    let (nav, b) = try (#require(window.screen(at: .root)), #require(window.screen(at: .entry(1))))
    let target = State(
      root: .stack([.screen("A"), .screen("B"), .screen("C")], presenting: .fullScreen(.screen("F"))))
    let plan = try bench.navigator.plan(to: target)
    #expect(
      plan.steps == [
        .push(.screen("C"), onto: .root), .present(.screen("F"), from: .root, style: .fullScreen),
      ])
    bench.navigator.navigate(to: target, options: .init().animated(false))
    let (c, f) = try (#require(window.screen(at: .entry(2))), #require(window.screen(at: .presented)))
    stage.expect([
      .load(c), .load(f), .willPush(c.screenID, onto: nav.screenID, animated: false), .willMove(c, to: nav),
      .joined(c), .joined(f),
      .willDisappear(b), .willDisappear(nav), .willAppear(f),
      .didDisappear(b), .didMove(c, to: nav), .didPush(c.screenID, onto: nav.screenID, animated: false),
      .didDisappear(nav), .didAppear(f),
      .completion(
        .navigate(
          to: "NavigationController[A, B, C] > fullScreen F", steps: plan.steps.map(\.description),
          animated: false)),
    ])
    #expect(bench.state == target)
    #expect(c.appearanceState == .disappeared && b.appearanceState == .disappeared)
  }

  // MARK: Refusals

  @Test func aProviderThatThrowsRefusesAllOfItAndTheScreensMadeForItAreReleased() throws {
    let (stage, bench) = stage()
    try bench.setUp(State(root: .stack("A")))
    func refuse() throws(NavigationError) -> ViewController {
      throw NavigationError(.sceneNotFound, "No scene for C.")
    }
    bench.made.overrides["C"] = refuse
    let error = expectRefusal(
      stage, bench, to: State(root: .stack([.screen("A"), .screen("B")], presenting: .sheet(.screen("C")))),
      code: .sceneNotFound)
    #expect(error?.message == "No scene for C.")
    #expect(bench.made.keys == ["B", "C"])
    #expect(bench.made.screens.count == 1 && bench.made.screens[0].object == nil)
  }

  @Test(arguments: ["Nav1", "B"])
  func aScreenOfTheWrongKindIsRefused(key: String) throws {
    let (stage, bench) = stage()
    try bench.setUp(State(root: .stack("A")))
    // A plain screen for a stack, a navigation controller for a plain screen.
    bench.made.overrides[key] = { key.hasPrefix("Nav") ? Screen(key) : NavigationController() }
    let presented: Node = key.hasPrefix("Nav") ? .stack(key, [.screen("B")]) : .screen(key)
    expectRefusal(
      stage, bench, to: State(root: .stack([.screen("A")], presenting: .sheet(presented))),
      code: .unmakeableScreen)
  }

  @Test func aScreenAlreadyInTheHierarchyIsRefusedAndKeepsItsKey() throws {
    let (stage, bench) = stage()
    try bench.setUp(State(root: .stack("A", "B")))
    let root = try #require(stage.window.screen(at: .root))
    let a = try #require(stage.window.screen(at: .entry(0)))
    bench.made.overrides["C"] = { a }
    expectRefusal(stage, bench, to: State(root: .stack("A", "B", "C")), code: .invalidRequest)
    // The window's root, a plain navigation controller, has no key; a refusal gives it none.
    bench.made.overrides["C"] = { root }
    expectRefusal(stage, bench, to: State(root: .stack("A", "B", "C")), code: .invalidRequest)
    #expect(root.navigationKey == nil)
    #expect(bench.state == State(root: .stack("A", "B")))
  }

  @Test func aKeyTypeWithoutAProviderIsRefused() throws {
    let (stage, bench) = stage()
    try bench.setUp(State(root: .stack("A")))
    let a = try #require(stage.window.screen(at: .entry(0)))
    let target = NavigationState<Int>(
      root: .stack([NavigationState<Int>.Node(key: .instance(a.screenID)), .screen(7)]))
    let state = bench.state
    var failures: [NavigationError] = []
    bench.navigator.navigate(to: target, options: .init().onFailure { failures.append($0) })
    #expect(failures.map(\.code) == [.unmakeableScreen])
    stage.expect(failures.map { .misuse($0) })
    #expect(bench.state == state)
  }

  @Test func anInstanceKeyForAScreenTheWindowDoesNotHoldThereIsRefused() throws {
    let (stage, bench) = stage()
    try bench.setUp(State(root: .stack("A", "B")))
    let b = try #require(stage.window.screen(at: .entry(1)))
    let stranger = Screen("Stranger")
    let elsewhere = State(root: .stack([.screen("A")], presenting: .sheet(Node(key: .instance(b.screenID)))))
    #expect(throws: NavigationError.self) { try bench.navigator.plan(to: elsewhere) }
    expectRefusal(stage, bench, to: elsewhere, code: .unmakeableScreen)
    let target = State(root: .stack([.screen("A"), Node(key: .instance(stranger.screenID))]))
    expectRefusal(stage, bench, to: target, code: .unmakeableScreen)
  }

  /// Targets that break a rule of the hierarchy.
  enum InvalidTarget: String, CaseIterable {
    case presentationFromAKeptEntry
    case presentationFromANewEntry
    case noneStyle
    case popoverWithoutAnchor
    case anchorForAnotherStyle
    case anchorNoScreenBelowHolds
    case unnamedAnchor
    case missingBarButtonItem
    case emptyStack
    case emptyPresentedStack
    case plainNavigationControllerWithoutStack

    var target: NavigationState<String> {
      let anchor = NavigationState<String>.Anchor.barButtonItem(.right, index: 0, of: .key("A"))
      let root: NavigationState<String>.Node =
        switch self {
        case .presentationFromAKeptEntry: .stack([.screen("A", presenting: .sheet(.screen("X")))])
        case .presentationFromANewEntry:
          .stack([.screen("A"), .screen("B", presenting: .sheet(.screen("X")))])
        case .noneStyle: .stack([.screen("A")], presenting: .modal(.screen("X"), style: .none))
        case .popoverWithoutAnchor: .stack([.screen("A")], presenting: .modal(.screen("X"), style: .popover))
        case .anchorForAnotherStyle:
          .stack([.screen("A")], presenting: .init(.screen("X"), style: .pageSheet, anchor: anchor))
        case .anchorNoScreenBelowHolds:
          .stack(
            [.screen("A")],
            presenting: .popover(.screen("X"), at: .barButtonItem(.right, index: 0, of: .key("Y"))))
        case .unnamedAnchor:
          .stack([.screen("A")], presenting: .popover(.screen("X"), at: .unnamed("a view")))
        case .missingBarButtonItem:
          .stack(
            [.screen("A")],
            presenting: .popover(.screen("X"), at: .barButtonItem(.left, index: 3, of: .key("A"))))
        case .emptyStack: .stack([])
        case .emptyPresentedStack: .stack([.screen("A")], presenting: .sheet(.stack([])))
        case .plainNavigationControllerWithoutStack:
          .stack([.screen("A")], presenting: .sheet(Node(key: .navigationController)))
        }
      return NavigationState(root: root)
    }

    var code: NavigationError.Code {
      self == .missingBarButtonItem ? .popoverWithoutAnchor : .invalidTarget
    }
  }

  @Test(arguments: InvalidTarget.allCases)
  func anInvalidTargetIsRefusedBeforeAnyChange(invalid: InvalidTarget) throws {
    let (stage, bench) = stage()
    try bench.setUp(State(root: .stack("A")))
    if invalid != .missingBarButtonItem {
      #expect(throws: NavigationError.self) { try bench.navigator.plan(to: invalid.target) }
    }
    expectRefusal(stage, bench, to: invalid.target, code: invalid.code)
  }

  // MARK: Guards

  /// A stage showing the stack `[A, G]`, `G` a guard answering `answer`.
  private func guardedStage(_ answer: GuardedScreen.Answer, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> (Stage, StateBench, GuardedScreen)
  {
    let (stage, bench) = stage(sourceLocation: sourceLocation)
    bench.made.overrides["G"] = { GuardedScreen("G", answer: answer) }
    try bench.setUp(State(root: .stack("A", "G")))
    bench.made.overrides["G"] = nil
    let screen = try #require(stage.window.screen(at: .entry(1)) as? GuardedScreen)
    return (stage, bench, screen)
  }

  @Test func aGuardThatDeniesRefusesAllOfItAndTheScreensMadeForItAreReleased() throws {
    let (stage, bench, guarded) = try guardedStage(.deny)
    let state = bench.state
    let tree = stage.tree
    let target = State(root: .stack([.screen("A"), .screen("C")], presenting: .sheet(.screen("D"))))
    let error = #expect(throws: NavigationError.self) { try bench.navigator.tryNavigate(to: target) }
    #expect(error?.code == .navigationDenied)
    #expect(guarded.decisions.count == 1)
    stage.expect([])
    #expect(bench.state == state && stage.tree == tree)
    #expect(stage.window.screen(at: .entry(1)) === guarded)
    #expect(bench.made.keys == ["C", "D"])
    #expect(bench.made.screens.allSatisfy { $0.object == nil })
    // The plain form reports it.
    expectRefusal(stage, bench, to: target, code: .navigationDenied)
  }

  @Test func aGuardThatAnswersLaterHoldsTheWindowAndTheNavigationRunsWhenItAllows() throws {
    let (stage, bench, guarded) = try guardedStage(.later)
    let a = try #require(stage.window.screen(at: .entry(0)))
    let nav = try #require(stage.window.screen(at: .root))
    let target = State(root: .stack("A", "C"))
    let done = Counter()
    bench.navigator.navigate(to: target, options: .init().animated(false).completion { _ in done.hit() })
    #expect(guarded.decisions.count == 1)
    #expect(stage.window.isTransitioning)
    #expect(bench.state == State(root: .stack("A", "G")))
    stage.scheduler.settle()
    stage.expect([])
    // A request made meanwhile waits behind the held navigation.
    let next = State(root: .stack("A", "C", "D"))
    bench.navigator.navigate(to: next, options: .init().animated(false))
    #expect(
      stage.window.pendingRequests == [
        .navigate(to: "NavigationController[A, C, D]", steps: [], animated: false)
      ])
    guarded.decisions[0].allow()
    stage.scheduler.settle()
    let c = try #require(stage.window.screen(at: .entry(1)))
    let d = try #require(stage.window.screen(at: .entry(2)))
    let events = stage.take()
    let completions = events.filter { if case .completion = $0 { true } else { false } }
    #expect(
      completions == [
        .completion(
          .navigate(
            to: "NavigationController[A, C]",
            steps: [
              NavigationPlan<String>.Step.setStack(.root, to: [.screen("A"), .screen("C")]).description
            ],
            animated: false)),
        .completion(
          .navigate(
            to: "NavigationController[A, C, D]",
            steps: [NavigationPlan<String>.Step.push(.screen("D"), onto: .root).description], animated: false)
        ),
      ])
    #expect(
      Array(events.prefix(while: { $0 != completions.first })) == [
        .load(c), .willSetViewControllers([a.screenID, c.screenID], in: nav.screenID, animated: false),
        .willMove(guarded, to: nil), .willMove(c, to: nav), .joined(c),
        .willDisappear(guarded), .willAppear(c),
        .willShow(c.screenID, in: nav.screenID, animated: false), .didDisappear(guarded), .didAppear(c),
        .didShow(c.screenID, in: nav.screenID, animated: false), .didMove(guarded, to: nil),
        .didMove(c, to: nav),
        .didSetViewControllers([a.screenID, c.screenID], in: nav.screenID, animated: false),
        .left(guarded, .stackReplaced),
      ])
    #expect(done.count == 1)
    #expect(bench.state == next)
    #expect(stage.window.screen(at: .entry(1)) === c && stage.window.screen(at: .entry(2)) === d)
    #expect(!stage.window.isTransitioning)
  }

  @Test func aGuardThatAnswersLaterAndDeniesRefusesTheNavigation() throws {
    let (stage, bench, guarded) = try guardedStage(.later)
    let state = bench.state
    let (failed, done) = (Counter(), Counter())
    bench.navigator.navigate(
      to: State(root: .stack([.screen("A"), .screen("C")], presenting: .sheet(.screen("D")))),
      options: .init().onFailure { _ in failed.hit() }.completion { _ in done.hit() })
    #expect(bench.made.keys == ["C", "D"])
    stage.scheduler.settle()
    stage.expect([])
    guarded.decisions[0].deny()
    stage.scheduler.settle()
    let error = try #require(stage.errors.errors.last)
    #expect(error.code == .navigationDenied)
    stage.expect([.misuse(error)])
    #expect(failed.count == 1 && done.count == 0)
    #expect(bench.state == state)
    #expect(stage.window.screen(at: .entry(1)) === guarded)
    #expect(!stage.window.isTransitioning)
    #expect(bench.made.screens.allSatisfy { $0.object == nil })
  }

  // MARK: A busy window

  /// A stage showing the stack `[A]`, pushing `B` (keyed) with animation: the window is busy.
  private func busyStage(sourceLocation: SourceLocation = #_sourceLocation) throws
    -> (Stage, StateBench, NavigationController, Screen)
  {
    let (stage, bench) = stage(sourceLocation: sourceLocation)
    try bench.setUp(State(root: .stack("A")))
    let nav = try #require(stage.window.rootViewController as? NavigationController)
    let b = Screen("B")
    b.navigationKey = "B"
    nav.pushViewController(b, animated: true)
    #expect(stage.window.isTransitioning)
    return (stage, bench, nav, b)
  }

  @Test func aNavigationAskedWhileTheWindowIsBusyWaitsAsOneRequestAndIsPlannedWhenItRuns() throws {
    let (stage, bench, nav, b) = try busyStage()
    let target = State(root: .stack("A", "B", "C"))
    var finished: [NavigationPlan<String>] = []
    bench.navigator.navigate(to: target, options: .init().completion { finished.append($0) })
    #expect(
      stage.window.pendingRequests == [
        .navigate(to: "NavigationController[A, B, C]", steps: [], animated: true)
      ])
    #expect(bench.made.keys.isEmpty)
    stage.scheduler.settle()
    // Planned from [A, B], the state once the push finished: one push.
    #expect(
      finished == [
        NavigationPlan(
          from: State(root: .stack("A", "B")), to: target, steps: [.push(.screen("C"), onto: .root)])
      ])
    #expect(bench.state == target)
    #expect(stage.window.screen(at: .entry(1)) === b)
    let events = stage.take()
    #expect(events.count { if case .willPush = $0 { true } else { false } } == 2)
    #expect(
      events.last
        == .completion(
          .navigate(
            to: "NavigationController[A, B, C]", steps: finished.first?.steps.map(\.description) ?? [],
            animated: true)))
    #expect(nav.viewControllers.count == 3)
  }

  @Test func whenBusyRejectRefusesTheNavigationInsteadOfQueueingIt() throws {
    let (stage, bench, _, _) = try busyStage()
    stage.discardEvents()  // the push's own events: other suites check them
    let failed = Counter()
    let target = State(root: .stack("A", "C"))
    let error = #expect(throws: NavigationError.self) {
      try bench.navigator.tryNavigate(
        to: target, options: .init().whenBusy(.reject).onFailure { _ in failed.hit() })
    }
    #expect(error?.code == .transitionInProgress)
    #expect(failed.count == 1)
    #expect(stage.window.pendingRequests.isEmpty)
    bench.navigator.navigate(to: target, options: .init().whenBusy(.reject))
    let reported = try #require(stage.errors.errors.last)
    #expect(reported.code == .transitionInProgress)
    stage.expect([.misuse(reported)])
    #expect(stage.window.pendingRequests.isEmpty)
    stage.settleQuietly()
    #expect(bench.state == State(root: .stack("A", "B")))
    #expect(bench.made.keys.isEmpty)
  }

  // MARK: Forms and closures

  @Test func theAsyncFormReturnsThePlanThatRanAndThrowsARefusal() async throws {
    let (stage, bench) = stage(scheduler: .immediate)
    try bench.setUp(State(root: .stack("A")))
    let target = State(root: .stack([.screen("A"), .screen("B")], presenting: .sheet(.screen("C"))))
    let expected = try bench.navigator.plan(to: target)
    let plan = try await bench.navigator.navigateAndWait(to: target, options: .init().animated(false))
    #expect(plan == expected)
    #expect(bench.state == target)
    stage.discardEvents()  // the transition's order is checked above, under the manual scheduler
    await #expect(throws: NavigationError.self) {
      try await bench.navigator.navigateAndWait(to: State(root: .stack([])))
    }
    stage.expect([])
    #expect(bench.state == target)
  }

  @MainActor
  @Test func theAsyncFormThrowsADenialThatCameLater() async throws {
    let (stage, bench, guarded) = try guardedStage(.later)
    let state = bench.state
    let task = Task { try await bench.navigator.navigateAndWait(to: State(root: .stack("A", "C"))) }
    await stage.yield { !guarded.decisions.isEmpty }
    #expect(bench.made.keys == ["C"])
    guarded.decisions[0].deny()
    do {
      let plan = try await task.value
      Issue.record("expected a denial, got \(plan)")
    } catch let error as NavigationError {
      #expect(error.code == .navigationDenied)
      stage.expect([.misuse(error)])
    }
    #expect(bench.state == state)
    #expect(stage.window.screen(at: .entry(1)) === guarded)
    #expect(!stage.window.isTransitioning)
  }

  @Test func theOptionClosuresRunOnceEachInTheirOrder() throws {
    let (stage, bench) = stage(scheduler: .immediate)
    let start = State(root: .stack("A"))
    try bench.setUp(start)
    let target = State(root: .stack("A", "B"))
    var log: [String] = []
    let options = StateNavigationOptions<String>().animated(false)
      .onSuccess { plan in log.append("success from \(plan.from == start ? "the start" : "elsewhere")") }
      .onFailure { _ in log.append("failure") }
      .completion { _ in log.append("completion, state reached: \(bench.state == target)") }
    bench.navigator.navigate(to: target, options: options)
    #expect(log == ["success from the start", "completion, state reached: true"])
    stage.discardEvents()  // the closures are the subject; the events are checked above
    log = []
    expectRefusal(stage, bench, to: State(root: .stack([])), code: .invalidTarget)
    bench.navigator.navigate(to: State(root: .stack([])), options: options)
    #expect(log == ["failure"])
    _ = stage.take()  // the second refusal's misuse event, checked by expectRefusal above
  }

  @Test func recordedRequestsCarryTheTarget() throws {
    let (stage, bench) = stage(scheduler: .immediate)
    try bench.setUp(State(root: .stack("A")))
    bench.navigator.isRecordingRequests = true
    let target = State(
      root: .stack([.screen("A"), .screen("B")], presenting: .sheet(.stack("Nav1", [.screen("C")]))))
    try bench.navigator.tryNavigate(to: target, options: .init().animated(false))
    #expect(
      bench.navigator.recordedRequests == [
        .init(.navigate, .state(target.mapKeys(AnyScreenKey.init)), isAnimated: false)
      ])
    stage.discardEvents()  // the requests are the subject
  }
}

/// The completion event of a navigation that the general planner plans names the target in
/// one line and every step as the plan's `description` gives it: written from the target's
/// layout, for every kind of step (containers, children added and removed, a popover, a stack
/// with a container in it).
@Suite struct NavigationCompletionTextTests {
  typealias State = NavigationState<String>

  @Test func theCompletionNamesTheTargetAndThePlansStepsForEveryKindOfStep() throws {
    let bench = StateBench(journal: true)
    bench.made.givesBarButtonItems = true
    try bench.setUp(State(root: .stack([.screen("A"), .screen("B")])))
    let targets: [(State, String)] = [
      (
        State(
          root: .container(
            "Tabs", children: [.stack([.screen("A"), .screen("B")]), .screen("C")],
            presenting: .sheet(.stack([.screen("S")])))),
        "Tabs{NavigationController[A, B], C} > pageSheet NavigationController[S]"
      ),
      (
        State(root: .container("Tabs", children: [.stack([.screen("A"), .screen("B")]), .screen("D")])),
        "Tabs{NavigationController[A, B], D}"
      ),
      (
        State(
          root: .container(
            "Tabs", children: [.stack([.screen("A")]), .screen("D")],
            presenting: .popover(.screen("P"), at: .barButtonItem(.right, index: 0, of: .key("D"))))),
        "Tabs{NavigationController[A], D} > popover P"
      ),
      (
        State(root: .stack([.screen("A"), .screen("B"), .container("E", children: [.screen("X")])])),
        "NavigationController[A, B, E{X}]"
      ),
      (
        State(root: .stack([.screen("A"), .container("E", children: [.screen("X")]), .screen("F")])),
        "NavigationController[A, E{X}, F]"
      ),
      (
        State(
          root: .stack([.screen("A"), .container("E", children: [.screen("X")]), .screen("F"), .screen("G")])),
        "NavigationController[A, E{X}, F, G]"
      ),
      (State(root: nil), "(no root)"),
    ]
    var named: [String] = []
    for (target, oneLine) in targets {
      let plan = try bench.navigator.plan(to: target)
      bench.window.journal.removeAll()
      try bench.navigator.tryNavigate(to: target, options: .init().animated(false))
      bench.settle()
      #expect(bench.state == target)
      #expect(target.oneLine == oneLine)
      let completion = bench.window.journal.events.last
      #expect(
        completion
          == .completion(.navigate(to: oneLine, steps: plan.steps.map(\.description), animated: false)))
      if case .completion(.navigate(_, let steps, _))? = completion { named += steps }
    }
    // Every kind of step was named.
    #expect(
      named == [
        "set the root to Tabs{NavigationController[A, B], C}",
        "present NavigationController[S] from root as pageSheet",
        "dismiss what root presents", "remove C from root", "add D to root",
        "pop to root.child(0)[0]", "present P from root as a popover at right bar item 0 of D",
        "set the root to NavigationController[A, B, E{X}]", "set the stack of root to [A, E{X}, F]",
        "push G onto root", "set the root to nothing",
      ])
  }
}
