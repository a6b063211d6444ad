import Testing

@testable import Navigator

@Suite(.exhaustiveStages) struct PresentTests {
  /// What presenting a screen does to its presenter.
  enum PresenterFate {
    /// The presenter disappears under the presented screen.
    case disappears
    /// The presenter stays on screen beneath.
    case staysOnScreen
    /// The style cannot be presented: a screen's own style may not be `none`.
    case notPresentable
  }

  /// What each style does to the presenter, as UIKit documents it: this test's own
  /// statement, which a new style must be added to.
  static func presenterFate(_ style: ModalPresentationStyle) -> PresenterFate {
    switch style {
    case .fullScreen, .currentContext: .disappears
    case .automatic, .pageSheet, .formSheet, .overFullScreen, .overCurrentContext, .custom, .popover:
      .staysOnScreen
    case .none: .notPresentable
    }
  }

  static let coveringStyles = ModalPresentationStyle.allCases.filter { presenterFate($0) == .disappears }
  static let keepingStyles = ModalPresentationStyle.allCases.filter { presenterFate($0) == .staysOnScreen }

  @Test func coveringAndKeepingStylesPartitionEveryPresentableStyle() {
    #expect(Set(Self.coveringStyles).isDisjoint(with: Self.keepingStyles))
    #expect(
      Set(Self.coveringStyles + Self.keepingStyles)
        == Set(ModalPresentationStyle.allCases).subtracting([.none]))
    #expect(Self.coveringStyles.count + Self.keepingStyles.count == ModalPresentationStyle.allCases.count - 1)
    // The engine's own classification agrees with this test's.
    #expect(Self.coveringStyles.allSatisfy { $0.removesPresenter })
    #expect(!Self.keepingStyles.contains { $0.removesPresenter })
  }

  private func makePresented(_ style: ModalPresentationStyle, anchorIn root: Screen) -> Screen {
    let presented = Screen("P")
    presented.modalPresentationStyle = style
    if style == .popover {
      presented.popoverPresentationController?.anchor = .view(root.view, rect: .zero)
    }
    return presented
  }

  @Test(arguments: coveringStyles)
  func presentCoveringStyleAtTheThreeStops(style: ModalPresentationStyle) {
    let stage = Stage(.screen(Screen("A")))
    let a = stage.root.screenID
    let presented = makePresented(style, anchorIn: stage.root)
    let p = presented.screenID
    let done = Counter()
    stage.root.present(presented, animated: true) { done.hit() }

    #expect(stage.take() == [.viewDidLoad(p)])
    #expect(stage.root.presentedViewController === presented)
    #expect(presented.presentingViewController === stage.root)
    #expect(presented.view.window === stage.window)
    #expect(stage.root.view.window == nil)
    #expect(presented.presentationController?.adaptivePresentationStyle == style)

    stage.scheduler.runLoopTurn()
    #expect(stage.take() == [.viewWillDisappear(a, animated: true), .viewWillAppear(p, animated: true)])
    #expect(done.count == 0)

    stage.scheduler.finishTransitions()
    #expect(
      stage.take() == [
        .viewDidDisappear(a, animated: true), .viewDidAppear(p, animated: true),
        .completion(.present(p, from: a, animated: true)),
      ])
    #expect(done.count == 1)
    #expect(stage.root.appearanceState == .disappeared)
    #expect(presented.appearanceState == .appeared)
  }

  @Test(arguments: keepingStyles)
  func presentStyleThatKeepsThePresenterAtTheThreeStops(style: ModalPresentationStyle) {
    let stage = Stage(.screen(Screen("A")))
    let a = stage.root.screenID
    let presented = makePresented(style, anchorIn: stage.root)
    let p = presented.screenID
    let done = Counter()
    stage.root.present(presented, animated: true) { done.hit() }

    #expect(stage.take() == [.viewDidLoad(p)])
    #expect(stage.root.presentedViewController === presented)
    #expect(stage.root.view.window === stage.window)
    #expect(presented.view.window === stage.window)
    let expectedStyle: ModalPresentationStyle = style == .automatic ? .pageSheet : style
    #expect(presented.presentationController?.adaptivePresentationStyle == expectedStyle)

    stage.scheduler.runLoopTurn()
    #expect(stage.take() == [.viewWillAppear(p, animated: true)])

    stage.scheduler.finishTransitions()
    #expect(
      stage.take() == [
        .viewDidAppear(p, animated: true), .completion(.present(p, from: a, animated: true)),
      ])
    #expect(done.count == 1)
    #expect(stage.root.appearanceState == .appeared)
  }

  @Test(arguments: coveringStyles + keepingStyles)
  func dismissAtTheThreeStops(style: ModalPresentationStyle) {
    let stage = Stage(.screen(Screen("A")))
    let a = stage.root.screenID
    let presented = makePresented(style, anchorIn: stage.root)
    let p = presented.screenID
    stage.root.present(presented, animated: true)
    stage.settleQuietly()
    let covering = Self.coveringStyles.contains(style)
    let done = Counter()

    presented.dismiss(animated: true) { done.hit() }
    #expect(stage.take() == [])
    #expect(stage.root.presentedViewController == nil)
    #expect(presented.presentingViewController == nil)
    #expect(presented.view.window == nil)
    #expect(stage.root.view.window === stage.window)

    stage.scheduler.runLoopTurn()
    #expect(
      stage.take()
        == [.viewWillDisappear(p, animated: true)]
        + (covering ? [.viewWillAppear(a, animated: true)] : []))

    stage.scheduler.finishTransitions()
    #expect(
      stage.take()
        == [.viewDidDisappear(p, animated: true)]
        + (covering ? [.viewDidAppear(a, animated: true)] : [])
        + [.completion(.dismiss(p, animated: true))])
    #expect(done.count == 1)
    #expect(stage.root.appearanceState == .appeared)
  }

  @Test func notAnimatedDeliversEverythingOnTheRunLoopTurn() {
    let stage = Stage(.screen(Screen("A")))
    let a = stage.root.screenID
    let presented = Screen("P")
    presented.modalPresentationStyle = .fullScreen
    let p = presented.screenID
    stage.root.present(presented, animated: false)
    #expect(stage.take() == [.viewDidLoad(p)])
    stage.scheduler.runLoopTurn()
    #expect(
      stage.take() == [
        .viewWillDisappear(a, animated: false), .viewWillAppear(p, animated: false),
        .viewDidDisappear(a, animated: false), .viewDidAppear(p, animated: false),
      ])
    #expect(stage.scheduler.hasPendingWork == false)
  }

  @Test func immediateSchedulerDeliversInsideTheCall() {
    let stage = Stage(.screen(Screen("A")), scheduler: .immediate, misuse: .trap)
    let root = stage.root
    let presented = Screen("P")
    presented.modalPresentationStyle = .fullScreen
    let (a, p) = (root.screenID, presented.screenID)
    let done = Counter()
    root.present(presented, animated: true) { done.hit() }
    stage.expect(
      [
        .viewDidLoad(p), .viewWillDisappear(a, animated: true), .viewWillAppear(p, animated: true),
        .viewDidDisappear(a, animated: true), .viewDidAppear(p, animated: true),
        .completion(.present(p, from: a, animated: true)),
      ])
    #expect(done.count == 1)
  }

  @Test func beingPresentedAndDismissedOnlyDuringTheirCallbacks() {
    let stage = Stage(.screen(Screen("A")))
    let probe = FlagProbe("P")
    probe.modalPresentationStyle = .fullScreen
    stage.root.present(probe, animated: true)
    stage.scheduler.settle()
    #expect(probe.isBeingPresented == false)
    probe.dismiss(animated: true)
    stage.scheduler.settle()
    #expect(probe.isBeingDismissed == false)
    #expect(
      probe.log == [
        "willAppear presented=true dismissed=false", "didAppear presented=true dismissed=false",
        "willDisappear presented=false dismissed=true", "didDisappear presented=false dismissed=true",
      ])
    stage.discardEvents()  // presentCoveringStyleAtTheThreeStops checks this order
  }

  @Test func requestsDuringAPresentationQueue() {
    let stage = Stage(.screen(Screen("A")))
    let a = stage.root.screenID
    let presented = Screen("P")
    let p = presented.screenID
    stage.root.present(presented, animated: true)
    stage.root.dismiss(animated: true)
    #expect(stage.window.pendingRequests == [.dismiss(a, animated: true)])
    #expect(stage.root.presentedViewController === presented)
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewDidLoad(p), .viewWillAppear(p, animated: true), .viewDidAppear(p, animated: true),
        .viewWillDisappear(p, animated: true), .viewDidDisappear(p, animated: true),
      ])
    #expect(stage.root.presentedViewController == nil)
  }
}
