import Navigator
import Testing

/// Bars, pop blocks and guards on the paths that leave a screen other than a plain pop.
@Suite struct StackLeavePathTests {
  /// `A`, then `B` pushed with its bar hidden and the toolbar shown, all delivered.
  private func stackWithBarlessTop() -> (StackHarness, Screen) {
    let h = StackHarness(manual: false)
    let b = Screen("B")
    h.navigation.pushViewController(
      b, animated: false, options: PushOptions(navigationBarHidden: true, toolbarHidden: false))
    h.clear()
    return (h, b)
  }

  @Test func aFinishedSwipeRestoresTheBarsBeforeTheScreenBelowAppears() {
    let (h, b) = stackWithBarlessTop()
    let (a, nav) = (h.root.screenID, h.navigation.screenID)
    h.navigation.beginInteractivePop()
    h.navigation.finishInteractivePop()
    #expect(
      h.take() == [
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
    #expect(!h.navigation.isNavigationBarHidden)
    #expect(h.navigation.isToolbarHidden)
  }

  @Test func aCancelledSwipePutsTheTopScreensBarsBack() {
    let (h, b) = stackWithBarlessTop()
    let (a, nav) = (h.root.screenID, h.navigation.screenID)
    h.navigation.beginInteractivePop()
    h.navigation.cancelInteractivePop()
    #expect(
      h.take() == [
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
    #expect(h.navigation.isNavigationBarHidden)
    #expect(!h.navigation.isToolbarHidden)
    #expect(h.navigation.viewControllers.ids == [h.root, b].ids)
  }

  @Test func popToRootPastAScreenWithoutOptionsShowsTheDefaultBars() {
    let h = StackHarness(manual: false)
    let (b, c) = (Screen("B"), Screen("C"))
    h.navigation.pushViewController(b, animated: false)
    h.navigation.pushViewController(
      c, animated: false, options: PushOptions(navigationBarHidden: true, toolbarHidden: false))
    #expect(h.navigation.isNavigationBarHidden)
    h.clear()
    h.navigation.popToRootViewController(animated: false)
    let nav = h.navigation.screenID
    #expect(
      Array(h.take().prefix(5)) == [
        .willPopToRoot(in: nav, popping: [b, c].ids, animated: false),
        .willMove(b.screenID, toParent: nil),
        .willMove(c.screenID, toParent: nil),
        .navigationBarHidden(false, in: nav),
        .toolbarHidden(true, in: nav),
      ])
    #expect(!h.navigation.isNavigationBarHidden)
    #expect(h.navigation.isToolbarHidden)
  }

  @Test func aNewTopSetWithoutOptionsShowsTheDefaultBars() {
    let (h, _) = stackWithBarlessTop()
    h.navigation.setViewControllers([h.root, Screen("Fresh")], animated: false)
    #expect(!h.navigation.isNavigationBarHidden)
    #expect(h.navigation.isToolbarHidden)
  }

  @Test func aBarHiddenByHandOnAScreenPushedWithoutOptionsIsRemembered() {
    let h = StackHarness(manual: false)
    h.navigation.setNavigationBarHidden(true, animated: false)
    h.navigation.pushViewController(Screen("B"), animated: false)
    #expect(!h.navigation.isNavigationBarHidden)
    h.navigation.popViewController(animated: false)
    #expect(h.navigation.isNavigationBarHidden)
  }

  @Test func popBlocksRunWhenAContainerHoldingTheStackIsRemoved() {
    let h = StackHarness(manual: false)
    let log = Log()
    let container = Screen("Container")
    let inner = NavigationController(rootViewController: Screen("Inner"))
    inner.pushViewController(
      Screen("Step"), animated: false, options: PushOptions(onPop: { log.lines.append("Step popped") }))
    container.addChild(inner)
    inner.didMove(toParent: container)
    h.navigation.pushViewController(container, animated: false)
    #expect(log.lines == [])
    h.navigation.popViewController(animated: false)
    #expect(log.lines == [], "a popped screen is not removed from its own containers")

    h.navigation.pushViewController(container, animated: false)
    h.window.rootViewController = Screen("Elsewhere")
    #expect(log.lines == ["Step popped"])
  }

  @Test func popBlocksRunWhenAContainerHoldingTheStackLeavesItsParent() {
    let h = StackHarness(manual: false)
    let log = Log()
    let container = Screen("Container")
    let inner = NavigationController(rootViewController: Screen("Inner"))
    inner.pushViewController(
      Screen("Step"), animated: false, options: PushOptions(onPop: { log.lines.append("Step popped") }))
    container.addChild(inner)
    inner.didMove(toParent: container)
    h.root.addChild(container)
    container.didMove(toParent: h.root)
    container.willMove(toParent: nil)
    container.removeFromParent()
    #expect(log.lines == ["Step popped"])
  }

  @Test func aGuardAnsweringAfterItsStackLeftTheWindowReopensTheQueue() throws {
    let h = StackHarness(manual: false)
    let inner = NavigationController(rootViewController: Screen("Inner"))
    let editor = GuardedScreen("Editor", answer: .later)
    inner.pushViewController(editor, animated: false)
    h.root.addChild(inner)
    h.root.view.addSubview(inner.view)
    inner.didMove(toParent: h.root)
    inner.popViewController(animated: true)
    let decision = try #require(editor.decisions.first)
    let waiting = Screen("Waiting")
    h.navigation.pushViewController(waiting, animated: false)
    #expect(h.window.pendingRequests.count == 1)
    inner.willMove(toParent: nil)
    inner.view.removeFromSuperview()
    inner.removeFromParent()
    decision.allow()
    #expect(h.window.pendingRequests.isEmpty)
    #expect(h.navigation.topViewController === waiting)
    #expect(inner.viewControllers.count == 1)
  }

  @Test func theTopScreenIsMovingFromItsParentWhenASwipeBegins() throws {
    let h = StackHarness(manual: false)
    let top = ProbeScreen("Top")
    h.navigation.pushViewController(top, animated: false)
    let before = top.flagsSeenInCallbacks.count
    h.navigation.beginInteractivePop()
    // [isMovingToParent, isMovingFromParent, isBeingPresented, isBeingDismissed]
    #expect(Array(top.flagsSeenInCallbacks.dropFirst(before)) == [[false, true, false, false]])
    h.navigation.cancelInteractivePop()
    #expect(
      Array(top.flagsSeenInCallbacks.dropFirst(before + 1)) == [
        [false, false, false, false], [false, false, false, false],
      ])
  }

