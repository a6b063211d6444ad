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
