import Navigator
import Testing

/// The eleven pitfalls the seed Navigator took care of, one test each.
@Suite struct NavigatorPitfallTests {
  @Test func pitfall1ScreensComeFromASceneCatalogue() throws {
    let h = NavigatorHarness()
    let form = try h.navigator.tryPush(.scene("card", in: mainStoryboard, as: CardForm.self))
    let receipt = try h.navigator.tryPush(.initialScene(of: mainStoryboard, as: CardForm.self))
    #expect(h.navigation.viewControllers.ids == [h.home.screenID, form.screenID, receipt.screenID])
  }

  @Test func pitfall2PresentedScreensCanBeWrappedInANavigationController() throws {
    let h = NavigatorHarness()
    let receipt = try h.navigator.tryPresentModal(
      .type(Receipt.self), options: .init().embeddedInNavigationController())
    let wrapper = try #require(h.navigation.presentedViewController as? NavigationController)
    #expect(wrapper.viewControllers.ids == [receipt.screenID])
    #expect(receipt.navigationController === wrapper)
    #expect(receipt.appearanceState == .appeared)
  }

  @Test func pitfall3OneShapeForEveryKindOfNavigation() throws {
    let h = NavigatorHarness()
    var log: [String] = []
    func configure(_ kind: String) -> (ViewController) -> Void { { _ in log.append("configure \(kind)") } }
    func completion(_ kind: String) -> (ViewController) -> Void { { _ in log.append("done \(kind)") } }
    let item = BarButtonItem(title: "More")
    h.home.navigationItem.rightBarButtonItem = item

    let dashboard = try h.navigator.tryPush(
      .make { ViewController() }, configure: configure("push"), completion: completion("push"))
    let child = try h.navigator.tryAddChild(
      .make { ViewController() }, to: dashboard, configure: configure("add"), completion: completion("add"))
    try h.navigator.tryRemoveChild(child, completion: completion("remove"))
    let modal = try h.navigator.tryPresentModal(
      .make { ViewController() }, configure: configure("modal"), completion: completion("modal"))
    modal.dismiss(animated: false)
    try h.navigator.tryPopover(
      .make { ViewController() }, anchor: .view(dashboard.view, rect: .zero), configure: configure("popover"),
      completion: completion("popover"))

    #expect(
      log == [
        "configure push", "done push", "configure add", "done add", "done remove", "configure modal",
        "done modal", "configure popover", "done popover",
      ])
  }

  @Test func pitfall4ACatalogueWithoutAnInitialSceneFailsNamingIt() {
    let h = NavigatorHarness()
    let catalogue = Storyboard(name: "Onboarding", scenes: [Storyboard.Scene("card") { CardForm() }])
    let before = h.tree
    #expect(throws: NavigationError.self) {
      try h.navigator.tryPush(.initialScene(of: catalogue, as: CardForm.self))
    }
    do {
      try h.navigator.tryPush(.initialScene(of: catalogue, as: CardForm.self))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .noInitialScene)
      #expect(error.message.contains("\"Onboarding\""))
    }
    #expect(h.tree == before)
    #expect(h.events.isEmpty)
  }

  @Test func pitfall5ASceneOfAnotherTypeFailsNamingBothTypes() {
    let h = NavigatorHarness()
    let before = h.tree
    do {
      try h.navigator.tryPush(.scene("receipt", in: mainStoryboard, as: CardForm.self))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .sceneTypeMismatch)
      #expect(
        error.message
          == "Scene \"receipt\" of storyboard \"Main\" makes a Receipt, not the CardForm the caller asked for."
      )
    }
    #expect(h.tree == before)
    #expect(h.events.isEmpty)
  }

  @Test func pitfall6TheCallerConfiguresTheTypedScreenBeforeItIsShownThenHearsCompletion() throws {
    let h = NavigatorHarness()
    var seenAtConfigure: [NavigationEvent]?
    var seenAtCompletion: [NavigationEvent]?
    let form = try h.navigator.tryPush(
      .type(CardForm.self),
      configure: { (form: CardForm) in
        seenAtConfigure = h.events
        form.title = "Pay"
      },
      completion: { _ in seenAtCompletion = h.events })
    let id = form.screenID
    let nav = h.navigation.screenID
    let home = h.home.screenID
    #expect(seenAtConfigure == [.viewDidLoad(id)])
    let expected: [NavigationEvent] = [
      .viewDidLoad(id),
      .willPush(id, onto: nav, animated: true),
      .willMove(id, toParent: nav),
      .viewWillDisappear(home, animated: true),
      .viewWillAppear(id, animated: true),
      .willShow(id, in: nav, animated: true),
      .viewDidDisappear(home, animated: true),
      .viewDidAppear(id, animated: true),
      .didShow(id, in: nav, animated: true),
      .didMove(id, toParent: nav),
      .didPush(id, onto: nav, animated: true),
    ]
    // The journal records the completion just before running it.
    #expect(seenAtCompletion == expected + [.completion(.push(id, onto: nav, animated: true))])
    #expect(h.events == seenAtCompletion)
    #expect(form.title == "Pay")
  }

  @Test func pitfall6AlsoHoldsForAWrappedModalUnderTheManualScheduler() throws {
    let h = NavigatorHarness(manual: true)
    var seenAtConfigure: [NavigationEvent]?
    let done = Counter()
    let help = try h.navigator.tryPresentModal(
      .type(Receipt.self), style: .fullScreen, options: .init().embeddedInNavigationController(),
      configure: { _ in seenAtConfigure = h.events }, completion: { _ in done.hit() })
    let wrapper = try #require(help.navigationController)
    let id = help.screenID
    let nav = h.navigation.screenID
    #expect(seenAtConfigure == [.viewDidLoad(id)])
    #expect(h.take() == [.viewDidLoad(id), .viewDidLoad(wrapper.screenID)])
    h.scheduler.runLoopTurn()
    #expect(done.count == 0)
    h.scheduler.finishTransitions()
    #expect(done.count == 1)
    #expect(
      h.take() == [
        .viewWillDisappear(nav, animated: true),
        .viewWillDisappear(h.home.screenID, animated: true),
        .viewWillAppear(wrapper.screenID, animated: true),
        .viewWillAppear(id, animated: true),
        .willShow(id, in: wrapper.screenID, animated: true),
        .didShow(id, in: wrapper.screenID, animated: true),
        .viewDidDisappear(nav, animated: true),
        .viewDidDisappear(h.home.screenID, animated: true),
        .viewDidAppear(wrapper.screenID, animated: true),
        .viewDidAppear(id, animated: true),
        .completion(.present(wrapper.screenID, from: h.home.screenID, animated: true)),
      ])
  }

  @Test func pitfall7PopoversGetTheirStyleAndADelegateThatKeepsThemPopovers() throws {
    let h = NavigatorHarness()
    h.window.traitCollection = TraitCollection(horizontalSizeClass: .compact)
    let item = BarButtonItem(title: "Filter")
    h.home.navigationItem.rightBarButtonItem = item

    let kept = try h.navigator.tryPopover(
      .type(Receipt.self), anchor: .barButtonItem(item), keepsPopoverOnCompactWidth: true)
    #expect(kept.modalPresentationStyle == .popover)
    #expect(kept.popoverPresentationController?.delegate != nil)
    #expect(kept.popoverPresentationController?.isShownAsPopover == true)
    kept.dismiss(animated: false)

    let adapted = try h.navigator.tryPopover(.type(Receipt.self), anchor: .barButtonItem(item))
    #expect(adapted.modalPresentationStyle == .popover)
    #expect(adapted.popoverPresentationController?.isShownAsPopover == false)
  }

  @Test func pitfall8PopoverAnchorsAreABarButtonItemOrAViewAndRect() throws {
    let h = NavigatorHarness()
    let item = BarButtonItem(title: "Filter")
    h.home.navigationItem.rightBarButtonItem = item
    let rect = Rect(x: 10, y: 20, width: 30, height: 40)

    let fromItem = try h.navigator.tryPopover(.type(Receipt.self), anchor: .barButtonItem(item))
    guard case .barButtonItem(let anchorItem) = fromItem.popoverPresentationController?.anchor else {
      Issue.record("expected a bar button anchor")
      return
    }
    #expect(anchorItem === item)
    fromItem.dismiss(animated: false)

    let fromView = try h.navigator.tryPopover(.type(Receipt.self), anchor: .view(h.home.view, rect: rect))
    guard case .view(let anchorView, let anchorRect) = fromView.popoverPresentationController?.anchor else {
      Issue.record("expected a view anchor")
      return
    }
    #expect(anchorView === h.home.view)
    #expect(anchorRect == rect)
    #expect(fromView.appearanceState == .appeared)
  }

  @Test func pitfall9ScreensAreFullyLoadedBeforeConfiguration() throws {
    let h = NavigatorHarness()
    var loadedAtConfigure: [Bool] = []
    try h.navigator.tryPush(.type(CardForm.self)) { (form: CardForm) in
      loadedAtConfigure = [
        form.isViewLoaded, form.viewDidLoadCount == 1, form.appearanceState == .disappeared,
      ]
    }
    #expect(loadedAtConfigure == [true, true, true])
  }

  @Test func pitfall10AScreenWithoutBackgroundGetsTheDefaultOneBeforeItIsShown() throws {
    let h = NavigatorHarness()
    var backgroundAtConfigure: Color? = .clear
    let plain = try h.navigator.tryPush(.type(Receipt.self)) {
      backgroundAtConfigure = $0.view.backgroundColor
    }
    #expect(backgroundAtConfigure == nil)
    #expect(plain.view.backgroundColor == .systemBackground)
    let tinted = try h.navigator.tryPush(.type(Tinted.self))
    #expect(tinted.view.backgroundColor == .black)
  }

  @Test func pitfall11ContainmentCallsAreMatchedForTheCaller() throws {
    let h = NavigatorHarness()
    let panel = View()
    h.home.view.addSubview(panel)
    h.window.journal.removeAll()

    let child = try h.navigator.tryAddChild(.type(Receipt.self), to: h.home, in: panel)
    let id = child.screenID
    let home = h.home.screenID
    #expect(
      h.take() == [
        .viewDidLoad(id), .willMove(id, toParent: home), .viewWillAppear(id, animated: false),
        .viewDidAppear(id, animated: false), .didMove(id, toParent: home),
      ])
    #expect(child.view.superview === panel)

    try h.navigator.tryRemoveChild(child)
    #expect(
      h.take() == [
        .willMove(id, toParent: nil), .viewWillDisappear(id, animated: false),
        .viewDidDisappear(id, animated: false), .didMove(id, toParent: nil),
      ])
    #expect(child.parent == nil)
    #expect(child.viewIfLoaded?.superview == nil)
  }
}
