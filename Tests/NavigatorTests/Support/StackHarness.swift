import Navigator
import Testing

/// A visible window showing a navigation controller, with the journal on and the initial
/// appearance already delivered and cleared.
final class StackHarness {
  let scheduler = ManualScheduler()
  let window: Window
  let navigation: NavigationController
  let root: Screen
  let delegate = RecordingNavigationDelegate()

  init(manual: Bool = true, policy: MisusePolicy = .report, rootTitle: String = "A") {
    window = Window(scheduler: manual ? .manual(scheduler) : .immediate, misusePolicy: policy)
    window.journal.isEnabled = true
    root = Screen(rootTitle)
    navigation = NavigationController(rootViewController: root)
    navigation.title = "Nav"
    navigation.delegate = delegate
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    scheduler.settle()
    clear()
  }

  /// Pushes the screens without animation and delivers everything.
  func push(_ screens: Screen...) {
    for screen in screens {
      navigation.pushViewController(screen, animated: false)
      scheduler.settle()
    }
    clear()
  }

  var events: [NavigationEvent] { window.journal.events }

  func clear() {
    window.journal.removeAll()
    delegate.calls.removeAll()
  }

  /// The events since the last read, and clears them.
  func take() -> [NavigationEvent] {
    defer { window.journal.removeAll() }
    return window.journal.events
  }
}

/// A delegate that records every call it gets, as journal events.
final class RecordingNavigationDelegate: NavigationControllerDelegate {
  var calls: [NavigationEvent] = []

  func navigationController(_ nav: NavigationController, willShow vc: ViewController, animated: Bool) {
    calls.append(.willShow(vc.screenID, in: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, didShow vc: ViewController, animated: Bool) {
    calls.append(.didShow(vc.screenID, in: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, willPush vc: ViewController, animated: Bool) {
    calls.append(.willPush(vc.screenID, onto: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, didPush vc: ViewController, animated: Bool) {
    calls.append(.didPush(vc.screenID, onto: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, willPop vc: ViewController, animated: Bool) {
    calls.append(.willPop(vc.screenID, from: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, didPop vc: ViewController, animated: Bool) {
    calls.append(.didPop(vc.screenID, from: nav.screenID, animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, willPopTo vc: ViewController, popping: [ViewController], animated: Bool
  ) {
    calls.append(
      .willPopTo(vc.screenID, in: nav.screenID, popping: popping.map(\.screenID), animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, didPopTo vc: ViewController, popped: [ViewController], animated: Bool
  ) {
    calls.append(.didPopTo(vc.screenID, in: nav.screenID, popped: popped.map(\.screenID), animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, willPopToRootPopping popping: [ViewController], animated: Bool
  ) {
    calls.append(.willPopToRoot(in: nav.screenID, popping: popping.map(\.screenID), animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, didPopToRootPopped popped: [ViewController], animated: Bool
  ) {
    calls.append(.didPopToRoot(in: nav.screenID, popped: popped.map(\.screenID), animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, willSetViewControllers vcs: [ViewController], animated: Bool
  ) {
    calls.append(.willSetViewControllers(vcs.map(\.screenID), in: nav.screenID, animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, didSetViewControllers vcs: [ViewController], animated: Bool
  ) {
    calls.append(.didSetViewControllers(vcs.map(\.screenID), in: nav.screenID, animated: animated))
  }
}

/// The delegate and observer events among `events`, in order.
func delegateEvents(_ events: [NavigationEvent]) -> [NavigationEvent] {
  events.filter { event in
    switch event {
    case .willShow, .didShow, .willPush, .didPush, .willPop, .didPop, .willPopTo, .didPopTo, .willPopToRoot,
      .didPopToRoot, .willSetViewControllers, .didSetViewControllers:
      true
    default: false
    }
  }
}

/// A screen that asks for confirmation before it is popped, and answers as told.
final class GuardedScreen: ViewController, PopConfirming {
  enum Answer { case allow, deny, later }
  var answer: Answer
  var decisions: [PopDecision] = []

  init(_ name: String, answer: Answer) {
    self.answer = answer
    super.init()
    title = name
  }

  func confirmPop(_ decision: PopDecision) {
    decisions.append(decision)
    switch answer {
    case .allow: decision.allow()
    case .deny: decision.deny()
    case .later: break
    }
  }
}

extension Sequence where Element: ViewController {
  /// The screens' identifiers, in order: screens compare by identity.
  var ids: [ScreenID] { map(\.screenID) }
}

extension Optional where Wrapped: Sequence, Wrapped.Element: ViewController {
  /// The screens' identifiers, or `nil`.
  var ids: [ScreenID]? { map { $0.map(\.screenID) } }
}
