import Navigator
import Testing

/// The eleven pitfalls the seed Navigator took care of, one test each.
@Suite(.exhaustiveStages) struct NavigatorPitfallTests {
  @Test func pitfall1ScreensComeFromASceneCatalogue() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let form = try stage.navigator.tryPush(.scene("card", in: mainStoryboard, as: CardForm.self))
    let receipt = try stage.navigator.tryPush(.initialScene(of: mainStoryboard, as: CardForm.self))
    #expect(stage.navigation.viewControllers.ids == [stage.root.screenID, form.screenID, receipt.screenID])
    stage.discardEvents()  // the catalogue is the subject; StackOrderTests checks pushes
  }

  @Test func pitfall2PresentedScreensCanBeWrappedInANavigationController() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let receipt = try stage.navigator.tryPresentModal(
      .type(Receipt.self), options: .init().embedded(in: .navigationController))
    let wrapper = try #require(stage.navigation.presentedViewController as? NavigationController)
    #expect(wrapper.viewControllers.ids == [receipt.screenID])
    #expect(receipt.navigationController === wrapper)
    #expect(receipt.appearanceState == .appeared)
    // The wrapper is loaded after the screen, and shows it when it appears.
    let stack = wrapper.screenID
    stage.expect([
      .load(receipt), .load(wrapper), .willAppear(wrapper, animated: true),
      .willAppear(receipt, animated: true),
      .willShow(receipt.screenID, in: stack, animated: true),
      .didShow(receipt.screenID, in: stack, animated: true),
      .didAppear(wrapper, animated: true), .didAppear(receipt, animated: true),
      .completion(.present(stack, from: stage.root.screenID, animated: true)),
    ])
  }

  @Test func pitfall3OneShapeForEveryKindOfNavigation() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    var log: [String] = []
    func configure(_ kind: String) -> (ViewController) -> Void { { _ in log.append("configure \(kind)") } }
    func completion(_ kind: String) -> (ViewController) -> Void { { _ in log.append("done \(kind)") } }
    let item = BarButtonItem(title: "More")
    stage.root.navigationItem.rightBarButtonItem = item

    let dashboard = try stage.navigator.tryPush(
      .make { ViewController() }, options: .init().completion(completion("push")),
      configure: configure("push"))
    let child = try stage.navigator.tryAddChild(
      .make { ViewController() }, to: dashboard, options: .init().completion(completion("add")),
      configure: configure("add"))
    try stage.navigator.tryRemoveChild(child, options: .init().completion(completion("remove")))
    let modal = try stage.navigator.tryPresentModal(
      .make { ViewController() }, options: .init().completion(completion("modal")),
      configure: configure("modal"))
    modal.dismiss(animated: false)
    try stage.navigator.tryPopover(
      .make { ViewController() }, anchor: .view(dashboard.view, rect: .zero),
      options: .init().completion(completion("popover")), configure: configure("popover"))

    #expect(
      log == [
        "configure push", "done push", "configure add", "done add", "done remove", "configure modal",
        "done modal", "configure popover", "done popover",
      ])
    stage.discardEvents()  // the callbacks' order is the subject; other suites check each navigation
  }

  @Test func pitfall4ACatalogueWithoutAnInitialSceneFailsNamingIt() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let catalogue = Storyboard(name: "Onboarding", scenes: [Storyboard.Scene("card") { CardForm() }])
    let before = stage.tree
    #expect(throws: NavigationError.self) {
      try stage.navigator.tryPush(.initialScene(of: catalogue, as: CardForm.self))
    }
    do {
      try stage.navigator.tryPush(.initialScene(of: catalogue, as: CardForm.self))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .noInitialScene)
      #expect(error.message.contains("\"Onboarding\""))
    }
    #expect(stage.tree == before)
    stage.expect([])
  }

  @Test func pitfall5ASceneOfAnotherTypeFailsNamingBothTypes() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let before = stage.tree
    do {
      try stage.navigator.tryPush(.scene("receipt", in: mainStoryboard, as: CardForm.self))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .sceneTypeMismatch)
      #expect(
        error.message
          == "Scene \"receipt\" of storyboard \"Main\" makes a Receipt, not the CardForm the caller asked for."
      )
    }
    #expect(stage.tree == before)
    stage.expect([])
  }

  @Test func pitfall6TheCallerConfiguresTheTypedScreenBeforeItIsShownThenHearsCompletion() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    var seenAtConfigure: [NavigationEvent]?
    var seenAtCompletion: [NavigationEvent]?
    let form = try stage.navigator.tryPush(
      .type(CardForm.self),
      options: .init().completion { _ in seenAtCompletion = stage.window.journal.events },
      configure: { (form: CardForm) in
        seenAtConfigure = stage.window.journal.events
        form.title = "Pay"
      })
    let id = form.screenID
    let nav = stage.navigation.screenID
    let home = stage.root.screenID
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
    #expect(stage.take() == seenAtCompletion)
    #expect(form.title == "Pay")
  }

  @Test func pitfall6AlsoHoldsForAWrappedModalUnderTheManualScheduler() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    var seenAtConfigure: [NavigationEvent]?
    let done = Counter()
    let help = try stage.navigator.tryPresentModal(
      .type(Receipt.self), style: .fullScreen,
      options: .init().embedded(in: .navigationController).completion { _ in done.hit() },
      configure: { _ in seenAtConfigure = stage.window.journal.events })
    let wrapper = try #require(help.navigationController)
    let id = help.screenID
    let nav = stage.navigation.screenID
    #expect(seenAtConfigure == [.viewDidLoad(id)])
    #expect(stage.take() == [.viewDidLoad(id), .viewDidLoad(wrapper.screenID)])
    stage.scheduler.runLoopTurn()
    #expect(done.count == 0)
    stage.scheduler.finishTransitions()
    #expect(done.count == 1)
    #expect(
      stage.take() == [
        .viewWillDisappear(nav, animated: true),
        .viewWillDisappear(stage.root.screenID, animated: true),
        .viewWillAppear(wrapper.screenID, animated: true),
        .viewWillAppear(id, animated: true),
        .willShow(id, in: wrapper.screenID, animated: true),
        .didShow(id, in: wrapper.screenID, animated: true),
        .viewDidDisappear(nav, animated: true),
        .viewDidDisappear(stage.root.screenID, animated: true),
        .viewDidAppear(wrapper.screenID, animated: true),
        .viewDidAppear(id, animated: true),
        .completion(.present(wrapper.screenID, from: stage.root.screenID, animated: true)),
      ])
  }

  @Test func pitfall7PopoversGetTheirStyleAndADelegateThatKeepsThemPopovers() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    stage.window.traitCollection = TraitCollection(horizontalSizeClass: .compact)
    let item = BarButtonItem(title: "Filter")
    stage.root.navigationItem.rightBarButtonItem = item

    let kept = try stage.navigator.tryPopover(
      .type(Receipt.self), anchor: .barButtonItem(item), keepsPopoverOnCompactWidth: true)
    #expect(kept.modalPresentationStyle == .popover)
    #expect(kept.popoverPresentationController?.delegate != nil)
    #expect(kept.popoverPresentationController?.isShownAsPopover == true)
    kept.dismiss(animated: false)

    let adapted = try stage.navigator.tryPopover(.type(Receipt.self), anchor: .barButtonItem(item))
    #expect(adapted.modalPresentationStyle == .popover)
    #expect(adapted.popoverPresentationController?.isShownAsPopover == false)
    stage.discardEvents()  // PopoverTests checks the order of an adapted popover
  }

  @Test func pitfall8PopoverAnchorsAreABarButtonItemOrAViewAndRect() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let item = BarButtonItem(title: "Filter")
    stage.root.navigationItem.rightBarButtonItem = item
    let rect = Rect(x: 10, y: 20, width: 30, height: 40)

    let fromItem = try stage.navigator.tryPopover(.type(Receipt.self), anchor: .barButtonItem(item))
    guard case .barButtonItem(let anchorItem) = fromItem.popoverPresentationController?.anchor else {
      Issue.record("expected a bar button anchor")
      return
    }
    #expect(anchorItem === item)
    fromItem.dismiss(animated: false)

    let fromView = try stage.navigator.tryPopover(
      .type(Receipt.self), anchor: .view(stage.root.view, rect: rect))
    guard case .view(let anchorView, let anchorRect) = fromView.popoverPresentationController?.anchor else {
      Issue.record("expected a view anchor")
      return
    }
    #expect(anchorView === stage.root.view)
    #expect(anchorRect == rect)
    #expect(fromView.appearanceState == .appeared)
    stage.discardEvents()  // anchors are the subject; PopoverTests checks the order
  }

  @Test func pitfall9ScreensAreFullyLoadedBeforeConfiguration() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    var loadedAtConfigure: [Bool] = []
    try stage.navigator.tryPush(.type(CardForm.self)) { (form: CardForm) in
      loadedAtConfigure = [
        form.isViewLoaded, form.viewDidLoadCount == 1, form.appearanceState == .disappeared,
      ]
    }
    #expect(loadedAtConfigure == [true, true, true])
    stage.discardEvents()  // pitfall6 checks the order around configure
  }

  @Test func pitfall10AScreenWithoutBackgroundGetsTheDefaultOneBeforeItIsShown() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    var backgroundAtConfigure: Color? = .clear
    let plain = try stage.navigator.tryPush(.type(Receipt.self)) {
      backgroundAtConfigure = $0.view.backgroundColor
    }
    #expect(backgroundAtConfigure == nil)
    #expect(plain.view.backgroundColor == .systemBackground)
    let tinted = try stage.navigator.tryPush(.type(Tinted.self))
    #expect(tinted.view.backgroundColor == .black)
    stage.discardEvents()  // backgrounds are the subject; StackOrderTests checks pushes
  }

  @Test func pitfall11ContainmentCallsAreMatchedForTheCaller() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let panel = View()
    stage.root.view.addSubview(panel)
    stage.discardEvents()

    let child = try stage.navigator.tryAddChild(.type(Receipt.self), to: stage.root, in: panel)
    let id = child.screenID
    let home = stage.root.screenID
    #expect(
      stage.take() == [
        .viewDidLoad(id), .willMove(id, toParent: home), .viewWillAppear(id, animated: false),
        .viewDidAppear(id, animated: false), .didMove(id, toParent: home),
      ])
    #expect(child.view.superview === panel)

    try stage.navigator.tryRemoveChild(child)
    #expect(
      stage.take() == [
        .willMove(id, toParent: nil), .viewWillDisappear(id, animated: false),
        .viewDidDisappear(id, animated: false), .didMove(id, toParent: nil),
      ])
    #expect(child.parent == nil)
    #expect(child.viewIfLoaded?.superview == nil)
  }
}
