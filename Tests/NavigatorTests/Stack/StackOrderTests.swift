import Navigator
import Testing

/// The order of every observable effect of a stack's moves, at the three scheduler stops
/// (behaviour reference, "The navigation stack").
@Suite(.exhaustiveStages) struct StackOrderTests {
  @Test func windowShowingANavigationControllerShowsItsRoot() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    let root = Screen("R")
    let navigation = NavigationController(rootViewController: root)
    navigation.title = "Nav"
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    stage.expect([.viewDidLoad(navigation.screenID)])
    scheduler.runLoopTurn()
    stage.expect(
      [
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
    let stage = Stage(.stack(root: "A"))
    let (a, b, nav) = (stage.root.screenID, Screen("B"), stage.navigation.screenID)
    let will: [NavigationEvent] = [
      .viewDidLoad(b.screenID),
      .viewWillDisappear(a, animated: animated),
      .viewWillAppear(b.screenID, animated: animated),
      .willShow(b.screenID, in: nav, animated: animated),
    ]
    let did: [NavigationEvent] = [
      .viewDidDisappear(a, animated: animated),
      .viewDidAppear(b.screenID, animated: animated),
      .didShow(b.screenID, in: nav, animated: animated),
      .didMove(b.screenID, toParent: nav),
      .didPush(b.screenID, onto: nav, animated: animated),
    ]
    stage.navigation.pushViewController(b, animated: animated)
    // Structure changes inside the call.
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
    #expect(stage.navigation.topViewController === b)
    #expect(b.navigationController === stage.navigation)
    // Not animated: the did-callbacks arrive on the same turn.
    stage.expectTimeline(
      afterCall: [
        .willPush(b.screenID, onto: nav, animated: animated), .willMove(b.screenID, toParent: nav),
      ],
      afterTurn: animated ? will : will + did,
      afterFinish: animated ? did : [])
    #expect(b.appearanceState == .appeared)
    #expect(stage.root.appearanceState == .disappeared)
  }

  @Test(arguments: [true, false])
  func popAtTheThreeStops(animated: Bool) {
    let stage = Stage(.stack(root: "A"))
    let (a, b, nav) = (stage.root.screenID, Screen("B"), stage.navigation.screenID)
    stage.pushQuietly(b)
    let will: [NavigationEvent] = [
      .viewWillDisappear(b.screenID, animated: animated),
      .viewWillAppear(a, animated: animated),
      .willShow(a, in: nav, animated: animated),
    ]
    let did: [NavigationEvent] = [
      .viewDidDisappear(b.screenID, animated: animated),
      .viewDidAppear(a, animated: animated),
      .didShow(a, in: nav, animated: animated),
      .didMove(b.screenID, toParent: nil),
      .didPop(b.screenID, from: nav, animated: animated),
    ]
    let popped = stage.navigation.popViewController(animated: animated)
    #expect(popped === b)
    #expect(stage.navigation.viewControllers.ids == [stage.root].ids)
    #expect(b.navigationController == nil)
    #expect(b.parent == nil)
    stage.expectTimeline(
      afterCall: [.willPop(b.screenID, from: nav, animated: animated), .willMove(b.screenID, toParent: nil)],
      afterTurn: animated ? will : will + did,
      afterFinish: animated ? did : [])
  }

  @Test func popToGivesCallbacksOnlyToTheOldAndNewTop() {
    let stage = Stage(.stack(root: "A"))
    let (b, c, d) = (Screen("B"), Screen("C"), Screen("D"))
    stage.pushQuietly(b, c, d)
    let popped = stage.navigation.popToViewController(b, animated: true)
    #expect(popped.ids == [c, d].ids)
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
    #expect(c.parent == nil && d.parent == nil)
    let ids = [c.screenID, d.screenID]
    let nav = stage.navigation.screenID
    stage.expectTimeline(
      afterCall: [
        .willPopTo(b.screenID, in: nav, popping: ids, animated: true),
        .willMove(c.screenID, toParent: nil),
        .willMove(d.screenID, toParent: nil),
      ],
      afterTurn: [
        .viewWillDisappear(d.screenID, animated: true),
        .viewWillAppear(b.screenID, animated: true),
        .willShow(b.screenID, in: nav, animated: true),
      ],
      afterFinish: [
        .viewDidDisappear(d.screenID, animated: true),
        .viewDidAppear(b.screenID, animated: true),
        .didShow(b.screenID, in: nav, animated: true),
        .didMove(c.screenID, toParent: nil),
        .didMove(d.screenID, toParent: nil),
        .didPopTo(b.screenID, in: nav, popped: ids, animated: true),
      ])
    #expect(c.appearanceState == .disappeared)
  }

  @Test func popToRootUnderTheImmediateScheduler() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let (b, c) = (Screen("B"), Screen("C"))
    stage.pushQuietly(b, c)
    let popped = stage.navigation.popToRootViewController(animated: false)
    #expect(popped.ids == [b, c].ids)
    let ids = [b.screenID, c.screenID]
    #expect(
      stage.take() == [
        .willPopToRoot(in: stage.navigation.screenID, popping: ids, animated: false),
        .willMove(b.screenID, toParent: nil),
        .willMove(c.screenID, toParent: nil),
        .viewWillDisappear(c.screenID, animated: false),
        .viewWillAppear(stage.root.screenID, animated: false),
        .willShow(stage.root.screenID, in: stage.navigation.screenID, animated: false),
        .viewDidDisappear(c.screenID, animated: false),
        .viewDidAppear(stage.root.screenID, animated: false),
        .didShow(stage.root.screenID, in: stage.navigation.screenID, animated: false),
        .didMove(b.screenID, toParent: nil),
        .didMove(c.screenID, toParent: nil),
        .didPopToRoot(in: stage.navigation.screenID, popped: ids, animated: false),
      ])
  }

  @Test func setViewControllersWithANewTop() {
    let stage = Stage(.stack(root: "A"))
    let (b, c, d) = (Screen("B"), Screen("C"), Screen("D"))
    stage.pushQuietly(b)
    stage.navigation.setViewControllers([stage.root, c, d], animated: true)
    #expect(stage.navigation.viewControllers.ids == [stage.root, c, d].ids)
    let ids = [stage.root.screenID, c.screenID, d.screenID]
    let nav = stage.navigation.screenID
    stage.expectTimeline(
      afterCall: [
        .willSetViewControllers(ids, in: nav, animated: true),
        .willMove(b.screenID, toParent: nil),
        .willMove(c.screenID, toParent: nav),
        .willMove(d.screenID, toParent: nav),
      ],
      afterTurn: [
        .viewDidLoad(d.screenID),
        .viewWillDisappear(b.screenID, animated: true),
        .viewWillAppear(d.screenID, animated: true),
        .willShow(d.screenID, in: nav, animated: true),
      ],
      afterFinish: [
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
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let (b, c) = (Screen("B"), Screen("C"))
    stage.pushQuietly(b)
    stage.navigation.viewControllers = [c, b]
    let nav = stage.navigation.screenID
    #expect(
      stage.take() == [
        .willSetViewControllers([c.screenID, b.screenID], in: nav, animated: false),
        .willMove(stage.root.screenID, toParent: nil),
        .willMove(c.screenID, toParent: nav),
        .didMove(stage.root.screenID, toParent: nil),
        .didMove(c.screenID, toParent: nav),
        .didSetViewControllers([c.screenID, b.screenID], in: nav, animated: false),
      ])
    #expect(b.appearanceState == .appeared)
  }

  @Test func isMovingFlagsAreTrueOnlyDuringTheirCallbacks() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let b = ProbeScreen("B")
    stage.navigation.pushViewController(b, animated: true)
    stage.navigation.popViewController(animated: true)
    // [isMovingToParent, isMovingFromParent, isBeingPresented, isBeingDismissed] in
    // viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear.
    #expect(
      b.flagsSeenInCallbacks == [
        [true, false, false, false], [true, false, false, false],
        [false, true, false, false], [false, true, false, false],
      ])
    #expect(!b.isMovingToParent && !b.isMovingFromParent)
    stage.discardEvents()  // the order of a push and a pop is the three-stops tests' business
  }

  @Test func aStackOutsideAnyVisibleWindowChangesStructureWithoutAppearance() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let (a, b) = (Screen("A"), Screen("B"))
    let navigation = NavigationController(rootViewController: a)
    navigation.title = "Nav"
    window.rootViewController = navigation  // hidden window
    stage.expect([.viewDidLoad(navigation.screenID)])
    navigation.pushViewController(b, animated: true)
    #expect(navigation.viewControllers.ids == [a, b].ids)
    stage.expect(
      [
        .willPush(b.screenID, onto: navigation.screenID, animated: true),
        .willMove(b.screenID, toParent: navigation.screenID),
        .didMove(b.screenID, toParent: navigation.screenID),
        .didPush(b.screenID, onto: navigation.screenID, animated: true),
      ])
    #expect(!b.isViewLoaded)
    window.makeKeyAndVisible()
    // The delegate learns about the top when the stack first appears.
    stage.expect(
      [
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
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    #expect(stage.navigation.popViewController(animated: false) == nil)
    #expect(stage.navigation.popToRootViewController(animated: false).ids == [])
    #expect(stage.navigation.popToViewController(stage.root, animated: false).ids == [])
    #expect(stage.take() == [])
    let (b, c) = (Screen("B"), Screen("C"))
    stage.pushQuietly(b, c)
    #expect(stage.navigation.popToRootViewController(animated: false).ids == [b, c].ids)
    stage.discardEvents()  // popToRootUnderTheImmediateScheduler checks this order
  }

  @Test func visibleViewControllerIsTheTopWithoutAPresentation() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let b = Screen("B")
    stage.pushQuietly(b)
    #expect(stage.navigation.visibleViewController === b)
    #expect(stage.navigation.children.ids == [stage.root, b].ids)
  }

  @Test func aHundredThousandScreenStackWorks() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    stage.exhaustivity = .off(because: "a test of size: the journal is off to keep 100,000 pushes fast")
    stage.window.journal.isEnabled = false
    var screens: [ViewController] = []
    screens.reserveCapacity(100_000)
    for _ in 0..<99_999 {
      let screen = ViewController()
      screens.append(screen)
      stage.navigation.pushViewController(screen, animated: false)
    }
    #expect(stage.navigation.viewControllers.count == 100_000)
    let middle = screens[50_000]
    let popped = stage.navigation.popToViewController(middle, animated: false)
    #expect(popped?.count == 49_998)
    #expect(popped?.first === screens[50_001])
    let rest = stage.navigation.popToRootViewController(animated: false)
    #expect(rest?.count == 50_001)
    #expect(stage.navigation.viewControllers.ids == [stage.root].ids)
    #expect(stage.root.appearanceState == .appeared)
  }
}
