import AppFlow
import Navigator
import TestSupport
import Testing

/// Seeded random runs of flows and every exit path, with the flow invariants checked after
/// each step; a failure names the seed and the operations. Kept-alive screens are asked for
/// among the operations (pushes and deep links), and the clock moves.
@Suite struct FlowRandomOperationTests {
  /// What the run knows of one flow, without holding it.
  final class Record {
    let name: String
    weak var flow: TestFlow?
    weak var parent: Record?
    var children: [Record] = []
    var deliveries = 0
    var endIndex: Int?
    init(_ name: String, _ flow: TestFlow, parent: Record?) {
      self.name = name
      self.flow = flow
      self.parent = parent
    }
  }

  /// How many outcomes were delivered so far.
  final class Clock {
    var ends = 0
  }

  /// Protects Reviews in the random deep links: allows, denies, requires a sign-in, or
  /// answers later, at random; counts what it allowed and the Reviews screens made.
  /// A deep link opened with a `try` form: it throws, or its completion hears it, once.
  final class TryLink {
    let route: String
    var thrown: RouteError?
    var heard = 0
    init(_ route: String) { self.route = route }
  }

  final class RandomSpace: ProtectionSpace {
    var rng: SplitMix64
    var allowances = 0
    var madeReviews = 0
    var pending: [(ProtectionDecision) -> Void] = []
    var signIns: [SignInFlow] = []
    /// The deep links opened with a `try` form: what each threw and what its completion heard.
    var tryLinks: [TryLink] = []

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
      switch rng.index(below: 4) {
      case 0:
        allowances += 1
        decide(.allow)
      case 1: decide(.deny("random"))
      case 2:
        let flow = SignInFlow()
        signIns.append(flow)
        decide(.require(flow))
      default: pending.append(decide)
      }
    }

