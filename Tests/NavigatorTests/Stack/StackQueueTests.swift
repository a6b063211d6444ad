import Navigator
import Testing

/// Requests during a transition wait, in order, and never interleave.
@Suite struct StackQueueTests {
  @Test func requestsDuringATransitionAreQueuedAndRunInOrder() {
    let h = StackHarness()
    let (b, c) = (Screen("B"), Screen("C"))
    h.navigation.pushViewController(b, animated: true)
    h.navigation.pushViewController(c, animated: true)
    let popped = h.navigation.popViewController(animated: true)
    #expect(popped == nil)  // queued: not known yet
    let nav = h.navigation.screenID
    #expect(
      h.window.pendingRequests == [
        .push(c.screenID, onto: nav, animated: true), .pop(from: nav, animated: true),
      ])
    #expect(h.navigation.viewControllers.ids == [h.root, b].ids)
    h.scheduler.settle()
    #expect(h.window.pendingRequests == [])
    #expect(h.navigation.viewControllers.ids == [h.root, b].ids)
    #expect(
      delegateEvents(h.take()) == [
        .willPush(b.screenID, onto: nav, animated: true),
        .willShow(b.screenID, in: nav, animated: true),
        .didShow(b.screenID, in: nav, animated: true),
        .didPush(b.screenID, onto: nav, animated: true),
        .willPush(c.screenID, onto: nav, animated: true),
        .willShow(c.screenID, in: nav, animated: true),
        .didShow(c.screenID, in: nav, animated: true),
        .didPush(c.screenID, onto: nav, animated: true),
        .willPop(c.screenID, from: nav, animated: true),
        .willShow(b.screenID, in: nav, animated: true),
        .didShow(b.screenID, in: nav, animated: true),
        .didPop(c.screenID, from: nav, animated: true),
      ])
  }

  @Test func aQueuedRequestStartsWhenTheTransitionFinishes() {
    let h = StackHarness()
    let (b, c) = (Screen("B"), Screen("C"))
    h.navigation.pushViewController(b, animated: true)
    h.navigation.pushViewController(c, animated: false)
    h.scheduler.runLoopTurn()
    h.clear()
    h.scheduler.finishTransitions()
    // B's push finishes, then C's push starts: its structure changes now, callbacks later.
    #expect(h.navigation.viewControllers.ids == [h.root, b, c].ids)
    let nav = h.navigation.screenID
    #expect(
      h.take() == [
        .viewDidDisappear(h.root.screenID, animated: true),
        .viewDidAppear(b.screenID, animated: true),
        .didShow(b.screenID, in: nav, animated: true),
        .didMove(b.screenID, toParent: nav),
        .didPush(b.screenID, onto: nav, animated: true),
        .willPush(c.screenID, onto: nav, animated: false),
        .willMove(c.screenID, toParent: nav),
      ])
    h.scheduler.runLoopTurn()
    #expect(h.take().last == .didPush(c.screenID, onto: nav, animated: false))
  }

  @Test func aPushFromInsideViewDidAppearWaitsForTheTransition() {
    let h = StackHarness(manual: false)
    let next = Screen("Next")
    let first = CallbackScreen("First")
    first.onViewDidAppear = { [unowned first] in
      first.navigationController?.pushViewController(next, animated: true)
    }
    h.navigation.pushViewController(first, animated: true)
    let nav = h.navigation.screenID
    #expect(h.navigation.viewControllers.ids == [h.root, first, next].ids)
    #expect(
      delegateEvents(h.take()) == [
        .willPush(first.screenID, onto: nav, animated: true),
        .willShow(first.screenID, in: nav, animated: true),
        .didShow(first.screenID, in: nav, animated: true),
        .didPush(first.screenID, onto: nav, animated: true),
        .willPush(next.screenID, onto: nav, animated: true),
        .willShow(next.screenID, in: nav, animated: true),
        .didShow(next.screenID, in: nav, animated: true),
        .didPush(next.screenID, onto: nav, animated: true),
      ])
    #expect(first.appeared == 1)
  }

  @Test func aQueuedRequestIsCheckedWhenItRuns() {
    let h = StackHarness()
    var handled: [NavigationError] = []
    h.window.misuseHandler = { handled.append($0) }
    let b = Screen("B")
    h.navigation.pushViewController(b, animated: true)
    h.navigation.pushViewController(b, animated: true)  // fine now; a duplicate once B is in
    h.scheduler.settle()
    #expect(handled.map(\.code) == [.duplicatePush])
    #expect(h.navigation.viewControllers.ids == [h.root, b].ids)
  }

  @Test func completionsRunAfterTheLastDidCallbackAndAreJournaled() {
    let h = StackHarness()
    let b = Screen("B")
    var completed = 0
    h.navigation.pushViewController(b, animated: true, options: PushOptions()) {
      completed += 1
      #expect(b.appearanceState == .appeared)
    }
    h.scheduler.runLoopTurn()
    #expect(completed == 0)
    h.scheduler.finishTransitions()
    #expect(completed == 1)
    #expect(h.take().last == .completion(.push(b.screenID, onto: h.navigation.screenID, animated: true)))
    h.navigation.popViewController(animated: false, ignoringPopGuard: false) { completed += 10 }
    h.scheduler.settle()
    #expect(completed == 11)
  }
}

