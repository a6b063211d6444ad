import Navigator
import Testing

/// The back swipe: begin, cancel, finish (behaviour reference, "Interactive pop").
@Suite(.exhaustiveStages) struct InteractivePopTests {
  @Test func aCancelledSwipeBalancesAppearanceAndReportsNoPop() {
    let stage = Stage(.stack(root: "A"))
    let b = Screen("B")
    stage.pushQuietly(b)
    let nav = stage.navigation.screenID
    stage.navigation.beginInteractivePop()
    #expect(
      stage.take() == [
        .interactivePopBegan(b.screenID, in: nav),
        .viewWillDisappear(b.screenID, animated: true),
        .viewWillAppear(stage.root.screenID, animated: true),
        .willShow(stage.root.screenID, in: nav, animated: true),
      ])
    stage.navigation.updateInteractivePop(progress: 0.4)
    #expect(stage.navigation.interactivePopProgress == 0.4)
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
    stage.navigation.cancelInteractivePop()
    stage.scheduler.runLoopTurn()
    #expect(stage.take() == [])
    stage.scheduler.finishTransitions()
    #expect(
      stage.take() == [
        .viewWillDisappear(stage.root.screenID, animated: true),
        .viewDidDisappear(stage.root.screenID, animated: true),
        .viewWillAppear(b.screenID, animated: true),
        .viewDidAppear(b.screenID, animated: true),
        .interactivePopCancelled(b.screenID, in: nav),
      ])
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
    #expect(b.appearanceState == .appeared)
    #expect(stage.root.appearanceState == .disappeared)
    #expect(stage.delegate.calls == [.willShow(stage.root.screenID, in: nav, animated: true)])
  }

  @Test func aFinishedSwipeCompletesLikeAnAnimatedPop() {
    let stage = Stage(.stack(root: "A"))
    let b = Screen("B")
    stage.pushQuietly(b)
    let nav = stage.navigation.screenID
    stage.navigation.beginInteractivePop()
    stage.discardEvents()
    stage.navigation.finishInteractivePop()
    #expect(stage.navigation.viewControllers.ids == [stage.root].ids)
    #expect(
      stage.take() == [
        .interactivePopFinished(b.screenID, in: nav),
        .willPop(b.screenID, from: nav, animated: true),
        .willMove(b.screenID, toParent: nil),
      ])
    stage.scheduler.runLoopTurn()
    #expect(stage.take() == [])
    stage.scheduler.finishTransitions()
    #expect(
      stage.take() == [
        .viewDidDisappear(b.screenID, animated: true),
        .viewDidAppear(stage.root.screenID, animated: true),
        .didShow(stage.root.screenID, in: nav, animated: true),
        .didMove(b.screenID, toParent: nil),
        .didPop(b.screenID, from: nav, animated: true),
      ])
    // willShow was delivered once, at the start of the swipe.
    #expect(
      stage.delegate.calls == [
        .willPop(b.screenID, from: nav, animated: true),
        .didShow(stage.root.screenID, in: nav, animated: true),
        .didPop(b.screenID, from: nav, animated: true),
      ])
  }

  @Test func requestsDuringASwipeWaitForItsEnd() {
    let stage = Stage(.stack(root: "A"))
    let (b, c) = (Screen("B"), Screen("C"))
    stage.pushQuietly(b)
    stage.navigation.beginInteractivePop()
    stage.navigation.pushViewController(c, animated: false)
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
    stage.navigation.cancelInteractivePop()
    stage.scheduler.settle()
    #expect(stage.navigation.viewControllers.ids == [stage.root, b, c].ids)
    #expect(c.appearanceState == .appeared)
    // The push starts once the cancelled swipe has ended.
    let (a, nav) = (stage.root.screenID, stage.navigation.screenID)
    #expect(
      delegateEvents(stage.take()) == [
        .willShow(a, in: nav, animated: true),
        .willPush(c.screenID, onto: nav, animated: false),
        .willShow(c.screenID, in: nav, animated: false),
        .didShow(c.screenID, in: nav, animated: false),
        .didPush(c.screenID, onto: nav, animated: false),
      ])
  }

  @Test func misuseOfTheSwipe() {
    let stage = Stage(.stack(root: "A"))
    var handled: [NavigationError] = []
    stage.window.misuseHandler = { handled.append($0) }
    stage.navigation.beginInteractivePop()  // only the root
    stage.navigation.updateInteractivePop(progress: 0.5)
    stage.navigation.cancelInteractivePop()
    stage.navigation.finishInteractivePop()
    let b = Screen("B")
    stage.pushQuietly(b)
    stage.navigation.beginInteractivePop()
    stage.navigation.beginInteractivePop()
    #expect(
      handled.map(\.code) == [
        .noInteractivePop, .interactivePopInProgress, .interactivePopInProgress, .interactivePopInProgress,
        .interactivePopInProgress,
      ])
    #expect(handled[0].message.contains("no screen below A"))
    // The misuses before the push were dropped with its events; the last one is here.
    let (a, nav) = (stage.root.screenID, stage.navigation.screenID)
    stage.expect([
      .interactivePopBegan(b.screenID, in: nav), .viewWillDisappear(b.screenID, animated: true),
      .viewWillAppear(a, animated: true), .willShow(a, in: nav, animated: true), .misuse(handled[4]),
    ])
  }
}
