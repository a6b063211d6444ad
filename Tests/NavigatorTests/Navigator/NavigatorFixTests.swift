import Navigator
import Testing

/// Fixes from the navigator audit: refusals leave given screens as they were, navigation
/// controllers refuse children, late refusals reach async callers without trapping,
/// embedding order, and recorded presentation styles and anchors.
@Suite struct NavigatorFixTests {
  // MARK: A refused navigation leaves an embedded instance free

  @Test func theRejectPolicyLeavesAnInstanceToPresentEmbeddedOutOfAnyContainer() throws {
    let h = NavigatorHarness(manual: true)
    h.window.transitionRequestPolicy = .reject
    // A screen this window has shown before: containment calls on it would be journaled.
    let form = try h.navigator.tryPresentModal(.type(CardForm.self), options: .init().animated(false))
    h.scheduler.settle()
    h.navigation.dismiss(animated: false)
    h.scheduler.settle()
    try h.navigator.tryPush(.type(Receipt.self))
    h.window.journal.removeAll()
    let before = h.tree
    let failed = Counter()
    var failure: NavigationError?

    let shown = h.navigator.presentModal(
      .instance(form),
      options: .init().embeddedInNavigationController().onFailure {
        failed.hit()
        failure = $0
      })

    #expect(shown == nil)
    #expect(failed.count == 1)
    let error = try #require(failure)
    #expect(error.code == .transitionInProgress)
    #expect(form.parent == nil)
    #expect(h.events == [.misuse(error)])
    #expect(h.errors.errors == [error])
    #expect(h.tree == before)
    #expect(h.window.pendingRequests.isEmpty)

    h.scheduler.settle()
    let presented = try h.navigator.tryPresentModal(
      .instance(form), options: .init().embeddedInNavigationController())
    h.scheduler.settle()
    let wrapper = try #require(form.parent as? NavigationController)
    #expect(presented === form)
    #expect(wrapper.presentingViewController === h.navigation)
    #expect(form.appearanceState == .appeared)
  }

  @Test func theRejectPolicyNeverBuildsACallersContainerForAPresentation() throws {
    let h = NavigatorHarness(manual: true)
    h.window.transitionRequestPolicy = .reject
    try h.navigator.tryPush(.type(Receipt.self))
    h.window.journal.removeAll()
    let before = h.tree
    let form = CardForm()
    var containers: [Card3D] = []
    let embedding = Embedding.container(named: "Card3D") { content in
      let card = Card3D(content: content)
      containers.append(card)
      return card
    }

    do {
      try h.navigator.tryPresentModal(.instance(form), options: .init().embedded(in: embedding))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .transitionInProgress)
    }
    #expect(containers.isEmpty)
    #expect(form.parent == nil)
    #expect(!form.isViewLoaded)
    #expect(h.events.isEmpty)
    #expect(h.tree == before)

