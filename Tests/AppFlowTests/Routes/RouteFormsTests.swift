import AppFlow
import Navigator
import Testing

/// The `try` forms of navigating to routes, opening a URL and restoring a snapshot: a refusal
/// found during the call is thrown and never reaches the completion; the completion hears a
/// success, or a refusal found later, once.
@Suite struct RouteFormsTests {
  /// What a completion heard, one line each time it ran.
  private final class Heard {
    var lines: [String] = []
    func note<Failure>(_ result: Result<NavigationPlan<AnyRoute>, Failure>) {
      switch result {
      case .success(let plan): lines.append("success: \(plan.steps.map(\.description))")
      case .failure(let error): lines.append("failure: \(error)")
      }
    }
  }

  @Test func aRefusalFoundDuringTheCallIsThrownAndTheCompletionNeverRuns() throws {
    let app = try makeShop(stubbornProduct: true)
    try app.tryNavigate(to: Product(id: 1), animated: false)
    let state = app.window.navigationState(keyedBy: AnyRoute.self)
    let heard = Heard()
    do {
      try app.tryNavigate(to: Catalog(), animated: false) { heard.note($0) }
      Issue.record("expected the stubborn product's denial")
    } catch {
      guard case .refused(let refusal) = error else { throw error }
      #expect(refusal.code == .navigationDenied)
    }
    do {
      try app.tryNavigate(to: [Catalog()], animated: false) { heard.note($0) }
      Issue.record("expected the stubborn product's denial")
    } catch {
      guard case .refused(let refusal) = error else { throw error }
      #expect(refusal.code == .navigationDenied)
    }
    #expect(heard.lines == [])
    #expect(app.window.navigationState(keyedBy: AnyRoute.self) == state)
  }

