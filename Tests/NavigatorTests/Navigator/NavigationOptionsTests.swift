import Navigator
import Testing

/// Every option, each proved to act exactly once.
@Suite(.exhaustiveStages) struct NavigationOptionsTests {
  @Test func animatedFalseReachesEveryCallback() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let form = try stage.navigator.tryPush(.type(CardForm.self), options: .init().animated(false))
    let events = stage.take()
    #expect(events.contains(.viewWillAppear(form.screenID, animated: false)))
    #expect(events.contains(.viewDidAppear(form.screenID, animated: false)))
    #expect(!events.contains(.viewDidAppear(form.screenID, animated: true)))
  }

  @Test func aTransitioningDelegateSetsTheDurationTheManualSchedulerHonours() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let transition = FixedTransition(duration: .seconds(1))
    let done = Counter()
    try stage.navigator.tryPush(
      .type(CardForm.self), options: .init().transitioningDelegate(transition).completion { _ in done.hit() })
    #expect(transition.askedCount == 1)
    stage.scheduler.runLoopTurn()
    stage.scheduler.advance(by: .milliseconds(500))
    #expect(done.count == 0)
    #expect(stage.scheduler.runningTransitionCount == 1)
    stage.scheduler.advance(by: .milliseconds(500))
    #expect(done.count == 1)
    #expect(!stage.scheduler.hasPendingWork)
    #expect(stage.scheduler.now == .seconds(1))
    stage.discardEvents()  // time is the subject; the push order is checked elsewhere
  }

  @Test func aQueuedNavigationKeepsItsCustomDuration() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let slow = FixedTransition(duration: .seconds(2))
    let done = Counter()
    try stage.navigator.tryPush(.type(Receipt.self))
    try stage.navigator.tryPush(
      .type(CardForm.self), options: .init().transitioningDelegate(slow).completion { _ in done.hit() })
    #expect(stage.window.pendingRequests.count == 1)
    stage.scheduler.runLoopTurn()
    stage.scheduler.finishTransitions()  // the first push finishes; the second starts
    stage.scheduler.runLoopTurn()
    stage.scheduler.advance(by: .seconds(1))
    #expect(done.count == 0)
    stage.scheduler.advance(by: .seconds(1))
    #expect(done.count == 1)
    #expect(slow.askedCount == 1)
    stage.discardEvents()  // time is the subject; NavigatorQueueTests checks queued orders
  }

  @Test func withoutACustomTransitionTheDefaultDurationApplies() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let done = Counter()
    try stage.navigator.tryPush(.type(CardForm.self), options: .init().completion { _ in done.hit() })
    stage.scheduler.runLoopTurn()
    stage.scheduler.advance(by: .milliseconds(300))
    #expect(done.count == 0)
    stage.scheduler.advance(by: .milliseconds(50))
    #expect(done.count == 1)
    stage.discardEvents()  // time is the subject; the push order is checked elsewhere
  }

  @Test func advanceDoesNotAgeATransitionThatHasNotStarted() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let done = Counter()
    try stage.navigator.tryPush(.type(CardForm.self), options: .init().completion { _ in done.hit() })
    stage.scheduler.advance(by: .seconds(10))
    #expect(done.count == 0)
    stage.scheduler.runLoopTurn()
    stage.scheduler.advance(by: .milliseconds(350))
    #expect(done.count == 1)
    stage.discardEvents()  // time is the subject; the push order is checked elsewhere
  }

  @Test func theCompletionOptionRunsOnceAfterTheLastDidCallback() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let done = Counter()
    var appearanceAtCompletion: ViewController.AppearanceState?
    let form = try stage.navigator.tryPush(
      .type(CardForm.self),
      options: .init().completion { form in
        done.hit()
        appearanceAtCompletion = form.appearanceState
      })
    #expect(done.count == 0)
    stage.scheduler.runLoopTurn()
    #expect(done.count == 0)
    stage.scheduler.finishTransitions()
    #expect(done.count == 1)
    stage.scheduler.settle()
    #expect(done.count == 1)
    #expect(appearanceAtCompletion == .appeared)
    #expect(
      stage.take().last == .completion(.push(form.screenID, onto: stage.navigation.screenID, animated: true)))
  }

  @Test func onSuccessRunsOnceWithTheReadyScreenBeforeNavigationStarts() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let success = Counter()
    var stateAtSuccess: [Bool] = []
    var configuredFirst = false
    let form = try stage.navigator.tryPush(
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
    #expect(form.parent === stage.navigation)
    stage.discardEvents()  // pitfall6 checks the order around configure and completion
  }

  @Test func onFailureGetsTheTypedErrorAndNothingChanges() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let failures = Counter()
    var received: NavigationError?
    let success = Counter()
    let done = Counter()
    let before = stage.tree
    let result = stage.navigator.push(
      .scene("missing", in: mainStoryboard, as: CardForm.self),
      options: .init().onFailure {
        failures.hit()
        received = $0
      }.onSuccess { _ in success.hit() }.completion { _ in done.hit() })
    #expect(result == nil)
    #expect(failures.count == 1)
    #expect(received?.code == .sceneNotFound)
    #expect([success.count, done.count] == [0, 0])
    #expect(stage.tree == before)
    stage.expect([.misuse(received!)])
    #expect(stage.errors.errors == [received!])
  }

  @Test func embeddedInAContainerOfTheCallersType() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let chart = try stage.navigator.tryPresentModal(
      .type(Receipt.self), options: .init().embedded(in: .container(named: "Card3D") { Card3D(content: $0) }))
    let container = try #require(stage.navigation.presentedViewController as? Card3D)
    #expect(container.children.ids == [chart.screenID])
    #expect(chart.appearanceState == .appeared)
    let home = stage.root.screenID
    stage.expect([
      .willAppear(container, animated: true), .willAppear(chart, animated: true),
      .didAppear(container, animated: true), .didAppear(chart, animated: true),
      .completion(.present(container.screenID, from: home, animated: true)),
    ])
  }

  @Test func embeddedInNavigationControllerWrapsThePresentedScreen() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let receipt = try stage.navigator.tryPresentModal(
      .type(Receipt.self), options: .init().embedded(in: .navigationController))
    #expect(receipt.navigationController?.presentingViewController === stage.navigation)
    stage.discardEvents()  // pitfall2PresentedScreensCanBeWrappedInANavigationController checks this order
  }

  @Test func passedDataArrivesTypedBeforeConfiguration() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    var cardAtConfigure: Card?
    let form = try stage.navigator.tryPush(
      .type(CardForm.self), options: .init().passing(Card(last4: "4242"))
    ) { cardAtConfigure = $0.card }
    #expect(cardAtConfigure == Card(last4: "4242"))
    #expect(form.card == Card(last4: "4242"))
    stage.discardEvents()  // the data is the subject; the push order is checked elsewhere
  }

  @Test func fromAnOriginOtherThanTheVisibleScreen() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let other = NavigationController(rootViewController: Screen("Other"))
    other.title = "Other stack"
    other.modalPresentationStyle = .fullScreen
    stage.navigation.present(other, animated: false)
    #expect(stage.navigator.visibleViewController?.title == "Other")

    let onVisible = try stage.navigator.tryPush(.type(Receipt.self))
    #expect(onVisible.navigationController === other)
    let onOrigin = try stage.navigator.tryPush(.type(CardForm.self), options: .init().from(stage.root))
    #expect(onOrigin.navigationController === stage.navigation)
    stage.discardEvents()  // the origin is the subject; other suites check each order
  }

  @Test func theVisibleScreenIsFoundThroughPresentationsStacksAndContainers() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    #expect(stage.navigator.visibleViewController === stage.root)
    let dashboard = try stage.navigator.tryPush(.type(CardForm.self))
    let tile = try stage.navigator.tryAddChild(.type(Receipt.self), to: dashboard)
    #expect(stage.navigator.visibleViewController === tile)
    let sheet = try stage.navigator.tryPresentModal(.type(Tinted.self))
    #expect(stage.navigator.visibleViewController === sheet)
    stage.discardEvents()  // the visible screen is the subject; other suites check each order
  }
}
