import Navigator
import Testing

@Suite(.exhaustiveStages) struct ViewLoadingTests {
  @Test func aViewsBackgroundKeepsWhateverColorItIsGiven() {
    let view = View()
    #expect(view.backgroundColor == nil)
    let colors: [Color?] = [
      .systemBackground, .white, .black, .clear, Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4), nil,
    ]
    var seen: [Color?] = []
    for color in colors {
      view.backgroundColor = color
      seen.append(view.backgroundColor)
    }
    #expect(seen == colors)
    view.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
    #expect(view.backgroundColor?.alpha == 0.4)
    #expect(view.backgroundColor?.red == 0.1)
  }

  @Test func isViewLoadedAndViewIfLoadedNeverLoad() {
    let screen = ProbeScreen("Lazy")
    #expect(!screen.isViewLoaded)
    #expect(screen.viewIfLoaded == nil)
    #expect(!screen.isViewLoaded)
    #expect(screen.loadViewCount == 0)
    #expect(screen.viewDidLoadCount == 0)
  }

  @Test func readingViewLoadsOnceThenViewDidLoadOnce() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let root = Screen("Root")
    window.rootViewController = root
    let screen = ProbeScreen("Lazy")
    root.addChild(screen)
    stage.expect([.load(root), .willMove(screen, to: root)])
    let first = screen.view
    let second = screen.view
    #expect(first === second)
    #expect(screen.isViewLoaded)
    #expect(screen.viewIfLoaded === first)
    #expect(screen.loadViewCount == 1)
    #expect(screen.viewDidLoadCount == 1)
    stage.expect([.load(screen)])
  }

  @Test func loadViewIfNeededLoadsOnlyWhenNotLoaded() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let root = ProbeScreen("Root")
    window.rootViewController = root
    stage.expect([.load(root)])
    root.loadViewIfNeeded()
    #expect(root.loadViewCount == 1)
    #expect(root.viewDidLoadCount == 1)
    stage.expect([])

    let other = ProbeScreen("Other")
    root.addChild(other)
    other.loadViewIfNeeded()
    other.loadViewIfNeeded()
    #expect(other.loadViewCount == 1)
    #expect(other.viewDidLoadCount == 1)
    stage.expect([.willMove(other, to: root), .load(other)])
  }

  @Test func loadViewMayInstallItsOwnView() {
    let custom = View()
    let screen = ProbeScreen("Custom", customView: custom)
    #expect(screen.view === custom)
    #expect(screen.loadViewCount == 1)
    #expect(screen.viewDidLoadCount == 1)
  }

  @Test func assigningAViewInstallsItWithoutLoading() {
    let screen = ProbeScreen("Assigned")
    let assigned = View()
    screen.view = assigned
    #expect(screen.isViewLoaded)
    #expect(screen.view === assigned)
    #expect(screen.loadViewCount == 0)
    #expect(screen.viewDidLoadCount == 0)
  }

  @Test func settingTheRootLoadsItsViewInsideTheCall() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    let root = ProbeScreen("Root")
    window.rootViewController = root
    #expect(root.viewDidLoadCount == 1)
    #expect(root.view.superview === window)
    stage.expect([.load(root)])
    scheduler.settle()
    stage.expect([])
  }

  @Test func transitionFlagsDefaultToFalse() {
    let screen = Screen("Flags")
    #expect(!screen.isMovingToParent)
    #expect(!screen.isMovingFromParent)
    #expect(!screen.isBeingPresented)
    #expect(!screen.isBeingDismissed)
  }

  @Test func transitionFlagsStayFalseForWindowRootAppearance() {
    let window = Window()
    let root = ProbeScreen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    window.rootViewController = Screen("Next")
    // willAppear, didAppear, willDisappear, didDisappear: none is a containment or
    // presentation transition.
    #expect(root.flagsSeenInCallbacks == Array(repeating: [false, false, false, false], count: 4))
    #expect(!root.isMovingToParent && !root.isMovingFromParent)
    #expect(!root.isBeingPresented && !root.isBeingDismissed)
  }
}
