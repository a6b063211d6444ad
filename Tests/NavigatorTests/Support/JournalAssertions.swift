import Navigator
import Testing

extension NavigationEvent {
  static func load(_ screen: ViewController) -> Self { .viewDidLoad(screen.screenID) }
  static func willAppear(_ screen: ViewController, animated: Bool = false) -> Self {
    .viewWillAppear(screen.screenID, animated: animated)
  }
  static func didAppear(_ screen: ViewController, animated: Bool = false) -> Self {
    .viewDidAppear(screen.screenID, animated: animated)
  }
  static func willDisappear(_ screen: ViewController, animated: Bool = false) -> Self {
    .viewWillDisappear(screen.screenID, animated: animated)
  }
  static func didDisappear(_ screen: ViewController, animated: Bool = false) -> Self {
    .viewDidDisappear(screen.screenID, animated: animated)
  }
  static func willMove(_ screen: ViewController, to parent: ViewController?) -> Self {
    .willMove(screen.screenID, toParent: parent?.screenID)
  }
  static func didMove(_ screen: ViewController, to parent: ViewController?) -> Self {
    .didMove(screen.screenID, toParent: parent?.screenID)
  }
}

/// A window with its journal switched on.
func journaledWindow(
  scheduler: TransitionScheduler = .immediate, misusePolicy: MisusePolicy = .trap
) -> Window {
  let window = Window(scheduler: scheduler, misusePolicy: misusePolicy)
  window.journal.isEnabled = true
  return window
}

/// Compares the whole journal with `expected`, then empties it for the next stop.
func expectJournal(
  _ window: Window, _ expected: [NavigationEvent], sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(window.journal.events == expected, sourceLocation: sourceLocation)
  window.journal.removeAll()
}
