import Navigator
import Testing

/// A container that opts out of forwarding drives its children with begin/end calls.
@Suite struct CustomContainerTests {
  @Test func childrenOfANonForwardingContainerAreNotForwarded() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    let container = ManualContainer("Container")
    let child = Screen("Child")
    window.rootViewController = container
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    window.makeKeyAndVisible()
    scheduler.settle()
    #expect(container.appearanceState == .appeared)
    #expect(child.appearanceState == .disappeared)
    expectJournal(
      window,
      [
        .load(container), .willMove(child, to: container), .load(child), .didMove(child, to: container),
        .willAppear(container), .didAppear(container),
      ])

    child.beginAppearanceTransition(true, animated: true)
    expectJournal(window, [.willAppear(child, animated: true)])
    child.endAppearanceTransition()
    expectJournal(window, [.didAppear(child, animated: true)])

    window.isHidden = true
    scheduler.settle()
    #expect(child.appearanceState == .appeared)
    expectJournal(window, [.willDisappear(container), .didDisappear(container)])
  }

  @Test func addingAViewUnderANonForwardingContainerSendsNothing() {
    let window = journaledWindow()
    let container = ManualContainer("Container")
    window.rootViewController = container
    window.makeKeyAndVisible()
    window.journal.removeAll()
    let child = Screen("Child")
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    expectJournal(window, [.willMove(child, to: container), .load(child), .didMove(child, to: container)])
    child.view.removeFromSuperview()
    expectJournal(window, [])
  }

  @Test func containerDrivesAnAnimatedSwapBetweenTwoChildren() {
    let window = journaledWindow()
    let container = ManualContainer("Container")
    let left = Screen("Left")
    let right = Screen("Right")
    window.rootViewController = container
    window.makeKeyAndVisible()
    for child in [left, right] {
      container.addChild(child)
      container.view.addSubview(child.view)
      child.didMove(toParent: container)
    }
    left.beginAppearanceTransition(true, animated: false)
    left.endAppearanceTransition()
    window.journal.removeAll()

    left.beginAppearanceTransition(false, animated: true)
    right.beginAppearanceTransition(true, animated: true)
    left.endAppearanceTransition()
    right.endAppearanceTransition()
    #expect(left.appearanceState == .disappeared)
    #expect(right.appearanceState == .appeared)
    expectJournal(
      window,
      [
        .willDisappear(left, animated: true), .willAppear(right, animated: true),
        .didDisappear(left, animated: true), .didAppear(right, animated: true),
      ])
  }

  @Test func forwardingResumesBelowAManuallyDrivenChild() {
    let window = journaledWindow()
    let container = ManualContainer("Container")
    let child = Screen("Child")
    let grandchild = Screen("Grandchild")
    window.rootViewController = container
    window.makeKeyAndVisible()
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    child.addChild(grandchild)
    child.view.addSubview(grandchild.view)
    grandchild.didMove(toParent: child)
    window.journal.removeAll()

    child.beginAppearanceTransition(true, animated: true)
    child.endAppearanceTransition()
    expectJournal(
      window,
      [
        .willAppear(child, animated: true), .willAppear(grandchild, animated: true),
        .didAppear(child, animated: true), .didAppear(grandchild, animated: true),
      ])
  }
}
