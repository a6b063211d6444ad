import Navigator
import Testing

/// Where UIKit's navigation controller raises an exception, the model refuses with a typed
/// error and nothing changes (behaviour reference, "Misuse").
@Suite(.exhaustiveStages) struct StackMisuseTests {
  /// Runs `misuse` on a stack [A, B] and checks that only one misuse event was added and
  /// the structure is as before; returns the error.
  private func refused(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ misuse: (Stage, Screen) -> Void
  ) -> NavigationError? {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate, sourceLocation: sourceLocation)
    var handled: [NavigationError] = []
    stage.window.misuseHandler = { handled.append($0) }
    let b = Screen("B")
    stage.pushQuietly(b)
    let before = stage.navigation.viewControllers.ids
    misuse(stage, b)
    #expect(stage.navigation.viewControllers.ids == before, sourceLocation: sourceLocation)
    #expect(stage.root.appearanceState == .disappeared, sourceLocation: sourceLocation)
    #expect(b.appearanceState == .appeared, sourceLocation: sourceLocation)
    #expect(stage.delegate.calls == [], sourceLocation: sourceLocation)
    #expect(handled.count == 1, sourceLocation: sourceLocation)
    stage.expect(handled.map { .misuse($0) }, sourceLocation: sourceLocation)
    return handled.first
  }

  @Test func pushingTheSameInstanceTwice() {
    let error = refused { stage, b in stage.navigation.pushViewController(b, animated: true) }
    #expect(error?.code == .duplicatePush)
    #expect(error?.message.contains("more than once") == true)
    #expect(error?.screens.map(\.name) == ["B", "Nav"])
  }

  @Test func pushingANavigationController() {
    let error = refused { stage, _ in
      stage.navigation.pushViewController(
        NavigationController(rootViewController: Screen("X")), animated: true)
    }
    #expect(error?.code == .pushNavigationController)
    #expect(error?.message.contains("Pushing a navigation controller is not supported") == true)
  }

  @Test func pushingAScreenThatHasAnotherParent() {
    let container = Screen("Container")
    let child = Screen("Child")
    container.addChild(child)
    let error = refused { stage, _ in stage.navigation.pushViewController(child, animated: false) }
    #expect(error?.code == .pushScreenWithParent)
    #expect(error?.screens.map(\.name) == ["Child", "Nav", "Container"])
    #expect(child.parent === container)
  }

  @Test func pushingAnotherWindowsRoot() {
    let otherWindow = Window()
    let otherRoot = Screen("OtherRoot")
    otherWindow.rootViewController = otherRoot
    let error = refused { stage, _ in stage.navigation.pushViewController(otherRoot, animated: false) }
    #expect(error?.code == .childIsWindowRoot)
    #expect(error?.screens.map(\.name) == ["OtherRoot", "Nav"])
    #expect(otherWindow.rootViewController === otherRoot)
  }

  @Test func popToAScreenNotInTheStack() {
    let stranger = Screen("Stranger")
    let error = refused { stage, _ in _ = stage.navigation.popToViewController(stranger, animated: true) }
    #expect(error?.code == .popToUnknownScreen)
    #expect(error?.message.contains("doesn't exist") == true)
    #expect(error?.screens.map(\.name) == ["Stranger", "Nav"])
  }

  @Test func settingAnEmptyStack() {
    let error = refused { stage, _ in stage.navigation.setViewControllers([], animated: true) }
    #expect(error?.code == .emptyStack)
  }

  @Test func settingAStackWithADuplicate() {
    let c = Screen("C")
    let error = refused { stage, _ in stage.navigation.setViewControllers([stage.root, c, c], animated: true)
    }
    #expect(error?.code == .duplicateScreenInStack)
    #expect(error?.screens.map(\.name) == ["C", "Nav"])
    #expect(c.parent == nil)
  }

  @Test func pushingAnAncestorOfTheStack() {
    let stage = Stage.hidden(scheduler: .immediate)
    let window = stage.window
    var handled: [NavigationError] = []
    window.misuseHandler = { handled.append($0) }
    let container = Screen("Container")
    let navigation = NavigationController(rootViewController: Screen("A"))
    window.rootViewController = container
    container.addChild(navigation)
    stage.discardEvents()
    navigation.pushViewController(container, animated: false)
    #expect(handled.map(\.code) == [.containmentCycle])
    stage.expect(handled.map { .misuse($0) })
    #expect(navigation.viewControllers.count == 1)
  }

  @Test func rejectPolicyRefusesRequestsDuringATransition() {
    let stage = Stage(.stack(root: "A"))
    var handled: [NavigationError] = []
    stage.window.misuseHandler = { handled.append($0) }
    stage.navigation.transitionRequestPolicy = .reject
    let (b, c) = (Screen("B"), Screen("C"))
    stage.navigation.pushViewController(b, animated: true)
    stage.navigation.pushViewController(c, animated: true)
    #expect(handled.map(\.code) == [.transitionInProgress])
    #expect(handled.first?.message.contains("push(C, onto: Nav, animated: true)") == true)
    stage.scheduler.settle()
    #expect(stage.navigation.viewControllers.ids == [stage.root, b].ids)
    // The refusal is journaled when it happens, inside the running push.
    let nav = stage.navigation
    #expect(
      Array(stage.take().prefix(3)) == [
        .willPush(b.screenID, onto: nav.screenID, animated: true), .willMove(b, to: nav),
        .misuse(handled[0]),
      ])
  }

  @Test func trapPolicyStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let window = Window(misusePolicy: .trap)
      let screen = ViewController()
      let navigation = NavigationController(rootViewController: screen)
      window.rootViewController = navigation
      navigation.pushViewController(screen, animated: false)
    }
  }

  @Test func misuseOutsideAnyWindowTraps() async {
    await #expect(processExitsWith: .failure) {
      let navigation = NavigationController(rootViewController: ViewController())
      navigation.pushViewController(NavigationController(), animated: false)
    }
  }
}
