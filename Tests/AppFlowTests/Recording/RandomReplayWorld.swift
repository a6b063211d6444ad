import AppFlow
import Navigator
import TestSupport
import Testing

/// Seeded random sessions of replayable inputs on a recording shop: recorded with their
/// events, written and read back, and replayed into a fresh shop, which must give the same
/// events, input for input, and the same state (FlowRandomOperationTests runs it).
enum RandomReplayWorld {
  /// What went wrong in one run, with the inputs recorded; empty when the replay was exact.
  struct Run {
    var failures: [String]
    var inputs: [RecordedInput]
  }

  /// Runs `steps` random operations on a fresh shop (Product screens ask before a pop and
  /// answer later), then settles and answers what waits, and replays the log.
  static func run(seed: UInt64, manual: Bool, steps: Int) throws -> Run {
    var variation = ShopVariation()
    variation.productGuard = .some(nil)
    variation.registersCards = true
    let scheduler = manual ? ManualScheduler() : nil
    let app = try makeRecordingShop(scheduler: scheduler, variation: variation)
    let space = TurnstileSpace()
    try app.routes.registerProtection(space)
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    var rng = SplitMix64(seed: seed)
    for step in 0..<steps { operate(&rng, app, scheduler, space, step: step) }
    // Nothing left waiting: the scheduler settles, and the guards that wait are answered.
    for _ in 0..<20 {
      scheduler?.settle()
      guard let decision = pendingDecision(in: app) else { break }
      decision.allow()
    }
    let log = recorder.log
    var failures: [String] = []
    let unreplayable = log.inputs.filter { if case .unreplayable = $0 { true } else { false } }
    if !unreplayable.isEmpty { failures.append("unreplayable inputs: \(unreplayable)") }
    let replayScheduler = manual ? ManualScheduler() : nil
    let fresh = try makeRecordingShop(scheduler: replayScheduler, variation: variation)
    // The replay's own space, which answers the replayed evaluations as the recorded one did.
    let freshSpace = TurnstileSpace()
    defer { withExtendedLifetime(freshSpace) {} }
    do {
      try fresh.routes.registerProtection(freshSpace)
      let decoded = try fresh.routes.decodeSessionLog(try app.routes.encode(log))
      if decoded != log { failures.append("the log does not read back as written") }
      try decoded.replay(into: fresh)
    } catch {
      failures.append("\(error)")
    }
    // As text: a screen with no route is named by its identity, which no other window's has.
    if fresh.window.navigationState(keyedBy: AnyRoute.self).description
      != app.window.navigationState(keyedBy: AnyRoute.self).description
    {
      failures.append("the replayed state differs")
    }
    for shop in [app, fresh] {
      shop.stop()
      (shop === app ? scheduler : replayScheduler)?.settle()
    }
    return Run(failures: failures, inputs: log.inputs)
  }

  /// Every live flow, parents before their children.
  static func allLiveFlows(of app: AppController) -> [AnyFlow] {
    var flows: [AnyFlow] = []
    func visit(_ flow: AnyFlow) {
      flows.append(flow)
      flow.children.forEach(visit)
    }
    app.liveFlows.forEach(visit)
    return flows
  }

  /// A pop decision a stack of the window waits for, if any.
  static func pendingDecision(in app: AppController) -> PopDecision? {
    var screens = app.window.rootViewController.map { [$0] } ?? []
    while let screen = screens.popLast() {
      if let decision = (screen as? NavigationController)?.pendingPopDecision { return decision }
      screens += screen.children
      if let presented = screen.presentedViewController, presented.presentingViewController === screen {
        screens.append(presented)
      }
    }
    return nil
  }

