import AppFlow
import Navigator

/// The account's orders: protected by the sign-in.
struct ShopOrders: Route {
  /// The route's name in snapshots.
  static var routeName: String { "Orders" }
}

/// The demo's sign-in: requires its flow while no one is signed in.
final class DemoSignIn: ProtectionSpace {
  /// Who is signed in, if anyone.
  var account: String?
  /// How the next sign-in ends: finished with an account, or cancelled by the user.
  var nextSignInSucceeds = true
  /// The sign-in flows it required, the latest last.
  var flows: [DemoSignInFlow] = []

  /// The name the journal gives it.
  var name: String { "SignIn" }

  /// Allows a signed-in user; otherwise requires a new sign-in flow.
  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    guard account == nil else { return decide(.allow) }
    let flow = DemoSignInFlow(space: self)
    flows.append(flow)
    decide(.require(flow))
  }
}

/// A one-screen sign-in: the demo finishes it (signed in) or cancels it (the user gave up).
final class DemoSignInFlow: Flow<String> {
  /// The sign-in it ends.
  weak var space: DemoSignIn?

  /// A sign-in flow for `space`.
  init(space: DemoSignIn) {
    self.space = space
  }

  /// The name the journal gives it.
  override var name: String { "SignInFlow" }

  /// The sign-in screen.
  override func makeFirstScreen() throws(NavigationError) -> ViewController { DemoScreen("SignIn") }

  /// Ends the sign-in as the space says.
  func complete() {
    guard let space else { return }
    if space.nextSignInSucceeds {
      space.account = "alice"
      finish("alice", animated: false)
    } else {
      cancel(animated: false)
    }
  }
}

extension Demo {
  /// Protection and caching: a deep link to a protected screen runs the sign-in flow first
  /// and resumes; the same link again within the keep-alive lifetime brings back the same
  /// screen (its protection asked again); a cancelled sign-in refuses the link.
  static func protectionJourney(into output: Transcript) {
    let signIn = DemoSignIn()
    let app = AppController(window: Window(misusePolicy: .report), rootRoute: ShopCatalog())
    do {
      try registerShop(app.routes, signIn: signIn)
      try app.start()
    } catch {
      output.line("   could not start: \(error)")
      return
    }
    app.window.journal.isEnabled = true

    output.step("A deep link to a protected screen: the sign-in flow runs first")
    output.line("   open shop://account/orders")
    var result: Result<NavigationPlan<AnyRoute>, RouteError>?
    app.open("shop://account/orders", animated: false) { result = $0 }
    output.line("   result: \(describe(result))")
    notes(app, into: output)
    output.line("   shown: \(shown(app))")
    output.line()

    output.step("Signing in finishes the flow: the link resumes, planned from that moment")
    app.window.journal.removeAll()
    signIn.flows.last?.complete()
    output.line("   result: \(describe(result))")
    notes(app, into: output)
    output.line("   shown: \(shown(app))")
    output.line()

    output.step("Back, then the same link within the keep-alive lifetime: the same Orders screen")
    let first = app.rootNavigationController?.topViewController
    app.navigate(to: ShopCatalog(), animated: false)
    app.window.journal.removeAll()
    var again: Result<NavigationPlan<AnyRoute>, RouteError>?
    app.open("shop://account/orders", animated: false) { again = $0 }
    output.line("   result: \(describe(again))")
    notes(app, into: output)
    let second = app.rootNavigationController?.topViewController
    output.line("   shown: \(shown(app)); the same instance: \(first != nil && first === second)")
    output.line()

    output.step("Signed out, the sign-in cancelled: protectionDenied, nothing changes")
    app.navigate(to: ShopCatalog(), animated: false)
    signIn.account = nil
    signIn.nextSignInSucceeds = false
    app.window.journal.removeAll()
    var denied: Result<NavigationPlan<AnyRoute>, RouteError>?
    app.open("shop://account/orders", animated: false) { denied = $0 }
    signIn.flows.last?.complete()
    if case .failure(.refused(let error)) = denied {
      output.line("   error: \(error.code): \(error.message)")
    } else {
      output.line("   result: \(String(describing: denied))")
    }
    notes(app, into: output)
    output.line("   shown: \(shown(app))")
    output.line()
  }

  /// Registers the shop's routes, and Orders protected by `signIn`, kept alive 60 s.
  private static func registerShop(_ routes: RouteTable, signIn: DemoSignIn) throws {
    try registerShopRoutes(routes)
    try routes.register(
      ShopOrders.self, url: "shop://account/orders", parent: { _ in ShopCatalog() }, protectedBy: signIn,
      keepAlive: .duration(.seconds(60))
    ) { _ in DemoScreen("Orders") }
  }

  /// A deep link's result in a few words.
  private static func describe(_ result: Result<NavigationPlan<AnyRoute>, RouteError>?) -> String {
    switch result {
    case nil: "waiting for the sign-in"
    case .success(let plan): "opened in \(plan.steps.count) step(s)"
    case .failure(let error): "\(error)"
    }
  }

  /// Writes the journal's notes: protections and flows.
  private static func notes(_ app: AppController, into output: Transcript) {
    for event in app.window.journal.events {
      if case .note(let note) = event { output.line("   · \(note)") }
    }
  }

  /// The screens of the root stack, and what is presented over it.
  private static func shown(_ app: AppController) -> String {
    let stack = app.rootNavigationController?.viewControllers.map { "\($0.screenID)" } ?? []
    let presented = app.rootNavigationController?.presentedViewController.map { " presenting \($0.screenID)" }
    return "[" + stack.joined(separator: ", ") + "]" + (presented ?? "")
  }
}
