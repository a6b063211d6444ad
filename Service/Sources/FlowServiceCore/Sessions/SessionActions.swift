import AppFlow
import Navigator
import ShopApp

/// What the service does inside a session: opening a deep link and the user's actions,
/// each all or nothing.
///
/// Each function runs inside the session's isolation domain (`SessionHost.withSession`),
/// checks everything it can before anything changes, and throws a ``ServiceError`` when
/// the request is refused; the engine's navigations are all or nothing themselves.
enum SessionActions {
  /// Opens a deep link.
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - app: The session's app controller.
  /// - Throws: 422 for a URL that matches no route, 409 for a refused navigation or while
  ///   the checkout's pop question waits.
  static func open(_ url: String, in app: AppController) throws(ServiceError) {
    try checkNothingPending(app)
    // Without a completion: no plan is built (the answer is the state, rendered after).
    var failure: RouteError?
    try capturingMisuse(app) { () throws(ServiceError) in
      do throws(RouteError) { try app.tryOpen(url, animated: false) } catch { failure = error }
    }
    if let failure { throw ServiceError(failure) }
  }

  /// Performs a user's action.
  ///
  /// - Parameters:
  ///   - request: The action and its arguments.
  ///   - app: The session's app controller.
  /// - Throws: 400 for an unknown action or a missing argument, 422 for a URL that matches
  ///   no route, 409 for an action the session's state refuses.
  static func perform(_ request: ActionRequest, in app: AppController) throws(ServiceError) {
    guard let action = SessionAction(rawValue: request.action) else {
      let known = SessionAction.allCases.map(\.rawValue).joined(separator: ", ")
      throw ServiceError(
        status: 400, code: "unknownAction",
        message: "Unknown action '\(request.action)'; the actions are \(known).")
    }
    guard let shop = ShopApp.shop(of: app) else {
      throw ServiceError(
        status: 500, code: "notStarted", message: "The session's app controller has not started.")
    }
    switch action {
    case .confirmPop, .denyPop:
      guard shop.answerPop(action == .confirmPop) else {
        throw refused("noPendingPop", "No screen is waiting for an answer to leave it.")
      }
      return
    default:
      try checkNothingPending(app)
    }
    switch action {
    case .back:
      try capturingMisuse(app) { () throws(ServiceError) in
        do {
          try app.navigator.tryPop(options: NavigationOptions().animated(false))
        } catch {
          throw ServiceError(any: error)
        }
      }
    case .dismiss:
      guard let presenter = topPresenter(app) else {
        throw refused("nothingToDismiss", "Nothing is presented: the window shows only its root stack.")
      }
      try capturingMisuse(app) { () throws(ServiceError) in
        do {
          try app.navigator.tryDismiss(options: NavigationOptions().from(presenter).animated(false))
        } catch {
          throw ServiceError(any: error)
        }
      }
    case .push, .present:
      let screen = try screen(at: request.url, for: action, in: app)
      try capturingMisuse(app) { () throws(ServiceError) in
        do {
          if action == .push {
            try app.navigator.tryPush(.instance(screen), options: NavigationOptions().animated(false))
          } else {
            try app.navigator.tryPresentModal(
              .instance(screen), style: .pageSheet, options: NavigationOptions().animated(false))
          }
        } catch {
          throw ServiceError(any: error)
        }
      }
    case .popover:
      let screen = try screen(at: request.url, for: action, in: app)
      guard let anchor = request.anchor else {
        throw ServiceError(
          status: 400, code: "missingAnchor", message: "The action 'popover' needs an 'anchor'.")
      }
      guard let top = app.navigator.visibleViewController else {
        throw refused("invalidRequest", "The window shows no screen to anchor a popover on.")
      }
      let resolved = try anchor.resolved(on: top)
      try capturingMisuse(app) { () throws(ServiceError) in
        do {
          try app.navigator.tryPopover(
            .instance(screen), anchor: resolved, options: NavigationOptions().animated(false))
        } catch {
          throw ServiceError(any: error)
        }
      }
    case .checkout:
      guard let top = app.navigator.visibleViewController, top.navigationKey as? AnyRoute == AnyRoute(Cart())
      else {
        throw refused("notInCart", "The checkout starts from the cart: open shop://cart first.")
      }
      // A cart in a navigation controller (the deep link's) gets the checkout pushed on it. A
      // cart presented on its own (`present`) has no stack to push onto: the checkout comes
      // over it, in a page sheet of its own. Either way the navigation that may wait for the
      // sign-in can go on once it is done, from the cart it started from.
      let presentation: FlowPresentation =
        top.navigationController == nil ? .sheet(embeddedInNavigationController: true) : .push
      try capturingMisuse(app) { () throws(ServiceError) in
        app.run(CheckoutFlow(shop: shop), as: presentation, animated: false)
      }
    case .finishFlow, .cancelFlow:
      guard let flow = newestFlow(app) else { throw refused("noLiveFlow", "No flow is running.") }
      do {
        switch (action, flow) {
        case (.finishFlow, let signIn as SignInFlow): try signIn.signIn(as: request.account ?? "alice")
        case (.finishFlow, let checkout as CheckoutFlow): try checkout.tryFinish(1, animated: false)
        case (.cancelFlow, let signIn as SignInFlow): try signIn.tryCancel(animated: false)
        case (.cancelFlow, let checkout as CheckoutFlow): try checkout.tryCancel(animated: false)
        default:
          throw refused(
            "unknownFlow",
            "\(flow.id) can't be \(action == .finishFlow ? "finished" : "cancelled") by the service.")
        }
      } catch let error as ServiceError {
        throw error
      } catch {
        throw ServiceError(any: error)
      }
    case .signIn, .signInFails:
      guard let flow = shop.signIn.runningFlow else {
        throw refused("noPendingSignIn", "No sign-in is running.")
      }
      do {
        if action == .signIn {
          try flow.signIn(as: request.account ?? "alice")
        } else {
          try flow.tryCancel(animated: false)
        }
      } catch {
        throw ServiceError(error)
      }
    case .confirmPop, .denyPop:
      break
    }
  }