/// A screen that runs closures from its callbacks.
final class CallbackScreen: ViewController {
  var onViewDidAppear: (() -> Void)?
  var appeared = 0

  init(_ name: String) {
    super.init()
    title = name
  }

  override func viewDidAppear(_ animated: Bool) {
    appeared += 1
    onViewDidAppear?()
  }
}

/// A stack in no window has no transitions, but its moves still make callbacks: a request
/// made from one of them waits until the move has finished, in order.
@Suite struct StackOutsideWindowQueueTests {
  /// A screen that pushes the next screen when it has joined a stack.
  final class ChainScreen: Screen {
    var next: ViewController?
    override func didMove(toParent parent: ViewController?) {
      super.didMove(toParent: parent)
      if let next, let navigation = parent as? NavigationController {
        self.next = nil
        navigation.pushViewController(next, animated: false)
      }
    }
  }

  /// A stack in no window, with a recording delegate.
  private func windowlessStack(root: Screen) -> (NavigationController, RecordingNavigationDelegate) {
    let navigation = NavigationController(rootViewController: root)
    navigation.title = "Nav"
    let delegate = RecordingNavigationDelegate()
    navigation.delegate = delegate
    return (navigation, delegate)
  }

  /// The delegate calls of non-animated pushes of `screens`, one after the other.
  private func pushes(_ screens: ViewController..., onto navigation: NavigationController)
    -> [NavigationEvent]
  {
    screens.flatMap { screen in
      [
        NavigationEvent.willPush(screen.screenID, onto: navigation.screenID, animated: false),
        .didPush(screen.screenID, onto: navigation.screenID, animated: false),
      ]
    }
  }

  @Test func aPushFromInsideAMoveWaitsForTheMoveToFinish() {
    let root = Screen("A")
    let (navigation, delegate) = windowlessStack(root: root)
    let (b, c) = (ChainScreen("B"), Screen("C"))
    b.next = c
    navigation.pushViewController(b, animated: false)
    #expect(delegate.calls == pushes(b, c, onto: navigation))
    #expect(navigation.viewControllers.ids == [root, b, c].ids)
    #expect(b.next == nil)  // the chained push did run
  }

  @Test func requestsFromInsideAMoveRunInTheOrderTheyWereMade() {
    let root = Screen("A")
    let (navigation, delegate) = windowlessStack(root: root)
    let (b, c, d) = (ChainScreen("B"), ChainScreen("C"), Screen("D"))
    b.next = c
    c.next = d
    navigation.pushViewController(b, animated: false)
    #expect(delegate.calls == pushes(b, c, d, onto: navigation))
    #expect(navigation.viewControllers.ids == [root, b, c, d].ids)
  }

  @Test func aStackThatRejectsRefusesARequestFromInsideAMove() async {
    await #expect(processExitsWith: .failure) {
      let root = Screen("A")
      let navigation = NavigationController(rootViewController: root)
      navigation.transitionRequestPolicy = .reject
      let b = ChainScreen("B")
      b.next = Screen("C")
      // Outside any window there is no policy to report to: the refusal traps.
      navigation.pushViewController(b, animated: false)
    }
  }
}
