import Navigator
import Testing

/// Back navigation asks for confirmation on every pop path.
@Suite struct PopGuardTests {
  private func guardedStack(_ answer: GuardedScreen.Answer, manual: Bool = false) -> (
    StackHarness, GuardedScreen
  ) {
    let h = StackHarness(manual: manual)
    let editor = GuardedScreen("Editor", answer: answer)
    h.navigation.pushViewController(editor, animated: false)
    h.scheduler.settle()
    h.clear()
    return (h, editor)
  }

  @Test func backButtonAsksTheGuardAndPopsWhenAllowed() {
    let (h, editor) = guardedStack(.allow)
    h.navigation.navigationBar.tapBackButton()
    #expect(editor.decisions.map(\.trigger) == [.backButton])
    #expect(editor.decisions.map(\.isAllowed) == [true])
    #expect(h.navigation.viewControllers.ids == [h.root].ids)
    #expect(
      h.delegate.calls == [
        .willPop(editor.screenID, from: h.navigation.screenID, animated: true),
        .willShow(h.root.screenID, in: h.navigation.screenID, animated: true),
        .didShow(h.root.screenID, in: h.navigation.screenID, animated: true),
        .didPop(editor.screenID, from: h.navigation.screenID, animated: true),
      ])
  }

  @Test func aDenialChangesNothingAndFiresNothing() {
    let (h, editor) = guardedStack(.deny)
    h.navigation.navigationBar.tapBackButton()
    #expect(h.navigation.popViewController(animated: true) == nil)
    #expect(h.navigation.popToRootViewController(animated: true) == nil)
    h.navigation.setViewControllers([h.root], animated: true)
    h.navigation.beginInteractivePop()
    #expect(
      editor.decisions.map(\.trigger) == [
        .backButton, .programmatic, .programmatic, .programmatic, .interactiveSwipe,
      ])
    #expect(h.navigation.viewControllers.ids == [h.root, editor].ids)
    #expect(h.events == [])
    #expect(h.delegate.calls == [])
    #expect(!h.navigation.isInteractivePopInProgress)
    #expect(editor.appearanceState == .appeared)
  }

  @Test func programmaticPopsMayOptOut() {
    let (h, editor) = guardedStack(.deny)
    let popped = h.navigation.popViewController(animated: false, ignoringPopGuard: true)
    #expect(popped === editor)
    #expect(editor.decisions.isEmpty)
  }

  @Test func setViewControllersKeepingTheTopDoesNotAsk() {
    let (h, editor) = guardedStack(.deny)
    let c = Screen("C")
    h.navigation.setViewControllers([c, editor], animated: false)
    #expect(editor.decisions.isEmpty)
    #expect(h.navigation.viewControllers.ids == [c, editor].ids)
  }

  @Test func anAsyncApprovalPopsLaterAndHoldsTheQueueMeanwhile() {
    let (h, editor) = guardedStack(.later, manual: true)
    let other = Screen("Other")
    h.navigation.navigationBar.tapBackButton()
    #expect(h.navigation.pendingPopDecision === editor.decisions.first)
    h.navigation.pushViewController(other, animated: false)
    #expect(h.window.pendingRequests == [.push(other.screenID, onto: h.navigation.screenID, animated: false)])
    h.scheduler.settle()
    #expect(h.navigation.viewControllers.ids == [h.root, editor].ids)
    #expect(h.events == [])
    editor.decisions[0].allow()
    #expect(h.navigation.pendingPopDecision == nil)
    // The pop starts first; the queued push waits for it.
    #expect(h.navigation.viewControllers.ids == [h.root].ids)
    h.scheduler.settle()
    #expect(h.navigation.viewControllers.ids == [h.root, other].ids)
    let nav = h.navigation.screenID
    #expect(
      h.delegate.calls == [
        .willPop(editor.screenID, from: nav, animated: true),
        .willShow(h.root.screenID, in: nav, animated: true),
        .didShow(h.root.screenID, in: nav, animated: true),
        .didPop(editor.screenID, from: nav, animated: true),
        .willPush(other.screenID, onto: nav, animated: false),
        .willShow(other.screenID, in: nav, animated: false),
        .didShow(other.screenID, in: nav, animated: false),
        .didPush(other.screenID, onto: nav, animated: false),
      ])
  }

  @Test func anAsyncDenialReleasesTheQueueAndChangesNothing() {
    let (h, editor) = guardedStack(.later, manual: true)
    let other = Screen("Other")
    h.navigation.popToRootViewController(animated: true)
    h.navigation.pushViewController(other, animated: false)
    editor.decisions[0].deny()
    editor.decisions[0].allow()  // only the first answer counts
    h.scheduler.settle()
    #expect(h.navigation.viewControllers.ids == [h.root, editor, other].ids)
    #expect(editor.decisions.map(\.isAllowed) == [false])
  }

  @Test func theSwipeAsksTheGuardAtItsStart() {
    let (h, editor) = guardedStack(.allow, manual: true)
    h.navigation.beginInteractivePop()
    #expect(editor.decisions.map(\.trigger) == [.interactiveSwipe])
    #expect(h.navigation.isInteractivePopInProgress)
    #expect(
      h.take() == [
        .interactivePopBegan(editor.screenID, in: h.navigation.screenID),
        .viewWillDisappear(editor.screenID, animated: true),
        .viewWillAppear(h.root.screenID, animated: true),
        .willShow(h.root.screenID, in: h.navigation.screenID, animated: true),
      ])
  }

  @Test func aSwipeConfirmedLaterPopsLikeTheBackButton() {
    let (h, editor) = guardedStack(.later, manual: true)
    h.navigation.beginInteractivePop()
    #expect(!h.navigation.isInteractivePopInProgress)
    #expect(h.events == [])
    editor.decisions[0].allow()
    #expect(!h.navigation.isInteractivePopInProgress)
    #expect(h.navigation.viewControllers.ids == [h.root].ids)
    h.scheduler.settle()
    #expect(
      h.delegate.calls == [
        .willPop(editor.screenID, from: h.navigation.screenID, animated: true),
        .willShow(h.root.screenID, in: h.navigation.screenID, animated: true),
        .didShow(h.root.screenID, in: h.navigation.screenID, animated: true),
        .didPop(editor.screenID, from: h.navigation.screenID, animated: true),
      ])
  }

  @Test func theNavigationBarDelegateMethodCanRefuse() {
    let h = StackHarness(manual: false)
    let refusing = RefusingNavigationController(rootViewController: Screen("A"))
    h.window.rootViewController = refusing
    let b = Screen("B")
    refusing.pushViewController(b, animated: false)
    refusing.navigationBar.tapBackButton()
    refusing.beginInteractivePop()
    #expect(refusing.asked == 2)
    #expect(refusing.viewControllers.ids == [refusing.viewControllers[0], b].ids)
    #expect(!refusing.isInteractivePopInProgress)
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
