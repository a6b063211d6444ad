public import AppFlow
public import Navigator

/// The checkout: a flow pushed on the cart whose first screen is ``Checkout``, protected by
/// the sign-in; it finishes with the order's number.
public final class CheckoutFlow: Flow<Int> {
  /// The session's shop state.
  private weak var shop: ShopSession?

  /// Creates a checkout of `shop`.
  ///
  /// - Parameter shop: The session's shop state.
  public init(shop: ShopSession) {
    self.shop = shop
  }

  /// The flow's name: `CheckoutFlow`.
  public override var name: String { "CheckoutFlow" }

  /// The sign-in: the checkout runs once someone is signed in.
  public override var protection: (any ProtectionSpace)? { shop?.signIn }

  /// The ``Checkout`` route's screen, from the app controller's route table.
  ///
  /// - Returns: The screen.
  /// - Throws: `unmakeableScreen` when the shop's route table is gone.
  public override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let routes = shop?.routes else {
      throw NavigationError(.unmakeableScreen, "CheckoutFlow's shop has no route table.")
    }
    return try routes.makeScreen(for: AnyRoute(Checkout()))
  }
}

/// The sign-in: a flow in a page sheet whose first screen is ``SignIn``; it finishes with the
/// account's name.
public final class SignInFlow: Flow<String> {
  /// The space that required it.
  private weak var space: ShopSignIn?

  /// Creates a sign-in for `space`.
  ///
  /// - Parameter space: The space that required it.
  public init(space: ShopSignIn) {
    self.space = space
  }

  /// The flow's name: `SignInFlow`.
  public override var name: String { "SignInFlow" }

  /// The ``SignIn`` route's screen, from the app controller's route table.
  ///
  /// - Returns: The screen.
  /// - Throws: `unmakeableScreen` when the shop's route table is gone.
  public override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let routes = space?.routes else {
      throw NavigationError(.unmakeableScreen, "SignInFlow's space has no route table.")
    }
    return try routes.makeScreen(for: AnyRoute(SignIn()))
  }

  /// Signs `account` in, then finishes: the navigation that waited for the sign-in goes on.
  ///
  /// - Parameter account: The account's name.
  /// - Throws: The flow's refusal (`flowNotRunning`, `flowAlreadyEnded`); nothing changes then.
  public func signIn(as account: String) throws(NavigationError) {
    let previous = space?.account
    space?.account = account
    do {
      try tryFinish(account, animated: false)
    } catch {
      space?.account = previous
      throw error
    }
  }

  /// Sets the account as the flow ends finished, before the waiting navigation resumes.
  ///
  /// - Parameter outcome: How the flow ended.
  public override func didEnd(with outcome: FlowOutcome<String>) {
    if case .finished(let account) = outcome { space?.account = account }
  }
}

/// The shop's sign-in: allows when an account is signed in, and requires a ``SignInFlow``
/// otherwise.
public final class ShopSignIn: ProtectionSpace {
  /// The account signed in, or `nil`.
  public var account: String?
  /// The route table that makes the sign-in screen.
  public internal(set) weak var routes: RouteTable?
  /// The last sign-in flow it required.
  public internal(set) weak var flow: SignInFlow?

  /// Creates a sign-in with no one signed in.
  public init() {}

  /// The space's name in the journal: `SignIn`.
  public var name: String { "SignIn" }

  /// The sign-in flow that is running, if any.
  public var runningFlow: SignInFlow? {
    guard let flow, flow.state.isLive else { return nil }
    return flow
  }

  /// Allows when someone is signed in; otherwise requires a sign-in flow in a page sheet.
  ///
  /// - Parameters:
  ///   - request: The navigation asking.
  ///   - decide: Called once, at once.
  public func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    guard account == nil else { return decide(.allow) }
    let flow = SignInFlow(space: self)
    self.flow = flow
    decide(.require(flow, as: .sheet(embeddedInNavigationController: true)))
  }
}
