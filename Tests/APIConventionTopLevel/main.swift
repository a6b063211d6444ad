// Top-level code with `await` in it: an `async` context, as in a script or an executable's
// main.swift. Every verb's plain and `try` forms resolve as they do in a synchronous function,
// and the `AndWait` forms return their results. Built by `swift build` (a compile-level check)
// and run by CI; it stops with a message at the first check that fails.
import APIConventionSupport
import AppFlow
import Navigator

/// Stops the program when `condition` is false.
func check(_ condition: Bool, file: StaticString = #file, line: UInt = #line) {
  precondition(condition, "API convention check failed", file: file, line: line)
}

// Module-qualified names: the module selector names a type of either module unambiguously,
// even though the class Navigator shadows the module Navigator (`Navigator.Window` would look
// for a member of the class).
let qualifiedWindow: Navigator::Window = Navigator::Window(misusePolicy: .report)
let qualifiedApp: AppFlow::AppController = AppFlow::AppController(window: qualifiedWindow) { Card() }
check(qualifiedApp.window === qualifiedWindow)

do {
  let app = try makeConventionApp()
  let heard = Heard()
  let navigator = app.navigator
  let home = (app.rootNavigationController?.topViewController)!
  let animation = NavigationOptions<Card>().animated(false)

  // Navigator: push, pop
  let pushed = navigator.push(.type(Card.self), options: animation.completion { _ in heard.note("push") })
  check(staticType(of: pushed) == Card?.self)
  let triedPush = try navigator.tryPush(.type(Card.self), options: animation)
  check(staticType(of: triedPush) == Card.self)
  check(
    staticType(of: navigator.pop(options: .init().animated(false).completion { _ in heard.note("pop") }))
      == Void.self)
  check(staticType(of: try navigator.tryPop(options: .init().animated(false))) == Void.self)

  // Navigator: presentModal, popover
  let presented = navigator.presentModal(.type(Card.self), options: animation)
  check(staticType(of: presented) == Card?.self)
  presented?.dismiss(animated: false)
  let triedPresent = try navigator.tryPresentModal(.type(Card.self), options: animation)
  check(staticType(of: triedPresent) == Card.self)
  triedPresent.dismiss(animated: false)
  let anchor = PopoverAnchor.view(home.view, rect: Rect(x: 0, y: 0, width: 10, height: 10))
  let popover = navigator.popover(.type(Card.self), anchor: anchor, options: animation)
  check(staticType(of: popover) == Card?.self)
  popover?.dismiss(animated: false)
  let triedPopover = try navigator.tryPopover(.type(Card.self), anchor: anchor, options: animation)
  check(staticType(of: triedPopover) == Card.self)
  triedPopover.dismiss(animated: false)

  // Navigator: addChild, removeChild (of a given child, and of the child a destination names)
  let added = navigator.addChild(.type(Tile.self), to: home)
  check(staticType(of: added) == Tile?.self)
  let triedAdd = try navigator.tryAddChild(.type(Tile.self), to: home)
  check(staticType(of: triedAdd) == Tile.self)
  let removed = navigator.removeChild(triedAdd)
  check(staticType(of: removed) == Tile?.self)
  let triedRemove = try navigator.tryRemoveChild((added)!)
  check(staticType(of: triedRemove) == Tile.self)
  try navigator.tryAddChild(.type(Tile.self), to: home)
  try navigator.tryAddChild(.type(Tile.self), to: home)
  let removedOfType = navigator.removeChild(.type(Tile.self), from: home)
  check(staticType(of: removedOfType) == Tile?.self)
  let triedRemoveOfType = try navigator.tryRemoveChild(.type(Tile.self), from: home)
  check(staticType(of: triedRemoveOfType) == Tile.self)

  // Navigator: navigate to a state
  let state = app.window.navigationState(keyedBy: AnyRoute.self)
  let stateOptions = StateNavigationOptions<AnyRoute>().animated(false)
  check(
    staticType(
      of: navigator.navigate(
        to: state, options: stateOptions.completion { _ in heard.note("navigate to a state") })) == Void.self)
  check(staticType(of: try navigator.tryNavigate(to: state, options: stateOptions)) == Void.self)

  // AppFlow: open, navigate to routes
  check(
    staticType(of: app.open("conv://home/detail/1", animated: false) { heard.note("open \($0)") })
      == Void.self)
  check(staticType(of: try app.tryOpen("conv://home/detail/2", animated: false)) == Void.self)
  check(
    staticType(
      of: app.navigate(to: Detail(id: 3), animated: false) { heard.note("navigate to a route \($0)") })
      == Void.self)
  check(staticType(of: try app.tryNavigate(to: Detail(id: 4), animated: false)) == Void.self)
  check(
    staticType(
      of: app.navigate(to: [Home(), Detail(id: 5)], animated: false) {
        heard.note("navigate to routes \($0)")
      }) == Void.self)
  check(staticType(of: try app.tryNavigate(to: [Home(), Detail(id: 6)], animated: false)) == Void.self)

  // AppFlow: restore a snapshot, or its bytes
  let snapshot = try app.snapshot()
  let bytes = try app.encodeSnapshot()
  check(staticType(of: app.restore(snapshot) { heard.note("restore \($0)") }) == Void.self)
  check(staticType(of: try app.tryRestore(snapshot)) == Void.self)
  check(staticType(of: app.restore(bytes) { heard.note("restore bytes \($0)") }) == Void.self)
  check(staticType(of: try app.tryRestore(bytes)) == Void.self)

  // AppFlow: run a flow and a child flow, finish and cancel them
  let flow = CardFlow()
  check(staticType(of: app.run(flow, as: .push, animated: false) { heard.note("flow \($0)") }) == Void.self)
  let child = CardFlow()
  check(
    staticType(of: flow.run(child, as: .push, animated: false) { heard.note("child \($0)") }) == Void.self)
  check(staticType(of: child.cancel(animated: false)) == Void.self)
  check(staticType(of: flow.finish("done", animated: false)) == Void.self)
  let triedFlow = CardFlow()
  check(staticType(of: try app.tryRun(triedFlow, as: .push, animated: false)) == Void.self)
  let triedChild = CardFlow()
  check(staticType(of: try triedFlow.tryRun(triedChild, as: .push, animated: false)) == Void.self)
  check(staticType(of: try triedChild.tryCancel(animated: false)) == Void.self)
  check(staticType(of: try triedFlow.tryFinish("done", animated: false)) == Void.self)

  check(
    heard.lines == [
      "push", "pop", "navigate to a state", "open success(1. push Detail(id: 1) onto root)",
      "navigate to a route success(1. set the stack of root to [Home(), Detail(id: 3)])",
      "navigate to routes success(1. set the stack of root to [Home(), Detail(id: 5)])",
      "restore success((no change))", "restore bytes success((no change))",
      "child cancelled(CardFlow#2 cancelled itself.)", "flow finished(\"done\")",
    ])
}

