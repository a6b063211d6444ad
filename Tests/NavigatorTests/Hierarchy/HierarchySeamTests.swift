import Navigator
import Testing

/// The seam for what joins and leaves a window's hierarchy (`HierarchyObserver`), on every
/// path in and out, with its order against the callbacks and completions.
@Suite(.exhaustiveStages) struct HierarchySeamTests {
  // MARK: The stack

  @Test func aPushedScreenJoinsInTheCallAndAPoppedOneLeavesAfterItsPopBlockBeforeTheCompletion() {
    let stage = Stage(.stack(root: "A", delegate: nil), membership: true)
    let (a, nav) = (stage.root, stage.navigation)
    let b = Screen("B")
    nav.pushViewController(b, animated: true, options: PushOptions(onPop: {}))
    stage.expectTimeline(
      afterCall: [
        .willPush(b.screenID, onto: nav.screenID, animated: true), .willMove(b, to: nav), .joined(b),
      ],
      afterTurn: [
        .load(b), .willDisappear(a, animated: true), .willAppear(b, animated: true),
        .willShow(b.screenID, in: nav.screenID, animated: true),
      ],
      afterFinish: [
        .didDisappear(a, animated: true), .didAppear(b, animated: true),
        .didShow(b.screenID, in: nav.screenID, animated: true), .didMove(b, to: nav),
        .didPush(b.screenID, onto: nav.screenID, animated: true),
      ])
    let done = Counter()
    _ = nav.popViewController(animated: true, ignoringPopGuard: false) { done.hit() }
    stage.expectTimeline(
      afterCall: [.willPop(b.screenID, from: nav.screenID, animated: true), .willMove(b, to: nil)],
      afterTurn: [
        .willDisappear(b, animated: true), .willAppear(a, animated: true),
        .willShow(a.screenID, in: nav.screenID, animated: true),
      ],
      afterFinish: [
        .didDisappear(b, animated: true), .didAppear(a, animated: true),
        .didShow(a.screenID, in: nav.screenID, animated: true), .didMove(b, to: nil),
        .didPop(b.screenID, from: nav.screenID, animated: true), .popBlock(b.screenID),
        .left(b, .popped(.programmatic)), .completion(.pop(from: nav.screenID, animated: true)),
      ])
    #expect(done.count == 1)
  }