  @Test func aSuccessReachesTheCompletionOnce() throws {
    let app = try makeShop()
    let heard = Heard()
    try app.tryNavigate(to: Product(id: 1), animated: false) { heard.note($0) }
    try app.tryNavigate(to: [Catalog(), Product(id: 2)], animated: false) { heard.note($0) }
    #expect(
      heard.lines == [
        #"success: ["push Product(id: 1) onto root"]"#,
        #"success: ["set the stack of root to [Catalog(), Product(id: 2)]"]"#,
      ])
  }

  @Test func aRefusalFoundAfterTheCallReachesTheCompletion() throws {
    let scheduler = ManualScheduler()
    let app = try makeShop(scheduler: scheduler, stubbornProduct: true)
    scheduler.settle()
    try app.tryNavigate(to: Product(id: 1))
    scheduler.settle()
    // A presentation still running keeps the window busy: the navigation to Catalog waits,
    // and the stubborn product, on top of its stack, denies it when it runs.
    app.navigator.presentModal(.make { ViewController() })
    let heard = Heard()
    try app.tryNavigate(to: Catalog()) { heard.note($0) }
    #expect(heard.lines == [])
    scheduler.settle()
    #expect(
      heard.lines == [
        "failure: refused: Product(id: 1) denied leaving NavigationController, so the navigation to "
          + "NavigationController[Catalog()] was refused."
      ])
  }

  @Test func tryOpenThrowsWhatTheMatcherFindsAndTheCompletionNeverRuns() throws {
    let app = AppController(window: Window(misusePolicy: .report), rootRoute: Catalog())
    try app.routes.register(Catalog.self, url: "shop://catalog") { RouteScreen($0) }
    try app.routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() })
    {
      RouteScreen($0)
    }
    try app.start()
    let heard = Heard()
    #expect(throws: RouteError.noMatch("shop://catalog/people/1", closestPattern: "shop://catalog")) {
      try app.tryOpen("shop://catalog/people/1", animated: false) { heard.note($0) }
    }
    try app.tryOpen("shop://catalog/products/7", animated: false) { heard.note($0) }
    #expect(heard.lines == [#"success: ["push Product(id: 7) onto root"]"#])
  }

  @Test func withoutACompletionTheTryFormsThrowWhatTheCallFindsAndLaterRefusalsGoUnheard() throws {
    let scheduler = ManualScheduler()
    let app = AppController(
      window: Window(scheduler: .manual(scheduler), misusePolicy: .report), rootRoute: Catalog())
    try app.routes.register(Catalog.self, url: "shop://catalog") { RouteScreen($0) }
    try app.routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() })
    {
      StubbornScreen($0)
    }
    try app.start()
    scheduler.settle()
    #expect(throws: RouteError.noMatch("shop://catalog/people/1", closestPattern: "shop://catalog")) {
      try app.tryOpen("shop://catalog/people/1", animated: false)
    }
    try app.tryOpen("shop://catalog/products/7", animated: false)
    scheduler.settle()
    let atProduct = app.window.navigationState(keyedBy: AnyRoute.self)
    let stack: NavigationState<AnyRoute>.Content = .stack([
      .screen(AnyRoute(Catalog())), .screen(AnyRoute(Product(id: 7))),
    ])
    #expect(atProduct.root?.content == stack)
    // The stubborn product denies leaving, during the call: each form throws it.
    func expectDenial(_ form: String, _ body: () throws -> Void) {
      do {
        try body()
        Issue.record("\(form): expected the stubborn product's denial")
      } catch RouteError.refused(let refusal) {
        #expect(refusal.code == .navigationDenied, "\(form)")
      } catch {
        Issue.record("\(form): \(error)")
      }
    }
    expectDenial("tryOpen") { try app.tryOpen("shop://catalog", animated: false) }
    expectDenial("tryNavigate(to: route)") { try app.tryNavigate(to: Catalog(), animated: false) }
    expectDenial("tryNavigate(to: routes)") { try app.tryNavigate(to: [Catalog()], animated: false) }
    #expect(app.window.navigationState(keyedBy: AnyRoute.self) == atProduct)
    // Found after the call (a presentation keeps the window busy), the denial has no one to
    // hear it: nothing is thrown or changed, and the journal names it as every refusal.
    app.window.journal.isEnabled = true
    app.navigator.presentModal(.make { ViewController() })
    try app.tryOpen("shop://catalog")
    scheduler.settle()
    let misuses = app.window.journal.events.filter { if case .misuse = $0 { true } else { false } }
    #expect(
      misuses.map(\.description) == [
        "misuse[navigationDenied]: Product(id: 7) denied leaving NavigationController, so the navigation to "
          + "NavigationController[Catalog()] was refused."
      ])
    let after = app.window.navigationState(keyedBy: AnyRoute.self).root
    #expect(after?.content == atProduct.root?.content)
    #expect(after?.presentation != nil)
  }

  @Test func tryRestoreThrowsAnUnreadableSnapshotAndTheCompletionNeverRuns() throws {
    let app = try makeShop()
    let state = app.window.navigationState(keyedBy: AnyRoute.self)
    let heard = Heard()
    do {
      try app.tryRestore(Array("{}".utf8)) { heard.note($0) }
      Issue.record("expected an unreadable snapshot")
    } catch {
      guard case .snapshot = error else { throw error }
    }
    try app.tryNavigate(to: Product(id: 3), animated: false)
    let snapshot = try app.snapshot()
    try app.tryNavigate(to: Catalog(), animated: false)
    try app.tryRestore(snapshot) { heard.note($0) }
    #expect(heard.lines == [#"success: ["push Product(id: 3) onto root"]"#])
    #expect(app.window.navigationState(keyedBy: AnyRoute.self) != state)
  }

  @Test func aURLIsMatchedToARouteOfAKnownTypeOrTheErrorNamesTheTypeItMatches() throws {
    let app = AppController(window: Window(misusePolicy: .report), rootRoute: Catalog())
    try app.routes.register(Catalog.self, url: "shop://catalog") { RouteScreen($0) }
    try app.routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() })
    {
      RouteScreen($0)
    }
    #expect(try app.routes.route(for: "shop://catalog/products/42", as: Product.self) == Product(id: 42))
    let expected = RouteError.wrongRouteType(
      "shop://catalog/products/42", pattern: "shop://catalog/products/<int:id>", matched: "Product",
      expected: "Catalog")
    #expect(throws: expected) { try app.routes.route(for: "shop://catalog/products/42", as: Catalog.self) }
    #expect(
      expected.description
        == "wrongRouteType: 'shop://catalog/products/42' matches 'shop://catalog/products/<int:id>', "
        + "a pattern of Product, not of Catalog")
    #expect(throws: RouteError.noMatch("shop://catalog/people", closestPattern: "shop://catalog")) {
      try app.routes.route(for: "shop://catalog/people", as: Product.self)
    }
  }
}

/// `AnyRoute` wraps a route once, whatever the static type it is given as.
@Suite struct AnyRouteTests {
  @Test func anAnyRouteIsNeverWrappedTwice() {
    let product = AnyRoute(Product(id: 7))
    let existential: any Route = Product(id: 7)
    let erasedExistential: any Route = product
    for route in [AnyRoute(product), AnyRoute(existential), AnyRoute(erasedExistential)] {
      #expect(route == product)
      #expect(route.base is Product)
      #expect(route.as(Product.self) == Product(id: 7))
    }
  }
}
