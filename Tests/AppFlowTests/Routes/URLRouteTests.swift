import AppFlow
import Navigator
import Testing

@Suite struct URLRouteTests {
  /// The shop, with URL patterns for its routes.
  private func makeLinkedShop() throws -> AppController {
    let app = AppController(window: Window(misusePolicy: .report), rootRoute: Catalog())
    try app.routes.register(Catalog.self, url: "shop://catalog") { RouteScreen($0) }
    try app.routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() })
    {
      RouteScreen($0)
    }
    try app.routes.register(
      Reviews.self, url: "shop://catalog/products/<int:productID>/reviews",
      presentation: .sheet(embeddedInNavigationController: true), parent: { Product(id: $0.productID) }
    ) { RouteScreen($0) }
    try app.routes.register(
      Compose.self, url: "shop://catalog/products/<int:productID>/reviews/new",
      parent: { Reviews(productID: $0.productID) }
    ) { RouteScreen($0) }
    try app.start()
    return app
  }

  @Test func everyRoutePrintsToItsURLAndParsesBack() throws {
    let app = try makeLinkedShop()
    let routes: [any Route] = [Catalog(), Product(id: 42), Reviews(productID: -7), Compose(productID: .max)]
    let urls = try routes.map { try app.routes.url(for: $0) }
    #expect(
      urls == [
        "shop://catalog", "shop://catalog/products/42", "shop://catalog/products/-7/reviews",
        "shop://catalog/products/\(Int.max)/reviews/new",
      ])
    #expect(try urls.map { try app.routes.route(for: $0) } == routes.map { AnyRoute($0) })
  }

  @Test func openingAURLNavigatesToItsRouteOnItsChainAllOrNothing() async throws {
    let app = try makeLinkedShop()
    let plan = try await app.openAndWait("shop://catalog/products/42/reviews/new", animated: false)
    #expect(
      plan.steps.map(\.description) == [
        "push Product(id: 42) onto root",
        "present NavigationController[Reviews(productID: 42), Compose(productID: 42)] from root as pageSheet",
      ])
    #expect(app.navigator.visibleViewController?.title == "Compose(productID: 42)")
    let before = app.window.navigationState(keyedBy: AnyRoute.self)
    for (url, error) in [
      ("", RouteError.emptyURL),
      ("catalog/products/1", .relativeURL("catalog/products/1")),
      ("mail://inbox", .unknownScheme("mail://inbox", scheme: "mail")),
    ] {
      await #expect(throws: error) { try await app.openAndWait(url, animated: false) }
    }
    await #expect(throws: RouteError.self) {
      try await app.openAndWait("shop://catalog/products/99999999999999999999999", animated: false)
    }
    #expect(app.window.navigationState(keyedBy: AnyRoute.self) == before)
  }
}

/// A printed URL always parses back to the route it was printed for.
@Suite struct URLPrintingTests {
  struct UserByID: Route { var id: Int }
  struct UserByName: Route { var id: String }

  @Test func aURLThatAnotherPatternWouldTakeIsNotPrinted() throws {
    let app = AppController(window: Window(misusePolicy: .report), rootRoute: Catalog())
    try app.routes.register(Catalog.self, url: "app://x") { RouteScreen($0) }
    try app.routes.register(UserByID.self, url: "app://x/user/<int:id>", parent: { _ in Catalog() }) {
      RouteScreen($0)
    }
    try app.routes.register(UserByName.self, url: "app://x/user/<id>", parent: { _ in Catalog() }) {
      RouteScreen($0)
    }
    #expect(try app.routes.url(for: UserByID(id: 42)) == "app://x/user/42")
    #expect(try app.routes.url(for: UserByName(id: "bob")) == "app://x/user/bob")
    #expect(try app.routes.route(for: "app://x/user/bob") == AnyRoute(UserByName(id: "bob")))
    let error = RouteError.urlParsesAsAnotherRoute(
      #"UserByName(id: "42")"#, url: "app://x/user/42", parsed: "UserByID(id: 42)")
    #expect(throws: error) { try app.routes.url(for: UserByName(id: "42")) }
    #expect(
      error.description
        == #"urlParsesAsAnotherRoute: UserByName(id: "42") prints as 'app://x/user/42', which parses as "#
        + "UserByID(id: 42); the URL would open another route")
  }
}
