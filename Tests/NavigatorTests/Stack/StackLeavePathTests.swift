import Testing

@testable import Navigator

/// Bars, pop blocks and guards on the paths that leave a screen other than a plain pop.
@Suite(.exhaustiveStages) struct StackLeavePathTests {
  /// `A`, then `B` pushed with its bar hidden and the toolbar shown, all delivered.
  private func stackWithBarlessTop(sourceLocation: SourceLocation = #_sourceLocation) -> (Stage, Screen) {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate, sourceLocation: sourceLocation)
    let b = Screen("B")
    stage.navigation.pushViewController(
      b, animated: false, options: PushOptions(navigationBarHidden: true, toolbarHidden: false))
    stage.discardEvents()
    return (stage, b)
  }

  @Test func aFinishedSwipeRestoresTheBarsBeforeTheScreenBelowAppears() {
    let (stage, b) = stackWithBarlessTop()
    let (a, nav) = (stage.root.screenID, stage.navigation.screenID)
    stage.navigation.beginInteractivePop()
    stage.navigation.finishInteractivePop()
    #expect(
      stage.take() == [
        .interactivePopBegan(b.screenID, in: nav),
        .navigationBarHidden(false, in: nav),
        .toolbarHidden(true, in: nav),
        .viewWillDisappear(b.screenID, animated: true),
        .viewWillAppear(a, animated: true),
        .willShow(a, in: nav, animated: true),
        .interactivePopFinished(b.screenID, in: nav),
        .willPop(b.screenID, from: nav, animated: true),
        .willMove(b.screenID, toParent: nil),
        .viewDidDisappear(b.screenID, animated: true),
        .viewDidAppear(a, animated: true),
        .didShow(a, in: nav, animated: true),
        .didMove(b.screenID, toParent: nil),
        .didPop(b.screenID, from: nav, animated: true),
      ])
    #expect(!stage.navigation.isNavigationBarHidden)
    #expect(stage.navigation.isToolbarHidden)
  }

  @Test func aCancelledSwipePutsTheTopScreensBarsBack() {
    let (stage, b) = stackWithBarlessTop()
    let (a, nav) = (stage.root.screenID, stage.navigation.screenID)
    stage.navigation.beginInteractivePop()
    stage.navigation.cancelInteractivePop()
    #expect(
      stage.take() == [
        .interactivePopBegan(b.screenID, in: nav),
        .navigationBarHidden(false, in: nav),
        .toolbarHidden(true, in: nav),
        .viewWillDisappear(b.screenID, animated: true),
        .viewWillAppear(a, animated: true),
        .willShow(a, in: nav, animated: true),
        .viewWillDisappear(a, animated: true),
        .viewDidDisappear(a, animated: true),
        .navigationBarHidden(true, in: nav),
        .toolbarHidden(false, in: nav),
        .viewWillAppear(b.screenID, animated: true),
        .viewDidAppear(b.screenID, animated: true),
        .interactivePopCancelled(b.screenID, in: nav),
      ])
    #expect(stage.navigation.isNavigationBarHidden)
    #expect(!stage.navigation.isToolbarHidden)
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
  }

  @Test func popToRootPastAScreenWithoutOptionsShowsTheDefaultBars() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let (b, c) = (Screen("B"), Screen("C"))
    stage.navigation.pushViewController(b, animated: false)
    stage.navigation.pushViewController(
      c, animated: false, options: PushOptions(navigationBarHidden: true, toolbarHidden: false))
    #expect(stage.navigation.isNavigationBarHidden)
    stage.discardEvents()
    stage.navigation.popToRootViewController(animated: false)
    let nav = stage.navigation.screenID
    #expect(
      Array(stage.take().prefix(5)) == [
        .willPopToRoot(in: nav, popping: [b, c].ids, animated: false),
        .willMove(b.screenID, toParent: nil),
        .willMove(c.screenID, toParent: nil),
        .navigationBarHidden(false, in: nav),
        .toolbarHidden(true, in: nav),
      ])
    #expect(!stage.navigation.isNavigationBarHidden)
    #expect(stage.navigation.isToolbarHidden)
  }

  @Test func aNewTopSetWithoutOptionsShowsTheDefaultBars() {
    let (stage, _) = stackWithBarlessTop()
    stage.navigation.setViewControllers([stage.root, Screen("Fresh")], animated: false)
    #expect(!stage.navigation.isNavigationBarHidden)
    #expect(stage.navigation.isToolbarHidden)
    let nav = stage.navigation.screenID
    #expect(stage.take().barChanges == [.navigationBarHidden(false, in: nav), .toolbarHidden(true, in: nav)])
  }

  @Test func aBarHiddenByHandOnAScreenPushedWithoutOptionsIsRemembered() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    stage.navigation.setNavigationBarHidden(true, animated: false)
    stage.navigation.pushViewController(Screen("B"), animated: false)
    #expect(!stage.navigation.isNavigationBarHidden)
    stage.navigation.popViewController(animated: false)
    #expect(stage.navigation.isNavigationBarHidden)
    let nav = stage.navigation.screenID
    #expect(
      stage.take().barChanges == [
        .navigationBarHidden(true, in: nav), .navigationBarHidden(false, in: nav),
        .navigationBarHidden(true, in: nav),
      ])
  }

  @Test func popBlocksRunWhenAContainerHoldingTheStackIsRemoved() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let log = Log()
    let container = Screen("Container")
    let inner = NavigationController(rootViewController: Screen("Inner"))
    let step = Screen("Step")
    inner.pushViewController(
      step, animated: false, options: PushOptions(onPop: { log.lines.append("Step popped") }))
    container.addChild(inner)
    inner.didMove(toParent: container)
    stage.navigation.pushViewController(container, animated: false)
    #expect(log.lines == [])
    stage.navigation.popViewController(animated: false)
    #expect(log.lines == [], "a popped screen is not removed from its own containers")

    stage.navigation.pushViewController(container, animated: false)
    stage.window.rootViewController = Screen("Elsewhere")
    #expect(log.lines == ["Step popped"])
    #expect(stage.take().popBlocks == [.popBlock(step.screenID)])
  }

  @Test func popBlocksRunWhenAContainerHoldingTheStackLeavesItsParent() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let log = Log()
    let container = Screen("Container")
    let inner = NavigationController(rootViewController: Screen("Inner"))
    let step = Screen("Step")
    inner.pushViewController(
      step, animated: false, options: PushOptions(onPop: { log.lines.append("Step popped") }))
    container.addChild(inner)
    inner.didMove(toParent: container)
    stage.root.addChild(container)
    container.didMove(toParent: stage.root)
    container.willMove(toParent: nil)
    container.removeFromParent()
    #expect(log.lines == ["Step popped"])
    stage.expect([
      .willMove(container, to: stage.root), .didMove(container, to: stage.root),
      .willMove(container, to: nil), .didMove(container, to: nil), .popBlock(step.screenID),
    ])
  }

  @Test func aGuardAnsweringAfterItsStackLeftTheWindowReopensTheQueue() throws {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let inner = NavigationController(rootViewController: Screen("Inner"))
    let editor = GuardedScreen("Editor", answer: .later)
    inner.pushViewController(editor, animated: false)
    stage.root.addChild(inner)
    stage.root.view.addSubview(inner.view)
    inner.didMove(toParent: stage.root)
    inner.popViewController(animated: true)
    let decision = try #require(editor.decisions.first)
    let waiting = Screen("Waiting")
    stage.navigation.pushViewController(waiting, animated: false)
    #expect(stage.window.pendingRequests.count == 1)
    inner.willMove(toParent: nil)
    inner.view.removeFromSuperview()
    inner.removeFromParent()
    decision.allow()
    #expect(stage.window.pendingRequests.isEmpty)
    #expect(stage.navigation.topViewController === waiting)
    #expect(inner.viewControllers.count == 1)
    stage.discardEvents()  // containment, a swipe-free pop and a push: other suites check those orders
  }

  @Test func theTopScreenIsMovingFromItsParentWhenASwipeBegins() throws {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let top = ProbeScreen("Top")
    stage.navigation.pushViewController(top, animated: false)
    let before = top.flagsSeenInCallbacks.count
    stage.navigation.beginInteractivePop()
    // [isMovingToParent, isMovingFromParent, isBeingPresented, isBeingDismissed]
    #expect(Array(top.flagsSeenInCallbacks.dropFirst(before)) == [[false, true, false, false]])
    stage.navigation.cancelInteractivePop()
    #expect(
      Array(top.flagsSeenInCallbacks.dropFirst(before + 1)) == [
        [false, false, false, false], [false, false, false, false],
      ])
    stage.discardEvents()  // a push and a cancelled swipe: InteractivePopTests checks the swipe's order
  }

  @Test func aScreenPoppedInAHiddenWindowTakesItsViewAlongAndTheRootReturnsWhenShown() {
    let (stage, b) = stackWithBarlessTop()
    let (a, nav) = (stage.root.screenID, stage.navigation.screenID)
    stage.window.isHidden = true
    stage.discardEvents()
    stage.navigation.popViewController(animated: true)
    #expect(b.viewIfLoaded?.superview == nil)
    #expect(stage.navigation.view.subviews.isEmpty)
    stage.window.isHidden = false
    #expect(
      stage.take() == [
        .willPop(b.screenID, from: nav, animated: true),
        .willMove(b.screenID, toParent: nil),
        .navigationBarHidden(false, in: nav),
        .toolbarHidden(true, in: nav),
        .didMove(b.screenID, toParent: nil),
        .didPop(b.screenID, from: nav, animated: true),
        .viewWillAppear(nav, animated: false),
        .viewWillAppear(a, animated: false),
        .willShow(a, in: nav, animated: false),
        .didShow(a, in: nav, animated: false),
        .viewDidAppear(nav, animated: false),
        .viewDidAppear(a, animated: false),
      ])
    #expect(stage.navigation.view.subviews.map { $0.owningViewController?.screenID } == [a])
  }

  @Test func aDelegateReplacedInsideACallbackHearsTheRestOfTheMove() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let replacement = RecordingNavigationDelegate()
    let b = HandoverScreen("B") { [unowned stage] in stage.navigation.delegate = replacement }
    let nav = stage.navigation.screenID
    stage.navigation.pushViewController(b, animated: true)
    #expect(
      stage.delegate.calls == [
        .willPush(b.screenID, onto: nav, animated: true),
        .willShow(b.screenID, in: nav, animated: true),
      ])
    #expect(
      replacement.calls == [
        .didShow(b.screenID, in: nav, animated: true),
        .didPush(b.screenID, onto: nav, animated: true),
      ])
    // Between them, the two delegates heard the move once, as the journal has it.
    #expect(delegateEvents(stage.take()) == stage.delegate.calls + replacement.calls)
  }
}

