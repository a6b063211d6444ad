import AppFlow
import Navigator
import Testing

/// A protected screen kept alive is asked about again when a navigation would bring it back
/// from the cache, on every path that can hit the cache: shown once (allowed), gone, then
/// asked for again while its protection denies (refused, the kept screen not reused, nothing
/// changed but the journal's record of the denial), and again while it allows (the same
/// instance comes back, the protection asked once more before the cache hit).
@Suite struct ProtectionCacheHitTests {
  /// The ways back to a kept protected screen.
  enum Path: CaseIterable, CustomTestStringConvertible {
    case push, presentModal, popover, addChild, navigateToRoute, navigateToState, deepLink, restoration

    var testDescription: String {
      switch self {
      case .push: "push"
      case .presentModal: "presentModal"
      case .popover: "popover"
      case .addChild: "addChild"
      case .navigateToRoute: "app.navigate(to: route)"
      case .navigateToState: "navigator.navigate(to: state)"
      case .deepLink: "deep link"
      case .restoration: "restoration"
      }
    }

    /// A Boolean value indicating whether the path goes through the route table (the screen is
    /// kept under its route), rather than a navigator call with options.
    var isRoute: Bool {
      switch self {
      case .push, .presentModal, .popover, .addChild: false
      case .navigateToRoute, .navigateToState, .deepLink, .restoration: true
      }
    }

    /// The navigation as the protection hears it.
    var navigation: String {
      switch self {
      case .push: "push of a screen of type LoggedScreen"
      case .presentModal: "presentModal of a screen of type LoggedScreen"
      case .popover: "popover of a screen of type LoggedScreen"
      case .addChild: "addChild of a screen of type LoggedScreen"
      case .navigateToRoute, .navigateToState, .deepLink, .restoration:
        "navigation to NavigationController[Lobby(), Vault()]"
      }
    }

    /// The protected screen as the protection hears it.
    var screen: String { isRoute ? "Vault()" : "a screen of type LoggedScreen" }

    /// What the navigation delivers when the protection denies: a refusal, except for a
    /// restoration, which stops the restored path before the denied screen and restores
    /// what stands below it (here, what is shown already: nothing to do).
    var deniedOutcome: String { self == .restoration ? "restored in 0 step(s)" : "failed(protectionDenied)" }

    /// The journal of a denied navigation: the protection asked and denying; a restoration
    /// then runs its cut target, which is the window's state already (no step).
    var deniedJournal: [NavigationEvent] {
      let denial: [NavigationEvent] = [
        .protectionAsked("SignIn", screen), .protectionDenied("SignIn", screen),
      ]
      guard self == .restoration else { return denial }
      return denial + [
        .completion(.navigate(to: "NavigationController[Lobby()]", steps: [], animated: false))
      ]
    }
  }

  /// The key the screen is kept under.
  private func key(_ path: Path) -> KeepAliveKey {
    path.isRoute ? KeepAliveKey(Vault.self, identifier: AnyRoute(Vault())) : KeepAliveKey(LoggedScreen.self)
  }

