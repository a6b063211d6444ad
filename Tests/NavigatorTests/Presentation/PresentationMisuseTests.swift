import Navigator
import Testing

@Suite(.exhaustiveStages) struct PresentationMisuseTests {
  /// Runs `misuse` and checks that the journal gained only one misuse event with `code`,
  /// whose message names every screen in `names`.
  ///
  /// The set-up's events must have been checked or discarded before.
  private func expectMisuse(
    _ code: NavigationError.Code, naming names: [String], in stage: Stage,
    sourceLocation: SourceLocation = #_sourceLocation, _ misuse: () -> Void
  ) {
    #expect(stage.take() == [], "the set-up left events unchecked", sourceLocation: sourceLocation)
    var handled: [NavigationError] = []
    stage.window.misuseHandler = { handled.append($0) }
    misuse()
    stage.scheduler.settle()
    #expect(handled.count == 1, sourceLocation: sourceLocation)
    guard let error = handled.first else { return }
    #expect(error.code == code, sourceLocation: sourceLocation)
    #expect(stage.take() == [.misuse(error)], sourceLocation: sourceLocation)
    for name in names {
      #expect(error.message.contains(name), "\(error.message)", sourceLocation: sourceLocation)
    }
  }

  @Test func presentingWhileAlreadyPresenting() {
    let stage = Stage(.screen(Screen("A")))
    let first = Screen("First")
    stage.root.present(first, animated: true)
    stage.settleQuietly()
    let second = Screen("Second")
    expectMisuse(.alreadyPresenting, naming: ["A", "First", "Second"], in: stage) {
      stage.root.present(second, animated: true) { Issue.record("completion of a misuse ran") }
    }
    #expect(stage.root.presentedViewController === first)
    #expect(second.presentingViewController == nil)
    #expect(second.isViewLoaded == false)
  }

  @Test func presentingFromAScreenWhoseViewIsNotInTheWindow() {
    let stage = Stage(.screen(Screen("A")))
    let child = Screen("Offscreen")
    stage.root.addChild(child)
    child.didMove(toParent: stage.root)
    stage.expect([.willMove(child, to: stage.root), .didMove(child, to: stage.root)])
    let presented = Screen("P")
    expectMisuse(.presenterNotInWindow, naming: ["A", "Offscreen", "P"], in: stage) {
      child.present(presented, animated: true)
    }
    #expect(stage.root.presentedViewController == nil)
    #expect(presented.isViewLoaded == false)
  }

  @Test func presentingFromAHiddenWindow() {
    let stage = Stage(.screen(Screen("A")))
    stage.window.isHidden = true
    stage.settleQuietly()
    let presented = Screen("P")
    expectMisuse(.presenterNotInWindow, naming: ["A", "P"], in: stage) {
      stage.root.present(presented, animated: false)
    }
    #expect(stage.root.presentedViewController == nil)
  }

  @Test func presentingAScreenThatIsAlreadyPresented() {
    let stage = Stage(.screen(Screen("A")))
    let sheet = Screen("Sheet")
    let top = Screen("Top")
    stage.root.present(sheet, animated: false)
    stage.scheduler.settle()
    sheet.present(top, animated: false)
    stage.settleQuietly()
    expectMisuse(.alreadyPresented, naming: ["Sheet", "Top", "A"], in: stage) {
      top.present(sheet, animated: false)
    }
    #expect(stage.root.presentedViewController === sheet)
    #expect(sheet.presentedViewController === top)
    #expect(top.presentedViewController == nil)
  }

  @Test func presentingAChildOfAnotherScreen() {
    let stage = Stage(.screen(Screen("A")))
    let container = Screen("Container")
    let child = Screen("Child")
    container.addChild(child)
    expectMisuse(.presentScreenInHierarchy, naming: ["A", "Child", "Container"], in: stage) {
      stage.root.present(child, animated: true)
    }
    #expect(child.parent === container)
    #expect(child.presentingViewController == nil)
  }

  @Test func presentingFromAScreenThatAlreadyPresentsInItsContext() {
    // R (no context) ⊃ N (navigation controller: defines the context) ⊃ C. C presents X over
    // its context, so N presents it; a full-screen presentation from C would be made by R,
    // which presents nothing, but C itself already presents X: refused, as UIKit does.
    let stage = Stage(.screen(Screen("A")))
    let navigation = NavigationController(rootViewController: Screen("C"))
    stage.root.addChild(navigation)
    stage.root.view.addSubview(navigation.view)
    navigation.didMove(toParent: stage.root)
    stage.settleQuietly()
    guard let context = navigation.topViewController else {
      Issue.record("the stack has no top")
      return
    }
    let over = Screen("X")
    over.modalPresentationStyle = .overCurrentContext
    context.present(over, animated: false)
    stage.settleQuietly()
    #expect(navigation.presentedViewController === over)
    let second = Screen("Y")
    second.modalPresentationStyle = .fullScreen
    expectMisuse(.alreadyPresenting, naming: ["C", "X", "Y"], in: stage) {
      context.present(second, animated: false) { Issue.record("completion of a misuse ran") }
    }
    #expect(stage.root.presentedViewController == nil)
    #expect(context.presentedViewController === over)
    #expect(second.presentingViewController == nil)
  }

