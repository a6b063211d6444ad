import Navigator
import Testing

/// Presentation composed with navigation stacks.
@Suite(.exhaustiveStages) struct StackPresentationTests {
  @Test func aPushedScreenPresentingFullScreenIsRoutedToItsNavigationController() {
    let stage = Stage(.stack(root: "A"))
    let b = Screen("B")
    stage.pushQuietly(b)
    let modal = Screen("Modal")
    modal.modalPresentationStyle = .fullScreen
    b.present(modal, animated: true)
    #expect(b.presentedViewController === modal)
    #expect(stage.navigation.presentedViewController === modal)
    #expect(b.presentedViewController === stage.navigation.presentedViewController)
    #expect(modal.presentingViewController === stage.navigation)
    #expect(stage.navigation.visibleViewController === modal)
    // The navigation controller covers the window, so it (and its top) disappear.
    let nav = stage.navigation
    stage.expectTimeline(
      afterCall: [.load(modal)],
      afterTurn: [
        .willDisappear(nav, animated: true), .willDisappear(b, animated: true),
        .willAppear(modal, animated: true),
      ],
      afterFinish: [
        .didDisappear(nav, animated: true), .didDisappear(b, animated: true),
        .didAppear(modal, animated: true),
      ])
    #expect(b.appearanceState == .disappeared)
    #expect(modal.appearanceState == .appeared)
  }

  @Test func currentContextStopsAtTheNavigationController() {
    let window = Window(misusePolicy: .report)
    let container = Screen("Container")
    window.rootViewController = container
    window.makeKeyAndVisible()
    let navigation = NavigationController(rootViewController: Screen("A"))
    container.addChild(navigation)
    container.view.addSubview(navigation.view)
    navigation.didMove(toParent: container)
    let b = Screen("B")
    navigation.pushViewController(b, animated: false)
    let sheet = Screen("Sheet")
    sheet.modalPresentationStyle = .currentContext
    b.present(sheet, animated: false)
    #expect(navigation.definesPresentationContext)
    #expect(sheet.presentingViewController === navigation)
    #expect(container.presentedViewController == nil)
  }

  @Test func popBlocksRunWhenAPresentedStackIsDismissed() {
    let stage = Stage(.stack(root: "A"))
    let log = Log()
    let presentedStack = NavigationController(rootViewController: Screen("Form"))
    let step = Screen("Step")
    presentedStack.pushViewController(
      step, animated: false, options: PushOptions(onPop: { log.lines.append("Step popped") }))
    stage.root.present(presentedStack, animated: true)
    stage.scheduler.settle()
    var completed = false
    presentedStack.dismiss(animated: true) { completed = true }
    stage.scheduler.runLoopTurn()
    #expect(log.lines == [])  // the dismissal has not finished
    #expect(stage.take().popBlocks == [])
    stage.scheduler.finishTransitions()
    #expect(log.lines == ["Step popped"])
    #expect(stage.take().popBlocks == [.popBlock(step.screenID)])
    #expect(completed)
  }

