import Navigator
import Testing

/// What addChild and removeFromParent call, and what the caller must call (behaviour
/// reference, "Containment").
@Suite(.exhaustiveStages) struct ContainmentTests {
  /// A visible window whose root has appeared, with its journal emptied.
  private func visibleRoot(sourceLocation: SourceLocation = #_sourceLocation) -> (Stage, Screen) {
    let stage = Stage(
      .screen(Screen("Root")), scheduler: .immediate, misuse: .trap, sourceLocation: sourceLocation)
    #expect(stage.root.appearanceState == .appeared, sourceLocation: sourceLocation)
    return (stage, stage.root)
  }

  @Test func addChildCallsOnlyWillMove() {
    let (stage, root) = visibleRoot()
    let child = Screen("Child")
    root.addChild(child)
    #expect(child.parent === root)
    #expect(root.children.map(\.screenID) == [child.screenID])
    #expect(!child.isViewLoaded)
    stage.expect([.willMove(child, to: root)])
  }

  @Test func addingAChildToAVisibleParentInUIKitOrder() {
    let (stage, root) = visibleRoot()
    let child = Screen("Child")
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    #expect(child.appearanceState == .appeared)
    stage.expect(
      [
        .willMove(child, to: root), .load(child), .willAppear(child), .didAppear(child),
        .didMove(child, to: root),
      ])
  }

  @Test func removingAChildFromAVisibleParentInUIKitOrder() {
    let (stage, root) = visibleRoot()
    let child = Screen("Child")
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    stage.discardEvents()

    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    child.removeFromParent()
    #expect(child.parent == nil)
    #expect(root.children.isEmpty)
    #expect(child.appearanceState == .disappeared)
    stage.expect(
      [.willMove(child, to: nil), .willDisappear(child), .didDisappear(child), .didMove(child, to: nil)])
  }

  @Test func removeFromParentCallsOnlyDidMove() {
    let (stage, root) = visibleRoot()
    let child = Screen("Child")
    root.addChild(child)
    child.didMove(toParent: root)
    stage.discardEvents()
    child.removeFromParent()
    stage.expect([.didMove(child, to: nil)])
  }

  @Test func removeFromParentWithoutParentDoesNothing() {
    let (stage, root) = visibleRoot()
    let loner = Screen("Loner")
    root.addChild(loner)
    loner.removeFromParent()
    stage.discardEvents()
    loner.removeFromParent()
    stage.expect([])
  }

  @Test func addingAChildThatHasAnotherParentRemovesItFirst() {
    let (stage, root) = visibleRoot()
    let first = Screen("First")
    let second = Screen("Second")
    let child = Screen("Child")
    for container in [first, second] {
      root.addChild(container)
      container.didMove(toParent: root)
    }
    first.addChild(child)
    child.didMove(toParent: first)
    stage.discardEvents()

    second.addChild(child)
    #expect(child.parent === second)
    #expect(first.children.isEmpty)
    #expect(second.children.map(\.screenID) == [child.screenID])
    stage.expect([.didMove(child, to: nil), .willMove(child, to: second)])
  }

  @Test func addingAChildTwiceToTheSameParentDoesNothing() {
    let (stage, root) = visibleRoot()
    let child = Screen("Child")
    root.addChild(child)
    root.addChild(child)
    #expect(root.children.map(\.screenID) == [child.screenID])
    stage.expect([.willMove(child, to: root)])
  }

  @Test func childrenKeepTheirOrderWhenOneInTheMiddleLeaves() {
    let (stage, root) = visibleRoot()
    let screens = (0..<4).map { Screen("C\($0)") }
    for screen in screens { root.addChild(screen) }
    screens[1].removeFromParent()
    #expect(root.children.map(\.screenID) == [screens[0], screens[2], screens[3]].map(\.screenID))
    screens[2].removeFromParent()
    screens[3].removeFromParent()
    #expect(root.children.map(\.screenID) == [screens[0].screenID])
    stage.expect(screens.map { .willMove($0, to: root) } + screens[1...].map { .didMove($0, to: nil) })
  }

  @Test func childOfHiddenHierarchyChangesStructureWithoutAppearance() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let root = Screen("Root")
    window.rootViewController = root
    let child = Screen("Child")
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    #expect(child.appearanceState == .disappeared)
    stage.expect([.load(root), .willMove(child, to: root), .load(child), .didMove(child, to: root)])
  }

  @Test func appearanceIsForwardedParentFirstThroughNestedChildren() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    let root = Screen("Root")
    let child = Screen("Child")
    let grandchild = Screen("Grandchild")
    let viewless = Screen("Viewless")
    window.rootViewController = root
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    child.addChild(grandchild)
    child.view.addSubview(grandchild.view)
    grandchild.didMove(toParent: child)
    root.addChild(viewless)
    viewless.didMove(toParent: root)
    stage.discardEvents()

    window.makeKeyAndVisible()
    stage.expect([])
    scheduler.runLoopTurn()
    stage.expect(
      [
        .willAppear(root), .willAppear(child), .willAppear(grandchild),
        .didAppear(root), .didAppear(child), .didAppear(grandchild),
      ])
    #expect(viewless.appearanceState == .disappeared)
    #expect(!viewless.isViewLoaded)
    scheduler.finishTransitions()
    stage.expect([])

    window.isHidden = true
    scheduler.runLoopTurn()
    stage.expect(
      [
        .willDisappear(root), .willDisappear(child), .willDisappear(grandchild),
        .didDisappear(root), .didDisappear(child), .didDisappear(grandchild),
      ])
  }

  @Test func movingAChildViewInsideTheVisibleParentKeepsItAppeared() {
    let (stage, root) = visibleRoot()
    let child = Screen("Child")
    let holder = View()
    root.view.addSubview(holder)
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    stage.discardEvents()
    holder.addSubview(child.view)
    #expect(child.view.superview === holder)
    #expect(child.appearanceState == .appeared)
    // UIKit sends appearance callbacks only when a view changes window; a move inside the
    // same window sends none.
    stage.expect([])
  }

  @Test func aChildAddedToAVisibleParentSeesItselfMovingToAndFromTheParent() {
    let (stage, root) = visibleRoot()
    let child = ProbeScreen("Child")
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    child.removeFromParent()
    // [isMovingToParent, isMovingFromParent, isBeingPresented, isBeingDismissed]
    #expect(
      child.flagsSeenInCallbacks == [
        [true, false, false, false], [true, false, false, false],
        [false, true, false, false], [false, true, false, false],
      ])
    #expect(!child.isMovingToParent && !child.isMovingFromParent)
    stage.discardEvents()  // the adding and removing tests above check this order
  }
}
