import Navigator
import Testing

/// Spec §2: the order of every observable effect, at the three scheduler stops.
@Suite struct StackOrderTests {
  @Test func windowShowingANavigationControllerShowsItsRoot() {
    let scheduler = ManualScheduler()
    let window = Window(scheduler: .manual(scheduler))
    window.journal.isEnabled = true
    let root = Screen("R")
    let navigation = NavigationController(rootViewController: root)
    navigation.title = "Nav"
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    #expect(window.journal.events == [.viewDidLoad(navigation.screenID)])
    window.journal.removeAll()
    scheduler.runLoopTurn()
    #expect(
      window.journal.events == [
        .viewWillAppear(navigation.screenID, animated: false),
        .viewDidLoad(root.screenID),
        .viewWillAppear(root.screenID, animated: false),
        .willShow(root.screenID, in: navigation.screenID, animated: false),
        .didShow(root.screenID, in: navigation.screenID, animated: false),
        .viewDidAppear(navigation.screenID, animated: false),
        .viewDidAppear(root.screenID, animated: false),
      ])
    #expect(!scheduler.hasPendingWork)
  }

  @Test(arguments: [true, false])
  func pushAtTheThreeStops(animated: Bool) {
    let h = StackHarness()
    let b = Screen("B")
    h.navigation.pushViewController(b, animated: animated)
    // Structure changes inside the call.
    #expect(h.navigation.viewControllers.ids == [h.root, b].ids)
    #expect(h.navigation.topViewController === b)
    #expect(b.navigationController === h.navigation)
    #expect(
      h.take() == [
        .willPush(b.screenID, onto: h.navigation.screenID, animated: animated),
        .willMove(b.screenID, toParent: h.navigation.screenID),
      ])
    h.scheduler.runLoopTurn()
    let will: [NavigationEvent] = [
      .viewDidLoad(b.screenID),
      .viewWillDisappear(h.root.screenID, animated: animated),
      .viewWillAppear(b.screenID, animated: animated),
      .willShow(b.screenID, in: h.navigation.screenID, animated: animated),
    ]
    let did: [NavigationEvent] = [
      .viewDidDisappear(h.root.screenID, animated: animated),
      .viewDidAppear(b.screenID, animated: animated),
      .didShow(b.screenID, in: h.navigation.screenID, animated: animated),
      .didMove(b.screenID, toParent: h.navigation.screenID),
      .didPush(b.screenID, onto: h.navigation.screenID, animated: animated),
    ]
    // Not animated: the did-callbacks arrive on the same turn.
    #expect(h.take() == (animated ? will : will + did))
    h.scheduler.finishTransitions()
    #expect(h.take() == (animated ? did : []))
    #expect(b.appearanceState == .appeared)
    #expect(h.root.appearanceState == .disappeared)
  }

  @Test(arguments: [true, false])
  func popAtTheThreeStops(animated: Bool) {
    let h = StackHarness()
    let b = Screen("B")
    h.push(b)
    let popped = h.navigation.popViewController(animated: animated)
    #expect(popped === b)
    #expect(h.navigation.viewControllers.ids == [h.root].ids)
    #expect(b.navigationController == nil)
    #expect(b.parent == nil)
    #expect(
      h.take() == [
        .willPop(b.screenID, from: h.navigation.screenID, animated: animated),
        .willMove(b.screenID, toParent: nil),
      ])
    h.scheduler.runLoopTurn()
    let will: [NavigationEvent] = [
      .viewWillDisappear(b.screenID, animated: animated),
      .viewWillAppear(h.root.screenID, animated: animated),
      .willShow(h.root.screenID, in: h.navigation.screenID, animated: animated),
    ]
    let did: [NavigationEvent] = [
      .viewDidDisappear(b.screenID, animated: animated),
      .viewDidAppear(h.root.screenID, animated: animated),
      .didShow(h.root.screenID, in: h.navigation.screenID, animated: animated),
      .didMove(b.screenID, toParent: nil),
      .didPop(b.screenID, from: h.navigation.screenID, animated: animated),
    ]
    #expect(h.take() == (animated ? will : will + did))
    h.scheduler.finishTransitions()
    #expect(h.take() == (animated ? did : []))
  }

  @Test func popToGivesCallbacksOnlyToTheOldAndNewTop() {
    let h = StackHarness()
    let (b, c, d) = (Screen("B"), Screen("C"), Screen("D"))
    h.push(b, c, d)
    let popped = h.navigation.popToViewController(b, animated: true)
    #expect(popped.ids == [c, d].ids)
    #expect(h.navigation.viewControllers.ids == [h.root, b].ids)
    #expect(c.parent == nil && d.parent == nil)
    let ids = [c.screenID, d.screenID]
    #expect(
      h.take() == [
        .willPopTo(b.screenID, in: h.navigation.screenID, popping: ids, animated: true),
        .willMove(c.screenID, toParent: nil),
        .willMove(d.screenID, toParent: nil),
      ])
    h.scheduler.runLoopTurn()
    #expect(
      h.take() == [
        .viewWillDisappear(d.screenID, animated: true),
        .viewWillAppear(b.screenID, animated: true),
        .willShow(b.screenID, in: h.navigation.screenID, animated: true),
      ])
    h.scheduler.finishTransitions()
    #expect(
      h.take() == [
        .viewDidDisappear(d.screenID, animated: true),
        .viewDidAppear(b.screenID, animated: true),
        .didShow(b.screenID, in: h.navigation.screenID, animated: true),
        .didMove(c.screenID, toParent: nil),
        .didMove(d.screenID, toParent: nil),
        .didPopTo(b.screenID, in: h.navigation.screenID, popped: ids, animated: true),
      ])
    #expect(c.appearanceState == .disappeared)
  }

  @Test func popToRootUnderTheImmediateScheduler() {
    let h = StackHarness(manual: false)
    let (b, c) = (Screen("B"), Screen("C"))
    h.push(b, c)
    let popped = h.navigation.popToRootViewController(animated: false)
    #expect(popped.ids == [b, c].ids)
    let ids = [b.screenID, c.screenID]
    #expect(
      h.take() == [
        .willPopToRoot(in: h.navigation.screenID, popping: ids, animated: false),
        .willMove(b.screenID, toParent: nil),
        .willMove(c.screenID, toParent: nil),
        .viewWillDisappear(c.screenID, animated: false),
        .viewWillAppear(h.root.screenID, animated: false),
        .willShow(h.root.screenID, in: h.navigation.screenID, animated: false),
        .viewDidDisappear(c.screenID, animated: false),
        .viewDidAppear(h.root.screenID, animated: false),
        .didShow(h.root.screenID, in: h.navigation.screenID, animated: false),
        .didMove(b.screenID, toParent: nil),
        .didMove(c.screenID, toParent: nil),
        .didPopToRoot(in: h.navigation.screenID, popped: ids, animated: false),
      ])
  }

  @Test func setViewControllersWithANewTop() {
    let h = StackHarness()
    let (b, c, d) = (Screen("B"), Screen("C"), Screen("D"))
    h.push(b)
    h.navigation.setViewControllers([h.root, c, d], animated: true)
    #expect(h.navigation.viewControllers.ids == [h.root, c, d].ids)
    let ids = [h.root.screenID, c.screenID, d.screenID]
    let nav = h.navigation.screenID
    #expect(
      h.take() == [
        .willSetViewControllers(ids, in: nav, animated: true),
        .willMove(b.screenID, toParent: nil),
        .willMove(c.screenID, toParent: nav),
        .willMove(d.screenID, toParent: nav),
      ])
    h.scheduler.runLoopTurn()
    #expect(
      h.take() == [
        .viewDidLoad(d.screenID),
        .viewWillDisappear(b.screenID, animated: true),
        .viewWillAppear(d.screenID, animated: true),
        .willShow(d.screenID, in: nav, animated: true),
      ])
    h.scheduler.finishTransitions()
    #expect(
      h.take() == [
        .viewDidDisappear(b.screenID, animated: true),
        .viewDidAppear(d.screenID, animated: true),
        .didShow(d.screenID, in: nav, animated: true),
        .didMove(b.screenID, toParent: nil),
        .didMove(c.screenID, toParent: nav),
        .didMove(d.screenID, toParent: nav),
        .didSetViewControllers(ids, in: nav, animated: true),
      ])
    // A screen that is not on top never loads.
    #expect(!c.isViewLoaded)
  }

  @Test func setViewControllersKeepingTheTopHasNoAppearanceCallbacks() {
    let h = StackHarness(manual: false)
    let (b, c) = (Screen("B"), Screen("C"))
    h.push(b)
    h.navigation.viewControllers = [c, b]
    let nav = h.navigation.screenID
    #expect(
      h.take() == [
        .willSetViewControllers([c.screenID, b.screenID], in: nav, animated: false),
        .willMove(h.root.screenID, toParent: nil),
        .willMove(c.screenID, toParent: nav),
        .didMove(h.root.screenID, toParent: nil),
        .didMove(c.screenID, toParent: nav),
        .didSetViewControllers([c.screenID, b.screenID], in: nav, animated: false),
      ])
    #expect(b.appearanceState == .appeared)
  }

  @Test func isMovingFlagsAreTrueOnlyDuringTheirCallbacks() {
    let h = StackHarness(manual: false)
    let b = ProbeScreen("B")
    h.navigation.pushViewController(b, animated: true)
    h.navigation.popViewController(animated: true)
    // [isMovingToParent, isMovingFromParent, isBeingPresented, isBeingDismissed] in
    // viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear.
    #expect(
      b.flagsSeenInCallbacks == [
        [true, false, false, false], [true, false, false, false],
        [false, true, false, false], [false, true, false, false],
      ])
    #expect(!b.isMovingToParent && !b.isMovingFromParent)
  }

  @Test func aStackOutsideAnyVisibleWindowChangesStructureWithoutAppearance() {
    let window = Window()
    window.journal.isEnabled = true
    let (a, b) = (Screen("A"), Screen("B"))
    let navigation = NavigationController(rootViewController: a)
    navigation.title = "Nav"
    window.rootViewController = navigation  // hidden window
    window.journal.removeAll()
    navigation.pushViewController(b, animated: true)
    #expect(navigation.viewControllers.ids == [a, b].ids)
    #expect(
      window.journal.events == [
        .willPush(b.screenID, onto: navigation.screenID, animated: true),
        .willMove(b.screenID, toParent: navigation.screenID),
        .didMove(b.screenID, toParent: navigation.screenID),
        .didPush(b.screenID, onto: navigation.screenID, animated: true),
      ])
    #expect(!b.isViewLoaded)
    window.journal.removeAll()
    window.makeKeyAndVisible()
    // The delegate learns about the top when the stack first appears.
    #expect(
      window.journal.events == [
        .viewWillAppear(navigation.screenID, animated: false),
        .viewDidLoad(b.screenID),
        .viewWillAppear(b.screenID, animated: false),
        .willShow(b.screenID, in: navigation.screenID, animated: false),
        .didShow(b.screenID, in: navigation.screenID, animated: false),
        .viewDidAppear(navigation.screenID, animated: false),
        .viewDidAppear(b.screenID, animated: false),
      ])
    #expect(!a.isViewLoaded)
  }

  @Test func returnValuesFollowUIKit() {
    let h = StackHarness(manual: false)
    #expect(h.navigation.popViewController(animated: false) == nil)
    #expect(h.navigation.popToRootViewController(animated: false).ids == [])
    #expect(h.navigation.popToViewController(h.root, animated: false).ids == [])
    #expect(h.take() == [])
    let (b, c) = (Screen("B"), Screen("C"))
    h.push(b, c)
    #expect(h.navigation.popToRootViewController(animated: false).ids == [b, c].ids)
  }

  @Test func visibleViewControllerIsTheTopWithoutAPresentation() {
    let h = StackHarness(manual: false)
    let b = Screen("B")
    h.push(b)
    #expect(h.navigation.visibleViewController === b)
    #expect(h.navigation.children.ids == [h.root, b].ids)
  }

  @Test func aHundredThousandScreenStackWorks() {
    let h = StackHarness(manual: false)
    h.window.journal.isEnabled = false
    var screens: [ViewController] = []
    screens.reserveCapacity(100_000)
    for _ in 0..<99_999 {
      let screen = ViewController()
      screens.append(screen)
      h.navigation.pushViewController(screen, animated: false)
    }
    #expect(h.navigation.viewControllers.count == 100_000)
    let middle = screens[50_000]
    let popped = h.navigation.popToViewController(middle, animated: false)
    #expect(popped?.count == 49_998)
    #expect(popped?.first === screens[50_001])
    let rest = h.navigation.popToRootViewController(animated: false)
    #expect(rest?.count == 50_001)
    #expect(h.navigation.viewControllers.ids == [h.root].ids)
    #expect(h.root.appearanceState == .appeared)
  }
}
