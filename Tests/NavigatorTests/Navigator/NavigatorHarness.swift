import Navigator
import Testing

/// A visible window whose root is a navigation controller showing `Home`, a navigator for
/// it, the journal on, misuse reported, and the start-up events cleared.
final class NavigatorHarness {
  let scheduler = ManualScheduler()
  let window: Window
  let navigation: NavigationController
  let home = Screen("Home")
  let navigator: Navigator
  let errors = ErrorLog()

  init(manual: Bool = false, policy: MisusePolicy = .report) {
    window = Window(scheduler: manual ? .manual(scheduler) : .immediate, misusePolicy: policy)
    window.journal.isEnabled = true
    navigation = NavigationController(rootViewController: home)
    navigation.title = "Nav"
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    scheduler.settle()
    window.journal.removeAll()
    navigator = Navigator(window: window)
    errors.observe(window)
  }

  var events: [NavigationEvent] { window.journal.events }

  /// Lets other tasks run until `condition` holds, for at most a thousand turns.
  func yield(until condition: () -> Bool) async {
    var turns = 0
    while !condition(), turns < 1_000 {
      await Task.yield()
      turns += 1
    }
  }

  /// The events since the last read, and clears them.
  func take() -> [NavigationEvent] {
    defer { window.journal.removeAll() }
    return window.journal.events
  }

  /// What can be seen of the hierarchy, to prove a refused call changed nothing.
  var tree: String { window.hierarchyDescription() }
}