    h.scheduler.settle()
    try h.navigator.tryPresentModal(.instance(form), options: .init().embedded(in: embedding))
    h.scheduler.settle()
    #expect(containers.count == 1)
    #expect(form.parent === containers.first)
    #expect(containers.first?.presentingViewController === h.navigation)
    #expect(form.appearanceState == .appeared)
  }

  @Test func theRejectPolicyLeavesAnInstanceToPushEmbeddedOutOfAnyContainer() throws {
    let h = NavigatorHarness(manual: true)
    h.window.transitionRequestPolicy = .reject
    let receipt = try h.navigator.tryPush(.type(Receipt.self))
    h.window.journal.removeAll()
    let before = h.tree
    let form = CardForm()
    let built = Counter()
    let embedding = Embedding.container(named: "Card3D") { content in
      built.hit()
      return Card3D(content: content)
    }

    do {
      try h.navigator.tryPush(.instance(form), options: .init().embedded(in: embedding))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .transitionInProgress)
      #expect(error.screens == [form.screenID, h.navigation.screenID])
    }
    #expect(built.count == 0)
    #expect(form.parent == nil)
    #expect(!form.isViewLoaded)
    #expect(h.events.isEmpty)
    #expect(h.tree == before)
    #expect(h.window.pendingRequests.isEmpty)

    h.scheduler.settle()
    try h.navigator.tryPush(.instance(form), options: .init().embedded(in: embedding))
    h.scheduler.settle()
    #expect(built.count == 1)
    let card = try #require(form.parent as? Card3D)
    #expect(h.navigation.viewControllers.ids == [h.home.screenID, receipt.screenID, card.screenID])
    #expect(form.appearanceState == .appeared)
  }

  // MARK: A navigation controller refuses children

  @Test func aNavigationControllerRefusesAChildThroughThePlainForm() {
    let h = NavigatorHarness()
    let extra = Screen("Extra")
    let before = h.tree
    let configured = Counter()
    let failed = Counter()
    var failure: NavigationError?

    let child = h.navigator.addChild(
      .instance(extra), to: h.navigation,
      options: .init().onFailure {
        failed.hit()
        failure = $0
      }
    ) { _ in configured.hit() }

    let expected = NavigationError(
      .invalidRequest,
      "Can't add Extra to Nav: a navigation controller's children are its stack; push onto it instead.",
      screens: [extra.screenID, h.navigation.screenID])
    #expect(child == nil)
    #expect(failed.count == 1)
    #expect(failure == expected)
    #expect(configured.count == 0)
    #expect(h.events == [.misuse(expected)])
    #expect(h.errors.errors == [expected])
    #expect(h.tree == before)
    #expect(h.navigation.viewControllers.ids == [h.home.screenID])
    #expect(h.navigation.children.count == 1)
    #expect(extra.parent == nil)
    #expect(!extra.isViewLoaded)
  }

  @Test func aNavigationControllerRefusesAChildThroughTheThrowingForm() {
    let h = NavigatorHarness()
    let before = h.tree
    let failed = Counter()
    do {
      try h.navigator.tryAddChild(
        .type(Receipt.self), to: h.navigation, options: .init().onFailure { _ in failed.hit() })
      Issue.record("expected an error")
    } catch {
      #expect(
        error
          == NavigationError(
            .invalidRequest,
            "Can't add a child of type Receipt to Nav: a navigation controller's children are its stack; "
              + "push onto it instead.",
            screens: [h.navigation.screenID]))
    }
    #expect(failed.count == 1)
    #expect(h.events.isEmpty)
    #expect(h.errors.errors.isEmpty)
    #expect(h.tree == before)
    #expect(h.navigation.viewControllers.ids == [h.home.screenID])
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
    let h = NavigatorHarness(manual: true, policy: .trap)
    let form = CardForm()
    try h.navigator.tryPush(.instance(form))
    let failed = Counter()
    let slot = ErrorSlot()
    let task = Task {
      do {
        _ = try await h.navigator.push(.instance(form), options: .init().onFailure { _ in failed.hit() })
        Issue.record("expected an error")
      } catch {
        slot.error = error as? NavigationError
      }
    }
    await h.yield { !h.window.pendingRequests.isEmpty }
    #expect(h.window.pendingRequests == [.push(form.screenID, onto: h.navigation.screenID, animated: true)])
    h.window.journal.removeAll()
    h.scheduler.settle()
    await task.value

    let error = try #require(slot.error)
    #expect(error.code == .duplicatePush)
    #expect(failed.count == 1)
    #expect(h.errors.errors == [error])
    let nav = h.navigation.screenID
    #expect(
      h.events == [
        .viewWillDisappear(h.home.screenID, animated: true), .viewWillAppear(form.screenID, animated: true),
        .willShow(form.screenID, in: nav, animated: true), .viewDidDisappear(h.home.screenID, animated: true),
        .viewDidAppear(form.screenID, animated: true), .didShow(form.screenID, in: nav, animated: true),
        .didMove(form.screenID, toParent: nav), .didPush(form.screenID, onto: nav, animated: true),
        .completion(.push(form.screenID, onto: nav, animated: true)), .misuse(error),
      ])
    #expect(h.navigation.viewControllers.ids == [h.home.screenID, form.screenID])
  }

  @MainActor
  @Test func underTheTrapPolicyTheAsyncPopThrowsALateRefusal() async throws {
    let h = NavigatorHarness(manual: true, policy: .trap)
    try h.navigator.tryPush(.type(Receipt.self))
    try h.navigator.tryPop()
    let failed = Counter()
    let slot = ErrorSlot()
    let task = Task {
      do {
        _ = try await h.navigator.pop(options: .init().onFailure { _ in failed.hit() })
        Issue.record("expected an error")
      } catch {
        slot.error = error as? NavigationError
      }
    }
    await h.yield { h.window.pendingRequests.count >= 2 }
    h.scheduler.settle()
    await task.value

    let error = try #require(slot.error)
    #expect(error.code == .invalidRequest)
    #expect(failed.count == 1)
    #expect(h.errors.errors == [error])
    #expect(h.events.last == .misuse(error))
    #expect(h.navigation.viewControllers.ids == [h.home.screenID])
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
    let h = NavigatorHarness()
    var seen: [String] = []
    let configured = Counter()
    let form = try h.navigator.tryPresentModal(
      .type(CardForm.self), options: .init().embedded(in: .container { Card3D(content: $0) })
    ) { form in
      configured.hit()
      seen.append("parent: \(form.parent?.title ?? "nil")")
      seen.append("loaded: \(form.isViewLoaded)")
      seen.append("state: \(form.appearanceState)")
      seen.append("in window: \(form.view.window != nil)")
      seen.append("events: \(h.events.count)")
    }
    let card = try #require(form.parent as? Card3D)
    #expect(configured.count == 1)
    #expect(
      seen == ["parent: Card3D", "loaded: true", "state: disappeared", "in window: false", "events: 0"])
    // The factory's containment calls and view loading happen before the screen joins the
    // window's journal, so only the appearance and the completion are recorded.
    #expect(
      h.events == [
        .viewWillAppear(card.screenID, animated: true), .viewWillAppear(form.screenID, animated: true),
        .viewDidAppear(card.screenID, animated: true), .viewDidAppear(form.screenID, animated: true),
        .completion(.present(card.screenID, from: h.home.screenID, animated: true)),
      ])
  }

  // MARK: Recorded presentation styles and anchors

  @Test func recordedPopoversDifferByAnchor() throws {
    let h = NavigatorHarness()
    h.navigator.isRecordingRequests = true
    let filter = BarButtonItem(title: "Filter")
    let share = BarButtonItem(title: "Share")
    h.home.navigationItem.rightBarButtonItems = [filter, share]
    let wide = Rect(x: 0, y: 0, width: 100, height: 40)
    let narrow = Rect(x: 0, y: 0, width: 10, height: 40)

    try h.navigator.tryPopover(.type(Receipt.self), anchor: .barButtonItem(filter))
    h.scheduler.settle()
    h.navigation.dismiss(animated: false)
    try h.navigator.tryPopover(.type(Receipt.self), anchor: .barButtonItem(share))
    h.navigation.dismiss(animated: false)
    try h.navigator.tryPopover(.type(Receipt.self), anchor: .view(h.home.view, rect: wide))
    h.navigation.dismiss(animated: false)
    try h.navigator.tryPopover(.type(Receipt.self), anchor: .view(h.home.view, rect: narrow))
    h.navigation.dismiss(animated: false)

    let recorded = h.navigator.recordedRequests
    #expect(
      recorded == [
        .init(.popover, .type("Receipt"), anchor: .barButtonItem(filter)),
        .init(.popover, .type("Receipt"), anchor: .barButtonItem(share)),
        .init(.popover, .type("Receipt"), anchor: .view(h.home.view, rect: wide)),
        .init(.popover, .type("Receipt"), anchor: .view(h.home.view, rect: narrow)),
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
    let h = NavigatorHarness()
    h.navigator.isRecordingRequests = true

    try h.navigator.tryPresentModal(.type(Receipt.self), style: .fullScreen)
    h.navigation.dismiss(animated: false)
    try h.navigator.tryPresentModal(.type(Receipt.self), style: .formSheet)
    h.navigation.dismiss(animated: false)
    try h.navigator.tryPresentModal(.type(Receipt.self))
    h.navigation.dismiss(animated: false)

    let recorded = h.navigator.recordedRequests
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
  }
}