/// A move loads its delegate once and holds it until it ends (`MoveDelegate`).
@Suite(.exhaustiveStages) struct StackDelegateLifetimeTests {
  @Test func aDelegateLetGoInsideACallbackHearsTheRestOfTheMoveAndIsFreedAfterIt() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let log = DelegateLog()
    var owner: LoggingDelegate? = LoggingDelegate(log)
    weak let freed = owner
    stage.navigation.delegate = owner
    var letGo = false
    let b = HandoverScreen("B") {
      owner = nil
      letGo = true
    }
    let nav = stage.navigation.screenID
    stage.navigation.pushViewController(b, animated: true)
    #expect(letGo)
    #expect(
      log.events == [
        .willPush(b.screenID, onto: nav, animated: true),
        .willShow(b.screenID, in: nav, animated: true),
        .didShow(b.screenID, in: nav, animated: true),
        .didPush(b.screenID, onto: nav, animated: true),
      ])
    #expect(freed == nil)
    #expect(stage.navigation.delegate == nil)
    #expect(delegateEvents(stage.take()) == log.events)
  }

  @Test func aDelegateHeldElsewhereHearsEveryMove() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let log = DelegateLog()
    let delegate = LoggingDelegate(log)
    stage.navigation.delegate = delegate
    let a = stage.navigation.topViewController!.screenID
    let b = Screen("B")
    let nav = stage.navigation.screenID
    stage.navigation.pushViewController(b, animated: true)
    stage.navigation.popViewController(animated: true)
    #expect(
      log.events == [
        .willPush(b.screenID, onto: nav, animated: true),
        .willShow(b.screenID, in: nav, animated: true),
        .didShow(b.screenID, in: nav, animated: true),
        .didPush(b.screenID, onto: nav, animated: true),
        .willPop(b.screenID, from: nav, animated: true),
        .willShow(a, in: nav, animated: true),
        .didShow(a, in: nav, animated: true),
        .didPop(b.screenID, from: nav, animated: true),
      ])
    #expect(delegateEvents(stage.take()) == log.events)
  }
}

