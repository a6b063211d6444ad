import Navigator
import Testing

@Suite(.exhaustiveStages) struct ChainTests {
  /// A presents B, B presents C, both in `style`, settled.
  private func chain(
    _ style: ModalPresentationStyle, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (Stage, Screen, Screen) {
    let stage = Stage(.screen(Screen("A")), sourceLocation: sourceLocation)
    let b = Screen("B")
    let c = Screen("C")
    b.modalPresentationStyle = style
    c.modalPresentationStyle = style
    stage.root.present(b, animated: true)
    stage.scheduler.settle()
    b.present(c, animated: true)
    stage.settleQuietly()
    return (stage, b, c)
  }

  @Test func dismissingTheLeafKeepsTheMiddle() {
    let (stage, b, c) = chain(.fullScreen)
    c.dismiss(animated: true)
    #expect(stage.root.presentedViewController === b)
    #expect(b.presentedViewController == nil)
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewWillDisappear(c.screenID, animated: true), .viewWillAppear(b.screenID, animated: true),
        .viewDidDisappear(c.screenID, animated: true), .viewDidAppear(b.screenID, animated: true),
      ])
  }

  @Test func dismissOnTheMiddleRemovesWhatItPresented() {
    let (stage, b, c) = chain(.fullScreen)
    let done = Counter()
    b.dismiss(animated: true) { done.hit() }
    #expect(stage.root.presentedViewController === b)
    #expect(b.presentedViewController == nil)
    #expect(c.presentingViewController == nil)
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewWillDisappear(c.screenID, animated: true), .viewWillAppear(b.screenID, animated: true),
        .viewDidDisappear(c.screenID, animated: true), .viewDidAppear(b.screenID, animated: true),
        .completion(.dismiss(b.screenID, animated: true)),
      ])
    #expect(done.count == 1)
  }

  @Test func dismissingTheRootClearsTheChainAndOnlyTheTopAnimates() {
    let (stage, b, c) = chain(.fullScreen)
    let a = stage.root.screenID
    stage.root.dismiss(animated: true)
    #expect(stage.root.presentedViewController == nil)
    #expect(b.presentingViewController == nil)
    #expect(c.presentingViewController == nil)
    #expect(stage.window.subviews.map { $0 === stage.root.view } == [true])
    stage.scheduler.runLoopTurn()
    // B is covered by C (already disappeared): it gets nothing.
    #expect(
      stage.take() == [.viewWillDisappear(c.screenID, animated: true), .viewWillAppear(a, animated: true)])
    stage.scheduler.finishTransitions()
    #expect(
      stage.take() == [.viewDidDisappear(c.screenID, animated: true), .viewDidAppear(a, animated: true)])
  }

  @Test func dismissingTheRootOfASheetChainDisappearsEveryShownSheet() {
    let (stage, b, c) = chain(.pageSheet)
    stage.root.dismiss(animated: true)
    stage.scheduler.runLoopTurn()
    #expect(
      stage.take() == [
        .viewWillDisappear(c.screenID, animated: true), .viewWillDisappear(b.screenID, animated: false),
      ])
    stage.scheduler.finishTransitions()
    #expect(
      stage.take() == [
        .viewDidDisappear(c.screenID, animated: true), .viewDidDisappear(b.screenID, animated: false),
      ])
    #expect(stage.root.appearanceState == .appeared)
  }

  @Test func dismissedScreensAreReleased() {
    let stage = Stage(.screen(Screen("A")))
    weak var weakB: Screen?
    weak var weakC: Screen?
    do {
      let b = Screen("B")
      let c = Screen("C")
      c.modalPresentationStyle = .popover
      c.popoverPresentationController?.anchor = .view(b.view, rect: .zero)
      _ = c.presentationController
      weakB = b
      weakC = c
      stage.root.present(b, animated: true)
      stage.scheduler.settle()
      b.present(c, animated: true)
      stage.scheduler.settle()
      stage.root.dismiss(animated: true)
      stage.scheduler.settle()
    }
    #expect(weakB == nil)
    #expect(weakC == nil)
    stage.discardEvents()  // a leak test: ChainTests' other tests check the order
  }

  @Test func replacingTheRootTearsDownThePresentedChain() {
    let stage = Stage(.screen(Screen("A")))
    weak var weakP: Screen?
    let newRoot = Screen("N")
    do {
      let presented = Screen("P")
      presented.modalPresentationStyle = .fullScreen
      weakP = presented
      stage.root.present(presented, animated: true)
      stage.settleQuietly()
      let p = presented.screenID
      stage.window.rootViewController = newRoot
      #expect(stage.take() == [.viewDidLoad(newRoot.screenID)])
      #expect(stage.root.presentedViewController == nil)
      #expect(presented.presentingViewController == nil)
      #expect(presented.view.window == nil)
      stage.scheduler.runLoopTurn()
      #expect(
        stage.take() == [
          .viewWillDisappear(p, animated: false), .viewWillAppear(newRoot.screenID, animated: false),
          .viewDidDisappear(p, animated: false), .viewDidAppear(newRoot.screenID, animated: false),
        ])
    }
    #expect(weakP == nil)
    #expect(stage.window.subviews.map { $0 === newRoot.view } == [true])
  }
}

