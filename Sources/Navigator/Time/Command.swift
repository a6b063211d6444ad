/// A request as a hierarchy's queue holds it: what to do, to which screens, and what to
/// call when it is done.
///
/// Every request that may have to wait (the window's root, its visibility, every stack
/// move, presentations and dismissals, and the navigator's navigations) becomes a command
/// when it waits; ``execute()`` runs any of them, through the same code as a request that
/// runs at once. The public ``NavigationRequest`` is derived from it (``request``), so what
/// waits is always visible as a value (``Window/pendingRequests``).
internal enum Command {
  /// Replace a window's root screen.
  case setRoot(ViewController?, in: Window)
  /// Bring a window's root screens in line with its visibility, which was `visible` when
  /// the request was made.
  case updateAppearance(Window, visible: Bool)
  /// Push a screen onto a stack.
  case push(
    ViewController, onto: NavigationController, animated: Bool, options: PushOptions?,
    completion: (() -> Void)?)
  /// Pop a stack's top screen.
  case pop(NavigationController, animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?)
  /// Pop a stack down to a screen.
  case popTo(
    ViewController, in: NavigationController, animated: Bool, ignoringPopGuard: Bool,
    completion: (() -> Void)?)
  /// Pop a stack down to its root.
  case popToRoot(NavigationController, animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?)
  /// Replace a stack.
  case setViewControllers(
    [ViewController], in: NavigationController, animated: Bool, ignoringPopGuard: Bool,
    completion: (() -> Void)?)
  /// A tap on a stack's back button.
  case backButton(NavigationController)
  /// Present a screen modally.
  case present(ViewController, from: ViewController, animated: Bool, completion: (() -> Void)?)
  /// Dismiss what a screen presented, or the screen itself.
  case dismiss(ViewController, animated: Bool, completion: (() -> Void)?)
  /// The part of a ``Navigator`` navigation that runs once the hierarchy is free.
  case navigate(NavigatorStep)
  /// A navigation to a state (``Navigator/navigate(to:options:)``): planned
  /// when it runs, from the hierarchy as it is then.
  case navigateToState(NavigationRequest, run: () -> Void)

  /// The request, as the journal and ``Window/pendingRequests`` name it.
  internal var request: NavigationRequest {
    switch self {
    case .setRoot(let screen, _): .setRootViewController(ScreenID.of(screen))
    case .updateAppearance(_, let visible): .updateWindowAppearance(visible: visible)
    case .push(let screen, let navigation, let animated, _, _):
      .push(screen.screenID, onto: navigation.screenID, animated: animated)
    case .pop(let navigation, let animated, _, _): .pop(from: navigation.screenID, animated: animated)
    case .popTo(let screen, let navigation, let animated, _, _):
      .popTo(screen.screenID, in: navigation.screenID, animated: animated)
    case .popToRoot(let navigation, let animated, _, _):
      .popToRoot(in: navigation.screenID, animated: animated)
    case .setViewControllers(let screens, let navigation, let animated, _, _):
      .setViewControllers(screens.map(\.screenID), in: navigation.screenID, animated: animated)
    case .backButton(let navigation): .pop(from: navigation.screenID, animated: true)
    case .present(let screen, let presenter, let animated, _):
      .present(screen.screenID, from: presenter.screenID, animated: animated)
    case .dismiss(let screen, let animated, _): .dismiss(screen.screenID, animated: animated)
    case .navigate(let step): step.request
    case .navigateToState(let request, _): request
    }
  }

  /// Runs the command: the same code a request runs when it does not wait, with every
  /// check made again against the hierarchy as it is now.
  internal func execute() {
    switch self {
    case .setRoot(let screen, let window):
      window.replaceRootIfAllowed(with: screen)
    case .updateAppearance(let window, _):
      window.performAppearanceUpdate()
    case .push(let screen, let navigation, let animated, let options, let completion):
      navigation.performPush(screen, animated: animated, options: options, completion: completion)
    case .pop(let navigation, let animated, let ignoringPopGuard, let completion):
      _ = navigation.popNow(animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
    case .popTo(let screen, let navigation, let animated, let ignoringPopGuard, let completion):
      _ = navigation.popToNow(
        screen, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
    case .popToRoot(let navigation, let animated, let ignoringPopGuard, let completion):
      _ = navigation.popToRootNow(
        animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
    case .setViewControllers(let screens, let navigation, let animated, let ignoringPopGuard, let completion):
      navigation.setStackNow(
        screens, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
    case .backButton(let navigation):
      navigation.backButtonNow()
    case .present(let screen, let presenter, let animated, let completion):
      presenter.presentNow(screen, animated: animated, completion: completion)
    case .dismiss(let screen, let animated, let completion):
      screen.dismissNow(animated: animated, completion: completion)
    case .navigate(let step):
      step.run()
    case .navigateToState(_, let run):
      run()
    }
  }
}
