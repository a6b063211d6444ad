public import Navigator

/// Owns an application's window and its navigator, and starts the root screen.
///
/// ```swift
/// let app = AppController(window: Window(misusePolicy: .report)) { Inbox() }
/// try app.start()                         // Inbox inside a navigation controller, on screen
/// app.navigator.push(.type(Composer.self))
/// ```
///
/// It runs flows (``run(_:as:animated:onEnd:)``) and keeps their tree (``flows``): each flow
/// lives as long as its first screen is in the window, and ``stop()`` ends them all. Nothing
/// in it is global: many app controllers live in one process, each in its own isolation
/// domain.
public final class AppController {
  /// Where the root screen comes from.
  public enum Root {
    /// A screen made by a factory.
    case factory(() -> ViewController)
    /// The initial scene of a catalogue.
    case storyboard(Storyboard)
    /// The first screen of a flow, the root flow, which ends when the app controller stops
    /// or the window takes another root.
    case flow(() -> AnyFlow)
    /// The screen of a route, made by the route table (``AppController/routes``).
    case route(AnyRoute)
  }

  /// The root container.
  public let window: Window
  /// The routes the app controller knows: how to make their screens, where they stand, and
  /// their URLs (``open(_:animated:completion:)``); made empty, or from a
  /// ``SharedRouteTable`` (``init(window:root:routes:context:)``).
  public let routes: RouteTable
  /// The navigator that navigates in ``window``.
  public let navigator: Navigator
  /// Where the root screen comes from.
  public let root: Root

  /// The navigation controller that ``start()`` installed at the root of the window, while
  /// it is in the window's hierarchy.
  public var rootNavigationController: NavigationController? { startedRoot }
  /// The root ``start()`` installed; dropped when it leaves the window's hierarchy (the flow
  /// keeper hears it), so that a root the window replaced is released. Not a weak reference:
  /// that would give the root a side table, and every retain of it the runtime's slow path.
  var startedRoot: NavigationController?

  /// A Boolean value indicating whether ``start()`` has installed the root and the window
  /// still holds it.
  public var isStarted: Bool { rootNavigationController != nil }

  /// The root flow of the last start, while it is live (``Root/flow(_:)``).
  public var rootFlow: AnyFlow? { startedRootFlow.flatMap { $0.state.isLive ? $0 : nil } }
  /// The root flow of the last start; the keeper owns it while it is live.
  private weak var startedRootFlow: AnyFlow?

  /// Records this app controller's inputs, while ``startRecording(limit:recordingEvents:)``
  /// has set one; the keeper mirrors whether there is one, so that a flow's finish asks it
  /// without loading its weak link to the app controller (Benchmarks/README.md, "Flows").
  /// Unchecked: every flow that runs reads it, in the app controller's isolation domain.
  @exclusivity(unchecked) var sessionRecorder: SessionRecorder? {
    didSet { keeper.isRecording = sessionRecorder != nil }
  }

  /// Owns the flow tree and hears screens leave; the navigator's gatekeeper (held weakly
  /// there), which hands admissions to ``protectionKeeper``.
  /// A constant, so that a run reads it without an exclusivity check or a retain.
  let keeper: FlowKeeper
  /// The protection keeper, once a protected navigation or a restoration needed it.
  private(set) var existingProtectionKeeper: ProtectionKeeper?
  /// Asks the protection spaces before protected screens are made; made when first needed,
  /// so that a session that never meets a protection doesn't hold one.
  var protectionKeeper: ProtectionKeeper {
    if let existingProtectionKeeper { return existingProtectionKeeper }
    let keeper = ProtectionKeeper(app: self)
    existingProtectionKeeper = keeper
    return keeper
  }

  /// Creates an app controller whose root comes from `root`, with an empty route table.
  ///
  /// - Parameters:
  ///   - window: The window to own; a new one (immediate scheduler, trapping misuse) by default.
  ///   - root: Where the root screen comes from.
  public convenience init(window: Window = Window(), root: Root) {
    self.init(window: window, root: root, routeTable: RouteTable())
  }

  /// Creates an app controller whose root comes from `root`, and whose route table starts
  /// with the registrations of `routes`, handing their factories `context`.
  ///
  /// The app controller holds a reference to the shared table's storage and `context`, not
  /// a table of its own; registering more in ``routes`` adds to this app controller's table
  /// only.
  ///
  /// - Parameters:
  ///   - window: The window to own; a new one by default.
  ///   - root: Where the root screen comes from.
  ///   - routes: The shared routes.
  ///   - context: What the shared routes' factories are handed with each route: this app
  ///     controller's state, such as its session's.
  public convenience init<Context>(
    window: Window = Window(), root: Root, routes: SharedRouteTable<Context>, context: Context
  ) {
    self.init(window: window, root: root, routeTable: RouteTable(routes, context: context))
  }

  /// Creates an app controller whose root is the screen of `rootRoute`, made by the route
  /// table when the app starts, and whose route table starts with the registrations of
  /// `routes`, handing their factories `context`.
  ///
  /// - Parameters:
  ///   - window: The window to own; a new one by default.
  ///   - rootRoute: The root route.
  ///   - routes: The shared routes.
  ///   - context: What the shared routes' factories are handed with each route.
  public convenience init<Context>(
    window: Window = Window(), rootRoute: some Route, routes: SharedRouteTable<Context>, context: Context
  ) {
    self.init(window: window, root: .route(AnyRoute(rootRoute)), routes: routes, context: context)
  }

