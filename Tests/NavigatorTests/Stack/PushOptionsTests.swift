import Navigator
import Testing

/// Push blocks, pop blocks on every leave path, and per-screen bars.
@Suite struct PushOptionsTests {
  /// A stack [A, B] where B carries a pop block that logs into `log`.
  private func stackWithPopBlock(
    manual: Bool = false, log: Log
  ) -> (StackHarness, Screen) {
    let h = StackHarness(manual: manual)
    let b = Screen("B")
    h.navigation.pushViewController(
      b, animated: false, options: PushOptions(onPop: { log.lines.append("B popped") }))
    h.scheduler.settle()
    h.clear()
    return (h, b)
  }

  @Test func pushBlockRunsOnceWhenThePushHasFinished() {
    let h = StackHarness()
    let b = Screen("B")
    let log = Log()
    h.navigation.pushViewController(
      b, animated: true,
      options: PushOptions(onPush: { log.lines.append("pushed, B is \(b.appearanceState)") })
    ) { log.lines.append("completion") }
    h.scheduler.runLoopTurn()
    #expect(log.lines == [])
    h.scheduler.finishTransitions()
    #expect(log.lines == ["pushed, B is appeared", "completion"])
    let events = h.take()
    #expect(
      Array(events.suffix(3)) == [
        .didPush(b.screenID, onto: h.navigation.screenID, animated: true), .pushBlock(b.screenID),
        .completion(.push(b.screenID, onto: h.navigation.screenID, animated: true)),
      ])
  }

  @Test func popBlockRunsAfterAPop() {
    let log = Log()
    let (h, b) = stackWithPopBlock(log: log)
    h.navigation.popViewController(animated: true)
    #expect(log.lines == ["B popped"])
    #expect(
      Array(h.take().suffix(2)) == [
        .didPop(b.screenID, from: h.navigation.screenID, animated: true), .popBlock(b.screenID),
      ])
    // Pushing the same screen again without options does not bring the block back.
    h.navigation.pushViewController(b, animated: false)
    h.navigation.popViewController(animated: false)
    #expect(log.lines == ["B popped"])
  }

  @Test func popBlockRunsAfterPopToAndPopToRoot() {
    let log = Log()
    let (h, b) = stackWithPopBlock(log: log)
    let c = Screen("C")
    h.navigation.pushViewController(
      c, animated: false, options: PushOptions(onPop: { log.lines.append("C popped") }))
    h.navigation.popToViewController(b, animated: false)
    #expect(log.lines == ["C popped"])
    h.navigation.popToRootViewController(animated: false)
    #expect(log.lines == ["C popped", "B popped"])
  }

  @Test func popBlockRunsWhenSetViewControllersDropsTheScreen() {
    let log = Log()
    let (h, b) = stackWithPopBlock(log: log)
    h.navigation.setViewControllers([h.root, b, Screen("C")], animated: false)
    #expect(log.lines == [])
    h.navigation.setViewControllers([h.root], animated: false)
    #expect(log.lines == ["B popped"])
  }

  @Test func popBlockRunsAfterAFinishedSwipeButNotACancelledOne() {
    let log = Log()
    let (h, b) = stackWithPopBlock(manual: true, log: log)
    h.navigation.beginInteractivePop()
    h.navigation.cancelInteractivePop()
    h.scheduler.settle()
    #expect(log.lines == [])
    #expect(h.navigation.topViewController === b)
    h.navigation.beginInteractivePop()
    h.navigation.finishInteractivePop()
    #expect(log.lines == [])  // the animation has not ended
    h.scheduler.settle()
    #expect(log.lines == ["B popped"])
  }

  @Test func popBlocksRunWhenTheNavigationControllerIsRemoved() {
    let log = Log()
    let window = Window()
    let container = Screen("Container")
    window.rootViewController = container
    window.makeKeyAndVisible()
    let navigation = NavigationController(rootViewController: Screen("A"))
    container.addChild(navigation)
    container.view.addSubview(navigation.view)
    navigation.didMove(toParent: container)
    navigation.pushViewController(
      Screen("B"), animated: false, options: PushOptions(onPop: { log.lines.append("B popped") }))
    navigation.pushViewController(
      Screen("C"), animated: false, options: PushOptions(onPop: { log.lines.append("C popped") }))
    navigation.willMove(toParent: nil)
    navigation.view.removeFromSuperview()
    navigation.removeFromParent()
    #expect(log.lines == ["C popped", "B popped"])
  }

  @Test func popBlocksRunWhenTheStackIsReplacedAsTheWindowsRoot() {
    let log = Log()
    let h = StackHarness(manual: false)
    h.navigation.pushViewController(
      Screen("B"), animated: false, options: PushOptions(onPop: { log.lines.append("B popped") }))
    h.window.rootViewController = Screen("Elsewhere")
    #expect(log.lines == ["B popped"])
  }

  @Test func barsAreAppliedBeforeTheScreenAppearsAndRestoredWhenItLeaves() {
    let h = StackHarness()
    let b = Screen("B")
    let nav = h.navigation.screenID
    #expect(!h.navigation.isNavigationBarHidden)
    #expect(h.navigation.isToolbarHidden)
    h.navigation.pushViewController(
      b, animated: true, options: PushOptions(navigationBarHidden: true, toolbarHidden: false))
    h.scheduler.runLoopTurn()
    #expect(
      h.take() == [
        .willPush(b.screenID, onto: nav, animated: true),
        .willMove(b.screenID, toParent: nav),
        .viewDidLoad(b.screenID),
        .navigationBarHidden(true, in: nav),
        .toolbarHidden(false, in: nav),
        .viewWillDisappear(h.root.screenID, animated: true),
        .viewWillAppear(b.screenID, animated: true),
        .willShow(b.screenID, in: nav, animated: true),
      ])
    #expect(h.navigation.isNavigationBarHidden)
    #expect(h.navigation.navigationBar.isHidden)
    #expect(!h.navigation.isToolbarHidden)
    h.scheduler.settle()
    h.clear()
    h.navigation.popViewController(animated: true)
    h.scheduler.runLoopTurn()
    #expect(
      h.take() == [
        .willPop(b.screenID, from: nav, animated: true),
        .willMove(b.screenID, toParent: nil),
        .navigationBarHidden(false, in: nav),
        .toolbarHidden(true, in: nav),
        .viewWillDisappear(b.screenID, animated: true),
        .viewWillAppear(h.root.screenID, animated: true),
        .willShow(h.root.screenID, in: nav, animated: true),
      ])
    #expect(!h.navigation.isNavigationBarHidden)
    #expect(h.navigation.isToolbarHidden)
    h.scheduler.settle()
  }

  @Test func aBarChangedByHandIsRememberedForTheScreen() {
    let h = StackHarness(manual: false)
    let (b, c) = (Screen("B"), Screen("C"))
    h.navigation.pushViewController(b, animated: false, options: PushOptions())
    h.navigation.setNavigationBarHidden(true, animated: false)
    h.navigation.pushViewController(c, animated: false, options: PushOptions())
    #expect(!h.navigation.isNavigationBarHidden)
    h.navigation.popViewController(animated: false)
    #expect(h.navigation.isNavigationBarHidden)
  }
}

/// A log shared by closures and the test that checks them.
final class Log {
  var lines: [String] = []
}
