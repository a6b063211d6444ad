import Navigator
import Testing

/// Misuse is found before anything changes: the throwing form throws, the plain form
/// reports to the window's policy, and both tell `onFailure`.
@Suite struct NavigatorMisuseTests {
  @Test func pushingFromAScreenWithoutANavigationControllerThrowsAndChangesNothing() {
    let window = Window(misusePolicy: .report)
    window.journal.isEnabled = true
    let lonely = Screen("Lonely")
    window.rootViewController = lonely
    window.makeKeyAndVisible()
    window.journal.removeAll()
    let navigator = Navigator(window: window)
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
    #expect(window.journal.events.isEmpty)

    var reported: NavigationError?
    let result = navigator.push(.type(CardForm.self), options: .init().onFailure { reported = $0 })
    #expect(result == nil)
    #expect(reported?.code == .invalidRequest)
    #expect(reported?.message == "Can't push from Lonely: it is not in a navigation controller.")
    #expect(window.journal.events == [.misuse(reported!)])
    #expect(window.hierarchyDescription() == before)
  }

  @Test func pushingAScreenAlreadyInTheStackIsRefusedBeforeItIsTouched() throws {
    let h = NavigatorHarness()
    let configured = Counter()
    let before = h.tree
    do {
      try h.navigator.tryPush(.instance(h.home)) { _ in configured.hit() }
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .duplicatePush)
    }
    #expect(configured.count == 0)
    #expect(h.tree == before)
    #expect(h.events.isEmpty)
  }

  @Test func pushingEmbeddedInANavigationControllerIsRefused() {
    let h = NavigatorHarness()
    let before = h.tree
    do {
      try h.navigator.tryPush(.type(CardForm.self), options: .init().embeddedInNavigationController())
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .pushNavigationController)
    }
    #expect(h.tree == before)
    #expect(h.events.isEmpty)
  }

  @Test func aPopoverInAHiddenWindowIsRefused() {
    let window = Window(misusePolicy: .report)
    window.journal.isEnabled = true
    let home = Screen("Home")
    window.rootViewController = NavigationController(rootViewController: home)
    let navigator = Navigator(window: window)
    let anchorView = home.view
    window.journal.removeAll()
    let before = window.hierarchyDescription()
    var failure: NavigationError?
    let shown = navigator.popover(
      .type(Receipt.self), anchor: .view(anchorView, rect: .zero), options: .init().onFailure { failure = $0 }
    )
    #expect(shown == nil)
    #expect(failure?.code == .popoverAnchorNotInWindow)
    #expect(window.journal.events == [.misuse(failure!)])
    #expect(window.hierarchyDescription() == before)
  }

  @Test func presentingFromAScreenThatAlreadyPresentsIsRefusedAndTheStyleIsRestored() throws {
    let h = NavigatorHarness()
    try h.navigator.tryPresentModal(.type(Receipt.self), options: .init().from(h.home))
    h.window.journal.removeAll()
    let second = Tinted()
    let before = h.tree
    do {
      try h.navigator.tryPopover(
        .instance(second), anchor: .view(h.home.view, rect: .zero), options: .init().from(h.home))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .alreadyPresenting)
    }
    #expect(second.modalPresentationStyle == .automatic)
    #expect(!second.isViewLoaded)
    #expect(h.tree == before)
    #expect(h.events.isEmpty)
  }

  @Test func addingAChildInAViewOutsideTheContainerIsRefused() {
    let h = NavigatorHarness()
    let before = h.tree
    do {
      try h.navigator.tryAddChild(.type(Receipt.self), to: h.home, in: View())
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .invalidRequest)
    }
    #expect(h.tree == before)
    #expect(h.events.isEmpty)
  }

  @Test func removingAScreenFromANavigationStackAsAChildIsRefused() {
    let h = NavigatorHarness()
    var failure: NavigationError?
    let before = h.tree
    let removed = h.navigator.removeChild(h.home, options: .init().onFailure { failure = $0 })
    #expect(removed == nil)
    #expect(failure?.code == .invalidRequest)
    #expect(h.events == [.misuse(failure!)])
    #expect(h.tree == before)
  }

  @Test func removingAChildByTypeFindsTheLastOne() throws {
    let h = NavigatorHarness()
    let first = try h.navigator.tryAddChild(.type(Receipt.self), to: h.home)
    let second = try h.navigator.tryAddChild(.type(Receipt.self), to: h.home)
    let removed = h.navigator.removeChild(ofType: Receipt.self, from: h.home)
    #expect(removed === second)
    #expect(h.home.children.ids == [first.screenID])
    var failure: NavigationError?
    #expect(
      h.navigator.removeChild(
        ofType: CardForm.self, from: h.home, options: .init().onFailure { failure = $0 }) == nil)
    #expect(failure?.code == .invalidRequest)
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
@Suite struct NavigatorEmbeddingMisuseTests {
  @Test func aRefusedWrappedPresentationReleasesTheInstance() throws {
    let h = NavigatorHarness()
    try h.navigator.tryPresentModal(.type(Receipt.self), options: .init().from(h.home))
    let help = Tinted()
    do {
      try h.navigator.tryPresentModal(
        .instance(help), options: .init().from(h.home).embeddedInNavigationController())
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .alreadyPresenting)
    }
    #expect(help.parent == nil)
    #expect(!help.isViewLoaded)
    let wrapper = NavigationController(rootViewController: help)
    #expect(wrapper.viewControllers.ids == [help.screenID])
  }
}
