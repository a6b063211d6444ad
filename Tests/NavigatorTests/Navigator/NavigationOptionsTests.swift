import Navigator
import Testing

/// Every option, each proved to act exactly once.
@Suite struct NavigationOptionsTests {
  @Test func animatedFalseReachesEveryCallback() throws {
    let h = NavigatorHarness()
    let form = try h.navigator.tryPush(.type(CardForm.self), options: .init().animated(false))
    #expect(h.events.contains(.viewWillAppear(form.screenID, animated: false)))
    #expect(h.events.contains(.viewDidAppear(form.screenID, animated: false)))
    #expect(!h.events.contains(.viewDidAppear(form.screenID, animated: true)))
  }

  @Test func aTransitioningDelegateSetsTheDurationTheManualSchedulerHonours() throws {
    let h = NavigatorHarness(manual: true)
    let transition = FixedTransition(duration: 1.0)
    let done = Counter()
    try h.navigator.tryPush(
      .type(CardForm.self), options: .init().transitioningDelegate(transition).completion { _ in done.hit() })
    #expect(transition.askedCount == 1)
    h.scheduler.runLoopTurn()
    h.scheduler.advance(by: 0.5)
    #expect(done.count == 0)
    #expect(h.scheduler.runningTransitionCount == 1)
    h.scheduler.advance(by: 0.5)
    #expect(done.count == 1)
    #expect(!h.scheduler.hasPendingWork)
    #expect(h.scheduler.now == 1.0)
  }

  @Test func aQueuedNavigationKeepsItsCustomDuration() throws {
    let h = NavigatorHarness(manual: true)
    let slow = FixedTransition(duration: 2)
    let done = Counter()
    try h.navigator.tryPush(.type(Receipt.self))
    try h.navigator.tryPush(
      .type(CardForm.self), options: .init().transitioningDelegate(slow).completion { _ in done.hit() })
    #expect(h.window.pendingRequests.count == 1)
    h.scheduler.runLoopTurn()
    h.scheduler.finishTransitions()  // the first push finishes; the second starts
    h.scheduler.runLoopTurn()
    h.scheduler.advance(by: 1)
    #expect(done.count == 0)
    h.scheduler.advance(by: 1)
    #expect(done.count == 1)
    #expect(slow.askedCount == 1)
  }

  @Test func withoutACustomTransitionTheDefaultDurationApplies() throws {
    let h = NavigatorHarness(manual: true)
    let done = Counter()
    try h.navigator.tryPush(.type(CardForm.self), completion: { _ in done.hit() })
    h.scheduler.runLoopTurn()
    h.scheduler.advance(by: 0.3)
    #expect(done.count == 0)
    h.scheduler.advance(by: 0.05)
    #expect(done.count == 1)
  }

  @Test func advanceDoesNotAgeATransitionThatHasNotStarted() throws {
    let h = NavigatorHarness(manual: true)
    let done = Counter()
    try h.navigator.tryPush(.type(CardForm.self), completion: { _ in done.hit() })
    h.scheduler.advance(by: 10)
    #expect(done.count == 0)
    h.scheduler.runLoopTurn()
    h.scheduler.advance(by: 0.35)
    #expect(done.count == 1)
  }

  @Test func theCompletionOptionRunsOnceAfterTheLastDidCallback() throws {
    let h = NavigatorHarness(manual: true)
    let done = Counter()
    var appearanceAtCompletion: ViewController.AppearanceState?
    try h.navigator.tryPush(
      .type(CardForm.self),
      options: .init().completion { form in
        done.hit()
        appearanceAtCompletion = form.appearanceState
      })
    #expect(done.count == 0)
    h.scheduler.runLoopTurn()
    #expect(done.count == 0)
    h.scheduler.finishTransitions()
    #expect(done.count == 1)
    h.scheduler.settle()
    #expect(done.count == 1)
    #expect(appearanceAtCompletion == .appeared)
  }