  @Test func popToAndPopToRootReportEveryPoppedScreenTopDown() {
    let stage = Stage(.stack(root: "A", delegate: nil), scheduler: .immediate, membership: true)
    let nav = stage.navigation
    let (b, c, d) = (Screen("B"), Screen("C"), Screen("D"))
    for screen in [b, c, d] { nav.pushViewController(screen, animated: false) }
    stage.discardEvents()
    nav.popToViewController(b, animated: false)
    #expect(
      stage.take().suffix(2) == [.left(d, .poppedToScreen), .left(c, .poppedToScreen)])
    nav.pushViewController(c, animated: false)
    stage.discardEvents()
    nav.popToRootViewController(animated: false)
    #expect(stage.take().suffix(2) == [.left(c, .poppedToRoot), .left(b, .poppedToRoot)])
  }

  @Test func aNewStackReportsTheScreensItAddsAtOnceAndTheScreensItDropsAtTheEnd() {
    let stage = Stage(.stack(root: "A", delegate: nil), membership: true)
    let (a, nav) = (stage.root, stage.navigation)
    let b = Screen("B")
    nav.setViewControllers([b, a], animated: false)
    stage.expectTimeline(
      afterCall: [
        .willSetViewControllers([b.screenID, a.screenID], in: nav.screenID, animated: false),
        .willMove(b, to: nav), .joined(b),
      ],
      afterTurn: [
        .didMove(b, to: nav),
        .didSetViewControllers([b.screenID, a.screenID], in: nav.screenID, animated: false),
      ],
      afterFinish: [])
    nav.setViewControllers([b], animated: false)
    stage.expectTimeline(
      afterCall: [
        .willSetViewControllers([b.screenID], in: nav.screenID, animated: false), .willMove(a, to: nil),
      ],
      afterTurn: [
        .load(b), .willDisappear(a), .willAppear(b), .willShow(b.screenID, in: nav.screenID, animated: false),
        .didDisappear(a), .didAppear(b), .didShow(b.screenID, in: nav.screenID, animated: false),
        .didMove(a, to: nil), .didSetViewControllers([b.screenID], in: nav.screenID, animated: false),
        .left(a, .stackReplaced),
      ],
      afterFinish: [])
  }

  @Test(arguments: [PopTrigger.backButton, .interactiveSwipe])
  func theUsersPopsNameTheirTrigger(trigger: PopTrigger) {
    let stage = Stage(.stack(root: "A", delegate: nil), scheduler: .immediate, membership: true)
    let b = Screen("B")
    stage.navigation.pushViewController(b, animated: false)
    stage.discardEvents()
    switch trigger {
    case .backButton:
      stage.navigation.navigationBar.tapBackButton()
    case .interactiveSwipe:
      stage.navigation.beginInteractivePop()
      stage.navigation.finishInteractivePop()
    case .programmatic:
      Issue.record("not a user's pop")
    }
    #expect(stage.take().filter(\.isMembership) == [.left(b, .popped(trigger))])
  }

  @Test func aCancelledSwipeAndADeniedPopReportNothing() {
    let stage = Stage(.stack(root: "A", delegate: nil), scheduler: .immediate, membership: true)
    let b = GuardedScreen("B", answer: .deny)
    stage.navigation.pushViewController(b, animated: false)
    stage.discardEvents()
    stage.navigation.navigationBar.tapBackButton()
    _ = stage.navigation.popViewController(animated: true)
    b.answer = .allow
    stage.navigation.beginInteractivePop()
    stage.navigation.cancelInteractivePop()
    #expect(stage.take().filter(\.isMembership).isEmpty)
    #expect(stage.navigation.topViewController === b)
  }

  // MARK: Presentation

  @Test func aPresentedScreenJoinsInTheCallAndLeavesAfterItsLastDidCallbackBeforeTheCompletion() {
    let stage = Stage(.screen(Screen("A")), membership: true)
    let a = stage.root
    let p = Screen("P")
    p.modalPresentationStyle = .fullScreen
    a.present(p, animated: true)
    stage.expectTimeline(
      afterCall: [.load(p), .joined(p)],
      afterTurn: [.willDisappear(a, animated: true), .willAppear(p, animated: true)],
      afterFinish: [.didDisappear(a, animated: true), .didAppear(p, animated: true)])
    let done = Counter()
    a.dismiss(animated: true) { done.hit() }
    stage.expectTimeline(
      afterCall: [],
      afterTurn: [.willDisappear(p, animated: true), .willAppear(a, animated: true)],
      afterFinish: [
        .didDisappear(p, animated: true), .didAppear(a, animated: true),
        .left(p, .dismissed(.programmatic)), .completion(.dismiss(a.screenID, animated: true)),
      ])
    #expect(done.count == 1)
  }

  @Test func dismissingBelowAChainTakesEveryScreenAboveWithItTopFirst() {
    let stage = Stage(.screen(Screen("A")), scheduler: .immediate, membership: true)
    let (b, c) = (Screen("B"), Screen("C"))
    stage.root.present(b, animated: false)
    b.present(c, animated: false)
    stage.discardEvents()
    stage.root.dismiss(animated: false)
    #expect(
      stage.take().filter(\.isMembership) == [
        .left(c, .dismissed(.programmatic), of: b), .left(b, .dismissed(.programmatic)),
      ])
  }

  @Test func aPresentedStackJoinsAndLeavesWithEveryScreenInsideItInnermostFirstWhenLeaving() {
    let stage = Stage(.screen(Screen("A")), scheduler: .immediate, membership: true)
    let (b, c) = (Screen("B"), Screen("C"))
    let presented = NavigationController(rootViewController: b)
    presented.title = "Modal"
    presented.pushViewController(c, animated: false)
    stage.root.present(presented, animated: false)
    #expect(stage.take().filter(\.isMembership) == [.joined(presented), .joined(b), .joined(c)])
    stage.root.dismiss(animated: false)
    #expect(
      stage.take().filter(\.isMembership) == [
        .left(c, .dismissed(.programmatic), of: presented),
        .left(b, .dismissed(.programmatic), of: presented),
        .left(presented, .dismissed(.programmatic)),
      ])
  }

  @Test func aCommittedSheetSwipeAndATapOutsideAPopoverNameTheirTrigger() {
    let stage = Stage(.screen(Screen("A")), scheduler: .immediate, membership: true)
    let sheet = Screen("Sheet")
    sheet.modalPresentationStyle = .pageSheet
    stage.root.present(sheet, animated: false)
    stage.discardEvents()
    sheet.presentationController?.beginInteractiveDismissal()
    sheet.presentationController?.cancelInteractiveDismissal()
    #expect(stage.take().filter(\.isMembership).isEmpty)
    sheet.presentationController?.beginInteractiveDismissal()
    sheet.presentationController?.finishInteractiveDismissal()
    #expect(stage.take().filter(\.isMembership) == [.left(sheet, .dismissed(.sheetSwipe))])

    let popover = Screen("Popover")
    popover.modalPresentationStyle = .popover
    popover.popoverPresentationController?.anchor = .view(stage.root.view, rect: .zero)
    stage.root.present(popover, animated: false)
    stage.discardEvents()
    stage.window.tapOutsidePopover()
    #expect(stage.take().filter(\.isMembership) == [.left(popover, .dismissed(.tapOutside))])
  }

  // MARK: Containment and the root

  @Test func anAddedChildJoinsWhenAddedAndLeavesRightAfterItsDidMoveToNil() {
    let stage = Stage(.screen(Screen("A")), scheduler: .immediate, membership: true)
    let a = stage.root
    let child = Screen("Child")
    a.addChild(child)
    stage.expect([.willMove(child, to: a), .joined(child)])
    a.view.addSubview(child.view)
    child.didMove(toParent: a)
    stage.expect([.load(child), .willAppear(child), .didAppear(child), .didMove(child, to: a)])
    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    child.removeFromParent()
    stage.expect([
      .willMove(child, to: nil), .willDisappear(child), .didDisappear(child), .didMove(child, to: nil),
      .left(child, .removedFromParent),
    ])
  }

  @Test func aChildMovedBetweenTwoContainersOfTheSameWindowStaysAndOneMovedOutLeaves() {
    let stage = Stage(.screen(Screen("A")), scheduler: .immediate, membership: true)
    let (left, right, child) = (Screen("Left"), Screen("Right"), Screen("Child"))
    for container in [left, right] { stage.root.addChild(container) }
    left.addChild(child)
    stage.discardEvents()
    right.addChild(child)
    #expect(stage.take().filter(\.isMembership).isEmpty)
    let detached = Screen("Detached")
    detached.addChild(child)
    #expect(stage.take().filter(\.isMembership) == [.left(child, .removedFromParent)])
  }

  @Test func aReplacedRootLeavesWithWhatItPresentedAfterItDisappearedAndTheNewRootJoinsAtOnce() {
    let stage = Stage(.screen(Screen("Old")), membership: true)
    let old = stage.root
    let sheet = Screen("Sheet")
    old.present(sheet, animated: false)
    stage.settleQuietly()
    let new = Screen("New")
    stage.window.rootViewController = new
    stage.expectTimeline(
      afterCall: [.load(new), .joined(new)],
      afterTurn: [
        .willDisappear(sheet), .willDisappear(old), .willAppear(new), .didDisappear(sheet),
        .didDisappear(old), .didAppear(new), .left(sheet, .rootReplaced, of: old), .left(old, .rootReplaced),
      ],
      afterFinish: [])
  }

  @Test func aHiddenWindowStillReportsItsMembers() {
    let stage = Stage.hidden(scheduler: .immediate, membership: true)
    let (a, b) = (Screen("A"), Screen("B"))
    stage.window.rootViewController = a
    stage.window.rootViewController = b
    stage.expect([.load(a), .joined(a), .load(b), .joined(b), .left(a, .rootReplaced)])
  }

  @Test func aStackOutsideAnyWindowReportsNothingUntilItJoinsOne() {
    let stage = Stage.hidden(scheduler: .immediate, membership: true)
    let b = Screen("B")
    let navigation = NavigationController(rootViewController: Screen("A"))
    navigation.pushViewController(b, animated: false)
    navigation.popViewController(animated: false)
    navigation.pushViewController(b, animated: false)
    stage.window.rootViewController = navigation
    let events = stage.take()
    #expect(
      events.filter(\.isMembership) == [
        .joined(navigation), .joined(navigation.viewControllers[0]), .joined(b),
      ])
  }

  // MARK: Observers

  @Test func observersHearWhatTheJournalRecordsAndAreHeldWeakly() {
    let stage = Stage(.stack(root: "A", delegate: nil), scheduler: .immediate)
    var observer: RecordingHierarchyObserver? = RecordingHierarchyObserver()
    stage.window.addHierarchyObserver(observer!)
    stage.window.addHierarchyObserver(observer!)
    let b = Screen("B")
    stage.navigation.pushViewController(b, animated: false)
    stage.navigation.popViewController(animated: false)
    #expect(
      observer?.heard == [
        "joined B",
        "left B: popped(programmatic) of B",
      ])
    weak let gone = observer
    observer = nil
    #expect(gone == nil)
    stage.navigation.pushViewController(b, animated: false)
    let second = RecordingHierarchyObserver()
    stage.window.addHierarchyObserver(second)
    stage.window.removeHierarchyObserver(second)
    stage.navigation.popViewController(animated: false)
    #expect(second.heard.isEmpty)
    stage.discardEvents()
  }

  @Test func theJournalLeavesMembershipOutWhenAskedTo() {
    let window = Window()
    window.journal.isEnabled = true
    window.journal.recordsMembership = false
    let observer = RecordingHierarchyObserver()
    window.addHierarchyObserver(observer)
    let a = Screen("A")
    window.rootViewController = a
    #expect(window.journal.events == [.load(a)])
    #expect(observer.heard == ["joined A"])
  }
}

/// Records what it hears, as `joined X` and `left X: cause of Y`.
final class RecordingHierarchyObserver: HierarchyObserver {
  var heard: [String] = []

  func window(_ window: Window, didAdd screen: ViewController) {
    heard.append("joined \(screen.screenID)")
  }

  func window(_ window: Window, didRemove screen: ViewController, exit: HierarchyExit) {
    heard.append("left \(screen.screenID): \(exit)")
  }
}

extension NavigationEvent {
  /// A Boolean value indicating whether the event reports a screen joining or leaving.
  var isMembership: Bool {
    switch self {
    case .screenJoined, .screenLeft: true
    default: false
    }
  }
}