do {
  let app = try makeConventionApp()
  let navigator = app.navigator
  let home = (app.rootNavigationController?.topViewController)!
  let animation = NavigationOptions<Card>().animated(false)

  // Navigator: every waiting form returns what its navigation made, once it finished
  let pushed = try await navigator.pushAndWait(.type(Card.self), options: animation)
  check(staticType(of: pushed) == Card.self)
  let popped = try await navigator.popAndWait(options: .init().animated(false))
  check(staticType(of: popped) == ViewController.self)
  let presented = try await navigator.presentModalAndWait(.type(Card.self), options: animation)
  check(staticType(of: presented) == Card.self)
  presented.dismiss(animated: false)
  let anchor = PopoverAnchor.view(home.view, rect: Rect(x: 0, y: 0, width: 10, height: 10))
  let popover = try await navigator.popoverAndWait(.type(Card.self), anchor: anchor, options: animation)
  check(staticType(of: popover) == Card.self)
  popover.dismiss(animated: false)
  let added = try await navigator.addChildAndWait(.type(Tile.self), to: home)
  check(staticType(of: added) == Tile.self)
  let removed = try await navigator.removeChildAndWait(added)
  check(staticType(of: removed) == Tile.self)
  try navigator.tryAddChild(.type(Tile.self), to: home)
  let removedOfType = try await navigator.removeChildAndWait(.type(Tile.self), from: home)
  check(staticType(of: removedOfType) == Tile.self)
  let state = app.window.navigationState(keyedBy: AnyRoute.self)
  let statePlan = try await navigator.navigateAndWait(to: state)
  check(staticType(of: statePlan) == NavigationPlan<AnyRoute>.self)

  // AppFlow: every waiting form returns the plan that ran, or the flow's outcome
  let opened = try await app.openAndWait("conv://home/detail/1", animated: false)
  check(staticType(of: opened) == NavigationPlan<AnyRoute>.self)
  let routed = try await app.navigateAndWait(to: Detail(id: 2), animated: false)
  check(staticType(of: routed) == NavigationPlan<AnyRoute>.self)
  let routedAlong = try await app.navigateAndWait(to: [Home(), Detail(id: 3)], animated: false)
  check(staticType(of: routedAlong) == NavigationPlan<AnyRoute>.self)
  let restored = try await app.restoreAndWait(try app.snapshot())
  check(staticType(of: restored) == NavigationPlan<AnyRoute>.self)
  let restoredBytes = try await app.restoreAndWait(try app.encodeSnapshot())
  check(staticType(of: restoredBytes) == NavigationPlan<AnyRoute>.self)
  let flow = CardFlow()
  app.run(flow, as: .push, animated: false)
  let childOutcome = try await flow.runAndWait(InstantFlow(), as: .push, animated: false)
  check(staticType(of: childOutcome) == FlowOutcome<String>.self)
  flow.finish("done", animated: false)
  let outcome = try await app.runAndWait(InstantFlow(), as: .push, animated: false)
  check(staticType(of: outcome) == FlowOutcome<String>.self)
  check(childOutcome == .finished("done"))
  check(outcome == .finished("done"))
  let finishing = CardFlow()
  app.run(finishing, as: .push, animated: false)
  let finished = try await finishing.finishAndWait("done", animated: false)
  check(staticType(of: finished) == FlowOutcome<String>.self)
  check(finished == .finished("done"))
  let cancelling = CardFlow()
  app.run(cancelling, as: .push, animated: false)
  let cancelled = try await cancelling.cancelAndWait(animated: false)
  check(staticType(of: cancelled) == FlowOutcome<String>.self)
}

print("API conventions: every form resolved as documented at top level")
