import Navigator
import Testing

/// Fixes from the navigator audit: refusals leave given screens as they were, navigation
/// controllers refuse children, late refusals reach async callers without trapping,
/// embedding order, and recorded presentation styles and anchors.
@Suite(.exhaustiveStages) struct NavigatorFixTests {
  // MARK: A refused navigation leaves an embedded instance free

  @Test func theRejectPolicyLeavesAnInstanceToPresentEmbeddedOutOfAnyContainer() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    stage.window.transitionRequestPolicy = .reject
    // A screen this window has shown before: containment calls on it would be journaled.
    let form = try stage.navigator.tryPresentModal(.type(CardForm.self), options: .init().animated(false))
    stage.scheduler.settle()
    stage.navigation.dismiss(animated: false)
    stage.scheduler.settle()
    try stage.navigator.tryPush(.type(Receipt.self))
    stage.discardEvents()
    let before = stage.tree
    let failed = Counter()
    var failure: NavigationError?

    let shown = stage.navigator.presentModal(
      .instance(form),
      options: .init().embedded(in: .navigationController).onFailure {
        failed.hit()
        failure = $0
      })

    #expect(shown == nil)
    #expect(failed.count == 1)
    let error = try #require(failure)
    #expect(error.code == .transitionInProgress)
    #expect(form.parent == nil)
    stage.expect([.misuse(error)])
    #expect(stage.errors.errors == [error])
    #expect(stage.tree == before)
    #expect(stage.window.pendingRequests.isEmpty)