  @Test func onSuccessRunsOnceWithTheReadyScreenBeforeNavigationStarts() throws {
    let h = NavigatorHarness()
    let success = Counter()
    var stateAtSuccess: [Bool] = []
    var configuredFirst = false
    let form = try h.navigator.tryPush(
      .type(CardForm.self),
      options: .init().onSuccess { form in
        success.hit()
        stateAtSuccess = [form.isViewLoaded, form.parent == nil, form.appearanceState == .disappeared]
        configuredFirst = form.title == "Configured"
      },
      configure: { $0.title = "Configured" })
    #expect(success.count == 1)
    #expect(stateAtSuccess == [true, true, true])
    #expect(configuredFirst)
    #expect(form.parent === h.navigation)
  }

  @Test func onFailureGetsTheTypedErrorAndNothingChanges() {
    let h = NavigatorHarness()
    let failures = Counter()
    var received: NavigationError?
    let success = Counter()
    let done = Counter()
    let before = h.tree
    let result = h.navigator.push(
      .scene("missing", in: mainStoryboard, as: CardForm.self),
      options: .init().onFailure {
        failures.hit()
        received = $0
      }.onSuccess { _ in success.hit() }.completion { _ in done.hit() })
    #expect(result == nil)
    #expect(failures.count == 1)
    #expect(received?.code == .sceneNotFound)
    #expect([success.count, done.count] == [0, 0])
    #expect(h.tree == before)
    #expect(h.events == [.misuse(received!)])
    #expect(h.errors.errors == [received!])
  }

  @Test func embeddedInAContainerOfTheCallersType() throws {
    let h = NavigatorHarness()
    let chart = try h.navigator.tryPresentModal(
      .type(Receipt.self), options: .init().embedded(in: .container(named: "Card3D") { Card3D(content: $0) }))
    let container = try #require(h.navigation.presentedViewController as? Card3D)
    #expect(container.children.ids == [chart.screenID])
    #expect(chart.appearanceState == .appeared)
  }

  @Test func embeddedInNavigationControllerWrapsThePresentedScreen() throws {
    let h = NavigatorHarness()
    let receipt = try h.navigator.tryPresentModal(
      .type(Receipt.self), options: .init().embeddedInNavigationController())
    #expect(receipt.navigationController?.presentingViewController === h.navigation)
  }

  @Test func passedDataArrivesTypedBeforeConfiguration() throws {
    let h = NavigatorHarness()
    var cardAtConfigure: Card?
    let form = try h.navigator.tryPush(
      .type(CardForm.self), options: .init().passing(Card(last4: "4242"))
    ) { cardAtConfigure = $0.card }
    #expect(cardAtConfigure == Card(last4: "4242"))
    #expect(form.card == Card(last4: "4242"))
  }

  @Test func fromAnOriginOtherThanTheVisibleScreen() throws {
    let h = NavigatorHarness()
    let other = NavigationController(rootViewController: Screen("Other"))
    other.title = "Other stack"
    other.modalPresentationStyle = .fullScreen
    h.navigation.present(other, animated: false)
    #expect(h.navigator.visibleViewController?.title == "Other")

    let onVisible = try h.navigator.tryPush(.type(Receipt.self))
    #expect(onVisible.navigationController === other)
    let onOrigin = try h.navigator.tryPush(.type(CardForm.self), options: .init().from(h.home))
    #expect(onOrigin.navigationController === h.navigation)
  }

  @Test func theVisibleScreenIsFoundThroughPresentationsStacksAndContainers() throws {
    let h = NavigatorHarness()
    #expect(h.navigator.visibleViewController === h.home)
    let dashboard = try h.navigator.tryPush(.type(CardForm.self))
    let tile = try h.navigator.tryAddChild(.type(Receipt.self), to: dashboard)
    #expect(h.navigator.visibleViewController === tile)
    let sheet = try h.navigator.tryPresentModal(.type(Tinted.self))
    #expect(h.navigator.visibleViewController === sheet)
  }
}