  /// One random replayable input.
  static func operate(
    _ rng: inout SplitMix64, _ app: AppController, _ scheduler: ManualScheduler?, _ space: TurnstileSpace,
    step: Int
  ) {
    let id = rng.index(below: 3)
    let animated = rng.bool()
    let visible = app.navigator.visibleViewController
    let routes: [any Route] = [
      Catalog(), Product(id: id), Reviews(productID: id), Compose(productID: id), Preview(), Filters(),
    ]
    switch rng.index(below: 25) {
    case 0: app.open(rng.bool() ? "shop://catalog" : "shop://catalog/products/\(id)", animated: animated)
    case 1, 2:
      let route: any Route = rng.element(of: routes)!
      app.navigate(to: route, animated: animated)
    case 3:
      let route = rng.bool() ? AnyRoute(Product(id: id)) : AnyRoute(Preview())
      guard let screen = try? app.routes.makeScreen(for: route) else { return }
      app.navigator.push(.instance(screen), options: NavigationOptions().animated(animated))
    case 4:
      guard let screen = try? app.routes.makeScreen(for: AnyRoute(Preview())) else { return }
      app.navigator.presentModal(
        .instance(screen), style: rng.bool() ? .formSheet : nil,
        options: NavigationOptions().animated(animated))
    case 5: app.navigator.pop(options: NavigationOptions().animated(animated))
    case 6: visible?.navigationController?.navigationBar.tapBackButton()
    case 7:
      guard let stack = visible?.navigationController else { return }
      stack.beginInteractivePop()
      guard stack.isInteractivePopInProgress else { return }
      stack.updateInteractivePop(progress: 0.5)
      if rng.bool() { stack.finishInteractivePop() } else { stack.cancelInteractivePop() }
    case 8:
      var top = app.window.rootViewController
      while let next = top.flatMap(ScreenPathsForTest.ownPresented) { top = next }
      guard let top, let controller = top.presentationController, top.presentingViewController != nil,
        controller.beginInteractiveDismissal()
      else { return }
      if rng.bool() {
        controller.finishInteractiveDismissal()
      } else {
        controller.cancelInteractiveDismissal()
      }
    case 9:
      guard rng.bool() else { return _ = app.window.tapOutsidePopover() }
      // On a view of the visible screen (in the popover: it stays) or of the root stack's top.
      let screen = rng.bool() ? visible : app.rootNavigationController?.topViewController
      app.window.tapOutsidePopover(on: screen.map { $0.view.subviews.first ?? $0.view })
    case 10:
      let flow = ReviewFlow(AnyRoute(Reviews(productID: id)), table: app.routes)
      app.run(flow, as: presentation(&rng, visible), animated: animated)
    case 11:
      guard let flow = rng.element(of: app.liveFlows) as? ReviewFlow else { return }
      flow.cancel(animated: animated)
    case 12: pendingDecision(in: app)?.answer(rng.bool())
    case 13: app.navigate(to: [Catalog(), Product(id: id)], animated: animated)
    case 14:
      guard let flow = rng.element(of: allLiveFlows(of: app)) as? ReviewFlow else { return }
      flow.finish("output \(id)", animated: animated)
    case 15:
      // A run from a flow that is not running yet is refused before it is an input.
      let running = allLiveFlows(of: app).filter { if case .running = $0.state { true } else { false } }
      guard let parent = rng.element(of: running) else { return }
      let route = rng.bool() ? AnyRoute(Compose(productID: id)) : AnyRoute(Preview())
      let shown: FlowPresentation =
        rng.bool() ? presentation(&rng, visible) : rng.bool() ? .push : .modal()
      parent.run(ReviewFlow(route, table: app.routes), as: shown, animated: animated)
    case 16...20: operateOnKeyedScreens(&rng, app, visible, animated: animated)
    case 23: operateProtected(&rng, app, visible, space, animated: animated)
    case 24:
      // A late answer, to the oldest evaluation the space keeps (settled ones change nothing).
      guard !space.kept.isEmpty else { return }
      space.kept.removeFirst()(rng.bool() ? .allow : .deny("late"))
    default:
      guard let scheduler else { return app.navigate(to: Catalog(), animated: animated) }
      switch rng.index(below: 3) {
      case 0: scheduler.runLoopTurn()
      case 1: scheduler.finishTransitions()
      default: scheduler.advance(by: .milliseconds(100 * rng.index(below: 5)))
      }
    }
  }
}

extension RandomReplayWorld {
  /// A random presentation for a flow: pushed (when a stack is on screen: a refused run is
  /// recorded unreplayable), in a sheet, as a popover at a view of the visible screen, or as
  /// a child of the visible screen (not a stack), in its root view or its first subview.
  static func presentation(_ rng: inout SplitMix64, _ visible: ViewController?) -> FlowPresentation {
    switch rng.index(below: 4) {
    case 0 where visible?.navigationController != nil: return .push
    case 2:
      guard let visible else { break }
      return .popover(
        at: .view(visible.view.subviews.first ?? visible.view, rect: Rect(x: 0, y: 0, width: 2, height: 2)),
        keepsPopoverOnCompactWidth: rng.bool(), embeddedInNavigationController: rng.bool())
    case 3:
      guard let visible, !(visible is NavigationController) else { break }
      return .child(of: visible, in: rng.bool() ? visible.view.subviews.first : nil)
    default: break
    }
    return .sheet(embeddedInNavigationController: true)
  }