  /// Creates an app controller whose root comes from `root`, with the route table `routes`.
  private init(window: Window, root: Root, routeTable: RouteTable) {
    self.window = window
    self.routes = routeTable
    self.navigator = Navigator(window: window)
    self.root = root
    let keeper = FlowKeeper(window: window, navigator: navigator)
    self.keeper = keeper
    keeper.app = self
    window.addHierarchyObserver(keeper)
    navigator.gatekeeper = keeper
    // Unowned and unretained: the navigator holds the provider, which runs only through it;
    // and read only for routes kept alive, so that other deep links retain nothing more.
    navigator.provideScreens(for: AnyRoute.self) {
      [routes, unowned(unsafe) navigator] (route: AnyRoute) throws(NavigationError) in
      guard routes.keepsScreensAlive else { return try routes.makeScreen(for: route) }
      return try routes.screen(for: route, keptIn: navigator)
    }
  }

  /// Creates an app controller whose root is the first screen of `rootFlow`.
  ///
  /// - Parameters:
  ///   - window: The window to own; a new one by default.
  ///   - rootFlow: Makes the root flow, which runs when the app starts: a new one at each
  ///     start, so that the app controller can start again after ``stop()``.
  public convenience init(window: Window = Window(), rootFlow: @autoclosure @escaping () -> AnyFlow) {
    self.init(window: window, root: .flow(rootFlow))
  }

  /// Creates an app controller whose root is the screen of `rootRoute`, made by the route
  /// table when the app starts: register the route's type before ``start()``.
  ///
  /// - Parameters:
  ///   - window: The window to own; a new one by default.
  ///   - rootRoute: The root route.
  public convenience init(window: Window = Window(), rootRoute: some Route) {
    self.init(window: window, root: .route(AnyRoute(rootRoute)))
  }

  /// Ends the flows that are still live, cancelled with ``Navigator/NavigationError/Code/appStopped``,
  /// so that no outcome is lost and no awaiting task waits for ever; then ends the session of
  /// the screens kept alive (`Lifetime.session`), even if the navigator lives on.
  deinit {
    // The recorder holds this app controller unowned: nothing it hears after this may reach it.
    if let sessionRecorder, window.inputObserver === sessionRecorder { window.inputObserver = nil }
    sessionRecorder = nil
    refuseWaitingNavigations()
    keeper.endAll(stopped)
    navigator.keepAliveCache.endSession()
  }

  /// Refuses the navigations still waiting for a protection, with
  /// ``Navigator/NavigationError/Code/appStopped``, so that none runs on a stopped app and no
  /// caller waits for ever.
  private func refuseWaitingNavigations() {
    navigator.refuseWaitingNavigations(
      NavigationError(
        .appStopped, "The navigation was cancelled: its app controller stopped while it waited."))
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
  ///   `NavigationError.Code.invalidRequest` when the app was already started;
  ///   the errors of ``AnyFlow`` runs for a root flow (it already ran, its first screen is in
  ///   a hierarchy). Nothing changes then.
  @discardableResult
  public func start() throws(NavigationError) -> NavigationController {
    try recording(.start) { () throws(NavigationError) in try startNow() }
  }

  /// ``start()``, once its recorder heard it.
  private func startNow() throws(NavigationError) -> NavigationController {
    if let rootNavigationController {
      throw NavigationError(
        .invalidRequest, "The app controller was already started with \(rootNavigationController.screenID).",
        screens: [rootNavigationController.screenID])
    }
    let screen: ViewController
    switch root {
    case .factory(let make): screen = make()
    case .storyboard(let storyboard): screen = try storyboard.instantiateInitialViewController()
    case .flow(let make):
      let flow = make()
      screen = try keeper.makeFirstScreen(of: flow, parent: nil)
      keeper.register(flow, screen, parent: nil, .root)
      startedRootFlow = flow
    case .route(let route): screen = try routes.makeScreen(for: route)
    }
    let navigation = screen as? NavigationController ?? NavigationController(rootViewController: screen)
    if let flow = rootFlow, navigation !== screen { flow.container = navigation }
    for shown in [navigation, navigation.topViewController].compactMap(\.self) {
      shown.adopt(window)
      shown.loadViewIfNeeded()
      if shown.view.backgroundColor == nil { shown.view.backgroundColor = .systemBackground }
    }
    startedRoot = navigation
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    return navigation
  }

  /// Ends every live flow, children first, ``FlowOutcome/cancelled(_:)`` with
  /// ``Navigator/NavigationError/Code/appStopped`` (and refuses with it every navigation
  /// still waiting for a protection), then takes the root out of the window, so that
  /// every screen disappears and is released.
  ///
  /// The app controller can start again afterwards.
  public func stop() {
    recording(.stop) { stopNow() }
  }

  /// ``stop()``, once its recorder heard it.
  private func stopNow() {
    refuseWaitingNavigations()
    keeper.endAll(stopped)
    if window.rootViewController != nil { window.rootViewController = nil }
    startedRoot = nil
  }

  /// The ending of a flow cancelled because the app controller stopped.
  private func stopped(_ flow: AnyFlow) -> FlowEnding {
    .cancelled(
      NavigationError(
        .appStopped, "\(flow.id) was cancelled: its app controller stopped.",
        screens: flow.firstScreen.map { [$0.screenID] } ?? []))
  }
}
