import Navigator
import Testing

/// Push blocks, pop blocks on every leave path, and per-screen bars.
@Suite(.exhaustiveStages) struct PushOptionsTests {
  /// A stack [A, B] where B carries a pop block that logs into `log`.
  private func stackWithPopBlock(
    scheduler scheduling: Stage.Scheduling = .immediate, log: Log,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (Stage, Screen) {
    let stage = Stage(.stack(root: "A"), scheduler: scheduling, sourceLocation: sourceLocation)
    let b = Screen("B")
    stage.navigation.pushViewController(
      b, animated: false, options: PushOptions(onPop: { log.lines.append("B popped") }))
    stage.scheduler.settle()
    stage.discardEvents()
    return (stage, b)
  }

  @Test func pushBlockRunsOnceWhenThePushHasFinished() {
    let stage = Stage(.stack(root: "A"))
    let b = Screen("B")
    let log = Log()
    stage.navigation.pushViewController(
      b, animated: true,
      options: PushOptions(onPush: { log.lines.append("pushed, B is \(b.appearanceState)") })
    ) { log.lines.append("completion") }
    stage.scheduler.runLoopTurn()
    #expect(log.lines == [])
    stage.scheduler.finishTransitions()
    #expect(log.lines == ["pushed, B is appeared", "completion"])
    let events = stage.take()
    #expect(
      Array(events.suffix(3)) == [
        .didPush(b.screenID, onto: stage.navigation.screenID, animated: true), .pushBlock(b.screenID),
        .completion(.push(b.screenID, onto: stage.navigation.screenID, animated: true)),
      ])
  }

  @Test func popBlockRunsAfterAPop() {
    let log = Log()
    let (stage, b) = stackWithPopBlock(log: log)
    stage.navigation.popViewController(animated: true)
    #expect(log.lines == ["B popped"])
    #expect(
      Array(stage.take().suffix(2)) == [
        .didPop(b.screenID, from: stage.navigation.screenID, animated: true), .popBlock(b.screenID),
      ])
    // Pushing the same screen again without options does not bring the block back.
    stage.navigation.pushViewController(b, animated: false)
    stage.navigation.popViewController(animated: false)
    #expect(log.lines == ["B popped"])
    #expect(stage.take().popBlocks == [])
  }

  @Test func popBlockRunsAfterPopToAndPopToRoot() {
    let log = Log()
    let (stage, b) = stackWithPopBlock(log: log)
    let c = Screen("C")
    stage.navigation.pushViewController(
      c, animated: false, options: PushOptions(onPop: { log.lines.append("C popped") }))
    stage.navigation.popToViewController(b, animated: false)
    #expect(log.lines == ["C popped"])
    stage.navigation.popToRootViewController(animated: false)
    #expect(log.lines == ["C popped", "B popped"])
    #expect(stage.take().popBlocks == [.popBlock(c.screenID), .popBlock(b.screenID)])
  }

  @Test func popBlockRunsWhenSetViewControllersDropsTheScreen() {
    let log = Log()
    let (stage, b) = stackWithPopBlock(log: log)
    stage.navigation.setViewControllers([stage.root, b, Screen("C")], animated: false)
    #expect(log.lines == [])
    stage.navigation.setViewControllers([stage.root], animated: false)
    #expect(log.lines == ["B popped"])
    #expect(stage.take().popBlocks == [.popBlock(b.screenID)])
  }

  @Test func popBlockRunsAfterAFinishedSwipeButNotACancelledOne() {
    let log = Log()
    let (stage, b) = stackWithPopBlock(scheduler: .manual, log: log)
    stage.navigation.beginInteractivePop()
    stage.navigation.cancelInteractivePop()
    stage.scheduler.settle()
    #expect(log.lines == [])
    #expect(stage.navigation.topViewController === b)
    stage.navigation.beginInteractivePop()
    stage.navigation.finishInteractivePop()
    #expect(log.lines == [])  // the animation has not ended
    stage.scheduler.settle()
    #expect(log.lines == ["B popped"])
    #expect(stage.take().popBlocks == [.popBlock(b.screenID)])
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
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let b = Screen("B")
    stage.navigation.pushViewController(
      b, animated: false, options: PushOptions(onPop: { log.lines.append("B popped") }))
    stage.window.rootViewController = Screen("Elsewhere")
    #expect(log.lines == ["B popped"])
    #expect(stage.take().popBlocks == [.popBlock(b.screenID)])
  }

  @Test func barsAreAppliedBeforeTheScreenAppearsAndRestoredWhenItLeaves() {
    let stage = Stage(.stack(root: "A"))
    let b = Screen("B")
    let nav = stage.navigation.screenID
    #expect(!stage.navigation.isNavigationBarHidden)
    #expect(stage.navigation.isToolbarHidden)
    stage.navigation.pushViewController(
      b, animated: true, options: PushOptions(navigationBarHidden: true, toolbarHidden: false))
    stage.scheduler.runLoopTurn()
    #expect(
      stage.take() == [
        .willPush(b.screenID, onto: nav, animated: true),
        .willMove(b.screenID, toParent: nav),
        .viewDidLoad(b.screenID),
        .navigationBarHidden(true, in: nav),
        .toolbarHidden(false, in: nav),
        .viewWillDisappear(stage.root.screenID, animated: true),
        .viewWillAppear(b.screenID, animated: true),
        .willShow(b.screenID, in: nav, animated: true),
      ])
    #expect(stage.navigation.isNavigationBarHidden)
    #expect(stage.navigation.navigationBar.isHidden)
    #expect(!stage.navigation.isToolbarHidden)
    stage.scheduler.settle()
    stage.discardEvents()
    stage.navigation.popViewController(animated: true)
    stage.scheduler.runLoopTurn()
    #expect(
      stage.take() == [
        .willPop(b.screenID, from: nav, animated: true),
        .willMove(b.screenID, toParent: nil),
        .navigationBarHidden(false, in: nav),
        .toolbarHidden(true, in: nav),
        .viewWillDisappear(b.screenID, animated: true),
        .viewWillAppear(stage.root.screenID, animated: true),
        .willShow(stage.root.screenID, in: nav, animated: true),
      ])
    #expect(!stage.navigation.isNavigationBarHidden)
    #expect(stage.navigation.isToolbarHidden)
    stage.settleQuietly()
  }

  @Test func aBarChangedByHandIsRememberedForTheScreen() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let (b, c) = (Screen("B"), Screen("C"))
    stage.navigation.pushViewController(b, animated: false, options: PushOptions())
    stage.navigation.setNavigationBarHidden(true, animated: false)
    stage.navigation.pushViewController(c, animated: false, options: PushOptions())
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
}

/// A log shared by closures and the test that checks them.
final class Log {
  var lines: [String] = []
}
