import Navigator
import Testing

/// Requests during a transition wait, in order, and never interleave.
@Suite(.exhaustiveStages) struct StackQueueTests {
  @Test func requestsDuringATransitionAreQueuedAndRunInOrder() {
    let stage = Stage(.stack(root: "A"))
    let (b, c) = (Screen("B"), Screen("C"))
    stage.navigation.pushViewController(b, animated: true)
    stage.navigation.pushViewController(c, animated: true)
    let popped = stage.navigation.popViewController(animated: true)
    #expect(popped == nil)  // queued: not known yet
    let nav = stage.navigation.screenID
    #expect(
      stage.window.pendingRequests == [
        .push(c.screenID, onto: nav, animated: true), .pop(from: nav, animated: true),
      ])
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
    stage.scheduler.settle()
    #expect(stage.window.pendingRequests == [])
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
    #expect(
      delegateEvents(stage.take()) == [
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
    let stage = Stage(.stack(root: "A"))
    let (b, c) = (Screen("B"), Screen("C"))
    stage.navigation.pushViewController(b, animated: true)
    stage.navigation.pushViewController(c, animated: false)
    stage.scheduler.runLoopTurn()
    stage.discardEvents()
    stage.scheduler.finishTransitions()
    // B's push finishes, then C's push starts: its structure changes now, callbacks later.
    #expect(stage.navigation.viewControllers.ids == [stage.root, b, c].ids)
    let nav = stage.navigation.screenID
    #expect(
      stage.take() == [
        .viewDidDisappear(stage.root.screenID, animated: true),
        .viewDidAppear(b.screenID, animated: true),
        .didShow(b.screenID, in: nav, animated: true),
        .didMove(b.screenID, toParent: nav),
        .didPush(b.screenID, onto: nav, animated: true),
        .willPush(c.screenID, onto: nav, animated: false),
        .willMove(c.screenID, toParent: nav),
      ])
    stage.scheduler.runLoopTurn()
    #expect(stage.take().last == .didPush(c.screenID, onto: nav, animated: false))
  }

  @Test func aPushFromInsideViewDidAppearWaitsForTheTransition() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let next = Screen("Next")
    let first = CallbackScreen("First")
    first.onViewDidAppear = { [unowned first] in
      first.navigationController?.pushViewController(next, animated: true)
    }
    stage.navigation.pushViewController(first, animated: true)
    let nav = stage.navigation.screenID
    #expect(stage.navigation.viewControllers.ids == [stage.root, first, next].ids)
    #expect(
      delegateEvents(stage.take()) == [
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
    let stage = Stage(.stack(root: "A"))
    let b = Screen("B")
    stage.navigation.pushViewController(b, animated: true)
    stage.navigation.pushViewController(b, animated: true)  // fine now; a duplicate once B is in
    stage.scheduler.settle()
    let handled = stage.errors.errors
    #expect(handled.map(\.code) == [.duplicatePush])
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
    #expect(stage.take().last == handled.first.map { .misuse($0) })
  }

  @Test func completionsRunAfterTheLastDidCallbackAndAreJournaled() {
    let stage = Stage(.stack(root: "A"))
    let b = Screen("B")
    var completed = 0
    stage.navigation.pushViewController(b, animated: true, options: PushOptions()) {
      completed += 1
      #expect(b.appearanceState == .appeared)
    }
    stage.scheduler.runLoopTurn()
    #expect(completed == 0)
    stage.scheduler.finishTransitions()
    #expect(completed == 1)
    #expect(
      stage.take().last == .completion(.push(b.screenID, onto: stage.navigation.screenID, animated: true)))
    stage.navigation.popViewController(animated: false, ignoringPopGuard: false) { completed += 10 }
    stage.scheduler.settle()
    #expect(completed == 11)
    #expect(stage.take().last == .completion(.pop(from: stage.navigation.screenID, animated: false)))
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
@Suite(.exhaustiveStages) struct StackOutsideWindowQueueTests {
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
    let stage = Stage.windowless(root: "A")
    let (root, navigation) = (stage.root, stage.navigation)
    let (b, c) = (ChainScreen("B"), Screen("C"))
    b.next = c
    navigation.pushViewController(b, animated: false)
    stage.expect(pushes(b, c, onto: navigation))
    #expect(navigation.viewControllers.ids == [root, b, c].ids)
    #expect(b.next == nil)  // the chained push did run
  }

  @Test func requestsFromInsideAMoveRunInTheOrderTheyWereMade() {
    let stage = Stage.windowless(root: "A")
    let (root, navigation) = (stage.root, stage.navigation)
    let (b, c, d) = (ChainScreen("B"), ChainScreen("C"), Screen("D"))
    b.next = c
    c.next = d
    navigation.pushViewController(b, animated: false)
    stage.expect(pushes(b, c, d, onto: navigation))
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
