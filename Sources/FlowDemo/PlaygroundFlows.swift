import AppFlow
import Navigator

/// The playground's one-screen flow: named by the user, its first screen named the same.
final class PlayFlow: Flow<String> {
  /// The name the user gave it.
  private let givenName: String

  /// A flow named `name`.
  init(name: String) {
    givenName = name
  }

  /// The name the user gave it.
  override var name: String { givenName }

  /// A screen with the flow's name.
  override func makeFirstScreen() throws(NavigationError) -> ViewController { DemoScreen(givenName) }
}

/// The playground's sign-in: requires its flow while no one is signed in.
final class PlaySignIn: ProtectionSpace {
  /// Who is signed in, if anyone.
  var account: String?

  /// The name the journal gives it.
  var name: String { "SignIn" }

  /// Allows a signed-in user; otherwise requires the sign-in flow.
  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    guard account == nil else { return decide(.allow) }
    decide(.require(PlaySignInFlow(space: self)))
  }
}

/// The playground's sign-in flow: one screen; finished with a name, it signs that name in.
final class PlaySignInFlow: Flow<String> {
  /// The sign-in it signs in to.
  private weak var space: PlaySignIn?

  /// A sign-in flow for `space`.
  init(space: PlaySignIn) {
    self.space = space
  }

  /// The name the journal gives it.
  override var name: String { "SignInFlow" }

  /// The sign-in screen.
  override func makeFirstScreen() throws(NavigationError) -> ViewController { DemoScreen("SignIn") }

  /// Signs in the name it finished with.
  override func didEnd(with outcome: FlowOutcome<String>) {
    if let account = outcome.output { space?.account = account }
  }
}