    stage.scheduler.settle()
    let presented = try stage.navigator.tryPresentModal(
      .instance(form), options: .init().embedded(in: .navigationController))
    stage.scheduler.settle()
    let wrapper = try #require(form.parent as? NavigationController)
    #expect(presented === form)
    #expect(wrapper.presentingViewController === stage.navigation)
    #expect(form.appearanceState == .appeared)
    stage.discardEvents()  // the later presentation: PresentTests checks its order
  }

  @Test func theRejectPolicyNeverBuildsACallersContainerForAPresentation() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    stage.window.transitionRequestPolicy = .reject
    try stage.navigator.tryPush(.type(Receipt.self))
    stage.discardEvents()
    let before = stage.tree
    let form = CardForm()
    var containers: [Card3D] = []
    let embedding = Embedding.container(named: "Card3D") { content in
      let card = Card3D(content: content)
      containers.append(card)
      return card
    }

    do {
      try stage.navigator.tryPresentModal(.instance(form), options: .init().embedded(in: embedding))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .transitionInProgress)
    }
    #expect(containers.isEmpty)
    #expect(form.parent == nil)
    #expect(!form.isViewLoaded)
    stage.expect([])
    #expect(stage.tree == before)

    stage.scheduler.settle()
    try stage.navigator.tryPresentModal(.instance(form), options: .init().embedded(in: embedding))
    stage.scheduler.settle()
    #expect(containers.count == 1)
    #expect(form.parent === containers.first)
    #expect(containers.first?.presentingViewController === stage.navigation)
    #expect(form.appearanceState == .appeared)
    stage.discardEvents()  // the later presentation: PresentTests checks its order
  }

  @Test func theRejectPolicyLeavesAnInstanceToPushEmbeddedOutOfAnyContainer() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    stage.window.transitionRequestPolicy = .reject
    let receipt = try stage.navigator.tryPush(.type(Receipt.self))
    stage.discardEvents()
    let before = stage.tree
    let form = CardForm()
    let built = Counter()
    let embedding = Embedding.container(named: "Card3D") { content in
      built.hit()
      return Card3D(content: content)
    }

    do {
      try stage.navigator.tryPush(.instance(form), options: .init().embedded(in: embedding))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .transitionInProgress)
      #expect(error.screens == [form.screenID, stage.navigation.screenID])
    }
    #expect(built.count == 0)
    #expect(form.parent == nil)
    #expect(!form.isViewLoaded)
    stage.expect([])
    #expect(stage.tree == before)
    #expect(stage.window.pendingRequests.isEmpty)

    stage.scheduler.settle()
    try stage.navigator.tryPush(.instance(form), options: .init().embedded(in: embedding))
    stage.scheduler.settle()
    #expect(built.count == 1)
    let card = try #require(form.parent as? Card3D)
    #expect(stage.navigation.viewControllers.ids == [stage.root.screenID, receipt.screenID, card.screenID])
    #expect(form.appearanceState == .appeared)
    stage.discardEvents()  // the later push: StackOrderTests checks its order
  }

  // MARK: A navigation controller refuses children

  @Test func aNavigationControllerRefusesAChildThroughThePlainForm() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let extra = Screen("Extra")
    let before = stage.tree
    let configured = Counter()
    let failed = Counter()
    var failure: NavigationError?

    let child = stage.navigator.addChild(
      .instance(extra), to: stage.navigation,
      options: .init().onFailure {
        failed.hit()
        failure = $0
      }
    ) { _ in configured.hit() }

    let expected = NavigationError(
      .invalidRequest,
      "Can't add Extra to Nav: a navigation controller's children are its stack; push onto it instead.",
      screens: [extra.screenID, stage.navigation.screenID])
    #expect(child == nil)
    #expect(failed.count == 1)
    #expect(failure == expected)
    #expect(configured.count == 0)
    stage.expect([.misuse(expected)])
    #expect(stage.errors.errors == [expected])
    #expect(stage.tree == before)
    #expect(stage.navigation.viewControllers.ids == [stage.root.screenID])
    #expect(stage.navigation.children.count == 1)
    #expect(extra.parent == nil)
    #expect(!extra.isViewLoaded)
  }

  @Test func aNavigationControllerRefusesAChildThroughTheThrowingForm() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let before = stage.tree
    let failed = Counter()
    do {
      try stage.navigator.tryAddChild(
        .type(Receipt.self), to: stage.navigation, options: .init().onFailure { _ in failed.hit() })
      Issue.record("expected an error")
    } catch {
      #expect(
        error
          == NavigationError(
            .invalidRequest,
            "Can't add a child of type Receipt to Nav: a navigation controller's children are its stack; "
              + "push onto it instead.",
            screens: [stage.navigation.screenID]))
    }
    #expect(failed.count == 1)
    stage.expect([])
    #expect(stage.errors.errors.isEmpty)
    #expect(stage.tree == before)
    #expect(stage.navigation.viewControllers.ids == [stage.root.screenID])
  }

  @Test func addingAChildToANavigationControllerTrapsUnderTheTrapPolicy() async {
    await #expect(processExitsWith: .failure) {
      let window = Window(misusePolicy: .trap)
      let navigation = NavigationController(rootViewController: Screen("Home"))
      window.rootViewController = navigation
      window.makeKeyAndVisible()
      Navigator(window: window).addChild(.instance(Screen("Extra")), to: navigation)
    }
  }

  // MARK: A late refusal reaches an async caller without trapping

  @MainActor
  @Test func underTheTrapPolicyTheAsyncPushThrowsALateRefusal() async throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), misuse: .trap)
    let form = CardForm()
    try stage.navigator.tryPush(.instance(form))
    let failed = Counter()
    let slot = ErrorSlot()
    let task = Task {
      do {
        _ = try await stage.navigator.pushAndWait(
          .instance(form), options: .init().onFailure { _ in failed.hit() })
        Issue.record("expected an error")
      } catch {
        slot.error = error as? NavigationError
      }
    }
    await stage.yield { !stage.window.pendingRequests.isEmpty }
    #expect(
      stage.window.pendingRequests == [.push(form.screenID, onto: stage.navigation.screenID, animated: true)])
    stage.discardEvents()
    stage.scheduler.settle()
    await task.value

    let error = try #require(slot.error)
    #expect(error.code == .duplicatePush)
    #expect(failed.count == 1)
    #expect(stage.errors.errors == [error])
    let nav = stage.navigation.screenID
    stage.expect(
      [
        .viewWillDisappear(stage.root.screenID, animated: true),
        .viewWillAppear(form.screenID, animated: true),
        .willShow(form.screenID, in: nav, animated: true),
        .viewDidDisappear(stage.root.screenID, animated: true),
        .viewDidAppear(form.screenID, animated: true), .didShow(form.screenID, in: nav, animated: true),
        .didMove(form.screenID, toParent: nav), .didPush(form.screenID, onto: nav, animated: true),
        .completion(.push(form.screenID, onto: nav, animated: true)), .misuse(error),
      ])
    #expect(stage.navigation.viewControllers.ids == [stage.root.screenID, form.screenID])
  }

  @MainActor
  @Test func underTheTrapPolicyTheAsyncPopThrowsALateRefusal() async throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), misuse: .trap)
    try stage.navigator.tryPush(.type(Receipt.self))
    try stage.navigator.tryPop()
    let failed = Counter()
    let slot = ErrorSlot()
    let task = Task {
      do {
        _ = try await stage.navigator.popAndWait(options: .init().onFailure { _ in failed.hit() })
        Issue.record("expected an error")
      } catch {
        slot.error = error as? NavigationError
      }
    }
    await stage.yield { stage.window.pendingRequests.count >= 2 }
    stage.scheduler.settle()
    await task.value

    let error = try #require(slot.error)
    #expect(error.code == .invalidRequest)
    #expect(failed.count == 1)
    #expect(stage.errors.errors == [error])
    #expect(stage.take().last == .misuse(error))
    #expect(stage.navigation.viewControllers.ids == [stage.root.screenID])
  }

  @Test func thePlainFormKeepsTheTrapPolicyForALateRefusal() async {
    await #expect(processExitsWith: .failure) {
      let scheduler = ManualScheduler()
      let window = Window(scheduler: .manual(scheduler), misusePolicy: .trap)
      window.rootViewController = NavigationController(rootViewController: Screen("Home"))
      window.makeKeyAndVisible()
      scheduler.settle()
      let navigator = Navigator(window: window)
      let form = CardForm()
      navigator.push(.instance(form))
      navigator.push(.instance(form))
      scheduler.settle()
    }
  }

  // MARK: Embedding order

  @Test func aCallersContainerHoldsTheScreenWhenConfigureRuns() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    var seen: [String] = []
    let configured = Counter()
    let form = try stage.navigator.tryPresentModal(
      .type(CardForm.self), options: .init().embedded(in: .container { Card3D(content: $0) })
    ) { form in
      configured.hit()
      seen.append("parent: \(form.parent?.title ?? "nil")")
      seen.append("loaded: \(form.isViewLoaded)")
      seen.append("state: \(form.appearanceState)")
      seen.append("in window: \(form.view.window != nil)")
      seen.append("events: \(stage.window.journal.events.count)")
    }
    let card = try #require(form.parent as? Card3D)
    #expect(configured.count == 1)
    #expect(
      seen == ["parent: Card3D", "loaded: true", "state: disappeared", "in window: false", "events: 0"])
    // The factory's containment calls and view loading happen before the screen joins the
    // window's journal, so only the appearance and the completion are recorded.
    stage.expect(
      [
        .viewWillAppear(card.screenID, animated: true), .viewWillAppear(form.screenID, animated: true),
        .viewDidAppear(card.screenID, animated: true), .viewDidAppear(form.screenID, animated: true),
        .completion(.present(card.screenID, from: stage.root.screenID, animated: true)),
      ])
  }

  // MARK: Recorded presentation styles and anchors

  @Test func recordedPopoversDifferByAnchor() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    stage.navigator.isRecordingRequests = true
    let filter = BarButtonItem(title: "Filter")
    let share = BarButtonItem(title: "Share")
    stage.root.navigationItem.rightBarButtonItems = [filter, share]
    let wide = Rect(x: 0, y: 0, width: 100, height: 40)
    let narrow = Rect(x: 0, y: 0, width: 10, height: 40)

    try stage.navigator.tryPopover(.type(Receipt.self), anchor: .barButtonItem(filter))
    stage.scheduler.settle()
    stage.navigation.dismiss(animated: false)
    try stage.navigator.tryPopover(.type(Receipt.self), anchor: .barButtonItem(share))
    stage.navigation.dismiss(animated: false)
    try stage.navigator.tryPopover(.type(Receipt.self), anchor: .view(stage.root.view, rect: wide))
    stage.navigation.dismiss(animated: false)
    try stage.navigator.tryPopover(.type(Receipt.self), anchor: .view(stage.root.view, rect: narrow))
    stage.navigation.dismiss(animated: false)

    let recorded = stage.navigator.recordedRequests
    #expect(
      recorded == [
        .init(.popover, .type("Receipt"), anchor: .barButtonItem(filter)),
        .init(.popover, .type("Receipt"), anchor: .barButtonItem(share)),
        .init(.popover, .type("Receipt"), anchor: .view(stage.root.view, rect: wide)),
        .init(.popover, .type("Receipt"), anchor: .view(stage.root.view, rect: narrow)),
      ])
    #expect(Set(recorded.compactMap(\.anchor)).count == 4)
    #expect(recorded[0] != recorded[1])
    #expect(recorded[2] != recorded[3])
    #expect(
      recorded.map(\.description) == [
        "Request(popover, type(\"Receipt\"), anchor: barButtonItem(\"Filter\"))",
        "Request(popover, type(\"Receipt\"), anchor: barButtonItem(\"Share\"))",
        "Request(popover, type(\"Receipt\"), anchor: view of Home, rect: (0.0, 0.0, 100.0, 40.0))",
        "Request(popover, type(\"Receipt\"), anchor: view of Home, rect: (0.0, 0.0, 10.0, 40.0))",
      ])
    stage.discardEvents()  // the recorded requests are the subject
  }

  @Test func anAnchorIsComparedByIdentityNotByTitle() {
    let one = BarButtonItem(title: "Filter")
    let other = BarButtonItem(title: "Filter")
    #expect(Navigator.Request.Anchor.barButtonItem(one) == .barButtonItem(one))
    #expect(Navigator.Request.Anchor.barButtonItem(one) != .barButtonItem(other))
    let view = View()
    #expect(Navigator.Request.Anchor.view(view, rect: .zero) == .view(view, rect: .zero))
    #expect(Navigator.Request.Anchor.view(view, rect: .zero) != .view(View(), rect: .zero))
  }

  @Test func recordedModalPresentationsDifferByStyle() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    stage.navigator.isRecordingRequests = true

    try stage.navigator.tryPresentModal(.type(Receipt.self), style: .fullScreen)
    stage.navigation.dismiss(animated: false)
    try stage.navigator.tryPresentModal(.type(Receipt.self), style: .formSheet)
    stage.navigation.dismiss(animated: false)
    try stage.navigator.tryPresentModal(.type(Receipt.self))
    stage.navigation.dismiss(animated: false)

    let recorded = stage.navigator.recordedRequests
    #expect(
      recorded == [
        .init(.presentModal, .type("Receipt"), presentationStyle: .fullScreen),
        .init(.presentModal, .type("Receipt"), presentationStyle: .formSheet),
        .init(.presentModal, .type("Receipt")),
      ])
    #expect(recorded[0] != recorded[1])
    #expect(recorded[1] != recorded[2])
    #expect(
      recorded.map(\.description) == [
        "Request(presentModal, type(\"Receipt\"), style: fullScreen)",
        "Request(presentModal, type(\"Receipt\"), style: formSheet)",
        "Request(presentModal, type(\"Receipt\"))",
      ])
    stage.discardEvents()  // the recorded requests are the subject
  }
}
