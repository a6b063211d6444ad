import Navigator
import Testing

/// Back navigation asks for confirmation on every pop path.
@Suite(.exhaustiveStages) struct PopGuardTests {
  /// A stack [A, Editor] where the editor's guard answers `answer`, all delivered.
  private func guardedStack(
    _ answer: GuardedScreen.Answer, scheduler scheduling: Stage.Scheduling = .immediate,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (Stage, GuardedScreen) {
    let stage = Stage(.stack(root: "A"), scheduler: scheduling, sourceLocation: sourceLocation)
    let editor = GuardedScreen("Editor", answer: answer)
    stage.navigation.pushViewController(editor, animated: false)
    stage.scheduler.settle()
    stage.discardEvents()
    return (stage, editor)
  }

  @Test func backButtonAsksTheGuardAndPopsWhenAllowed() {
    let (stage, editor) = guardedStack(.allow)
    stage.navigation.navigationBar.tapBackButton()
    #expect(editor.decisions.map(\.trigger) == [.backButton])
    #expect(editor.decisions.map(\.isAllowed) == [true])
    #expect(stage.navigation.viewControllers.ids == [stage.root].ids)
    #expect(
      stage.delegate.calls == [
        .willPop(editor.screenID, from: stage.navigation.screenID, animated: true),
        .willShow(stage.root.screenID, in: stage.navigation.screenID, animated: true),
        .didShow(stage.root.screenID, in: stage.navigation.screenID, animated: true),
        .didPop(editor.screenID, from: stage.navigation.screenID, animated: true),
      ])
    stage.discardEvents()  // the delegate calls above give the order
  }

