import Navigator
import Testing

/// Observers hear what the delegate hears, next to it.
@Suite struct NavigationObserverTests {
  @Test func observersHearEveryEventTheDelegateHears() {
    let h = StackHarness(manual: false)
    let observer = RecordingNavigationDelegate()
    h.navigation.addObserver(observer)
    let (b, c) = (Screen("B"), Screen("C"))
    h.navigation.pushViewController(b, animated: true)
    h.navigation.pushViewController(c, animated: false)
    h.navigation.popToViewController(b, animated: true)
    h.navigation.popToRootViewController(animated: false)
    h.navigation.setViewControllers([h.root, c], animated: true)
    h.navigation.popViewController(animated: true)
    #expect(observer.calls == h.delegate.calls)
    #expect(observer.calls == delegateEvents(h.events))
    #expect(observer.calls.count == 24)
    h.navigation.removeObserver(observer)
    h.navigation.pushViewController(b, animated: false)
    #expect(observer.calls.count == 24)
    #expect(h.delegate.calls.count == 28)
  }

  @Test func didEventsArriveAfterTheShownScreensViewDidAppear() throws {
    let h = StackHarness(manual: false)
    let b = Screen("B")
    h.navigation.pushViewController(b, animated: true)
    let events = h.take()
    let appeared = try #require(events.firstIndex(of: .viewDidAppear(b.screenID, animated: true)))
    let didPush = try #require(
      events.firstIndex(of: .didPush(b.screenID, onto: h.navigation.screenID, animated: true)))
    #expect(appeared < didPush)
  }

  @Test func observersAreHeldWeakly() {
    let h = StackHarness(manual: false)
    weak var gone: RecordingNavigationDelegate?
    do {
      let observer = RecordingNavigationDelegate()
      gone = observer
      h.navigation.addObserver(observer)
    }
    #expect(gone == nil)
    h.navigation.pushViewController(Screen("B"), animated: false)
  }
}

/// Screens that leave a stack are released.
@Suite struct StackLeakTests {
  private func pushAndPop(_ h: StackHarness) -> (() -> ViewController?) {
    weak var weakScreen: Screen?
    do {
      let screen = Screen("Gone")
      weakScreen = screen
      h.navigation.pushViewController(
        screen, animated: true, options: PushOptions(onPop: { _ = screen.title }))
      h.scheduler.settle()
      h.navigation.popViewController(animated: true)
      h.scheduler.settle()
    }
    return { weakScreen }
  }

  @Test func aPoppedScreenIsReleased() {
    let h = StackHarness()
    let probe = pushAndPop(h)
    h.clear()
    #expect(probe() == nil)
  }

  @Test func aReplacedStackIsReleased() {
    let h = StackHarness(manual: false)
    weak var weakNavigation: NavigationController?
    weak var weakTop: ViewController?
    do {
      let navigation = NavigationController(rootViewController: Screen("X"))
      let top = Screen("Y")
      navigation.pushViewController(top, animated: false)
      weakNavigation = navigation
      weakTop = top
      h.window.rootViewController = navigation
      h.window.rootViewController = Screen("Z")
    }
    #expect(weakNavigation == nil)
    #expect(weakTop == nil)
  }
}