  @Test func presentingAScreenThatSitsInANavigationStack() {
    let stage = Stage(.screen(Screen("A")))
    let inStack = Screen("Step")
    let navigation = NavigationController(rootViewController: inStack)
    navigation.title = "Flow"
    expectMisuse(.presentScreenInHierarchy, naming: ["A", "Step", "Flow"], in: stage) {
      stage.root.present(inStack, animated: true)
    }
    #expect(navigation.viewControllers.map(\.screenID) == [inStack.screenID])
    #expect(inStack.presentingViewController == nil)
  }

  @Test func swipingASheetInAHiddenWindow() throws {
    let stage = Stage(.screen(Screen("A")))
    let sheet = Screen("Sheet")
    stage.root.present(sheet, animated: false)
    stage.settleQuietly()
    stage.window.isHidden = true
    stage.settleQuietly()
    let controller = try #require(sheet.presentationController)
    expectMisuse(.noInteractiveDismissal, naming: ["Sheet", "hidden"], in: stage) {
      #expect(controller.beginInteractiveDismissal() == false)
    }
    #expect(sheet.appearanceState == .disappeared)
    #expect(stage.root.presentedViewController === sheet)
  }

  @Test func presentingAWindowRoot() {
    let stage = Stage(.screen(Screen("A")))
    let otherWindow = Window()
    let otherRoot = Screen("OtherRoot")
    otherWindow.rootViewController = otherRoot
    expectMisuse(.presentScreenInHierarchy, naming: ["A", "OtherRoot"], in: stage) {
      stage.root.present(otherRoot, animated: true)
    }
    #expect(otherWindow.rootViewController === otherRoot)
  }

  @Test func presentingItself() {
    let stage = Stage(.screen(Screen("A")))
    expectMisuse(.presentScreenInHierarchy, naming: ["A"], in: stage) {
      stage.root.present(stage.root, animated: true)
    }
  }

  @Test func dismissingWhereNothingIsPresented() {
    let stage = Stage(.screen(Screen("A")))
    expectMisuse(.nothingToDismiss, naming: ["A"], in: stage) {
      stage.root.dismiss(animated: true) { Issue.record("completion of a misuse ran") }
    }
  }

  @Test func aPopoverWithoutAnAnchor() {
    let stage = Stage(.screen(Screen("A")))
    let popover = Screen("P")
    popover.modalPresentationStyle = .popover
    expectMisuse(.popoverWithoutAnchor, naming: ["A", "P"], in: stage) {
      stage.root.present(popover, animated: true)
    }
    #expect(stage.root.presentedViewController == nil)
  }

  @Test func aPopoverAnchoredOutsideTheWindow() {
    let stage = Stage(.screen(Screen("A")))
    let popover = Screen("P")
    popover.modalPresentationStyle = .popover
    popover.popoverPresentationController?.anchor = .view(View(), rect: .zero)
    expectMisuse(.popoverAnchorNotInWindow, naming: ["A", "P"], in: stage) {
      stage.root.present(popover, animated: true)
    }
    let elsewhere = Screen("Elsewhere")
    let item = BarButtonItem(title: "Share")
    elsewhere.navigationItem.leftBarButtonItem = item
    popover.popoverPresentationController?.anchor = .barButtonItem(item)
    expectMisuse(.popoverAnchorNotInWindow, naming: ["A", "P", "Share", "Elsewhere"], in: stage) {
      stage.root.present(popover, animated: true)
    }
    #expect(stage.root.presentedViewController == nil)
    #expect(popover.isViewLoaded == false)
  }

  @Test func swipingAScreenThatIsNotASheet() {
    let stage = Stage(.screen(Screen("A")))
    let presented = Screen("Full")
    presented.modalPresentationStyle = .fullScreen
    stage.root.present(presented, animated: false)
    stage.settleQuietly()
    expectMisuse(.noInteractiveDismissal, naming: ["Full"], in: stage) {
      presented.presentationController?.beginInteractiveDismissal()
    }
    expectMisuse(.noInteractiveDismissal, naming: ["Full"], in: stage) {
      presented.presentationController?.finishInteractiveDismissal()
    }
    #expect(stage.root.presentedViewController === presented)
    #expect(presented.appearanceState == .appeared)
  }

  @Test func swipingDuringATransition() {
    let stage = Stage(.screen(Screen("A")))
    let sheet = Screen("Sheet")
    stage.root.present(sheet, animated: true)
    stage.scheduler.settle()
    let controller = sheet.presentationController
    #expect(controller?.beginInteractiveDismissal() == true)
    stage.discardEvents()
    expectMisuse(.transitionInProgress, naming: ["Sheet", "A"], in: stage) {
      controller?.beginInteractiveDismissal()
    }
    #expect(sheet.appearanceState == .disappearing)
  }

  @Test func aMisuseTrapsUnderTheTrapPolicy() async {
    await #expect(processExitsWith: .failure) {
      let window = Window()
      let root = ViewController()
      window.rootViewController = root
      window.makeKeyAndVisible()
      root.dismiss(animated: false)
    }
  }
}
