import Navigator
import Testing

/// Misuse is found before anything changes: the throwing form throws, the plain form
/// reports to the window's policy, and both tell `onFailure`.
@Suite(.exhaustiveStages) struct NavigatorMisuseTests {
  @Test func pushingFromAScreenWithoutANavigationControllerThrowsAndChangesNothing() {
    let stage = Stage(.screen(Screen("Lonely")), scheduler: .immediate)
    let (window, navigator) = (stage.window, stage.navigator)
    let made = Counter()
    let failures = Counter()
    let before = window.hierarchyDescription()

    #expect(throws: NavigationError.self) {
      try navigator.tryPush(
        .make {
          made.hit()
          return CardForm()
        }, options: .init().onFailure { _ in failures.hit() })
    }
    #expect(made.count == 0)
    #expect(failures.count == 1)
    stage.expect([])

    var reported: NavigationError?
    let result = navigator.push(.type(CardForm.self), options: .init().onFailure { reported = $0 })
    #expect(result == nil)
    #expect(reported?.code == .invalidRequest)
    #expect(reported?.message == "Can't push from Lonely: it is not in a navigation controller.")
    stage.expect([.misuse(reported!)])
    #expect(window.hierarchyDescription() == before)
  }

  @Test func pushingAScreenAlreadyInTheStackIsRefusedBeforeItIsTouched() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let configured = Counter()
    let before = stage.tree
    do {
      try stage.navigator.tryPush(.instance(stage.root)) { _ in configured.hit() }
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .duplicatePush)
    }
    #expect(configured.count == 0)
    #expect(stage.tree == before)
    stage.expect([])
  }

  @Test func pushingEmbeddedInANavigationControllerIsRefused() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let before = stage.tree
    do {
      try stage.navigator.tryPush(.type(CardForm.self), options: .init().embedded(in: .navigationController))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .pushNavigationController)
    }
    #expect(stage.tree == before)
    stage.expect([])
  }

  @Test func aPopoverInAHiddenWindowIsRefused() {
    let stage = Stage.hidden(scheduler: .immediate)
    let window = stage.window
    let home = Screen("Home")
    window.rootViewController = NavigationController(rootViewController: home)
    let navigator = stage.navigator
    let anchorView = home.view
    stage.discardEvents()
    let before = window.hierarchyDescription()
    var failure: NavigationError?
    let shown = navigator.popover(
      .type(Receipt.self), anchor: .view(anchorView, rect: .zero), options: .init().onFailure { failure = $0 }
    )
    #expect(shown == nil)
    #expect(failure?.code == .popoverAnchorNotInWindow)
    stage.expect([.misuse(failure!)])
    #expect(window.hierarchyDescription() == before)
  }

  @Test func presentingFromAScreenThatAlreadyPresentsIsRefusedAndTheStyleIsRestored() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    try stage.navigator.tryPresentModal(.type(Receipt.self), options: .init().from(stage.root))
    stage.discardEvents()
    let second = Tinted()
    let before = stage.tree
    do {
      try stage.navigator.tryPopover(
        .instance(second), anchor: .view(stage.root.view, rect: .zero), options: .init().from(stage.root))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .alreadyPresenting)
    }
    #expect(second.modalPresentationStyle == .automatic)
    #expect(!second.isViewLoaded)
    #expect(stage.tree == before)
    stage.expect([])
  }

  @Test func addingAChildInAViewOutsideTheContainerIsRefused() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let before = stage.tree
    do {
      try stage.navigator.tryAddChild(.type(Receipt.self), to: stage.root, in: View())
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .invalidRequest)
    }
    #expect(stage.tree == before)
    stage.expect([])
  }

  @Test func removingAScreenFromANavigationStackAsAChildIsRefused() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    var failure: NavigationError?
    let before = stage.tree
    let removed = stage.navigator.removeChild(stage.root, options: .init().onFailure { failure = $0 })
    #expect(removed == nil)
    #expect(failure?.code == .invalidRequest)
    stage.expect([.misuse(failure!)])
    #expect(stage.tree == before)
  }

  @Test func removingAChildByTypeFindsTheLastOne() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let first = try stage.navigator.tryAddChild(.type(Receipt.self), to: stage.root)
    let second = try stage.navigator.tryAddChild(.type(Receipt.self), to: stage.root)
    let removed = stage.navigator.removeChild(.type(Receipt.self), from: stage.root)
    #expect(removed === second)
    #expect(stage.root.children.ids == [first.screenID])
    var failure: NavigationError?
    #expect(
      stage.navigator.removeChild(
        .type(CardForm.self), from: stage.root, options: .init().onFailure { failure = $0 }) == nil)
    #expect(failure?.code == .invalidRequest)
    #expect(stage.take().last == failure.map(NavigationEvent.misuse))
  }

  @Test func underTheTrapPolicyTheMisuseStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let window = Window()
      window.rootViewController = Screen("Lonely")
      window.makeKeyAndVisible()
      Navigator(window: window).push(.type(CardForm.self))
    }
  }
}

/// A refused navigation leaves a given instance outside the container it was to be wrapped in.
@Suite(.exhaustiveStages) struct NavigatorEmbeddingMisuseTests {
  @Test func aRefusedWrappedPresentationReleasesTheInstance() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let receipt = try stage.navigator.tryPresentModal(.type(Receipt.self), options: .init().from(stage.root))
    let help = Tinted()
    do {
      try stage.navigator.tryPresentModal(
        .instance(help), options: .init().from(stage.root).embedded(in: .navigationController))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .alreadyPresenting)
    }
    #expect(help.parent == nil)
    #expect(!help.isViewLoaded)
    let wrapper = NavigationController(rootViewController: help)
    #expect(wrapper.viewControllers.ids == [help.screenID])
    // Only the first presentation was journaled.
    stage.expect([
      .load(receipt), .willAppear(receipt, animated: true), .didAppear(receipt, animated: true),
      .completion(.present(receipt.screenID, from: stage.root.screenID, animated: true)),
    ])
  }
}
