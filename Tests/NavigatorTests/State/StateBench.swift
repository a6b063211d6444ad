import Navigator

/// A visible window and a navigator whose screen provider makes a `Screen` named by its
/// key, recording the keys it was asked for.
final class StateBench {
  typealias State = NavigationState<String>
  typealias Node = NavigationState<String>.Node

  let window: Window
  let navigator: Navigator
  let made = MadeKeys()

  /// The keys the provider made screens for, and the screens it hands out instead.
  final class MadeKeys {
    var keys: [String] = []
    var overrides: [String: () throws(NavigationError) -> ViewController] = [:]
  }

  init(scheduler: TransitionScheduler = .immediate, visible: Bool = true) {
    window = Window(scheduler: scheduler, misusePolicy: .report)
    navigator = Navigator(window: window)
    if visible { window.makeKeyAndVisible() }
    let made = made
    navigator.provideScreens(for: String.self) { (key: String) throws(NavigationError) -> ViewController in
      made.keys.append(key)
      if let override = made.overrides[key] { return try override() }
      return key.hasPrefix("Nav") ? NavigationController() : Screen(key)
    }
  }

  /// The window's state, keyed by `String`.
  var state: State { window.navigationState(keyedBy: String.self) }

  /// Every screen of the window by key (the first with each key).
  var screens: [String: ViewController] {
    var found: [String: ViewController] = [:]
    func walk(_ screen: ViewController) {
      if let key = screen.navigationKey as? String, found[key] == nil { found[key] = screen }
      for child in screen.children { walk(child) }
      if let presented = screen.presentedViewController, presented.presentingViewController === screen {
        walk(presented)
      }
    }
    if let root = window.rootViewController { walk(root) }
    return found
  }

  /// Navigates to `state` without animation, and forgets the journal and the keys made.
  func setUp(_ state: State) throws {
    try navigator.tryNavigate(to: state, options: .init().animated(false))
    window.journal.removeAll()
    made.keys = []
  }
}

extension NavigationState<String>.Node {
  /// A stack of plain screens named by the keys.
  static func stack(_ keys: String...) -> Self { .stack(keys.map { .screen($0) }) }
}
