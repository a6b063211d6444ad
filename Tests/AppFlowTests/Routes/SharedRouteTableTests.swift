import AppFlow
import Navigator
import Testing

/// A session's state, the context of the shared table's factories: it names the session and
/// records what the factories made for it, in order.
final class TestSession {
  let name: String
  var made: [String] = []
  let space: TestSpace
  var lifetime = Lifetime.session

  init(_ name: String, answer: SpaceAnswer? = .allowed) {
    self.name = name
    space = TestSpace(answer, name: "\(name).space")
  }
}

/// A screen made by a shared factory: titled with its session and route.
final class SessionScreen: ViewController {
  init(_ route: some Route, _ session: TestSession) {
    super.init()
    title = "\(session.name): \(route)"
    session.made.append("\(route)")
  }
}

/// A flow that a shared table restores: named after the session it was made for.
final class SessionFlow: Flow<Void> {
  let session: String
  let route: AnyRoute
  weak var table: RouteTable?
  init(_ session: String, _ route: AnyRoute, table: RouteTable?) {
    self.session = session
    self.route = route
    self.table = table
  }
  override var name: String { "SessionFlow(\(session))" }
  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let table else { throw NavigationError(.invalidRequest, "no table") }
    return try table.makeScreen(for: route)
  }
}

@Suite struct SharedRouteTableTests {
  typealias State = NavigationState<AnyRoute>

