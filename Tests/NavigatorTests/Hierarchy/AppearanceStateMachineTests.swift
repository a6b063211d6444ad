import Navigator
import Testing

/// The four-state machine (behaviour reference, "The appearance state machine"), driven
/// with the public begin/end calls.
@Suite(.exhaustiveStages) struct AppearanceStateMachineTests {
  /// A hidden window whose root is a custom container holding `child`, so that nothing but
  /// the test drives the child.
  private func makeHierarchy(sourceLocation: SourceLocation = #_sourceLocation) -> (
    Stage, ManualContainer, Screen
  ) {
    let stage = Stage.hidden(scheduler: .immediate, sourceLocation: sourceLocation)
    let window = stage.window
    let container = ManualContainer("Container")
    let child = Screen("Child")
    window.rootViewController = container
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    stage.discardEvents()  // the set-up: ContainmentTests checks its order
    return (stage, container, child)
  }

  @Test func fullCycleVisitsTheFourStatesInOrder() {
    let (stage, _, child) = makeHierarchy()
    #expect(child.appearanceState == .disappeared)
    child.beginAppearanceTransition(true, animated: true)
    #expect(child.appearanceState == .appearing)
    child.endAppearanceTransition()
    #expect(child.appearanceState == .appeared)
    child.beginAppearanceTransition(false, animated: false)
    #expect(child.appearanceState == .disappearing)
    child.endAppearanceTransition()
    #expect(child.appearanceState == .disappeared)
    stage.expect(
      [
        .willAppear(child, animated: true), .didAppear(child, animated: true),
        .willDisappear(child), .didDisappear(child),
      ])
  }

  @Test func repeatedBeginInTheSameDirectionIsANoOp() {
    let (stage, _, child) = makeHierarchy()
    child.beginAppearanceTransition(true, animated: true)
    child.beginAppearanceTransition(true, animated: false)
    #expect(child.appearanceState == .appearing)
    child.endAppearanceTransition()
    child.beginAppearanceTransition(true, animated: false)
    #expect(child.appearanceState == .appeared)
    child.beginAppearanceTransition(false, animated: true)
    child.beginAppearanceTransition(false, animated: false)
    #expect(child.appearanceState == .disappearing)
    child.endAppearanceTransition()
    child.beginAppearanceTransition(false, animated: true)
    #expect(child.appearanceState == .disappeared)
    stage.expect(
      [
        .willAppear(child, animated: true), .didAppear(child, animated: true),
        .willDisappear(child, animated: true), .didDisappear(child, animated: true),
      ])
  }

  @Test func beginAppearingWhileDisappearingReversesLikeACancel() {
    let (stage, _, child) = makeHierarchy()
    child.beginAppearanceTransition(true, animated: false)
    child.endAppearanceTransition()
    child.beginAppearanceTransition(false, animated: true)
    child.beginAppearanceTransition(true, animated: true)
    #expect(child.appearanceState == .appearing)
    child.endAppearanceTransition()
    #expect(child.appearanceState == .appeared)
    stage.expect(
      [
        .willAppear(child), .didAppear(child),
        .willDisappear(child, animated: true), .willAppear(child, animated: true),
        .didAppear(child, animated: true),
      ])
  }

  @Test func beginDisappearingWhileAppearingReverses() {
    let (stage, _, child) = makeHierarchy()
    child.beginAppearanceTransition(true, animated: true)
    child.beginAppearanceTransition(false, animated: true)
    #expect(child.appearanceState == .disappearing)
    child.endAppearanceTransition()
    #expect(child.appearanceState == .disappeared)
    stage.expect(
      [
        .willAppear(child, animated: true), .willDisappear(child, animated: true),
        .didDisappear(child, animated: true),
      ])
  }

  @Test func beginAppearingLoadsTheViewFirst() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let container = ManualContainer("Container")
    window.rootViewController = container
    let child = ProbeScreen("Child")
    container.addChild(child)
    child.beginAppearanceTransition(true, animated: false)
    child.endAppearanceTransition()
    child.didMove(toParent: container)
    #expect(child.viewDidLoadCount == 1)
    stage.expect(
      [
        .load(container), .willMove(child, to: container), .load(child), .willAppear(child),
        .didAppear(child), .didMove(child, to: container),
      ])
  }
}