  @Test func popBlocksRunWhenTheRootIsReplacedUnderAPresentedStack() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let log = Log()
    let presentedStack = NavigationController(rootViewController: Screen("Form"))
    let step = Screen("Step")
    presentedStack.pushViewController(
      step, animated: false, options: PushOptions(onPop: { log.lines.append("Step popped") }))
    stage.root.present(presentedStack, animated: false)
    stage.window.rootViewController = Screen("Elsewhere")
    #expect(log.lines == ["Step popped"])
    #expect(stage.take().popBlocks == [.popBlock(step.screenID)])
  }

  @Test func theWindowsRejectPolicyRefusesAPresentationDuringATransition() {
    let stage = Stage(.stack(root: "A"))
    var handled: [NavigationError] = []
    stage.window.misuseHandler = { handled.append($0) }
    stage.window.transitionRequestPolicy = .reject
    let b = Screen("B")
    stage.navigation.pushViewController(b, animated: true)
    let modal = Screen("Modal")
    stage.root.present(modal, animated: true)
    #expect(handled.map(\.code) == [.transitionInProgress])
    #expect(handled.first?.screens.map(\.name) == ["Modal", "A"])
    stage.scheduler.settle()
    #expect(modal.presentingViewController == nil)
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
    // The refusal is journaled when it happens, inside the running push.
    let nav = stage.navigation
    #expect(
      Array(stage.take().prefix(3)) == [
        .willPush(b.screenID, onto: nav.screenID, animated: true), .willMove(b, to: nav),
        .misuse(handled[0]),
      ])
  }

  @Test func theWindowsRejectPolicyRefusesRequestsDuringAPresentationOrADismissal() {
    let stage = Stage(.stack(root: "A"))
    var handled: [NavigationError] = []
    stage.window.misuseHandler = { handled.append($0) }
    stage.window.transitionRequestPolicy = .reject
    let modal = Screen("Modal")
    stage.root.present(modal, animated: true)
    let other = Screen("Other")
    modal.present(other, animated: true)
    stage.root.dismiss(animated: true) { Issue.record("completion of a refused dismissal ran") }
    #expect(handled.map(\.code) == [.transitionInProgress, .transitionInProgress])
    stage.scheduler.settle()
    #expect(modal.presentedViewController == nil)
    #expect(stage.root.presentedViewController === modal)
    stage.expect([
      .load(modal), .misuse(handled[0]), .misuse(handled[1]), .willAppear(modal, animated: true),
      .didAppear(modal, animated: true),
    ])

    handled = []
    var dismissed = false
    modal.dismiss(animated: true) { dismissed = true }
    stage.root.present(other, animated: true) { Issue.record("completion of a refused presentation ran") }
    #expect(handled.map(\.code) == [.transitionInProgress])
    stage.scheduler.settle()
    #expect(dismissed)
    #expect(stage.root.presentedViewController == nil)
    #expect(other.presentingViewController == nil)
    stage.expect([
      .misuse(handled[0]), .willDisappear(modal, animated: true), .didDisappear(modal, animated: true),
      .completion(.dismiss(modal.screenID, animated: true)),
    ])
  }

  @Test func aStackPolicyOverridesTheWindows() {
    let stage = Stage(.stack(root: "A"))
    stage.window.transitionRequestPolicy = .reject
    stage.navigation.transitionRequestPolicy = .queue
    let (b, c) = (Screen("B"), Screen("C"))
    stage.navigation.pushViewController(b, animated: true)
    stage.navigation.pushViewController(c, animated: true)
    #expect(
      stage.window.pendingRequests == [.push(c.screenID, onto: stage.navigation.screenID, animated: true)])
    stage.scheduler.settle()
    #expect(stage.navigation.viewControllers.ids == [stage.root, b, c].ids)
    stage.discardEvents()  // two pushes in a row: StackQueueTests checks the order of queued ones
  }

  @Test func aStackCanBePresentedAndPushedInsideWhilePresented() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let form = Screen("Form")
    let presentedStack = NavigationController(rootViewController: form)
    presentedStack.title = "Sheet"
    stage.root.present(presentedStack, animated: true)
    stage.discardEvents()
    let step = Screen("Step")
    presentedStack.pushViewController(step, animated: true)
    let sheet = presentedStack.screenID
    #expect(
      stage.take() == [
        .willPush(step.screenID, onto: sheet, animated: true),
        .willMove(step.screenID, toParent: sheet),
        .viewDidLoad(step.screenID),
        .viewWillDisappear(form.screenID, animated: true),
        .viewWillAppear(step.screenID, animated: true),
        .willShow(step.screenID, in: sheet, animated: true),
        .viewDidDisappear(form.screenID, animated: true),
        .viewDidAppear(step.screenID, animated: true),
        .didShow(step.screenID, in: sheet, animated: true),
        .didMove(step.screenID, toParent: sheet),
        .didPush(step.screenID, onto: sheet, animated: true),
      ])
    #expect(stage.window.hierarchyDescription().contains("presents Sheet [NavigationController] appeared"))
  }
}