/// Where ``LoggingDelegate`` writes, so that its events outlive it.
private final class DelegateLog {
  var events: [NavigationEvent] = []
}

/// A delegate that logs the events of a push and a pop into a log it does not own.
private final class LoggingDelegate: NavigationControllerDelegate {
  let log: DelegateLog
  init(_ log: DelegateLog) { self.log = log }

  func navigationController(_ nav: NavigationController, willShow vc: ViewController, animated: Bool) {
    log.events.append(.willShow(vc.screenID, in: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, didShow vc: ViewController, animated: Bool) {
    log.events.append(.didShow(vc.screenID, in: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, willPush vc: ViewController, animated: Bool) {
    log.events.append(.willPush(vc.screenID, onto: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, didPush vc: ViewController, animated: Bool) {
    log.events.append(.didPush(vc.screenID, onto: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, willPop vc: ViewController, animated: Bool) {
    log.events.append(.willPop(vc.screenID, from: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, didPop vc: ViewController, animated: Bool) {
    log.events.append(.didPop(vc.screenID, from: nav.screenID, animated: animated))
  }
}

/// A screen that runs `handover` in its `viewDidAppear(_:)`.
private final class HandoverScreen: Screen {
  let handover: () -> Void

  init(_ name: String, handover: @escaping () -> Void) {
    self.handover = handover
    super.init(name)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    handover()
  }
}
