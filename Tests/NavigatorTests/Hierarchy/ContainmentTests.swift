import Navigator
import Testing

/// Spec §5: what addChild and removeFromParent call, and what the caller must call.
@Suite struct ContainmentTests {
  /// A visible window whose root has appeared, with its journal emptied.
  private func visibleRoot() -> (Window, Screen) {
    let window = journaledWindow()
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    #expect(root.appearanceState == .appeared)
    window.journal.removeAll()
    return (window, root)
  }

  @Test func addChildCallsOnlyWillMove() {
    let (window, root) = visibleRoot()
    let child = Screen("Child")
    root.addChild(child)
    #expect(child.parent === root)
    #expect(root.children.map(\.screenID) == [child.screenID])
    #expect(!child.isViewLoaded)
    expectJournal(window, [.willMove(child, to: root)])
  }

  @Test func addingAChildToAVisibleParentInUIKitOrder() {
    let (window, root) = visibleRoot()
    let child = Screen("Child")
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    #expect(child.appearanceState == .appeared)
    expectJournal(
      window,
      [
        .willMove(child, to: root), .load(child), .willAppear(child), .didAppear(child),
        .didMove(child, to: root),
      ])
  }

  @Test func removingAChildFromAVisibleParentInUIKitOrder() {
    let (window, root) = visibleRoot()
    let child = Screen("Child")
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    window.journal.removeAll()

    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    child.removeFromParent()
    #expect(child.parent == nil)
    #expect(root.children.isEmpty)
    #expect(child.appearanceState == .disappeared)
    expectJournal(
      window,
      [.willMove(child, to: nil), .willDisappear(child), .didDisappear(child), .didMove(child, to: nil)])
  }

  @Test func removeFromParentCallsOnlyDidMove() {
    let (window, root) = visibleRoot()
    let child = Screen("Child")
    root.addChild(child)
    child.didMove(toParent: root)
    window.journal.removeAll()
    child.removeFromParent()
    expectJournal(window, [.didMove(child, to: nil)])
  }

  @Test func removeFromParentWithoutParentDoesNothing() {
    let (window, root) = visibleRoot()
    let loner = Screen("Loner")
    root.addChild(loner)
    loner.removeFromParent()
    window.journal.removeAll()
    loner.removeFromParent()
    expectJournal(window, [])
  }

  @Test func addingAChildThatHasAnotherParentRemovesItFirst() {
    let (window, root) = visibleRoot()
    let first = Screen("First")
    let second = Screen("Second")
    let child = Screen("Child")
    for container in [first, second] {
      root.addChild(container)
      container.didMove(toParent: root)
    }
    first.addChild(child)
    child.didMove(toParent: first)
    window.journal.removeAll()

    second.addChild(child)
    #expect(child.parent === second)
    #expect(first.children.isEmpty)
    #expect(second.children.map(\.screenID) == [child.screenID])
    expectJournal(window, [.didMove(child, to: nil), .willMove(child, to: second)])
  }

  @Test func addingAChildTwiceToTheSameParentDoesNothing() {
    let (window, root) = visibleRoot()
    let child = Screen("Child")
    root.addChild(child)
    root.addChild(child)
    #expect(root.children.map(\.screenID) == [child.screenID])
    expectJournal(window, [.willMove(child, to: root)])
  }

  @Test func childrenKeepTheirOrderWhenOneInTheMiddleLeaves() {
    let (_, root) = visibleRoot()
    let screens = (0..<4).map { Screen("C\($0)") }
    for screen in screens { root.addChild(screen) }
    screens[1].removeFromParent()
    #expect(root.children.map(\.screenID) == [screens[0], screens[2], screens[3]].map(\.screenID))
    screens[2].removeFromParent()
    screens[3].removeFromParent()
    #expect(root.children.map(\.screenID) == [screens[0].screenID])
  }

  @Test func childOfHiddenHierarchyChangesStructureWithoutAppearance() {
    let window = journaledWindow()
    let root = Screen("Root")
    window.rootViewController = root
    let child = Screen("Child")
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    #expect(child.appearanceState == .disappeared)
    expectJournal(window, [.load(root), .willMove(child, to: root), .load(child), .didMove(child, to: root)])
  }

  @Test func appearanceIsForwardedParentFirstThroughNestedChildren() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
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
    window.journal.removeAll()

    window.makeKeyAndVisible()
    expectJournal(window, [])
    scheduler.runLoopTurn()
    expectJournal(
      window,
      [
        .willAppear(root), .willAppear(child), .willAppear(grandchild),
        .didAppear(root), .didAppear(child), .didAppear(grandchild),
      ])
    #expect(viewless.appearanceState == .disappeared)
    #expect(!viewless.isViewLoaded)
    scheduler.finishTransitions()
    expectJournal(window, [])

    window.isHidden = true
    scheduler.runLoopTurn()
    expectJournal(
      window,
      [
        .willDisappear(root), .willDisappear(child), .willDisappear(grandchild),
        .didDisappear(root), .didDisappear(child), .didDisappear(grandchild),
      ])
  }

  @Test func movingAChildViewInsideTheVisibleParentKeepsItAppeared() {
    let (window, root) = visibleRoot()
    let child = Screen("Child")
    let holder = View()
    root.view.addSubview(holder)
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    window.journal.removeAll()
    holder.addSubview(child.view)
    #expect(child.view.superview === holder)
    #expect(child.appearanceState == .appeared)
    // UIKit sends appearance callbacks only when a view changes window; a move inside the
    // same window sends none.
    #expect(window.journal.events == [])
  }

  @Test func aChildAddedToAVisibleParentSeesItselfMovingToAndFromTheParent() {
    let (window, root) = visibleRoot()
    defer { withExtendedLifetime(window) {} }
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
  }
}
