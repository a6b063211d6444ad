import AppFlow
import Navigator

/// A screen the user named in the playground (`push Settings`): a route, so that a session
/// log names the screen and a replay makes it again.
struct PlayScreen: Route {
  /// The route's name in snapshots and logs.
  static var routeName: String { "Screen" }
  /// The name the user gave the screen, its title.
  var name: String
}

/// The playground's one-screen flow: named by the user, its first screen the route
/// ``PlayScreen`` of the same name, so that a log records the run and a replay runs it again.
final class PlayFlow: Flow<String> {
  /// The name the user gave it.
  private let givenName: String
  /// The route table that makes its first screen.
  private let routes: RouteTable

  /// A flow named `name`, whose first screen `routes` makes.
  init(name: String, routes: RouteTable) {
    givenName = name
    self.routes = routes
  }

  /// The name the user gave it.
  override var name: String { givenName }

  /// The screen of the route ``PlayScreen`` with the flow's name.
  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    try routes.makeScreen(for: AnyRoute(PlayScreen(name: givenName)))
  }
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
