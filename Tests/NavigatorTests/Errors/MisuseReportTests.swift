import Navigator
import Testing

/// Under ``MisusePolicy/report`` every misuse is refused: a typed error naming the screens,
/// nothing changed, one `.misuse` event, the handler called.
@Suite struct MisuseReportTests {
  /// A visible window with Root → Child (view inside) → Grandchild, all appeared.
  private struct Fixture {
    let window = journaledWindow(misusePolicy: .report)
    let root = Screen("Root")
    let child = Screen("Child")
    let grandchild = Screen("Grandchild")
    var screens: [ViewController] { [root, child, grandchild] }

    init() {
      window.rootViewController = root
      window.makeKeyAndVisible()
      for (parent, screen) in [(root, child), (child, grandchild)] {
        parent.addChild(screen)
        parent.view.addSubview(screen.view)
        screen.didMove(toParent: parent)
      }
    }
  }

  @Test func addingAScreenAsItsOwnChildIsACycle() {
    let fixture = Fixture()
    expectReportedMisuse(
      .containmentCycle, naming: ["Child"], screens: fixture.screens, windows: [fixture.window],
      reportingWindow: fixture.window
    ) {
      fixture.child.addChild(fixture.child)
    }
  }

  @Test func addingAnAncestorAsAChildIsACycle() {
    let fixture = Fixture()
    let error = expectReportedMisuse(
      .containmentCycle, naming: ["Child", "Grandchild"], screens: fixture.screens, windows: [fixture.window],
      reportingWindow: fixture.window
    ) {
      fixture.grandchild.addChild(fixture.child)
    }
    #expect(error?.screens == [fixture.child.screenID, fixture.grandchild.screenID])
  }

  @Test func addingTheWindowRootAsAChildOfItsDescendantIsACycle() {
    let fixture = Fixture()
    expectReportedMisuse(
      .containmentCycle, naming: ["Root", "Grandchild"], screens: fixture.screens, windows: [fixture.window],
      reportingWindow: fixture.window
    ) {
      fixture.grandchild.addChild(fixture.root)
    }
  }

  @Test func addingAWindowRootAsAChildIsRefused() {
    let fixture = Fixture()
    let other = journaledWindow(misusePolicy: .report)
    let outsider = Screen("Outsider")
    other.rootViewController = outsider
    let error = expectReportedMisuse(
      .childIsWindowRoot, naming: ["Root", "Outsider"], screens: fixture.screens + [outsider],
      windows: [fixture.window, other], reportingWindow: other
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
      windows: [fixture.window], reportingWindow: fixture.window
    ) {
      loner.addChild(fixture.root)
    }
  }

  @Test func makingAChildTheRootIsRefused() {
    let fixture = Fixture()
    let error = expectReportedMisuse(
      .rootHasParent, naming: ["Grandchild", "Child"], screens: fixture.screens, windows: [fixture.window],
      reportingWindow: fixture.window
    ) {
      fixture.window.rootViewController = fixture.grandchild
    }
    #expect(error?.screens == [fixture.grandchild.screenID, fixture.child.screenID])
  }

  @Test func makingAnotherWindowsRootTheRootIsRefused() {
    let fixture = Fixture()
    let other = journaledWindow(misusePolicy: .report)
    let otherRoot = Screen("OtherRoot")
    other.rootViewController = otherRoot
    let error = expectReportedMisuse(
      .rootBelongsToAnotherWindow, naming: ["Root"], screens: fixture.screens + [otherRoot],
      windows: [fixture.window, other], reportingWindow: other
    ) {
      other.rootViewController = fixture.root
    }
    #expect(error?.screens == [fixture.root.screenID])
  }

  @Test func addingAViewIntoItselfIsACycle() {
    let fixture = Fixture()
    expectReportedMisuse(
      .viewHierarchyCycle, naming: ["Child"], screens: fixture.screens, windows: [fixture.window],
      reportingWindow: fixture.window
    ) {
      fixture.child.view.addSubview(fixture.child.view)
    }
  }

  @Test func addingAnAncestorViewIntoADescendantIsACycle() {
    let fixture = Fixture()
    expectReportedMisuse(
      .viewHierarchyCycle, naming: ["Root", "Grandchild"], screens: fixture.screens,
      windows: [fixture.window],
      reportingWindow: fixture.window
    ) {
      fixture.grandchild.view.addSubview(fixture.root.view)
    }
  }

  @Test func addingTheWindowIntoARootViewIsACycle() {
    let fixture = Fixture()
    expectReportedMisuse(
      .viewHierarchyCycle, naming: ["Root"], screens: fixture.screens, windows: [fixture.window],
      reportingWindow: fixture.window
    ) {
      fixture.root.view.addSubview(fixture.window)
    }
  }

  @Test func endingAnAppearanceTransitionThatWasNeverBegunIsRefused() {
    let fixture = Fixture()
    expectReportedMisuse(
      .unbalancedAppearanceTransition, naming: ["Grandchild"], screens: fixture.screens,
      windows: [fixture.window], reportingWindow: fixture.window
    ) {
      fixture.grandchild.endAppearanceTransition()
    }
  }

  @Test func endingTwiceIsRefusedTheSecondTime() {
    let window = journaledWindow(misusePolicy: .report)
    let container = ManualContainer("Container")
    let child = Screen("Child")
    window.rootViewController = container
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    child.beginAppearanceTransition(true, animated: false)
    child.endAppearanceTransition()
    expectReportedMisuse(
      .unbalancedAppearanceTransition, naming: ["Child"], screens: [container, child], windows: [window],
      reportingWindow: window
    ) {
      child.endAppearanceTransition()
    }
  }

  @Test func misuseWithoutAHandlerIsStillJournaled() {
    let window = journaledWindow(misusePolicy: .report)
    let root = Screen("Root")
    window.rootViewController = root
    window.journal.removeAll()
    root.addChild(root)
    #expect(window.journal.events.count == 1)
    guard case .misuse(let error)? = window.journal.events.first else {
      Issue.record("expected a misuse event, got \(window.journal.events)")
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
