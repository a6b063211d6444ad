import Navigator
import Testing

/// Presentation composed with navigation stacks.
@Suite struct StackPresentationTests {
  @Test func aPushedScreenPresentingFullScreenIsRoutedToItsNavigationController() {
    let h = StackHarness()
    let b = Screen("B")
    h.push(b)
    let modal = Screen("Modal")
    modal.modalPresentationStyle = .fullScreen
    b.present(modal, animated: true)
    #expect(b.presentedViewController === modal)
    #expect(h.navigation.presentedViewController === modal)
    #expect(b.presentedViewController === h.navigation.presentedViewController)
    #expect(modal.presentingViewController === h.navigation)
    #expect(h.navigation.visibleViewController === modal)
    h.scheduler.runLoopTurn()
    // The navigation controller covers the window, so it (and its top) disappear.
    #expect(
      h.take() == [
        .viewDidLoad(modal.screenID),
        .viewWillDisappear(h.navigation.screenID, animated: true),
        .viewWillDisappear(b.screenID, animated: true),
        .viewWillAppear(modal.screenID, animated: true),
      ])
    h.scheduler.finishTransitions()
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
    let h = StackHarness()
    let log = Log()
    let presentedStack = NavigationController(rootViewController: Screen("Form"))
    presentedStack.pushViewController(
      Screen("Step"), animated: false, options: PushOptions(onPop: { log.lines.append("Step popped") }))
    h.root.present(presentedStack, animated: true)
    h.scheduler.settle()
    var completed = false
    presentedStack.dismiss(animated: true) { completed = true }
    h.scheduler.runLoopTurn()
    #expect(log.lines == [])  // the dismissal has not finished
    h.scheduler.finishTransitions()
    #expect(log.lines == ["Step popped"])
    #expect(completed)
  }

  @Test func popBlocksRunWhenTheRootIsReplacedUnderAPresentedStack() {
    let h = StackHarness(manual: false)
    let log = Log()
    let presentedStack = NavigationController(rootViewController: Screen("Form"))
    presentedStack.pushViewController(
      Screen("Step"), animated: false, options: PushOptions(onPop: { log.lines.append("Step popped") }))
    h.root.present(presentedStack, animated: false)
    h.window.rootViewController = Screen("Elsewhere")
    #expect(log.lines == ["Step popped"])
  }

  @Test func theWindowsRejectPolicyRefusesAPresentationDuringATransition() {
    let h = StackHarness()
    var handled: [NavigationError] = []
    h.window.misuseHandler = { handled.append($0) }
    h.window.transitionRequestPolicy = .reject
    let b = Screen("B")
    h.navigation.pushViewController(b, animated: true)
    let modal = Screen("Modal")
    h.root.present(modal, animated: true)
    #expect(handled.map(\.code) == [.transitionInProgress])
    #expect(handled.first?.screens.map(\.name) == ["Modal", "A"])
    h.scheduler.settle()
    #expect(modal.presentingViewController == nil)
    #expect(h.navigation.viewControllers.ids == [h.root, b].ids)
  }

  @Test func theWindowsRejectPolicyRefusesRequestsDuringAPresentationOrADismissal() {
    let h = StackHarness()
    var handled: [NavigationError] = []
    h.window.misuseHandler = { handled.append($0) }
    h.window.transitionRequestPolicy = .reject
    let modal = Screen("Modal")
    h.root.present(modal, animated: true)
    let other = Screen("Other")
    modal.present(other, animated: true)
    h.root.dismiss(animated: true) { Issue.record("completion of a refused dismissal ran") }
    #expect(handled.map(\.code) == [.transitionInProgress, .transitionInProgress])
    h.scheduler.settle()
    #expect(modal.presentedViewController == nil)
    #expect(h.root.presentedViewController === modal)

    handled = []
    var dismissed = false
    modal.dismiss(animated: true) { dismissed = true }
    h.root.present(other, animated: true) { Issue.record("completion of a refused presentation ran") }
    #expect(handled.map(\.code) == [.transitionInProgress])
    h.scheduler.settle()
    #expect(dismissed)
    #expect(h.root.presentedViewController == nil)
    #expect(other.presentingViewController == nil)
  }

  @Test func aStackPolicyOverridesTheWindows() {
    let h = StackHarness()
    h.window.transitionRequestPolicy = .reject
    h.navigation.transitionRequestPolicy = .queue
    let (b, c) = (Screen("B"), Screen("C"))
    h.navigation.pushViewController(b, animated: true)
    h.navigation.pushViewController(c, animated: true)
    #expect(h.window.pendingRequests == [.push(c.screenID, onto: h.navigation.screenID, animated: true)])
    h.scheduler.settle()
    #expect(h.navigation.viewControllers.ids == [h.root, b, c].ids)
  }

  @Test func aStackCanBePresentedAndPushedInsideWhilePresented() {
    let h = StackHarness(manual: false)
    let form = Screen("Form")
    let presentedStack = NavigationController(rootViewController: form)
    presentedStack.title = "Sheet"
    h.root.present(presentedStack, animated: true)
    h.clear()
    let step = Screen("Step")
    presentedStack.pushViewController(step, animated: true)
    let sheet = presentedStack.screenID
    #expect(
      h.take() == [
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
    #expect(h.window.hierarchyDescription().contains("presents Sheet [NavigationController] appeared"))
  }
}