@Suite(.exhaustiveStages) struct RoutingTests {
  /// Root R contains C, whose view is inside R's view; settled on screen.
  private func containerStage(
    contextDefinedByChild: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (Stage, Screen) {
    let stage = Stage(.screen(Screen("R")), sourceLocation: sourceLocation)
    let child = Screen("C")
    child.definesPresentationContext = contextDefinedByChild
    stage.root.addChild(child)
    stage.root.view.addSubview(child.view)
    child.didMove(toParent: stage.root)
    stage.settleQuietly()
    return (stage, child)
  }

  @Test func aChildPresentsFullScreenThroughTheScreenThatCoversTheWindow() {
    let (stage, child) = containerStage()
    let presented = Screen("P")
    presented.modalPresentationStyle = .fullScreen
    let (r, c, p) = (stage.root.screenID, child.screenID, presented.screenID)
    child.present(presented, animated: true)
    #expect(child.presentedViewController === presented)
    #expect(stage.root.presentedViewController === presented)
    #expect(presented.presentingViewController === stage.root)
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewDidLoad(p),
        .viewWillDisappear(r, animated: true), .viewWillDisappear(c, animated: true),
        .viewWillAppear(p, animated: true),
        .viewDidDisappear(r, animated: true), .viewDidDisappear(c, animated: true),
        .viewDidAppear(p, animated: true),
      ])
    child.dismiss(animated: true)
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewWillDisappear(p, animated: true),
        .viewWillAppear(r, animated: true), .viewWillAppear(c, animated: true),
        .viewDidDisappear(p, animated: true),
        .viewDidAppear(r, animated: true), .viewDidAppear(c, animated: true),
      ])
  }

  @Test func currentContextIsPresentedByTheScreenThatDefinesIt() {
    let (stage, child) = containerStage(contextDefinedByChild: true)
    let presented = Screen("P")
    presented.modalPresentationStyle = .currentContext
    let (c, p) = (child.screenID, presented.screenID)
    child.present(presented, animated: false)
    #expect(presented.presentingViewController === child)
    #expect(stage.root.presentedViewController == nil)
    #expect(presented.view.superview === stage.root.view)
    #expect(child.view.superview == nil)
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewDidLoad(p), .viewWillDisappear(c, animated: false), .viewWillAppear(p, animated: false),
        .viewDidDisappear(c, animated: false), .viewDidAppear(p, animated: false),
      ])
    #expect(stage.root.appearanceState == .appeared)
    presented.dismiss(animated: false)
    #expect(child.view.superview === stage.root.view)
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewWillDisappear(p, animated: false), .viewWillAppear(c, animated: false),
        .viewDidDisappear(p, animated: false), .viewDidAppear(c, animated: false),
      ])
  }

  @Test func withoutADefinedContextTheRootOfTheTreePresents() {
    let (stage, child) = containerStage()
    let presented = Screen("P")
    presented.modalPresentationStyle = .overCurrentContext
    child.present(presented, animated: true)
    #expect(presented.presentingViewController === stage.root)
    #expect(child.presentedViewController === presented)
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewDidLoad(presented.screenID), .viewWillAppear(presented.screenID, animated: true),
        .viewDidAppear(presented.screenID, animated: true),
      ])
  }
}

@Suite(.exhaustiveStages) struct WindowVisibilityTests {
  @Test func hidingAndShowingTheWindowReachesTheScreensItShows() {
    let stage = Stage(.screen(Screen("A")))
    let full = Screen("Full")
    full.modalPresentationStyle = .fullScreen
    let sheet = Screen("Sheet")
    stage.root.present(full, animated: false)
    stage.scheduler.settle()
    full.present(sheet, animated: false)
    stage.settleQuietly()
    let (f, s) = (full.screenID, sheet.screenID)
    stage.window.isHidden = true
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewWillDisappear(s, animated: false), .viewWillDisappear(f, animated: false),
        .viewDidDisappear(s, animated: false), .viewDidDisappear(f, animated: false),
      ])
    stage.window.isHidden = false
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewWillAppear(f, animated: false), .viewWillAppear(s, animated: false),
        .viewDidAppear(f, animated: false), .viewDidAppear(s, animated: false),
      ])
    #expect(stage.root.appearanceState == .disappeared)
  }
}
