import Navigator
import TestSupport

/// A visible window and a navigator whose screen provider makes a `Screen` named by its
/// key, recording the keys it was asked for.
final class StateBench {
  typealias State = NavigationState<String>
  typealias Node = NavigationState<String>.Node

  let window: Window
  let navigator: Navigator
  let made = MadeKeys()
  /// The scheduler that drives the window when the bench was made with `manual: true`.
  let scheduler: ManualScheduler?

  /// The keys the provider made screens for, and the screens it hands out instead.
  final class MadeKeys {
    var keys: [String] = []
    var overrides: [String: () throws(NavigationError) -> ViewController] = [:]
    /// Every screen the provider handed out, held weakly: to prove a refused plan's screens
    /// are released.
    var screens: [WeakRef<ViewController>] = []
    /// Whether every screen made without an override gets a right bar button item, for
    /// popovers to point at.
    var givesBarButtonItems = false
  }

  /// Makes the bench on a new visible window.
  ///
  /// - Parameters:
  ///   - scheduler: When callbacks are delivered; immediately by default.
  ///   - visible: Whether the window is shown.
  ///   - journal: Whether the window's journal records, screens joining and leaving included.
  convenience init(scheduler: TransitionScheduler = .immediate, visible: Bool = true, journal: Bool = false) {
    let window = Window(scheduler: scheduler, misusePolicy: .report, journal: Journal(isEnabled: journal))
    if visible { window.makeKeyAndVisible() }
    self.init(navigator: Navigator(window: window))
  }

  /// Makes the bench on a new visible window that a manual scheduler drives; ``setUp(_:)``
  /// settles it.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler.
  ///   - journal: Whether the window's journal records.
  convenience init(manual scheduler: ManualScheduler, journal: Bool = false) {
    let window = Window(
      scheduler: .manual(scheduler), misusePolicy: .report, journal: Journal(isEnabled: journal))
    window.makeKeyAndVisible()
    scheduler.settle()
    self.init(navigator: Navigator(window: window), scheduler: scheduler)
  }

  /// Makes the bench on a navigator of yours (a ``Stage``'s), giving it the screen provider.
  ///
  /// - Parameters:
  ///   - navigator: The navigator.
  ///   - scheduler: The scheduler that drives its window, if a manual one does.
  init(navigator: Navigator, scheduler: ManualScheduler? = nil) {
    self.navigator = navigator
    self.scheduler = scheduler
    window = navigator.window
    provide()
  }

  private func provide() {
    let made = made
    navigator.provideScreens(for: String.self) { (key: String) throws(NavigationError) -> ViewController in
      made.keys.append(key)
      let screen: ViewController
      if let override = made.overrides[key] {
        screen = try override()
      } else {
        screen = key.hasPrefix("Nav") ? NavigationController() : Screen(key)
        if made.givesBarButtonItems { screen.navigationItem.rightBarButtonItem = BarButtonItem(title: key) }
      }
      made.screens.append(WeakRef(screen))
      return screen
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

  /// Delivers everything a manual scheduler holds; nothing under the immediate one.
  func settle() {
    scheduler?.settle()
  }

  /// Navigates to `state` without animation, delivers everything, and forgets the journal,
  /// the keys made and the screens handed out.
  func setUp(_ state: State) throws {
    try navigator.tryNavigate(to: state, options: .init().animated(false))
    settle()
    window.journal.removeAll()
    made.keys = []
    made.screens = []
  }
}

extension NavigationState<String>.Node {
  /// A stack of plain screens named by the keys.
  static func stack(_ keys: String...) -> Self { .stack(keys.map { .screen($0) }) }
}
