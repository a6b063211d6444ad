import AppFlow
import Navigator
import ShopApp
import Testing

@testable import FlowServiceCore

@Suite struct ActionTests {
  /// The cart over the catalog, with `stack` pushed in the cart's navigation controller.
  private func inCart(_ stack: [ScreenNode] = [], presents: PresentedScreen? = nil) -> ScreenNode {
    Expected.stack([Expected.catalog], presents: Expected.sheet([Expected.cart] + stack, presents: presents))
  }

  @Test func pushPresentDismissAndBack() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      #expect(
        try await client.act(id, "push", url: "shop://catalog/products/7")
          == Expected.state(id, Expected.stack([Expected.catalog, Expected.product(7)])))
      let presented = PresentedScreen(
        style: "pageSheet", embeddedInNavigationController: false, screen: Expected.product(9))
      #expect(
        try await client.act(id, "present", url: "shop://catalog/products/9")
          == Expected.state(id, Expected.stack([Expected.catalog, Expected.product(7)], presents: presented)))
      #expect(
        try await client.act(id, "dismiss")
          == Expected.state(id, Expected.stack([Expected.catalog, Expected.product(7)])))
      #expect(try await client.act(id, "back") == Expected.state(id, Expected.stack([Expected.catalog])))
    }
  }

  @Test func aPopoverPointsAtABarButtonItemOrAViewOfTheVisibleScreen() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      let atCatalog = Expected.state(id, Expected.stack([Expected.catalog]))
      let popoverShown = Expected.state(
        id,
        Expected.stack(
          [Expected.catalog],
          presents: PresentedScreen(
            style: "popover", embeddedInNavigationController: false, screen: Expected.product(9))))
      func popover(_ anchor: String) async throws -> Answer {
        try await client.post(
          "/sessions/\(id)/actions",
          #"{"action": "popover", "url": "shop://catalog/products/9", "anchor": \#(anchor)}"#)
      }
      // The catalog's cart button.
      let fromItem = try await popover(#"{"barButtonItem": {"side": "right", "index": 0}}"#)
      #expect(fromItem.status == 200, "\(fromItem)")
      #expect(try fromItem.decoded(SessionState.self) == popoverShown)
      #expect(try await client.act(id, "dismiss") == atCatalog)
      // A rectangle in the catalog's view.
      let fromView = try await popover(
        #"{"view": {"path": [], "rect": {"x": 10, "y": 20, "width": 44, "height": 44}}}"#)
      #expect(fromView.status == 200, "\(fromView)")
      #expect(try fromView.decoded(SessionState.self) == popoverShown)
      #expect(try await client.act(id, "dismiss") == atCatalog)

      // Refusals change nothing.
      let refusals: [(String, Int, String, String)] = [
        (
          #"{"barButtonItem": {"side": "left", "index": 0}}"#, 409, "noSuchAnchor",
          "Catalog has 0 left bar button items: there is none at index 0."
        ),
        (
          #"{"view": {"path": [0], "rect": {"x": 0, "y": 0, "width": 1, "height": 1}}}"#, 409, "noSuchAnchor",
          "Catalog's view has no subview at path [0]: the view there has 0 subviews."
        ),
      ]
      for (anchor, status, code, message) in refusals {
        let answer = try await popover(anchor)
        #expect(answer.status == status, "\(anchor)")
        #expect(try answer.decoded(ErrorBody.self) == ErrorBody(code: code, message: message))
      }
      let both = try await popover(
        #"{"barButtonItem": {"side": "right", "index": 0}, "view": {"rect": {"x": 0, "y": 0, "width": 1, "height": 1}}}"#
      )
      #expect(both.status == 400)
      #expect(try both.decoded(ErrorBody.self).error.code == "malformedBody")
      let missing = try await client.post(
        "/sessions/\(id)/actions", #"{"action": "popover", "url": "shop://catalog/products/9"}"#)
      #expect(
        try missing.decoded(ErrorBody.self)
          == ErrorBody(code: "missingAnchor", message: "The action 'popover' needs an 'anchor'."))
      #expect(missing.status == 400)
      #expect(try await client.state(id) == atCatalog)
    }
  }

  /// A popover is saved with its anchor, and a restart brings it back.
  @Test func aPopoverComesBackAfterARestart() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let anchors = [
        #"{"barButtonItem": {"side": "right", "index": 0}}"#,
        #"{"view": {"rect": {"x": 10, "y": 20, "width": 44, "height": 44}}}"#,
      ]
      let shown = try await withService(configuration) { client in
        var states: [SessionState] = []
        for anchor in anchors {
          let id = try await client.createSession()
          let answer = try await client.post(
            "/sessions/\(id)/actions",
            #"{"action": "popover", "url": "shop://catalog/products/3", "anchor": \#(anchor)}"#)
          #expect(answer.status == 200, "\(answer)")
          states.append(try answer.decoded(SessionState.self))
        }
        return states
      }
      let restored = try await withService(configuration) { client in
        var states: [SessionState] = []
        for state in shown { states.append(try await client.state(state.id)) }
        return states
      }
      #expect(shown.map { $0.root?.presents?.style } == ["popover", "popover"])
      #expect(restored == shown)
    }
  }

  @Test func checkoutWaitsForTheSignInThenRuns() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      try await client.open(id, "shop://cart")
      #expect(
        try await client.act(id, "checkout")
          == Expected.state(
            id, inCart(presents: Expected.sheet([Expected.signIn])), flows: [Expected.signInFlow],
            pending: ["signIn"]))
      #expect(
        try await client.act(id, "signIn", account: "bob")
          == Expected.state(id, inCart([Expected.checkout]), flows: [Expected.checkoutFlow], account: "bob"))
      // Signed in, a second checkout runs at once.
      #expect(try await client.act(id, "finishFlow") == Expected.state(id, inCart(), account: "bob"))
      #expect(
        try await client.act(id, "checkout")
          == Expected.state(id, inCart([Expected.checkout]), flows: [Expected.checkoutFlow], account: "bob"))
      #expect(try await client.act(id, "cancelFlow") == Expected.state(id, inCart(), account: "bob"))
    }
  }

  /// A cart presented on its own (`present`, no navigation controller): the checkout can't be
  /// pushed on it, so it comes over it in a sheet of its own, and goes on after the sign-in.
  @Test func aPresentedCartsCheckoutGoesOnAfterTheSignIn() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      func overCart(_ presents: PresentedScreen? = nil) -> ScreenNode {
        var cart = Expected.cart
        cart.presents = presents
        return Expected.stack(
          [Expected.catalog],
          presents: PresentedScreen(style: "pageSheet", embeddedInNavigationController: false, screen: cart))
      }
      #expect(try await client.act(id, "present", url: "shop://cart") == Expected.state(id, overCart()))
      #expect(
        try await client.act(id, "checkout")
          == Expected.state(
            id, overCart(Expected.sheet([Expected.signIn])), flows: [Expected.signInFlow], pending: ["signIn"]
          ))
      let signedIn = try await client.post("/sessions/\(id)/actions", actionBody("signIn", account: "bob"))
      #expect(signedIn.status == 200, "\(signedIn)")
      let atCheckout = Expected.state(
        id, overCart(Expected.sheet([Expected.checkout])), flows: [Expected.checkoutFlow], account: "bob")
      #expect(try signedIn.decoded(SessionState.self) == atCheckout)
      #expect(try await client.state(id) == atCheckout)
      // The order is placed: back to the cart, signed in.
      #expect(try await client.act(id, "finishFlow") == Expected.state(id, overCart(), account: "bob"))
    }
  }

  /// The same requests in a session's own actor, with its journal: no refusal is reported on
  /// the way, and the checkout flow starts after the sign-in flow finished.
  @Test func aPresentedCartsCheckoutReportsNoMisuse() throws {
    let app = try ShopApp.makeApp()
    _ = try app.start()
    app.window.journal.isEnabled = true
    try SessionActions.perform(ActionRequest(action: "present", url: "shop://cart"), in: app)
    try SessionActions.perform(ActionRequest(action: "checkout"), in: app)
    try SessionActions.perform(ActionRequest(action: "signIn", account: "bob"), in: app)
    let events = app.window.journal.events.map { "\($0)" }
    #expect(events.filter { $0.hasPrefix("misuse") } == [])
    let flowEvents = events.filter { $0.contains("Flow#") }.map { String($0.prefix { $0 != "(" }) }
    #expect(flowEvents == ["SignInFlow#1.started", "SignInFlow#1.ended", "CheckoutFlow#2.started"])
  }

  @Test func aFailedSignInRefusesTheCheckout() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      try await client.open(id, "shop://cart")
      try await client.act(id, "checkout")
      #expect(try await client.act(id, "signInFails") == Expected.state(id, inCart()))
      // finishFlow answers a running sign-in too.
      try await client.act(id, "checkout")
      #expect(
        try await client.act(id, "finishFlow")
          == Expected.state(id, inCart([Expected.checkout]), flows: [Expected.checkoutFlow], account: "alice")
      )
    }
  }

  @Test func theCheckoutAsksBeforeItIsLeft() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      try await client.open(id, "shop://cart")
      try await client.act(id, "checkout")
      let atCheckout = Expected.state(
        id, inCart([Expected.checkout]), flows: [Expected.checkoutFlow], account: "alice")
      #expect(try await client.act(id, "signIn") == atCheckout)
      var asking = atCheckout
      asking.pending = ["popConfirmation"]
      #expect(try await client.act(id, "back") == asking)
      #expect(try await client.act(id, "denyPop") == atCheckout)
      #expect(try await client.act(id, "back") == asking)
      #expect(try await client.act(id, "confirmPop") == Expected.state(id, inCart(), account: "alice"))
    }
  }
}
