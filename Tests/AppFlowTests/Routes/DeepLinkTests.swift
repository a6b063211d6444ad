import AppFlow
import Navigator
import Testing

@Suite struct DeepLinkTests {
  typealias State = NavigationState<AnyRoute>
  typealias Node = State.Node

  /// Navigates to `route` and returns the plan's steps, or the error, as text.
  private func go(_ app: AppController, to route: some Route) -> Result<[String], RouteError> {
    var result: Result<[String], RouteError>?
    app.navigate(to: route, animated: false) { outcome in
      #expect(result == nil, "the completion runs once")
      result = outcome.map { $0.steps.map(\.description) }
    }
    guard let result else {
      Issue.record("the completion did not run")
      return .success([])
    }
    return result
  }

  private func state(_ app: AppController) -> State { app.window.navigationState(keyedBy: AnyRoute.self) }

  private func key(_ route: some Route) -> AnyRoute { AnyRoute(route) }

  @Test func aRouteIsShownOnItsChainOfParentsAddingOnlyWhatIsMissing() throws {
    let app = try makeShop()
    let catalog = try #require(app.rootNavigationController?.viewControllers.first)
    #expect(
      go(app, to: Compose(productID: 42))
        == .success([
          "push Product(id: 42) onto root",
          "present NavigationController[Reviews(productID: 42), Compose(productID: 42)] from root as pageSheet",
        ]))
    let expected = State(
      root: .stack(
        [.screen(key(Catalog())), .screen(key(Product(id: 42)))],
        presenting: .sheet(
          .stack([.screen(key(Reviews(productID: 42))), .screen(key(Compose(productID: 42)))]))))
    #expect(state(app) == expected)
    #expect(app.rootNavigationController?.viewControllers.first === catalog, "the root screen is kept")

    // The same link again changes nothing; one screen more adds one push inside the sheet.
    #expect(go(app, to: Compose(productID: 42)) == .success([]))
  }

  @Test func aLinkIntoASheetAlreadyUpPushesOnlyTheMissingScreen() throws {
    let app = try makeShop()
    #expect(go(app, to: Reviews(productID: 42)).map(\.count) == .success(2))
    let sheet = try #require(app.rootNavigationController?.presentedViewController as? NavigationController)
    let reviews = try #require(sheet.viewControllers.first)
    #expect(
      go(app, to: Compose(productID: 42)) == .success(["push Compose(productID: 42) onto root.presented"]))
    #expect(sheet.viewControllers.first === reviews)
    #expect(sheet.viewControllers.map(\.title) == ["Reviews(productID: 42)", "Compose(productID: 42)"])
  }

  @Test func aLinkToAnotherBranchDismissesPopsAndShowsAPopoverInOneNavigation() throws {
    let app = try makeShop()
    _ = go(app, to: Compose(productID: 42))
    #expect(
      go(app, to: Filters())
        == .success([
          "dismiss what root presents", "pop to root[0]",
          "present Filters() from root as a popover at right bar item 0 of Catalog()",
        ]))
    let expected = State(
      root: .stack(
        [.screen(key(Catalog()))],
        presenting: .popover(
          .screen(key(Filters())), at: .barButtonItem(.right, index: 0, of: .key(key(Catalog()))))))
    #expect(state(app) == expected)
  }

  @Test func aDeniedPopRefusesTheWholeLinkAndChangesNothing() throws {
    let app = try makeShop(stubbornProduct: true)
    _ = go(app, to: Product(id: 42))
    let before = state(app)
    guard case .failure(.refused(let error)) = go(app, to: Product(id: 7)) else {
      Issue.record("the link was not refused")
      return
    }
    #expect(error.code == .navigationDenied)
    #expect(state(app) == before)
  }

  @Test func badChainsAndUnknownRoutesAreTypedErrorsAndChangeNothing() throws {
    let app = try makeShop()
    let before = state(app)
    #expect(go(app, to: Unknown()) == .failure(.unregisteredRoute("Unknown")))
    guard case .failure(.invalidChain(let route, let reason)) = go(app, to: Note()) else {
      Issue.record("an impossible chain was not refused")
      return
    }
    #expect(route == "Note()")
    #expect(reason == "it is pushed, but Preview() is presented outside a navigation controller")
    #expect(state(app) == before)
    #expect(throws: RouteError.duplicateRoute("Product")) {
      try app.routes.register(Product.self) { RouteScreen($0) }
    }
  }

  @Test func anExplicitListOfRoutesIsAwaitedForItsPlan() async throws {
    let app = try makeShop()
    let plan = try await app.navigateAndWait(
      to: [Catalog(), Product(id: 3), Reviews(productID: 3)], animated: false)
    #expect(plan.steps.count == 2)
    #expect(app.navigator.visibleViewController?.title == "Reviews(productID: 3)")
    await #expect(throws: RouteError.unregisteredRoute("Unknown")) {
      try await app.navigateAndWait(to: [Catalog(), Unknown()], animated: false)
    }
  }

  @Test func aRouteDescribesItselfAndEqualsOnlyRoutesOfItsType() {
    #expect("\(AnyRoute(Product(id: 42)))" == "Product(id: 42)")
    #expect(AnyRoute(Product(id: 42)) == AnyRoute(AnyRoute(Product(id: 42))))
    #expect(AnyRoute(Reviews(productID: 42)) != AnyRoute(Compose(productID: 42)))
    #expect(Set([AnyRoute(Catalog()), AnyRoute(Catalog()), AnyRoute(Filters())]).count == 2)
  }
}
