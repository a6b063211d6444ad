import Navigator
import Testing

/// Under ``MisusePolicy/report`` every misuse is refused: a typed error naming the screens,
/// nothing changed, one `.misuse` event, the handler called.
@Suite(.exhaustiveStages) struct MisuseReportTests {
  /// A visible window with Root → Child (view inside) → Grandchild, all appeared.
  private struct Fixture {
    let stage: Stage
    let root: Screen
    let child = Screen("Child")
    let grandchild = Screen("Grandchild")
    var window: Window { stage.window }
    var screens: [ViewController] { [root, child, grandchild] }

    init(sourceLocation: SourceLocation = #_sourceLocation) {
      stage = Stage(.screen(Screen("Root")), scheduler: .immediate, sourceLocation: sourceLocation)
      root = stage.root
      for (parent, screen) in [(root, child), (child, grandchild)] {
        parent.addChild(screen)
        parent.view.addSubview(screen.view)
        screen.didMove(toParent: parent)
      }
      stage.discardEvents()  // the set-up: ContainmentTests checks its order
    }
  }

  @Test func addingAScreenAsItsOwnChildIsACycle() {
    let fixture = Fixture()
    expectReportedMisuse(
      .containmentCycle, naming: ["Child"], screens: fixture.screens, stages: [fixture.stage],
      reporting: fixture.stage
    ) {
      fixture.child.addChild(fixture.child)
    }
  }

  @Test func addingAnAncestorAsAChildIsACycle() {
    let fixture = Fixture()
    let error = expectReportedMisuse(
      .containmentCycle, naming: ["Child", "Grandchild"], screens: fixture.screens, stages: [fixture.stage],
      reporting: fixture.stage
    ) {
      fixture.grandchild.addChild(fixture.child)
    }
    #expect(error?.screens == [fixture.child.screenID, fixture.grandchild.screenID])
  }

  @Test func addingTheWindowRootAsAChildOfItsDescendantIsACycle() {
    let fixture = Fixture()
    expectReportedMisuse(
      .containmentCycle, naming: ["Root", "Grandchild"], screens: fixture.screens, stages: [fixture.stage],
      reporting: fixture.stage
    ) {
      fixture.grandchild.addChild(fixture.root)
    }
  }

  @Test func addingAWindowRootAsAChildIsRefused() {
    let fixture = Fixture()
    let other = Stage.hidden(scheduler: .immediate)
    let outsider = Screen("Outsider")
    other.window.rootViewController = outsider
    other.expect([.load(outsider)])
    let error = expectReportedMisuse(
      .childIsWindowRoot, naming: ["Root", "Outsider"], screens: fixture.screens + [outsider],
      stages: [fixture.stage, other], reporting: other
    ) {
      outsider.addChild(fixture.root)
    }
    #expect(error?.screens == [fixture.root.screenID, outsider.screenID])
  }

  @Test func aFreeScreenAddingAWindowRootReportsToTheRootsWindow() {
    let fixture = Fixture()
    let loner = Screen("Loner")
    expectReportedMisuse(
      .childIsWindowRoot, naming: ["Root", "Loner"], screens: fixture.screens + [loner],
      stages: [fixture.stage], reporting: fixture.stage
    ) {
      loner.addChild(fixture.root)
    }
  }

  @Test func makingAChildTheRootIsRefused() {
    let fixture = Fixture()
    let error = expectReportedMisuse(
      .rootHasParent, naming: ["Grandchild", "Child"], screens: fixture.screens, stages: [fixture.stage],
      reporting: fixture.stage
    ) {
      fixture.window.rootViewController = fixture.grandchild
    }
    #expect(error?.screens == [fixture.grandchild.screenID, fixture.child.screenID])
  }

  @Test func makingAnotherWindowsRootTheRootIsRefused() {
    let fixture = Fixture()
    let other = Stage.hidden(scheduler: .immediate)
    let otherRoot = Screen("OtherRoot")
    other.window.rootViewController = otherRoot
    other.expect([.load(otherRoot)])
    let error = expectReportedMisuse(
      .rootBelongsToAnotherWindow, naming: ["Root"], screens: fixture.screens + [otherRoot],
      stages: [fixture.stage, other], reporting: other
    ) {
      other.window.rootViewController = fixture.root
    }
    #expect(error?.screens == [fixture.root.screenID])
  }

  @Test func addingAViewIntoItselfIsACycle() {
    let fixture = Fixture()
    expectReportedMisuse(
      .viewHierarchyCycle, naming: ["Child"], screens: fixture.screens, stages: [fixture.stage],
      reporting: fixture.stage
    ) {
      fixture.child.view.addSubview(fixture.child.view)
    }
  }

  @Test func addingAnAncestorViewIntoADescendantIsACycle() {
    let fixture = Fixture()
    expectReportedMisuse(
      .viewHierarchyCycle, naming: ["Root", "Grandchild"], screens: fixture.screens,
      stages: [fixture.stage],
      reporting: fixture.stage
    ) {
      fixture.grandchild.view.addSubview(fixture.root.view)
    }
  }

  @Test func addingTheWindowIntoARootViewIsACycle() {
    let fixture = Fixture()
    expectReportedMisuse(
      .viewHierarchyCycle, naming: ["Root"], screens: fixture.screens, stages: [fixture.stage],
      reporting: fixture.stage
    ) {
      fixture.root.view.addSubview(fixture.window)
    }
  }

  @Test func endingAnAppearanceTransitionThatWasNeverBegunIsRefused() {
    let fixture = Fixture()
    expectReportedMisuse(
      .unbalancedAppearanceTransition, naming: ["Grandchild"], screens: fixture.screens,
      stages: [fixture.stage], reporting: fixture.stage
    ) {
      fixture.grandchild.endAppearanceTransition()
    }
  }

  @Test func endingTwiceIsRefusedTheSecondTime() {
    let stage = Stage.hidden(scheduler: .immediate)
    let window = stage.window
    let container = ManualContainer("Container")
    let child = Screen("Child")
    window.rootViewController = container
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    child.beginAppearanceTransition(true, animated: false)
    child.endAppearanceTransition()
    stage.expect([
      .load(container), .willMove(child, to: container), .load(child), .didMove(child, to: container),
      .willAppear(child), .didAppear(child),
    ])
    expectReportedMisuse(
      .unbalancedAppearanceTransition, naming: ["Child"], screens: [container, child], stages: [stage],
      reporting: stage
    ) {
      child.endAppearanceTransition()
    }
  }

  @Test func misuseWithoutAHandlerIsStillJournaled() {
    let stage = Stage.hidden(scheduler: .immediate)
    let window = stage.window
    let root = Screen("Root")
    window.misuseHandler = nil  // the stage's error log steps aside
    window.rootViewController = root
    stage.expect([.load(root)])
    root.addChild(root)
    let events = stage.take()
    #expect(events.count == 1)
    guard case .misuse(let error)? = events.first else {
      Issue.record("expected a misuse event, got \(events)")
      return
    }
    #expect(error.code == .containmentCycle)
    #expect(error.description == error.message)
    #expect(root.children.isEmpty)
  }

  @Test func errorCodesHaveReadableNames() {
    let codes: [NavigationError.Code] = [
      .containmentCycle, .childIsWindowRoot, .rootHasParent, .rootBelongsToAnotherWindow,
      .viewHierarchyCycle, .unbalancedAppearanceTransition,
    ]
    #expect(
      codes.map(\.description) == [
        "containmentCycle", "childIsWindowRoot", "rootHasParent", "rootBelongsToAnotherWindow",
        "viewHierarchyCycle", "unbalancedAppearanceTransition",
      ])
  }
}
