package import AppFlow

/// The shop's sign-in: allows when an account is signed in, and requires a ``SignInFlow``
/// otherwise.
package final class ShopSignIn: ProtectionSpace {
  /// The account signed in, or `nil`.
  package internal(set) var account: String?
  /// The route table that makes the sign-in screen.
  weak var routes: RouteTable?
  /// The last sign-in flow it required.
  weak var flow: SignInFlow?

  /// Creates a sign-in with no one signed in.
  init() {}

  /// The space's name in the journal: `SignIn`.
  package var name: String { "SignIn" }

  /// The sign-in flow that is running, if any.
  package var runningFlow: SignInFlow? {
    guard let flow, flow.state.isLive else { return nil }
    return flow
  }

  /// Allows when someone is signed in; otherwise requires a sign-in flow in a page sheet.
  ///
  /// - Parameters:
  ///   - request: The navigation asking.
  ///   - decide: Called once, at once.
  package func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    guard account == nil else { return decide(.allow) }
    let flow = SignInFlow(space: self)
    self.flow = flow
    decide(.require(flow, as: .sheet(embeddedInNavigationController: true)))
  }
}
