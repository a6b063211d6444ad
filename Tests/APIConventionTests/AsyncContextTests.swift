import APIConventionSupport
import AppFlow
import Navigator
import Testing

/// Every verb's forms called from an `async` function: the plain and `try` forms resolve as they
/// do in a synchronous function (no `await`, the same result types), and each `AndWait` form
/// returns its result once the navigation finished.
@Suite struct AsyncContextTests {
  @Test func everyPlainAndTryFormResolvesAsInASynchronousFunction() async throws {
    let app = try makeConventionApp()
    let heard = Heard()
    let navigator = app.navigator
    let home = try #require(app.rootNavigationController?.topViewController)
    let animation = NavigationOptions<Card>().animated(false)

    // Navigator: push, pop
    let pushed = navigator.push(.type(Card.self), options: animation.completion { _ in heard.note("push") })
    #expect(staticType(of: pushed) == Card?.self)
    let triedPush = try navigator.tryPush(.type(Card.self), options: animation)
    #expect(staticType(of: triedPush) == Card.self)
    #expect(
      staticType(of: navigator.pop(options: .init().animated(false).completion { _ in heard.note("pop") }))
        == Void.self)
    #expect(staticType(of: try navigator.tryPop(options: .init().animated(false))) == Void.self)

    // Navigator: presentModal, popover
    let presented = navigator.presentModal(.type(Card.self), options: animation)
    #expect(staticType(of: presented) == Card?.self)
    presented?.dismiss(animated: false)
    let triedPresent = try navigator.tryPresentModal(.type(Card.self), options: animation)
    #expect(staticType(of: triedPresent) == Card.self)
    triedPresent.dismiss(animated: false)
    let anchor = PopoverAnchor.view(home.view, rect: Rect(x: 0, y: 0, width: 10, height: 10))
    let popover = navigator.popover(.type(Card.self), anchor: anchor, options: animation)
    #expect(staticType(of: popover) == Card?.self)
    popover?.dismiss(animated: false)
    let triedPopover = try navigator.tryPopover(.type(Card.self), anchor: anchor, options: animation)
    #expect(staticType(of: triedPopover) == Card.self)
    triedPopover.dismiss(animated: false)

    // Navigator: addChild, removeChild (of a given child, and of the child a destination names)
    let added = navigator.addChild(.type(Tile.self), to: home)
    #expect(staticType(of: added) == Tile?.self)
    let triedAdd = try navigator.tryAddChild(.type(Tile.self), to: home)
    #expect(staticType(of: triedAdd) == Tile.self)
    let removed = navigator.removeChild(triedAdd)
    #expect(staticType(of: removed) == Tile?.self)
    let triedRemove = try navigator.tryRemoveChild(try #require(added))
    #expect(staticType(of: triedRemove) == Tile.self)
    try navigator.tryAddChild(.type(Tile.self), to: home)
    try navigator.tryAddChild(.type(Tile.self), to: home)
    let removedOfType = navigator.removeChild(.type(Tile.self), from: home)
    #expect(staticType(of: removedOfType) == Tile?.self)
    let triedRemoveOfType = try navigator.tryRemoveChild(.type(Tile.self), from: home)
    #expect(staticType(of: triedRemoveOfType) == Tile.self)

    // Navigator: navigate to a state
    let state = app.window.navigationState(keyedBy: AnyRoute.self)
    let stateOptions = StateNavigationOptions<AnyRoute>().animated(false)
    #expect(
      staticType(
        of: navigator.navigate(
          to: state, options: stateOptions.completion { _ in heard.note("navigate to a state") }))
        == Void.self)
    #expect(staticType(of: try navigator.tryNavigate(to: state, options: stateOptions)) == Void.self)

