public import Navigator

/// Owns an application's window and its navigator, and starts the root screen.
///
/// ```swift
/// let app = AppController(window: Window(misusePolicy: .report)) { Inbox() }
/// try app.start()                         // Inbox inside a navigation controller, on screen
/// app.navigator.push(.type(Composer.self))
/// ```
///
/// Later versions add flows, routes and deep links, protection, caching and state
/// restoration here; the first one installs the root.
public final class AppController {
  /// Where the root screen comes from.
  public enum Root {
    /// A screen made by a factory.
    case factory(() -> ViewController)
    /// The initial scene of a catalogue.
    case storyboard(Storyboard)
  }

  /// The root container.
  public let window: Window
  /// The navigator that navigates in ``window``.
  public let navigator: Navigator
  /// Where the root screen comes from.
  public let root: Root

  /// The navigation controller at the root of the window, once started.
  public private(set) var rootNavigationController: NavigationController?

  /// A Boolean value indicating whether ``start()`` has installed the root.
  public var isStarted: Bool { rootNavigationController != nil }

  /// Creates an app controller whose root comes from `root`.
  ///
  /// - Parameters:
  ///   - window: The window to own; a new one (immediate scheduler, trapping misuse) by default.
  ///   - root: Where the root screen comes from.
  public init(window: Window = Window(), root: Root) {
    self.window = window
    self.navigator = Navigator(window: window)
    self.root = root
  }

  /// Creates an app controller whose root screen is made by `makeRoot`.
  ///
  /// - Parameters:
  ///   - window: The window to own; a new one by default.
  ///   - makeRoot: Makes the root screen when the app starts.
  public convenience init(window: Window = Window(), makeRoot: @escaping () -> ViewController) {
    self.init(window: window, root: .factory(makeRoot))
  }

  /// Installs the root screen inside a navigation controller (unless it is one) and makes
  /// the window key and visible.
  ///
  /// As for every navigation, the root screen is fully formed before it is shown: its view
  /// is loaded (`loadViewIfNeeded()`, journaled in the window) and given
  /// `Color.systemBackground` when it has no background, before its `viewWillAppear(_:)`.
  ///
  /// - Returns: The navigation controller at the root.
  /// - Throws: `NavigationError.Code.noInitialScene` (or another catalogue error) when
  ///   the root comes from a catalogue that cannot make it;
  ///   `NavigationError.Code.invalidRequest` when the app was already started. Nothing
  ///   changes then.
  @discardableResult
  public func start() throws(NavigationError) -> NavigationController {
    if let rootNavigationController {
      throw NavigationError(
        .invalidRequest, "The app controller was already started with \(rootNavigationController.screenID).",
        screens: [rootNavigationController.screenID])
    }
    let screen: ViewController
    switch root {
    case .factory(let make): screen = make()
    case .storyboard(let storyboard): screen = try storyboard.instantiateInitialViewController()
    }
    let navigation = screen as? NavigationController ?? NavigationController(rootViewController: screen)
    for shown in [navigation, navigation.topViewController].compactMap(\.self) {
      shown.adopt(window)
      shown.loadViewIfNeeded()
      if shown.view.backgroundColor == nil { shown.view.backgroundColor = .systemBackground }
    }
    rootNavigationController = navigation
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    return navigation
  }
}
