import AppFlow
import Navigator
import Testing

/// Every path to a protected screen × every answer of its protection: the screen is made
/// (initializer, `viewDidLoad`) only when allowed, and the navigation delivers exactly one
/// outcome.
@Suite struct ProtectionMatrixTests {
  /// The ways to a protected screen.
  enum Path: CaseIterable, CustomStringConvertible {
    case push, presentModal, popover, addChild, navigateToRoute, navigateToState, deepLink, flowRun, cacheHit

    var description: String {
      switch self {
      case .push: "push"
      case .presentModal: "presentModal"
      case .popover: "popover"
      case .addChild: "addChild"
      case .navigateToRoute: "app.navigate(to:)"
      case .navigateToState: "navigator.navigate(to: state)"
      case .deepLink: "deep link"
      case .flowRun: "flow run"
      case .cacheHit: "cache hit"
      }
    }

    /// What the screens log when the protected navigation is allowed.
    var madeWhenAllowed: [String] {
      switch self {
      case .deepLink: ["Vault.init", "VaultItem7.init", "Vault.viewDidLoad", "VaultItem7.viewDidLoad"]
      case .cacheHit: []  // the kept screen comes back: nothing is made
      default: ["Vault.init", "Vault.viewDidLoad"]
      }
    }

    /// The screen the navigation shows when allowed.
    var shown: String { self == .deepLink ? "VaultItem7" : "Vault" }
  }

  /// A flow whose first screen is protected.
  final class VaultFlow: Flow<String> {
    let space: TestSpace
    let log: MadeLog
    init(_ space: TestSpace, _ log: MadeLog) {
      self.space = space
      self.log = log
    }
    override var protection: (any ProtectionSpace)? { space }
    override func makeFirstScreen() throws(NavigationError) -> ViewController {
      LoggedScreen("Vault", log: log)
    }
  }

  private static func code(_ error: RouteError) -> NavigationError.Code {
    if case .refused(let error) = error { return error.code }
    return NavigationError.Code(rule: "routeError")
  }

  /// Starts the protected navigation of `path`; `deliver` hears its outcomes. Returns the
  /// flow of the flow path.
  private func start(
    _ path: Path, _ app: AppController, _ space: TestSpace, _ log: MadeLog,
    _ deliver: @escaping (Delivered) -> Void
  ) -> VaultFlow? {
    let navigator = app.navigator
    let lobby = app.rootNavigationController!.viewControllers[0]
    let make = Destination<LoggedScreen>.make { LoggedScreen("Vault", log: log) }
    let options = NavigationOptions<LoggedScreen>().animated(false).protect(with: space)
      .onFailure { deliver(.failed($0.code)) }
      .completion { deliver(.shown($0.title ?? "?")) }
    let routeResult: (Result<NavigationPlan<AnyRoute>, RouteError>) -> Void = { result in
      switch result {
      case .success: deliver(.shown(path.shown))
      case .failure(let error): deliver(.failed(Self.code(error)))
      }
    }
    switch path {
    case .push:
      navigator.push(make, options: options)
    case .presentModal:
      navigator.presentModal(make, style: .pageSheet, options: options)
    case .popover:
      navigator.popover(
        make, anchor: .barButtonItem(lobby.navigationItem.rightBarButtonItems[0]), options: options)
    case .addChild:
      navigator.addChild(make, to: lobby, options: options)
    case .navigateToRoute:
      app.navigate(to: Vault(), animated: false, completion: routeResult)
    case .navigateToState:
      navigator.navigate(
        to: NavigationState(root: .stack([.screen(AnyRoute(Lobby())), .screen(AnyRoute(Vault()))])),
        options: StateNavigationOptions<AnyRoute>().animated(false).onFailure { deliver(.failed($0.code)) }
          .completion { _ in deliver(.shown("Vault")) })
    case .deepLink:
      app.open("vault://lobby/vault/7", animated: false, completion: routeResult)
    case .cacheHit:
      let screen = kept(app, log)
      navigator.push(
        make,
        options: options.keepAlive(within: .session, identifier: "vault").completion {
          deliver(.shown($0 === screen ? "Vault" : "a new Vault"))
        })
    case .flowRun:
      let flow = VaultFlow(space, log)
      app.run(flow, as: .push, animated: false) { outcome in
        if case .cancelled(let error) = outcome { deliver(.failed(error.code)) }
      }
      return flow
    }
    return nil
  }

  /// A Vault screen kept alive by an unprotected visit, popped, its log cleared: the cache
  /// holds it when the protected push asks for it.
  private func kept(_ app: AppController, _ log: MadeLog) -> LoggedScreen {
    let navigator = app.navigator
    let options = NavigationOptions<LoggedScreen>().animated(false).keepAlive(
      within: .session, identifier: "vault")
    let screen = navigator.push(.make { LoggedScreen("Vault", log: log) }, options: options)!
    app.rootNavigationController?.popViewController(animated: false)
    log.events.removeAll()
    app.window.journal.removeAll()
    return screen
  }

  @Test(arguments: Path.allCases)
  func everyAnswerOnThisPathMakesTheScreenOnlyWhenAllowedWithOneOutcome(_ path: Path) throws {
    var bypasses: [String] = []
    for answer in SpaceAnswer.allCases {
      let space = TestSpace(answer)
      let log = MadeLog()
      let app = try makeVaultApp(space: space, log: log)
      var delivered: [Delivered] = []
      let flow = start(path, app, space, log) { delivered.append($0) }
      if answer.signsIn {
        #expect(log.events == [], "\(path), \(answer): nothing made while signing in")
        #expect(delivered == [], "\(path), \(answer): no outcome while signing in")
        #expect(app.liveFlows.map(\.name) == ["SignInFlow"], "\(path), \(answer)")
        try space.endSignIn(in: app)
      }
      if let flow, case .running = flow.state { delivered.append(.shown("Vault")) }
      let expected: [Delivered] = answer.lets ? [.shown(path.shown)] : [.failed(.protectionDenied)]
      let made = answer.lets ? path.madeWhenAllowed : []
      if delivered != expected || log.events != made {
        bypasses.append("\(path), \(answer): delivered \(delivered), made \(log.events)")
      }
      #expect(space.asked.count == 1, "\(path), \(answer): asked once, \(space.asked)")
      #expect(space.signIns.count == (answer.signsIn ? 1 : 0))
      let signIn = Weak("SignInFlow", space.signIns.first)
      space.signIns.removeAll()
      #expect(alive([signIn]) == [], "\(path), \(answer): the sign-in flow is released")
      #expect(app.liveFlows.map(\.name) == (path == .flowRun && answer.lets ? ["VaultFlow"] : []))
    }
    #expect(bypasses == [], "0 bypasses on \(path)")
  }
}