  // MARK: Helpers

  /// A request the session's state refuses: 409.
  private static func refused(_ code: String, _ message: String) -> ServiceError {
    ServiceError(status: 409, code: code, message: message)
  }

  /// Refuses every change while the checkout's pop question waits: the window holds the
  /// requests that come meanwhile, so they would not be all or nothing.
  private static func checkNothingPending(_ app: AppController) throws(ServiceError) {
    if ShopApp.shop(of: app)?.pendingPop != nil {
      throw refused(
        "popConfirmationPending",
        "The checkout is asking whether to leave it: answer with confirmPop or denyPop first.")
    }
  }

  /// Runs `body`, turning the misuses the window reports meanwhile into a 409.
  private static func capturingMisuse(
    _ app: AppController, _ body: () throws(ServiceError) -> Void
  ) throws(ServiceError) {
    let misuses = MisuseList()
    let previous = app.window.misuseHandler
    app.window.misuseHandler = { misuses.errors.append($0) }
    defer { app.window.misuseHandler = previous }
    try body()
    if let first = misuses.errors.first { throw ServiceError(first) }
  }

  /// The screen of the route at `url`, made by the route table.
  private static func screen(at url: String?, for action: SessionAction, in app: AppController)
    throws(ServiceError)
    -> ViewController
  {
    guard let url else {
      throw ServiceError(
        status: 400, code: "missingURL", message: "The action '\(action.rawValue)' needs a 'url'.")
    }
    do {
      return try app.routes.makeScreen(for: try app.routes.route(for: url))
    } catch {
      throw ServiceError(any: error)
    }
  }

  /// The screen that presents the topmost presented screen, or `nil` when nothing is presented.
  private static func topPresenter(_ app: AppController) -> ViewController? {
    guard var presenter = app.window.rootViewController, var presented = presenter.presentedViewController
    else {
      return nil
    }
    while let next = presented.presentedViewController {
      presenter = presented
      presented = next
    }
    return presenter
  }

  /// The newest live flow: the last root's last child, all the way down.
  private static func newestFlow(_ app: AppController) -> AnyFlow? {
    guard var flow = app.liveFlows.last(where: { $0.state.isLive }) else { return nil }
    while let child = flow.children.last(where: { $0.state.isLive }) { flow = child }
    return flow
  }
}

/// The misuses a window reported during one request.
private final class MisuseList {
  var errors: [NavigationError] = []
}
