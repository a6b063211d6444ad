import Navigator
import Testing

/// Observers hear what the delegate hears, next to it.
@Suite(.exhaustiveStages) struct NavigationObserverTests {
  @Test func observersHearEveryEventTheDelegateHears() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let observer = RecordingNavigationDelegate()
    stage.navigation.addObserver(observer)
    let (b, c) = (Screen("B"), Screen("C"))
    stage.navigation.pushViewController(b, animated: true)
    stage.navigation.pushViewController(c, animated: false)
    stage.navigation.popToViewController(b, animated: true)
    stage.navigation.popToRootViewController(animated: false)
    stage.navigation.setViewControllers([stage.root, c], animated: true)
    stage.navigation.popViewController(animated: true)
    #expect(observer.calls == stage.delegate.calls)
    #expect(observer.calls == delegateEvents(stage.take()))
    #expect(observer.calls.count == 24)
    stage.navigation.removeObserver(observer)
    stage.navigation.pushViewController(b, animated: false)
    #expect(observer.calls.count == 24)
    #expect(stage.delegate.calls.count == 28)
    #expect(delegateEvents(stage.take()) == Array(stage.delegate.calls.suffix(4)))
  }

  @Test func didEventsArriveAfterTheShownScreensViewDidAppear() throws {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    let b = Screen("B")
    stage.navigation.pushViewController(b, animated: true)
    let events = stage.take()
    let appeared = try #require(events.firstIndex(of: .viewDidAppear(b.screenID, animated: true)))
    let didPush = try #require(
      events.firstIndex(of: .didPush(b.screenID, onto: stage.navigation.screenID, animated: true)))
    #expect(appeared < didPush)
  }

  @Test func observersAreHeldWeakly() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    weak var gone: RecordingNavigationDelegate?
    do {
      let observer = RecordingNavigationDelegate()
      gone = observer
      stage.navigation.addObserver(observer)
    }
    #expect(gone == nil)
    stage.navigation.pushViewController(Screen("B"), animated: false)
    stage.discardEvents()  // a plain push: StackOrderTests checks its order
  }
}

/// Screens that leave a stack are released.
@Suite(.exhaustiveStages) struct StackLeakTests {
  private func pushAndPop(_ stage: Stage) -> (() -> ViewController?) {
    weak var weakScreen: Screen?
    do {
      let screen = Screen("Gone")
      weakScreen = screen
      stage.navigation.pushViewController(
        screen, animated: true, options: PushOptions(onPop: { _ = screen.title }))
      stage.scheduler.settle()
      stage.navigation.popViewController(animated: true)
      stage.scheduler.settle()
    }
    return { weakScreen }
  }

  @Test func aPoppedScreenIsReleased() {
    let stage = Stage(.stack(root: "A"))
    let probe = pushAndPop(stage)
    stage.discardEvents()
    #expect(probe() == nil)
  }

  @Test func aReplacedStackIsReleased() {
    let stage = Stage(.stack(root: "A"), scheduler: .immediate)
    weak var weakNavigation: NavigationController?
    weak var weakTop: ViewController?
    do {
      let navigation = NavigationController(rootViewController: Screen("X"))
      let top = Screen("Y")
      navigation.pushViewController(top, animated: false)
      weakNavigation = navigation
      weakTop = top
      stage.window.rootViewController = navigation
      stage.window.rootViewController = Screen("Z")
    }
    #expect(weakNavigation == nil)
    #expect(weakTop == nil)
    stage.discardEvents()  // a leak test: showing and replacing stacks is checked elsewhere
  }
}
