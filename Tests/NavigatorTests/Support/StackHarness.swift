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