    /// Answers a held decision or ends a live sign-in, at random; describes it.
    func settleOne(_ rng: inout SplitMix64) -> String? {
      if !pending.isEmpty {
        let decide = pending.removeFirst()
        if rng.bool() {
          allowances += 1
          decide(.allow)
          return "protection answered later: allow"
        }
        decide(.deny("later"))
        return "protection answered later: deny"
      }
      guard let flow = signIns.first(where: { $0.state == .running }) else { return nil }
      if rng.bool() {
        allowances += 1
        flow.finish("alice", animated: rng.bool())
        return "sign-in finished"
      }
      flow.cancel(animated: rng.bool())
      return "sign-in cancelled"
    }
  }

  static let seeds: [UInt64] = [1, 7, 42, 2024, 0xDEAD_BEEF]

  @Test(arguments: seeds, [false, true])
  func randomFlowOperationsKeepTheInvariants(seed: UInt64, manual: Bool) throws {
    let run = try Self.runWorld(seed: seed, manual: manual, steps: 300)
    #expect(run.flows >= 20, "seed \(seed): only \(run.flows) flows ran")
    if !run.failures.isEmpty {
      Issue.record(
        "seed \(seed), manual \(manual): \(run.failures)\noperations:\n\(run.operations.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n"))"
      )
    }
  }

  /// Random replayable inputs (deep links, routes, navigator calls on routes' screens and on
  /// screens of a registered type or scene, popovers, children, gestures, late guard answers,
  /// flows run, run inside flows, finished and cancelled, a manual scheduler's calls), recorded,
  /// then replayed into a fresh app controller: the same journal, input for input, and the same
  /// state.
  @Test(arguments: seeds, [false, true])
  func randomOperationsRecordedReplayExactly(seed: UInt64, manual: Bool) throws {
    let run = try RandomReplayWorld.run(seed: seed, manual: manual, steps: 200)
    #expect(run.inputs.count >= 150, "seed \(seed): only \(run.inputs.count) inputs recorded")
    let keyedKinds = Set(
      run.inputs.compactMap { input -> String? in
        switch input {
        case .pushScreen: "pushScreen"
        case .presentModalScreen: "presentModalScreen"
        case .popover: "popover"
        case .addChild: "addChild"
        case .removeChildScreen: "removeChildScreen"
        case .protected: "protected"
        default: nil
        }
      })
    #expect(
      keyedKinds == [
        "pushScreen", "presentModalScreen", "popover", "addChild", "removeChildScreen", "protected",
      ],
      "seed \(seed), manual \(manual): only \(keyedKinds.sorted()) of the inputs that name screens by keys")
    if !run.failures.isEmpty {
      let inputs = run.inputs.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n")
      Issue.record("seed \(seed), manual \(manual): \(run.failures)\ninputs:\n\(inputs)")
    }
  }

  /// The recorded random sessions hold every kind of flow input (runs and child runs pushed,
  /// modal, as popovers and as children; finishes with an output; cancels), taps outside a
  /// popover on a given view, protected calls in their `try` form, late protection answers, and
  /// data passed to screens and containers registered by name.
  @Test func randomRecordedSessionsHoldEveryKindOfFlowInput() throws {
    var kinds: Set<String> = []
    func shown(_ presentation: RecordedFlowPresentation) -> String {
      switch presentation {
      case .push: "push"
      case .modal: "modal"
      case .popover: "popover"
      case .child: "child"
      }
    }
    for seed in Self.seeds {
      for input in try RandomReplayWorld.run(seed: seed, manual: false, steps: 200).inputs
        + RandomReplayWorld.run(seed: seed, manual: true, steps: 200).inputs
      {
        switch input {
        case .runFlow(_, _, let presentation, _): kinds.insert("runFlow \(shown(presentation))")
        case .runChildFlow(_, _, _, let presentation, _): kinds.insert("runChildFlow \(shown(presentation))")
        case .finishFlow: kinds.insert("finishFlow")
        case .cancelFlow: kinds.insert("cancelFlow")
        case .tapOutsidePopoverOnView: kinds.insert("tapOutsidePopoverOnView")
        case .answerProtection: kinds.insert("answerProtection")
        case .protected(_, _, canWait: false): kinds.insert("protected try form")
        case .withOptions(_, let data, let container):
          if data != nil { kinds.insert("passing data") }
          if container != nil { kinds.insert("in a container") }
        default: break
        }
      }
    }
    #expect(
      kinds == [
        "runFlow push", "runFlow modal", "runFlow popover", "runFlow child", "runChildFlow push",
        "runChildFlow modal", "runChildFlow popover", "runChildFlow child", "finishFlow", "cancelFlow",
        "tapOutsidePopoverOnView", "answerProtection", "protected try form", "passing data",
        "in a container",
      ])
  }

  /// What one random world did: the invariants it broke, the flows it ran, its operations.
  struct WorldRun {
    var failures: [String]
    var flows: Int
    var operations: [String]
  }

  /// Runs `steps` random operations on a new app controller, checking the invariants after
  /// each, then stops it and checks that nothing is left alive.
  static func runWorld(seed: UInt64, manual: Bool, steps: Int) throws -> WorldRun {
    let scheduler = manual ? ManualScheduler() : nil
    // The home screen is not kept: the leak check at the end covers it too.
    var app: AppController? = try makeApp(scheduler: scheduler).0
    var rng = SplitMix64(seed: seed)
    var records: [Record] = []
    var refs: [Weak] = []
    var ops: [String] = []
    let ends = Clock()
    var failures: [String] = []
    let space = RandomSpace(seed: seed)

    func check(_ app: AppController) {
      for link in space.tryLinks where link.heard > 1 || (link.thrown != nil && link.heard > 0) {
        failures.append(
          "the try form's link to \(link.route) threw \(link.thrown.map { "\($0)" } ?? "nothing") and was heard \(link.heard) times"
        )
      }
      // Typed access agrees with the untyped tree.
      let live = app.liveFlows(ofType: AnyFlow.self)
      if Set(live.map(\.id)) != Set(app.flows.allFlows)
        || app.liveFlows(ofType: TestFlow.self).map(\.id) != live.filter({ $0 is TestFlow }).map(\.id)
      {
        failures.append("liveFlows(ofType:) disagrees with the flow tree")
      }
      for flow in live
      where flow.screens(ofType: ViewController.self).map(ObjectIdentifier.init)
        != flow.screens.map(ObjectIdentifier.init)
        || flow.firstScreen(as: ViewController.self) !== flow.firstScreen
      {
        failures.append("\(flow.id)'s typed screens disagree with its screens")
      }
      if space.madeReviews > space.allowances {
        failures.append(
          "\(space.madeReviews) Reviews made, \(space.allowances) allowed: a protection was bypassed")
      }
      for record in records {
        if record.deliveries > 1 { failures.append("\(record.name) ended \(record.deliveries) times") }
        for child in record.children where record.endIndex != nil {
          if child.endIndex == nil || child.endIndex! > record.endIndex! {
            failures.append("\(record.name) ended before its child \(child.name)")
          }
        }
        guard let flow = record.flow else { continue }
        switch flow.state {
        case .ended:
          if flow.firstScreen != nil || !flow.screens.isEmpty {
            failures.append("ended \(record.name) holds screens")
          }
          if record.deliveries != 1 {
            failures.append("ended \(record.name) had \(record.deliveries) outcomes")
          }
        case .running where !app.window.isBusy:
          if flow.firstScreen?.isInWindowHierarchy != true {
            failures.append("running \(record.name) is not shown")
          }
        default: break
        }
      }
    }

    for step in 0..<steps {
      guard let liveApp = app else { break }
      let op = Self.randomOperation(&rng, liveApp, scheduler, &records, &refs, ends, space, step: step)
      ops.append(op)
      check(liveApp)
      if !failures.isEmpty { break }
    }
    app?.stop()
    scheduler?.settle()
    if let liveApp = app { check(liveApp) }
    if records.contains(where: { $0.deliveries != 1 }) {
      failures.append("a flow was never ended after stop()")
    }
    app = nil
    if !alive(refs).isEmpty { failures.append("alive after stop: \(alive(refs))") }
    return WorldRun(failures: failures, flows: records.count, operations: ops)
  }

  /// Performs one random operation and describes it.
  static func randomOperation(
    _ rng: inout SplitMix64, _ app: AppController, _ scheduler: ManualScheduler?, _ records: inout [Record],
    _ refs: inout [Weak], _ ends: Clock, _ space: RandomSpace, step: Int
  ) -> String {
    let live = records.filter { $0.flow?.state.isLive == true }
    let visible = app.navigator.visibleViewController
    let stack = visible?.navigationController
    switch rng.index(below: 20) {
    case 0...3:
      let parent = rng.bool() ? rng.element(of: live.filter { $0.flow?.state == .running }) : nil
      let name = "F\(step)"
      let flow = TestFlow(name)
      let record = Record(name, flow, parent: parent)
      let presentations: [(String, FlowPresentation)] =
        [
          ("push", .push), ("sheet", .sheet()),
          ("sheet embedded", .sheet(embeddedInNavigationController: true)),
          ("fullScreen", .fullScreen(embeddedInNavigationController: rng.bool())),
          ("modal", .modal(embeddedInNavigationController: true)),
        ]
        + (visible.map {
          [
            ("popover", .popover(at: .view($0.view, rect: .zero), embeddedInNavigationController: true)),
            ("child", .child(of: $0)),
          ]
        } ?? [])
      let (label, presentation) = rng.element(of: presentations)!
      let handler: (FlowOutcome<String>) -> Void = { [weak record] _ in
        guard let record else { return }
        record.deliveries += 1
        ends.ends += 1
        record.endIndex = ends.ends
      }
      do {
        if let parentFlow = parent?.flow {
          try parentFlow.tryRun(flow, as: presentation, animated: rng.bool(), onEnd: handler)
        } else {
          try app.tryRun(flow, as: presentation, animated: rng.bool(), onEnd: handler)
        }
        records.append(record)
        parent?.children.append(record)
        refs.append(Weak("flow \(name)", flow))
        if let screen = flow.firstScreen { refs.append(Weak("screen \(name)", screen)) }
        return "run \(name) as \(label) from \(parent?.name ?? "app")"
      } catch {
        return "run \(name) as \(label) refused: \(error.code)"
      }
    case 4:
      guard let record = rng.element(of: live), let flow = record.flow else { return "finish: none" }
      do { try flow.tryFinish("out", animated: rng.bool()) } catch {
        return "finish \(record.name) refused: \(error.code)"
      }
      return "finish \(record.name)"
    case 5:
      guard let record = rng.element(of: live), let flow = record.flow else { return "cancel: none" }
      do { try flow.tryCancel(animated: rng.bool()) } catch {
        return "cancel \(record.name) refused: \(error.code)"
      }
      return "cancel \(record.name)"
    case 6:
      return "pop \(stack?.popViewController(animated: rng.bool())?.screenID.description ?? "nothing")"
    case 7:
      return "popToRoot \(stack?.popToRootViewController(animated: rng.bool())?.count ?? 0)"
    case 8:
      guard let stack, let target = rng.element(of: stack.viewControllers) else { return "popTo: no stack" }
      _ = stack.popToViewController(target, animated: rng.bool())
      return "popTo \(target.screenID)"
    case 9:
      guard let stack, let bottom = stack.viewControllers.first else { return "setViewControllers: no stack" }
      stack.setViewControllers([bottom], animated: rng.bool())
      return "setViewControllers [\(bottom.screenID)]"
    case 10:
      guard let stack else { return "back: no stack" }
      stack.navigationBar.tapBackButton()
      return "back button"
    case 11:
      guard let stack, stack.viewControllers.count > 1, !app.window.isBusy else { return "swipe: none" }
      stack.beginInteractivePop()
      let commit = rng.bool()
      if commit { stack.finishInteractivePop() } else { stack.cancelInteractivePop() }
      return commit ? "back swipe committed" : "back swipe cancelled"
    case 12:
      guard let visible else { return "dismiss: nothing" }
      let fromBelow = rng.bool()
      (fromBelow ? visible.presentingViewController ?? visible : visible).dismiss(animated: rng.bool())
      return fromBelow ? "dismiss from below \(visible.screenID)" : "dismiss from \(visible.screenID)"
    case 13:
      var top: ViewController? = app.window.rootViewController
      while let next = top?.presentedViewController { top = next }
      guard let top, let controller = top.presentationController, top.presentingViewController != nil,
        controller.beginInteractiveDismissal()
      else { return "sheet swipe: none" }
      let commit = rng.bool()
      if commit { controller.finishInteractiveDismissal() } else { controller.cancelInteractiveDismissal() }
      return commit ? "sheet swipe committed" : "sheet swipe cancelled"
    case 14:
      if rng.index(below: 4) == 0 {
        app.window.rootViewController = NavigationController(rootViewController: NamedScreen("Root\(step)"))
        return "root replaced"
      }
      return "tap outside popover: \(app.window.tapOutsidePopover())"
    case 16, 17:
      if rng.index(below: 3) == 0, let settled = space.settleOne(&rng) { return settled }
      return openRandomDeepLink(&rng, app, scheduler, space)
    case 18:
      return pushKeptScreen(&rng, app, &refs, step: step)
    case 19:
      return advanceClock(&rng, app, scheduler)
    default:
      if let scheduler {
        if rng.bool() { scheduler.runLoopTurn() } else { scheduler.finishTransitions() }
        return "scheduler step"
      }
      guard let child = visible?.children.last else { return "removeChild: none" }
      do { try app.navigator.tryRemoveChild(child) } catch { return "removeChild refused: \(error.code)" }
      return "removeChild \(child.screenID)"
    }
  }

  /// Navigates to a random route of a shop on its chain of parents (registering the shop's
  /// routes the first time), checks that the window then shows exactly the route's state,
  /// and describes it.
  static func openRandomDeepLink(
    _ rng: inout SplitMix64, _ app: AppController, _ scheduler: ManualScheduler?, _ space: RandomSpace
  ) -> String {
    if app.routes.routeNames.isEmpty {
      do {
        try app.routes.register(Catalog.self) { RouteScreen($0) }
        try app.routes.register(Product.self, parent: { _ in Catalog() }, keepAlive: .duration(.seconds(30)))
        {
          RouteScreen($0)
        }
        try app.routes.register(
          Reviews.self, presentation: .sheet(embeddedInNavigationController: true),
          parent: { Product(id: $0.productID) }, protectedBy: space
        ) { [weak space] route in
          space?.madeReviews += 1
          return RouteScreen(route)
        }
        try app.routes.register(Compose.self, parent: { Reviews(productID: $0.productID) }) {
          RouteScreen($0)
        }
        try app.routes.register(Preview.self, presentation: .fullScreen(), parent: { _ in Catalog() }) {
          RouteScreen($0)
        }
      } catch {
        return "register routes failed: \(error)"
      }
    }
    let id = rng.index(below: 3)
    let routes: [any Route] = [
      Catalog(), Product(id: id), Reviews(productID: id), Compose(productID: id), Preview(),
    ]
    let route = rng.element(of: routes)!
    var result: Result<NavigationPlan<AnyRoute>, RouteError>?
    if rng.bool() {
      app.navigate(to: route, animated: rng.bool()) { result = $0 }
    } else {
      // The try form: a refusal found now is thrown and never reaches the completion.
      let link = TryLink("\(route)")
      space.tryLinks.append(link)
      do {
        try app.tryNavigate(to: route, animated: rng.bool()) { outcome in
          link.heard += 1
          result = outcome
        }
      } catch {
        link.thrown = error
        result = .failure(error)
      }
    }
    switch result {
    case .success(let plan):
      let expected = try? app.routes.state(for: app.routes.chain(to: route))
      if scheduler == nil, app.window.navigationState(keyedBy: AnyRoute.self) != expected {
        Issue.record(
          """
          after a deep link to \(route), the window is not in the route's state; it shows
          \(app.window.navigationState(keyedBy: AnyRoute.self))
          instead of
          \(expected.map { "\($0)" } ?? "no state")
          """)
      }
      return "deep link \(route): \(plan.steps.count) steps"
    case .failure(let error): return "deep link \(route) refused: \(error)"
    case nil: return "deep link \(route) waits"
    }
  }

  /// Pushes the screen kept alive under one of three identifiers, and checks the cache's
  /// promise: a kept screen in no hierarchy comes back, one in a hierarchy is refused with
  /// `cachedScreenInHierarchy`, and nothing else is.
  static func pushKeptScreen(_ rng: inout SplitMix64, _ app: AppController, _ refs: inout [Weak], step: Int)
    -> String
  {
    let id = rng.index(below: 3)
    let key = KeepAliveKey(NamedScreen.self, identifier: id)
    let kept = app.navigator.keepAliveCache.screen(for: key)
    let isFree = kept.map {
      $0.parent == nil && $0.presentingViewController == nil && !$0.isInWindowHierarchy
        && app.window.rootViewController !== $0
    }
    let options = NavigationOptions<NamedScreen>().animated(rng.bool())
      .keepAlive(within: .duration(.seconds(30)), identifier: id)
    do {
      let screen = try app.navigator.tryPush(.make { NamedScreen("Kept\(id)") }, options: options)
      if let kept, screen !== kept {
        Issue.record("step \(step): Kept\(id) was kept (free: \(isFree!)) and a push made another")
      }
      refs.append(Weak("kept screen \(id) of step \(step)", screen))
      return "push Kept\(id): \(kept == nil ? "new" : "reused")"
    } catch {
      if error.code == .cachedScreenInHierarchy, isFree != false {
        Issue.record(
          "step \(step): Kept\(id) refused as on screen, but it was \(kept == nil ? "not kept" : "free")")
      }
      return "push Kept\(id) refused: \(error.code)"
    }
  }

  /// Moves the manual clock (the kept screens' durations run on it) and checks that every
  /// kept screen that was out of the hierarchy before 30 s or more passed, and still is, was
  /// evicted; under the immediate scheduler, purges what expired.
  static func advanceClock(_ rng: inout SplitMix64, _ app: AppController, _ scheduler: ManualScheduler?)
    -> String
  {
    let cache = app.navigator.keepAliveCache
    guard let scheduler else {
      cache.purgeExpired()
      return "purge expired: \(cache.count) kept"
    }
    let seconds = rng.index(below: 4) * 10
    let away = cache.keys.filter { cache.screen(for: $0)?.isInWindowHierarchy == false }
    scheduler.advance(by: .seconds(seconds))
    if seconds >= 30 {
      for key in away where cache.screen(for: key)?.isInWindowHierarchy == false {
        Issue.record("\(key) outlived its 30 s out of the hierarchy (advanced \(seconds) s)")
      }
    }
    return "advance \(seconds) s: \(cache.count) kept"
  }
}
