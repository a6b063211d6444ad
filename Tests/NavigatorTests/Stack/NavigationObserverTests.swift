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

  /// Every way of leaving the top screen that asks its guard.
  enum GuardedLeave: CaseIterable {
    case backButton, pop, popTo, popToRoot, setViewControllers, interactiveSwipe

    func start(_ navigation: NavigationController, root: ViewController) {
      switch self {
      case .backButton: navigation.navigationBar.tapBackButton()
      case .pop: _ = navigation.popViewController(animated: true)
      case .popTo: _ = navigation.popToViewController(root, animated: true)
      case .popToRoot: _ = navigation.popToRootViewController(animated: true)
      case .setViewControllers: navigation.setViewControllers([root], animated: true)
      case .interactiveSwipe: navigation.beginInteractivePop()
      }
    }
  }

  /// A guard that keeps its decision to answer later, as one asking the user does, must
  /// not keep its stack alive: the stack's own pop closures held it strongly through the
  /// pending decision (found by LeakSanitizer), so a stack whose guard never answered
  /// leaked with all its screens once its window was gone.
  @Test(arguments: GuardedLeave.allCases)
  func aStackWhoseGuardNeverAnswersIsReleasedWithItsWindow(_ leave: GuardedLeave) {
    weak var weakWindow: Window?
    weak var weakNavigation: NavigationController?
    weak var weakEditor: GuardedScreen?
    weak var weakDecision: PopDecision?
    do {
      let window = Window(misusePolicy: .report)
      let root = Screen("Home")
      let editor = GuardedScreen("Editor", answer: .later)
      let navigation = NavigationController(rootViewController: root)
      navigation.pushViewController(editor, animated: false)
      window.rootViewController = navigation
      window.makeKeyAndVisible()
      leave.start(navigation, root: root)
      #expect(navigation.pendingPopDecision != nil)
      #expect(editor.decisions.count == 1)
      (weakWindow, weakNavigation, weakEditor) = (window, navigation, editor)
      weakDecision = navigation.pendingPopDecision
    }
    #expect(weakWindow == nil)
    #expect(weakNavigation == nil)
    #expect(weakEditor == nil)
    #expect(weakDecision == nil)
  }

  @Test func aStackOutsideAnyWindowWhoseGuardNeverAnswersIsReleased() {
    weak var weakNavigation: NavigationController?
    weak var weakEditor: GuardedScreen?
    do {
      let editor = GuardedScreen("Editor", answer: .later)
      let navigation = NavigationController(rootViewController: Screen("Home"))
      navigation.pushViewController(editor, animated: false)
      _ = navigation.popViewController(animated: true)
      #expect(navigation.pendingPopDecision != nil)
      (weakNavigation, weakEditor) = (navigation, editor)
    }
    #expect(weakNavigation == nil)
    #expect(weakEditor == nil)
  }

  /// An answer that comes after the stack and its window are gone does nothing: the
  /// closures that would pop hold the stack `unowned` and must not run.
  @Test(arguments: GuardedLeave.allCases)
  func anAnswerAfterTheStackIsGoneDoesNothing(_ leave: GuardedLeave) {
    var decision: PopDecision?
    weak var weakNavigation: NavigationController?
    do {
      let window = Window(misusePolicy: .report)
      let root = Screen("Home")
      let editor = GuardedScreen("Editor", answer: .later)
      let navigation = NavigationController(rootViewController: root)
      navigation.pushViewController(editor, animated: false)
      window.rootViewController = navigation
      window.makeKeyAndVisible()
      leave.start(navigation, root: root)
      decision = navigation.pendingPopDecision
      weakNavigation = navigation
    }
    #expect(weakNavigation == nil)
    decision?.allow()
    #expect(decision?.isAllowed == true)
  }
}
