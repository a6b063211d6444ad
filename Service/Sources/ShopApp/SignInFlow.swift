package import AppFlow
package import Navigator

/// The sign-in: a flow in a page sheet whose first screen is ``SignIn``; it finishes with the
/// account's name.
package final class SignInFlow: Flow<String> {
  /// The space that required it.
  private weak var space: ShopSignIn?

  /// Creates a sign-in for `space`.
  ///
  /// - Parameter space: The space that required it.
  init(space: ShopSignIn) {
    self.space = space
  }

  /// The flow's name: `SignInFlow`.
  package override var name: String { "SignInFlow" }

  /// The ``SignIn`` route's screen, from the app controller's route table.
  ///
  /// - Returns: The screen.
  /// - Throws: `unmakeableScreen` when the shop's route table is gone.
  package override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let routes = space?.routes else {
      throw NavigationError(.unmakeableScreen, "SignInFlow's space has no route table.")
    }
    return try routes.makeScreen(for: AnyRoute(SignIn()))
  }

  /// Signs `account` in, then finishes: the navigation that waited for the sign-in goes on.
  ///
  /// - Parameter account: The account's name.
  /// - Throws: The flow's refusal (`flowNotRunning`, `flowAlreadyEnded`); nothing changes then.
  package func signIn(as account: String) throws(NavigationError) {
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
  package override func didEnd(with outcome: FlowOutcome<String>) {
    if case .finished(let account) = outcome { space?.account = account }
  }
}
