import Navigator
import Testing

/// A container that opts out of forwarding drives its children with begin/end calls.
@Suite(.exhaustiveStages) struct CustomContainerTests {
  /// A visible window whose root is a non-forwarding container holding `Child`, which holds
  /// `Grandchild`, each contained with its view in its parent's view; nothing has appeared
  /// but the container.
  static func manualContainerWithChildAndGrandchild() -> (Stage, child: Screen, grandchild: Screen) {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let container = ManualContainer("Container")
    let child = Screen("Child")
    let grandchild = Screen("Grandchild")
    stage.window.rootViewController = container
    stage.window.makeKeyAndVisible()
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    child.addChild(grandchild)
    child.view.addSubview(grandchild.view)
    grandchild.didMove(toParent: child)
    return (stage, child, grandchild)
  }

  @Test func childrenOfANonForwardingContainerAreNotForwarded() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
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
    stage.expect(
      [
        .load(container), .willMove(child, to: container), .load(child), .didMove(child, to: container),
        .willAppear(container), .didAppear(container),
      ])

    child.beginAppearanceTransition(true, animated: true)
    stage.expect([.willAppear(child, animated: true)])
    child.endAppearanceTransition()
    stage.expect([.didAppear(child, animated: true)])

    window.isHidden = true
    scheduler.settle()
    #expect(child.appearanceState == .appeared)
    stage.expect([.willDisappear(container), .didDisappear(container)])
  }

  @Test func addingAViewUnderANonForwardingContainerSendsNothing() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let container = ManualContainer("Container")
    window.rootViewController = container
    window.makeKeyAndVisible()
    stage.discardEvents()
    let child = Screen("Child")
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    stage.expect([.willMove(child, to: container), .load(child), .didMove(child, to: container)])
    child.view.removeFromSuperview()
    stage.expect([])
  }

  @Test func containerDrivesAnAnimatedSwapBetweenTwoChildren() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
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
    stage.discardEvents()

    left.beginAppearanceTransition(false, animated: true)
    right.beginAppearanceTransition(true, animated: true)
    left.endAppearanceTransition()
    right.endAppearanceTransition()
    #expect(left.appearanceState == .disappeared)
    #expect(right.appearanceState == .appeared)
    stage.expect(
      [
        .willDisappear(left, animated: true), .willAppear(right, animated: true),
        .didDisappear(left, animated: true), .didAppear(right, animated: true),
      ])
  }

  @Test func forwardingResumesBelowAManuallyDrivenChild() {
    let (stage, child, grandchild) = Self.manualContainerWithChildAndGrandchild()
    stage.discardEvents()

    child.beginAppearanceTransition(true, animated: true)
    child.endAppearanceTransition()
    stage.expect(
      [
        .willAppear(child, animated: true), .willAppear(grandchild, animated: true),
        .didAppear(child, animated: true), .didAppear(grandchild, animated: true),
      ])
  }

  /// A screen whose container has begun a disappearance and not ended it finishes
  /// disappearing when its view leaves the window (found by the soak: it stayed
  /// `disappearing` outside any window).
  @Test func aChildLeavingTheWindowMidDisappearanceFinishesIt() {
    let (stage, child, grandchild) = Self.manualContainerWithChildAndGrandchild()
    child.beginAppearanceTransition(true, animated: false)
    child.endAppearanceTransition()
    child.beginAppearanceTransition(false, animated: true)
    stage.discardEvents()

    grandchild.willMove(toParent: nil)
    grandchild.view.removeFromSuperview()
    grandchild.removeFromParent()
    #expect(grandchild.appearanceState == .disappeared)
    #expect(child.appearanceState == .disappearing)
    stage.expect(
      [
        .willMove(grandchild, to: nil), .didDisappear(grandchild, animated: true),
        .didMove(grandchild, to: nil),
      ])
    child.endAppearanceTransition()
    stage.expect([.didDisappear(child, animated: true)])
  }
}
