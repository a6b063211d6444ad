import Navigator
import Testing

/// Spec §2's back swipe: begin, cancel, finish.
@Suite struct InteractivePopTests {
  @Test func aCancelledSwipeBalancesAppearanceAndReportsNoPop() {
    let h = StackHarness()
    let b = Screen("B")
    h.push(b)
    let nav = h.navigation.screenID
    h.navigation.beginInteractivePop()
    #expect(
      h.take() == [
        .interactivePopBegan(b.screenID, in: nav),
        .viewWillDisappear(b.screenID, animated: true),
        .viewWillAppear(h.root.screenID, animated: true),
        .willShow(h.root.screenID, in: nav, animated: true),
      ])
    h.navigation.updateInteractivePop(progress: 0.4)
    #expect(h.navigation.interactivePopProgress == 0.4)
    #expect(h.navigation.viewControllers.ids == [h.root, b].ids)
    h.navigation.cancelInteractivePop()
    h.scheduler.runLoopTurn()
    #expect(h.take() == [])
    h.scheduler.finishTransitions()
    #expect(
      h.take() == [
        .viewWillDisappear(h.root.screenID, animated: true),
        .viewDidDisappear(h.root.screenID, animated: true),
        .viewWillAppear(b.screenID, animated: true),
        .viewDidAppear(b.screenID, animated: true),
        .interactivePopCancelled(b.screenID, in: nav),
      ])
    #expect(h.navigation.viewControllers.ids == [h.root, b].ids)
    #expect(b.appearanceState == .appeared)
    #expect(h.root.appearanceState == .disappeared)
    #expect(h.delegate.calls == [.willShow(h.root.screenID, in: nav, animated: true)])
  }

  @Test func aFinishedSwipeCompletesLikeAnAnimatedPop() {
    let h = StackHarness()
    let b = Screen("B")
    h.push(b)
    let nav = h.navigation.screenID
    h.navigation.beginInteractivePop()
    h.clear()
    h.navigation.finishInteractivePop()
    #expect(h.navigation.viewControllers.ids == [h.root].ids)
    #expect(
      h.take() == [
        .interactivePopFinished(b.screenID, in: nav),
        .willPop(b.screenID, from: nav, animated: true),
        .willMove(b.screenID, toParent: nil),
      ])
    h.scheduler.runLoopTurn()
    #expect(h.take() == [])
    h.scheduler.finishTransitions()
    #expect(
      h.take() == [
        .viewDidDisappear(b.screenID, animated: true),
        .viewDidAppear(h.root.screenID, animated: true),
        .didShow(h.root.screenID, in: nav, animated: true),
        .didMove(b.screenID, toParent: nil),
        .didPop(b.screenID, from: nav, animated: true),
      ])
    // willShow was delivered once, at the start of the swipe.
    #expect(
      h.delegate.calls == [
        .willPop(b.screenID, from: nav, animated: true),
        .didShow(h.root.screenID, in: nav, animated: true),
        .didPop(b.screenID, from: nav, animated: true),
      ])
  }

  @Test func requestsDuringASwipeWaitForItsEnd() {
    let h = StackHarness()
    let (b, c) = (Screen("B"), Screen("C"))
    h.push(b)
    h.navigation.beginInteractivePop()
    h.navigation.pushViewController(c, animated: false)
    #expect(h.navigation.viewControllers.ids == [h.root, b].ids)
    h.navigation.cancelInteractivePop()
    h.scheduler.settle()
    #expect(h.navigation.viewControllers.ids == [h.root, b, c].ids)
    #expect(c.appearanceState == .appeared)
  }

  @Test func misuseOfTheSwipe() {
    let h = StackHarness()
    var handled: [NavigationError] = []
    h.window.misuseHandler = { handled.append($0) }
    h.navigation.beginInteractivePop()  // only the root
    h.navigation.updateInteractivePop(progress: 0.5)
    h.navigation.cancelInteractivePop()
    h.navigation.finishInteractivePop()
    let b = Screen("B")
    h.push(b)
    h.navigation.beginInteractivePop()
    h.navigation.beginInteractivePop()
    #expect(
      handled.map(\.code) == [
        .noInteractivePop, .interactivePopInProgress, .interactivePopInProgress, .interactivePopInProgress,
        .interactivePopInProgress,
      ])
    #expect(handled[0].message.contains("no screen below A"))
  }
}