    // AppFlow: open, navigate to routes
    #expect(
      staticType(of: app.open("conv://home/detail/1", animated: false) { heard.note("open \($0)") })
        == Void.self)
    #expect(staticType(of: try app.tryOpen("conv://home/detail/2", animated: false)) == Void.self)
    #expect(
      staticType(
        of: app.navigate(to: Detail(id: 3), animated: false) { heard.note("navigate to a route \($0)") })
        == Void.self)
    #expect(staticType(of: try app.tryNavigate(to: Detail(id: 4), animated: false)) == Void.self)
    #expect(
      staticType(
        of: app.navigate(to: [Home(), Detail(id: 5)], animated: false) {
          heard.note("navigate to routes \($0)")
        }) == Void.self)
    #expect(staticType(of: try app.tryNavigate(to: [Home(), Detail(id: 6)], animated: false)) == Void.self)

    // AppFlow: restore a snapshot, or its bytes
    let snapshot = try app.snapshot()
    let bytes = try app.encodeSnapshot()
    #expect(staticType(of: app.restore(snapshot) { heard.note("restore \($0)") }) == Void.self)
    #expect(staticType(of: try app.tryRestore(snapshot)) == Void.self)
    #expect(staticType(of: app.restore(bytes) { heard.note("restore bytes \($0)") }) == Void.self)
    #expect(staticType(of: try app.tryRestore(bytes)) == Void.self)

    // AppFlow: run a flow and a child flow, finish and cancel them
    let flow = CardFlow()
    #expect(
      staticType(of: app.run(flow, as: .push, animated: false) { heard.note("flow \($0)") }) == Void.self)
    let child = CardFlow()
    #expect(
      staticType(of: flow.run(child, as: .push, animated: false) { heard.note("child \($0)") }) == Void.self)
    #expect(staticType(of: child.cancel(animated: false)) == Void.self)
    #expect(staticType(of: flow.finish("done", animated: false)) == Void.self)
    let triedFlow = CardFlow()
    #expect(staticType(of: try app.tryRun(triedFlow, as: .push, animated: false)) == Void.self)
    let triedChild = CardFlow()
    #expect(staticType(of: try triedFlow.tryRun(triedChild, as: .push, animated: false)) == Void.self)
    #expect(staticType(of: try triedChild.tryCancel(animated: false)) == Void.self)
    #expect(staticType(of: try triedFlow.tryFinish("done", animated: false)) == Void.self)

    #expect(
      heard.lines == [
        "push", "pop", "navigate to a state", "open success(1. push Detail(id: 1) onto root)",
        "navigate to a route success(1. set the stack of root to [Home(), Detail(id: 3)])",
        "navigate to routes success(1. set the stack of root to [Home(), Detail(id: 5)])",
        "restore success((no change))", "restore bytes success((no change))",
        "child cancelled(CardFlow#2 cancelled itself.)", "flow finished(\"done\")",
      ])
  }

  @Test func everyWaitingFormReturnsItsResult() async throws {
    let app = try makeConventionApp()
    let navigator = app.navigator
    let home = try #require(app.rootNavigationController?.topViewController)
    let animation = NavigationOptions<Card>().animated(false)

    // Navigator: every waiting form returns what its navigation made, once it finished
    let pushed = try await navigator.pushAndWait(.type(Card.self), options: animation)
    #expect(staticType(of: pushed) == Card.self)
    let popped = try await navigator.popAndWait(options: .init().animated(false))
    #expect(staticType(of: popped) == ViewController.self)
    let presented = try await navigator.presentModalAndWait(.type(Card.self), options: animation)
    #expect(staticType(of: presented) == Card.self)
    presented.dismiss(animated: false)
    let anchor = PopoverAnchor.view(home.view, rect: Rect(x: 0, y: 0, width: 10, height: 10))
    let popover = try await navigator.popoverAndWait(.type(Card.self), anchor: anchor, options: animation)
    #expect(staticType(of: popover) == Card.self)
    popover.dismiss(animated: false)
    let added = try await navigator.addChildAndWait(.type(Tile.self), to: home)
    #expect(staticType(of: added) == Tile.self)
    let removed = try await navigator.removeChildAndWait(added)
    #expect(staticType(of: removed) == Tile.self)
    try navigator.tryAddChild(.type(Tile.self), to: home)
    let removedOfType = try await navigator.removeChildAndWait(.type(Tile.self), from: home)
    #expect(staticType(of: removedOfType) == Tile.self)
    let state = app.window.navigationState(keyedBy: AnyRoute.self)
    let statePlan = try await navigator.navigateAndWait(to: state)
    #expect(staticType(of: statePlan) == NavigationPlan<AnyRoute>.self)

    // AppFlow: every waiting form returns the plan that ran, or the flow's outcome
    let opened = try await app.openAndWait("conv://home/detail/1", animated: false)
    #expect(staticType(of: opened) == NavigationPlan<AnyRoute>.self)
    let routed = try await app.navigateAndWait(to: Detail(id: 2), animated: false)
    #expect(staticType(of: routed) == NavigationPlan<AnyRoute>.self)
    let routedAlong = try await app.navigateAndWait(to: [Home(), Detail(id: 3)], animated: false)
    #expect(staticType(of: routedAlong) == NavigationPlan<AnyRoute>.self)
    let restored = try await app.restoreAndWait(try app.snapshot())
    #expect(staticType(of: restored) == NavigationPlan<AnyRoute>.self)
    let restoredBytes = try await app.restoreAndWait(try app.encodeSnapshot())
    #expect(staticType(of: restoredBytes) == NavigationPlan<AnyRoute>.self)
    let flow = CardFlow()
    app.run(flow, as: .push, animated: false)
    let childOutcome = try await flow.runAndWait(InstantFlow(), as: .push, animated: false)
    #expect(staticType(of: childOutcome) == FlowOutcome<String>.self)
    flow.finish("done", animated: false)
    let outcome = try await app.runAndWait(InstantFlow(), as: .push, animated: false)
    #expect(staticType(of: outcome) == FlowOutcome<String>.self)
    #expect(childOutcome == .finished("done"))
    #expect(outcome == .finished("done"))
    let finishing = CardFlow()
    app.run(finishing, as: .push, animated: false)
    let finished = try await finishing.finishAndWait("done", animated: false)
    #expect(staticType(of: finished) == FlowOutcome<String>.self)
    #expect(finished == .finished("done"))
    let cancelling = CardFlow()
    app.run(cancelling, as: .push, animated: false)
    let cancelled = try await cancelling.cancelAndWait(animated: false)
    #expect(staticType(of: cancelled) == FlowOutcome<String>.self)
  }
}