  /// The shop's routes, shared: Catalog at the root; Product pushed; Reviews in a page sheet
  /// inside a navigation controller; Filters (protected by the session's space) pushed on
  /// Catalog; Compose without a URL, kept alive for the session's lifetime.
  static func sharedShop() throws -> SharedRouteTable<TestSession> {
    var routes = SharedRouteTable<TestSession>()
    try routes.register(Catalog.self, url: "shop://catalog") { SessionScreen($0, $1) }
    try routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() }) {
      SessionScreen($0, $1)
    }
    try routes.register(
      Reviews.self, url: "shop://catalog/products/<int:productID>/reviews",
      presentation: .sheet(embeddedInNavigationController: true), parent: { Product(id: $0.productID) }
    ) { SessionScreen($0, $1) }
    try routes.register(
      Filters.self, url: "shop://catalog/filters", parent: { _ in Catalog() }, protectedBy: \.space
    ) { SessionScreen($0, $1) }
    try routes.register(Compose.self, parent: { Reviews(productID: $0.productID) }, keepAlive: \.lifetime) {
      SessionScreen($0, $1)
    }
    return routes
  }

  /// A started app controller of `session` over `routes`.
  static func app(_ routes: SharedRouteTable<TestSession>, _ session: TestSession) throws -> AppController {
    let app = AppController(
      window: Window(misusePolicy: .report), rootRoute: Catalog(), routes: routes, context: session)
    try app.start()
    return app
  }

  private func state(_ app: AppController) -> State { app.window.navigationState(keyedBy: AnyRoute.self) }

  private func titles(_ app: AppController) -> [String?] {
    var titles = app.rootNavigationController?.viewControllers.map(\.title) ?? []
    if let sheet = app.rootNavigationController?.presentedViewController as? NavigationController {
      titles += sheet.viewControllers.map(\.title)
    }
    return titles
  }

  @Test func eachAppControllerMakesItsScreensWithItsOwnContext() throws {
    let routes = try Self.sharedShop()
    let (ann, bob) = (TestSession("ann"), TestSession("bob"))
    let first = try Self.app(routes, ann)
    let second = try Self.app(routes, bob)
    try first.tryOpen("shop://catalog/products/42/reviews", animated: false)
    try second.tryOpen("shop://catalog/products/7", animated: false)

    #expect(
      titles(first) == ["ann: Catalog()", "ann: Product(id: 42)", "ann: Reviews(productID: 42)"])
    #expect(titles(second) == ["bob: Catalog()", "bob: Product(id: 7)"])
    #expect(ann.made == ["Catalog()", "Product(id: 42)", "Reviews(productID: 42)"])
    #expect(bob.made == ["Catalog()", "Product(id: 7)"])
    #expect(
      state(first)
        == State(
          root: .stack(
            [.screen(AnyRoute(Catalog())), .screen(AnyRoute(Product(id: 42)))],
            presenting: .sheet(.stack([.screen(AnyRoute(Reviews(productID: 42)))])))))
    #expect(try first.routes.url(for: Reviews(productID: 42)) == "shop://catalog/products/42/reviews")
    #expect(try second.routes.route(for: "shop://catalog/products/9", as: Product.self) == Product(id: 9))
    #expect(first.routes.routeNames == ["Catalog", "Compose", "Filters", "Product", "Reviews"])
  }

  @Test func aProtectionComesFromTheAppControllersContext() throws {
    let routes = try Self.sharedShop()
    let (ann, bob) = (TestSession("ann", answer: .denied), TestSession("bob", answer: .allowed))
    let first = try Self.app(routes, ann)
    let second = try Self.app(routes, bob)
    var results: [String] = []
    first.open("shop://catalog/filters", animated: false) { results.append("ann: \($0.map(\.steps.count))") }
    second.open("shop://catalog/filters", animated: false) { results.append("bob: \($0.map(\.steps.count))") }

    #expect(ann.space.asked == ["Filters()"])
    #expect(bob.space.asked == ["Filters()"])
    #expect(
      results == [
        "ann: failure(refused: ann.space denied the navigation to NavigationController[Catalog(), Filters()] "
          + "(Filters() is protected): no one is signed in.)",
        "bob: success(1)",
      ])
    #expect(titles(first) == ["ann: Catalog()"])
    #expect(titles(second) == ["bob: Catalog()", "bob: Filters()"])
    #expect(ann.made == ["Catalog()"], "a denied screen is never made")
  }

  @Test func aKeepAliveLifetimeComesFromTheAppControllersContext() throws {
    let routes = try Self.sharedShop()
    let ann = TestSession("ann")
    let app = try Self.app(routes, ann)
    try app.tryNavigate(to: Compose(productID: 1), animated: false)
    let kept = try #require(app.rootNavigationController?.presentedViewController as? NavigationController)
      .viewControllers.last
    try app.tryNavigate(to: Catalog(), animated: false)
    try app.tryNavigate(to: Compose(productID: 1), animated: false)
    let again = try #require(app.rootNavigationController?.presentedViewController as? NavigationController)
      .viewControllers.last
    #expect(kept === again, "the session's lifetime keeps the screen")
    #expect(
      ann.made == [
        "Catalog()", "Product(id: 1)", "Reviews(productID: 1)", "Compose(productID: 1)", "Product(id: 1)",
        "Reviews(productID: 1)",
      ])
  }

  @Test func registrationErrorsAreTypedAndChangeNothing() throws {
    var routes = try Self.sharedShop()
    let before = routes.routeNames
    #expect(throws: RouteError.duplicateRoute("Catalog")) {
      try routes.register(Catalog.self, url: "shop://home") { SessionScreen($0, $1) }
    }
    #expect(
      throws: RouteError.ambiguousPatterns(
        "shop://catalog/products/<int:n>", "shop://catalog/products/<int:id>")
    ) {
      try routes.register(Note.self, url: "shop://catalog/products/<int:n>") { SessionScreen($0, $1) }
    }
    #expect(throws: RouteError.invalidPattern("catalog", reason: "no scheme")) {
      try routes.register(Note.self, url: "catalog") { SessionScreen($0, $1) }
    }
    #expect(routes.routeNames == before)
    try routes.registerFlow(SessionFlow.self, tag: "Session") { _, _ in nil }
    #expect(throws: RouteError.duplicateFlow("Other")) {
      try routes.registerFlow(SessionFlow.self, tag: "Other") { _, _ in nil }
    }
  }

  @Test func anAppControllersOwnRegistrationsExtendItsTableOnly() throws {
    let routes = try Self.sharedShop()
    let (ann, bob) = (TestSession("ann"), TestSession("bob"))
    let first = try Self.app(routes, ann)
    let second = try Self.app(routes, bob)
    // A literal segment beats the shared `<int:id>` placeholder, as in one table.
    try first.routes.register(Note.self, url: "shop://catalog/products/new", parent: { _ in Catalog() }) {
      RouteScreen($0)
    }
    #expect(throws: RouteError.duplicateRoute("Product")) {
      try first.routes.register(Product.self) { RouteScreen($0) }
    }
    #expect(
      throws: RouteError.ambiguousPatterns(
        "shop://catalog/products/<int:n>", "shop://catalog/products/<int:id>")
    ) {
      try first.routes.register(Preview.self, url: "shop://catalog/products/<int:n>") { RouteScreen($0) }
    }

    #expect(try first.routes.route(for: "shop://catalog/products/new") == AnyRoute(Note()))
    #expect(try first.routes.route(for: "shop://catalog/products/3") == AnyRoute(Product(id: 3)))
    #expect(
      throws: RouteError.noMatch(
        "shop://catalog/products/new", closestPattern: "shop://catalog/products/<int:id>")
    ) {
      try second.routes.route(for: "shop://catalog/products/new")
    }
    try first.tryOpen("shop://catalog/products/new", animated: false)
    #expect(titles(first) == ["ann: Catalog()", "Note()"])
    #expect(first.routes.routeNames == ["Catalog", "Compose", "Filters", "Note", "Product", "Reviews"])
    #expect(second.routes.routeNames == ["Catalog", "Compose", "Filters", "Product", "Reviews"])
  }

  @Test func anAppControllerKeepsTheRegistrationsItWasMadeWith() throws {
    var routes = try Self.sharedShop()
    let app = try Self.app(routes, TestSession("ann"))
    try routes.register(Note.self, url: "shop://note") { SessionScreen($0, $1) }
    #expect(routes.routeNames.contains("Note"))
    #expect(!app.routes.routeNames.contains("Note"))
    #expect(throws: RouteError.unknownHost("shop://note", host: "note")) {
      try app.routes.route(for: "shop://note")
    }
  }

  @Test func aSnapshotTakenInOneAppControllerRestoresInAnotherWithItsContext() throws {
    var routes = try Self.sharedShop()
    try routes.registerFlow(SessionFlow.self, tag: "Session") { route, session in
      SessionFlow(session.name, route, table: nil)
    }
    let (ann, bob) = (TestSession("ann"), TestSession("bob"))
    let first = try Self.app(routes, ann)
    try first.tryNavigate(to: Product(id: 42), animated: false)
    try first.tryRun(
      SessionFlow("ann", AnyRoute(Reviews(productID: 42)), table: first.routes),
      as: .sheet(embeddedInNavigationController: true), animated: false)
    let bytes = try first.encodeSnapshot()

    let second = try Self.app(routes, bob)
    var restored: Result<Int, RestorationError>?
    second.restore(bytes) { restored = $0.map(\.steps.count) }
    #expect(restored == .success(2))
    #expect(state(second) == state(first))
    #expect(titles(second) == ["bob: Catalog()", "bob: Product(id: 42)", "bob: Reviews(productID: 42)"])
    #expect(second.liveFlows.map(\.name) == ["SessionFlow(bob)"])
    #expect(try second.encodeSnapshot() == bytes)
  }

  @Test func hostedSessionsShareOneTable() async throws {
    let routes = try Self.sharedShop()
    let host = SessionHost(codec: .navigationSnapshots()) { id in
      try Self.app(routes, TestSession(id.rawValue))
    }
    var seen: [String] = []
    for (name, product) in [("a", 1), ("b", 2), ("c", 3)] {
      let id = try await host.create(SessionID(name))
      seen.append(
        try await host.withSession(id) { app in
          try app.tryOpen("shop://catalog/products/\(product)", animated: false)
          return app.rootNavigationController?.viewControllers.compactMap(\.title).joined(separator: ", ")
            ?? ""
        })
    }
    #expect(
      seen == [
        "a: Catalog(), a: Product(id: 1)", "b: Catalog(), b: Product(id: 2)",
        "c: Catalog(), c: Product(id: 3)",
      ])
    try await host.evict(SessionID("b"))
    let restored = try await host.withSession(SessionID("b")) { app in
      app.rootNavigationController?.viewControllers.compactMap(\.title) ?? []
    }
    #expect(restored == ["b: Catalog()", "b: Product(id: 2)"])
  }
}