  /// Shows the kept Vault screen by `path`; `deliver` hears the outcome, once.
  private func show(
    _ path: Path, _ app: AppController, _ space: TestSpace, _ log: MadeLog,
    _ deliver: @escaping (String) -> Void
  ) {
    let navigator = app.navigator
    let lobby = app.rootNavigationController!.viewControllers[0]
    let make = Destination<LoggedScreen>.make { LoggedScreen("Vault", log: log) }
    let options = NavigationOptions<LoggedScreen>().animated(false).keepAlive(within: .session)
      .protect(with: space)
      .onFailure { deliver("failed(\($0.code))") }
      .completion { deliver("shown(\($0.title ?? "?"))") }
    let routeResult: (Result<NavigationPlan<AnyRoute>, RouteError>) -> Void = { result in
      switch result {
      case .success: deliver("shown(Vault)")
      case .failure(.refused(let error)): deliver("failed(\(error.code))")
      case .failure(let error): deliver("failed(\(error))")
      }
    }
    let vaultState = NavigationState(root: .stack([.screen(AnyRoute(Lobby())), .screen(AnyRoute(Vault()))]))
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
        to: vaultState,
        options: StateNavigationOptions<AnyRoute>().animated(false).onFailure {
          deliver("failed(\($0.code))")
        }
        .completion { _ in deliver("shown(Vault)") })
    case .deepLink:
      app.open("vault://lobby/vault", animated: false, completion: routeResult)
    case .restoration:
      app.restore(NavigationSnapshot(state: vaultState)) { result in
        switch result {
        case .success where app.rootNavigationController?.topViewController?.title == "Vault":
          deliver("shown(Vault)")
        case .success(let plan): deliver("restored in \(plan.steps.count) step(s)")
        case .failure(let error): deliver("failed(\(error))")
        }
      }
    }
  }

  /// Takes the screen `path` showed away again; it stays kept.
  private func leave(_ screen: ViewController, by path: Path, _ app: AppController) throws {
    switch path {
    case .push:
      app.rootNavigationController?.popViewController(animated: false)
    case .presentModal, .popover:
      screen.presentingViewController?.dismiss(animated: false)
    case .addChild:
      try app.navigator.tryRemoveChild(screen)
    case .navigateToRoute, .navigateToState, .deepLink, .restoration:
      app.navigate(to: Lobby(), animated: false)
    }
  }

  /// The requests a space heard, as text: the screen, its route and the navigation.
  private func heard(_ space: TestSpace) -> [String] {
    space.requests.map { "\($0.screen) | \($0.route.map { "\($0)" } ?? "no route") | \($0.navigation)" }
  }

  @Test(arguments: Path.allCases)
  func aKeptProtectedScreenIsAskedAboutAgainOnACacheHit(_ path: Path) throws {
    let space = TestSpace(.allowed)
    let log = MadeLog()
    // Misuse reported, not trapped: a bypass that reuses the screen twice fails the test
    // instead of ending the process. The journals below hold no misuse event.
    let app = try makeVaultApp(space: space, log: log, misuse: .report, keepVaultAlive: .session)
    let window = app.window
    let cache = app.navigator.keepAliveCache
    var delivered: [String] = []
    let request = "\(path.screen) | \(path.isRoute ? "Vault()" : "no route") | \(path.navigation)"

    // Shown once, allowed: made and kept.
    show(path, app, space, log) { delivered.append($0) }
    #expect(delivered == ["shown(Vault)"])
    #expect(log.events == ["Vault.init", "Vault.viewDidLoad"])
    let kept = try #require(cache.screen(for: key(path)) as? LoggedScreen)
    #expect(kept.isInWindowHierarchy)
    #expect(window.journal.events.filter { if case .misuse = $0 { true } else { false } } == [])
    try leave(kept, by: path, app)
    #expect(!kept.isInWindowHierarchy && kept.parent == nil && kept.presentingViewController == nil)
    #expect(cache.screen(for: key(path)) === kept)
    #expect(heard(space) == [request])

    // Denied: refused, the kept screen not reused, nothing changed.
    space.answer = .denied
    delivered.removeAll()
    log.events.removeAll()
    window.journal.removeAll()
    let state = window.navigationState(keyedBy: AnyRoute.self)
    let tree = window.hierarchyDescription()
    show(path, app, space, log) { delivered.append($0) }
    #expect(delivered == [path.deniedOutcome])
    #expect(heard(space) == [request, request], "asked again on the cache hit")
    #expect(window.journal.events == path.deniedJournal)
    #expect(window.navigationState(keyedBy: AnyRoute.self) == state)
    #expect(window.hierarchyDescription() == tree)
    #expect(!kept.isInWindowHierarchy && kept.parent == nil && kept.presentingViewController == nil)
    #expect(cache.screen(for: key(path)) === kept)
    #expect(log.events == [], "nothing made")

    // Allowed again: the same instance comes back, the protection asked before the hit.
    space.answer = .allowed
    delivered.removeAll()
    window.journal.removeAll()
    show(path, app, space, log) { delivered.append($0) }
    #expect(delivered == ["shown(Vault)"])
    #expect(heard(space) == [request, request, request])
    #expect(
      window.journal.events.notes == [
        .protectionAsked("SignIn", path.screen), .protectionAllowed("SignIn", path.screen),
        .cacheHit(kept.screenID, entry: 1),
      ])
    #expect(window.journal.events.filter { if case .misuse = $0 { true } else { false } } == [])
    #expect(kept.isInWindowHierarchy)
    #expect(log.events == [], "nothing made, nothing loaded again")
  }
}