  @Test func aDenialChangesNothingAndFiresNothing() {
    let (stage, editor) = guardedStack(.deny)
    stage.navigation.navigationBar.tapBackButton()
    #expect(stage.navigation.popViewController(animated: true) == nil)
    #expect(stage.navigation.popToRootViewController(animated: true) == nil)
    stage.navigation.setViewControllers([stage.root], animated: true)
    stage.navigation.beginInteractivePop()
    #expect(
      editor.decisions.map(\.trigger) == [
        .backButton, .programmatic, .programmatic, .programmatic, .interactiveSwipe,
      ])
    #expect(stage.navigation.viewControllers.ids == [stage.root, editor].ids)
    stage.expect([])
    #expect(stage.delegate.calls == [])
    #expect(!stage.navigation.isInteractivePopInProgress)
    #expect(editor.appearanceState == .appeared)
  }

  @Test func programmaticPopsMayOptOut() {
    let (stage, editor) = guardedStack(.deny)
    let popped = stage.navigation.popViewController(animated: false, ignoringPopGuard: true)
    #expect(popped === editor)
    #expect(editor.decisions.isEmpty)
    stage.discardEvents()  // a plain pop: StackOrderTests checks its order
  }

  @Test func setViewControllersKeepingTheTopDoesNotAsk() {
    let (stage, editor) = guardedStack(.deny)
    let c = Screen("C")
    stage.navigation.setViewControllers([c, editor], animated: false)
    #expect(editor.decisions.isEmpty)
    #expect(stage.navigation.viewControllers.ids == [c, editor].ids)
    let (a, nav) = (stage.root, stage.navigation)
    stage.expect([
      .willSetViewControllers([c, editor].ids, in: nav.screenID, animated: false),
      .willMove(a, to: nil), .willMove(c, to: nav), .didMove(a, to: nil), .didMove(c, to: nav),
      .didSetViewControllers([c, editor].ids, in: nav.screenID, animated: false),
    ])
  }

  @Test func anAsyncApprovalPopsLaterAndHoldsTheQueueMeanwhile() {
    let (stage, editor) = guardedStack(.later, scheduler: .manual)
    let other = Screen("Other")
    stage.navigation.navigationBar.tapBackButton()
    #expect(stage.navigation.pendingPopDecision === editor.decisions.first)
    stage.navigation.pushViewController(other, animated: false)
    #expect(
      stage.window.pendingRequests == [
        .push(other.screenID, onto: stage.navigation.screenID, animated: false)
      ])
    stage.scheduler.settle()
    #expect(stage.navigation.viewControllers.ids == [stage.root, editor].ids)
    stage.expect([])
    editor.decisions[0].allow()
    #expect(stage.navigation.pendingPopDecision == nil)
    // The pop starts first; the queued push waits for it.
    #expect(stage.navigation.viewControllers.ids == [stage.root].ids)
    stage.scheduler.settle()
    #expect(stage.navigation.viewControllers.ids == [stage.root, other].ids)
    let nav = stage.navigation.screenID
    #expect(
      stage.delegate.calls == [
        .willPop(editor.screenID, from: nav, animated: true),
        .willShow(stage.root.screenID, in: nav, animated: true),
        .didShow(stage.root.screenID, in: nav, animated: true),
        .didPop(editor.screenID, from: nav, animated: true),
        .willPush(other.screenID, onto: nav, animated: false),
        .willShow(other.screenID, in: nav, animated: false),
        .didShow(other.screenID, in: nav, animated: false),
        .didPush(other.screenID, onto: nav, animated: false),
      ])
    stage.discardEvents()  // the delegate calls above give the order
  }

  @Test func anAsyncDenialReleasesTheQueueAndChangesNothing() {
    let (stage, editor) = guardedStack(.later, scheduler: .manual)
    let other = Screen("Other")
    stage.navigation.popToRootViewController(animated: true)
    stage.navigation.pushViewController(other, animated: false)
    editor.decisions[0].deny()
    editor.decisions[0].allow()  // only the first answer counts
    stage.scheduler.settle()
    #expect(stage.navigation.viewControllers.ids == [stage.root, editor, other].ids)
    #expect(editor.decisions.map(\.isAllowed) == [false])
    stage.discardEvents()  // the queued push: StackOrderTests checks its order
  }

  @Test func theSwipeAsksTheGuardAtItsStart() {
    let (stage, editor) = guardedStack(.allow, scheduler: .manual)
    stage.navigation.beginInteractivePop()
    #expect(editor.decisions.map(\.trigger) == [.interactiveSwipe])
    #expect(stage.navigation.isInteractivePopInProgress)
    #expect(
      stage.take() == [
        .interactivePopBegan(editor.screenID, in: stage.navigation.screenID),
        .viewWillDisappear(editor.screenID, animated: true),
        .viewWillAppear(stage.root.screenID, animated: true),
        .willShow(stage.root.screenID, in: stage.navigation.screenID, animated: true),
      ])
  }

  @Test func aSwipeConfirmedLaterPopsLikeTheBackButton() {
    let (stage, editor) = guardedStack(.later, scheduler: .manual)
    stage.navigation.beginInteractivePop()
    #expect(!stage.navigation.isInteractivePopInProgress)
    stage.expect([])
    editor.decisions[0].allow()
    #expect(!stage.navigation.isInteractivePopInProgress)
    #expect(stage.navigation.viewControllers.ids == [stage.root].ids)
    stage.scheduler.settle()
    #expect(
      stage.delegate.calls == [
        .willPop(editor.screenID, from: stage.navigation.screenID, animated: true),
        .willShow(stage.root.screenID, in: stage.navigation.screenID, animated: true),
        .didShow(stage.root.screenID, in: stage.navigation.screenID, animated: true),
        .didPop(editor.screenID, from: stage.navigation.screenID, animated: true),
      ])
    stage.discardEvents()  // the delegate calls above give the order
  }

  @Test func theNavigationBarDelegateMethodCanRefuse() {
    let stage = Stage(.nothing, scheduler: .immediate)
    let refusing = RefusingNavigationController(rootViewController: Screen("A"))
    stage.window.rootViewController = refusing
    let b = Screen("B")
    refusing.pushViewController(b, animated: false)
    stage.discardEvents()  // showing the stack and pushing B: StackOrderTests checks those
    refusing.navigationBar.tapBackButton()
    refusing.beginInteractivePop()
    #expect(refusing.asked == 2)
    #expect(refusing.viewControllers.ids == [refusing.viewControllers[0], b].ids)
    #expect(!refusing.isInteractivePopInProgress)
    stage.expect([])
  }
}

final class RefusingNavigationController: NavigationController {
  var asked = 0
  override func navigationBar(_ navigationBar: NavigationBar, shouldPop viewController: ViewController)
    -> Bool
  {
    asked += 1
    return false
  }
}