  @Test func aScreenPoppedInAHiddenWindowTakesItsViewAlongAndTheRootReturnsWhenShown() {
    let (h, b) = stackWithBarlessTop()
    let (a, nav) = (h.root.screenID, h.navigation.screenID)
    h.window.isHidden = true
    h.clear()
    h.navigation.popViewController(animated: true)
    #expect(b.viewIfLoaded?.superview == nil)
    #expect(h.navigation.view.subviews.isEmpty)
    h.window.isHidden = false
    #expect(
      h.take() == [
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
    #expect(h.navigation.view.subviews.map { $0.owningViewController?.screenID } == [a])
  }

  @Test func aDelegateReplacedInsideACallbackHearsTheRestOfTheMove() {
    let h = StackHarness(manual: false)
    let replacement = RecordingNavigationDelegate()
    let b = HandoverScreen("B") { [unowned h] in h.navigation.delegate = replacement }
    let nav = h.navigation.screenID
    h.navigation.pushViewController(b, animated: true)
    #expect(
      h.delegate.calls == [
        .willPush(b.screenID, onto: nav, animated: true),
        .willShow(b.screenID, in: nav, animated: true),
      ])
    #expect(
      replacement.calls == [
        .didShow(b.screenID, in: nav, animated: true),
        .didPush(b.screenID, onto: nav, animated: true),
      ])
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