  /// One random input that names a screen by a registered type or scene, a popover's
  /// anchor or a child's container: a push, a modal presentation, a popover at a bar button
  /// item or in a view, a child added or removed.
  static func operateOnKeyedScreens(
    _ rng: inout SplitMix64, _ app: AppController, _ visible: ViewController?, animated: Bool
  ) {
    let options = NavigationOptions<ViewController>().animated(animated)
    let keyed: Destination<ViewController> =
      switch rng.index(below: 3) {
      case 0: .scene("tip", in: shopStoryboard)
      case 1: .initialScene(of: shopStoryboard)
      default: .scene("note", in: shopStoryboard)
      }
    switch rng.index(below: 6) {
    case 0 where rng.index(below: 3) == 0:
      app.navigator.push(.type(CardScreen.self), options: cardOptions(&rng, animated: animated))
    case 0: app.navigator.push(.type(TipScreen.self), options: .init().animated(animated))
    case 1 where rng.index(below: 3) == 0:
      app.navigator.presentModal(
        .initialScene(of: cardStoryboard), options: cardOptions(&rng, animated: animated))
    case 1:
      app.navigator.presentModal(
        keyed, style: rng.bool() ? .formSheet : nil,
        options: rng.bool() ? options.embedded(in: .navigationController) : options)
    case 2:
      // The Catalog's Filters item when it is the visible screen, else a view of the visible screen.
      guard let visible else { return }
      let anchor: PopoverAnchor =
        if let item = visible.navigationItem.rightBarButtonItems.first, rng.bool() {
          .barButtonItem(item)
        } else {
          .view(visible.view.subviews.first ?? visible.view, rect: Rect(x: 0, y: 0, width: 4, height: 4))
        }
      app.navigator.popover(
        .type(TipScreen.self), anchor: anchor, keepsPopoverOnCompactWidth: rng.bool(),
        options: .init().animated(animated))
    case 3, 4:
      guard let visible, !(visible is NavigationController) else { return }
      if rng.bool(), let child = visible.children.last {
        app.navigator.removeChild(child)
      } else {
        let view = rng.bool() ? visible.view.subviews.first : nil
        if rng.index(below: 3) == 0 {
          app.navigator.addChild(
            .type(CardScreen.self), to: visible, in: view, options: cardOptions(&rng, animated: animated))
        } else {
          app.navigator.addChild(.type(TipScreen.self), to: visible, in: view)
        }
      }
    default:
      guard let visible else { return }
      app.navigator.removeChild(.type(TipScreen.self), from: visible)
    }
  }
}

extension RandomReplayWorld {
  /// One random navigator call protected by the space: a push, a modal presentation, a
  /// popover or a child, in the form with a completion or the `try` form.
  static func operateProtected(
    _ rng: inout SplitMix64, _ app: AppController, _ visible: ViewController?, _ space: TurnstileSpace,
    animated: Bool
  ) {
    let options = NavigationOptions<ViewController>().animated(animated).protect(with: space)
    let tip = NavigationOptions<TipScreen>().animated(animated).protect(with: space)
    let tryForm = rng.bool()
    let navigator = app.navigator
    switch rng.index(below: 4) {
    case 0:
      guard let screen = try? app.routes.makeScreen(for: AnyRoute(Product(id: rng.index(below: 3)))) else {
        return
      }
      if tryForm {
        _ = try? navigator.tryPush(.instance(screen), options: options)
      } else {
        navigator.push(.instance(screen), options: options)
      }
    case 1:
      guard let screen = try? app.routes.makeScreen(for: AnyRoute(Preview())) else { return }
      if tryForm {
        _ = try? navigator.tryPresentModal(.instance(screen), style: .formSheet, options: options)
      } else {
        navigator.presentModal(.instance(screen), style: .formSheet, options: options)
      }
    case 2:
      guard let visible else { return }
      let anchor = PopoverAnchor.view(visible.view, rect: Rect(x: 0, y: 0, width: 4, height: 4))
      if tryForm {
        _ = try? navigator.tryPopover(.type(TipScreen.self), anchor: anchor, options: tip)
      } else {
        navigator.popover(.type(TipScreen.self), anchor: anchor, options: tip)
      }
    default:
      guard let visible, !(visible is NavigationController) else { return }
      if tryForm {
        _ = try? navigator.tryAddChild(.type(TipScreen.self), to: visible, options: tip)
      } else {
        navigator.addChild(.type(TipScreen.self), to: visible, options: tip)
      }
    }
  }
}

/// The random world's protection space, used through navigation options only: it allows,
/// denies and keeps for a later answer in turn, so that a replay's own space answers each
/// evaluation as the recording's did.
final class TurnstileSpace: ProtectionSpace {
  /// The number of evaluations asked.
  private var asked = 0
  /// The `decide` of each evaluation not answered at once, oldest first.
  var kept: [(ProtectionDecision) -> Void] = []
  var name: String { "Turnstile" }
  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    asked += 1
    switch asked % 3 {
    case 0: decide(.allow)
    case 1: decide(.deny("closed"))
    default: kept.append(decide)
    }
  }
}

extension RandomReplayWorld {
  /// Options that pass a card screen random details, in the Frame container or not.
  static func cardOptions(_ rng: inout SplitMix64, animated: Bool) -> NavigationOptions<CardScreen> {
    let details = CardDetails(last4: "\(1000 + rng.index(below: 9000))", limit: 100 * rng.index(below: 50))
    let options = NavigationOptions<CardScreen>().animated(animated).passing(details)
    return rng.bool() ? options.embedded(in: frame) : options
  }
}

/// What a screen itself presents, for the random world.
enum ScreenPathsForTest {
  static func ownPresented(_ screen: ViewController) -> ViewController? {
    guard let presented = screen.presentedViewController, presented.presentingViewController === screen else {
      return nil
    }
    return presented
  }
}
