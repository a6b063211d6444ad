import AppFlow
import Navigator
import Testing

/// The route table's `keepAlive` setting: `navigate(to:)` and deep links reuse a kept screen
/// (keyed by the route's type and value), a screen already shown is found where it is, and
/// the manual clock expires the others.
@Suite struct RouteCachingTests {
  /// The routes whose screens were made, in order.
  final class Made {
    var routes: [String] = []
  }

  /// A started shop on a manual scheduler, its journal on without membership events, whose
  /// product screens are kept alive for a minute.
  private func makeShop(_ scheduler: ManualScheduler, _ made: Made) throws -> AppController {
    let window = Window(scheduler: .manual(scheduler), misusePolicy: .report)
    let app = AppController(window: window, rootRoute: Catalog())
    func screen(_ route: some Route) -> ViewController {
      made.routes.append("\(route)")
      return RouteScreen(route)
    }
    try app.routes.register(Catalog.self, url: "shop://catalog") { screen($0) }
    try app.routes.register(
      Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() },
      keepAlive: .duration(.seconds(60))
    ) { screen($0) }
    try app.routes.register(
      Reviews.self, url: "shop://catalog/products/<int:productID>/reviews",
      presentation: .sheet(embeddedInNavigationController: true), parent: { Product(id: $0.productID) }
    ) { screen($0) }
    try app.start()
    scheduler.settle()
    window.journal.isEnabled = true
    window.journal.recordsMembership = false
    made.routes.removeAll()
    return app
  }

  /// Navigates to `route` without animation, lets the transitions finish, and returns the
  /// plan's steps.
  @discardableResult
  private func go(_ app: AppController, _ scheduler: ManualScheduler, to route: some Route) throws -> [String]
  {
    var result: Result<NavigationPlan<AnyRoute>, RouteError>?
    app.navigate(to: route, animated: false) { result = $0 }
    scheduler.settle()
    return try #require(result).get().steps.map(\.description)
  }

  private func key(_ route: some Route) -> KeepAliveKey {
    KeepAliveKey(type(of: route), identifier: AnyRoute(route))
  }

  @Test func aKeptRouteComesBackThroughNavigateWithinItsLifetimeAndANewOneAfter() throws {
    let scheduler = ManualScheduler()
    let made = Made()
    let app = try makeShop(scheduler, made)
    let journal = app.window.journal
    try go(app, scheduler, to: Product(id: 1))
    let firstRef: Weak
    let p1: ScreenID
    do {
      let first = try #require(app.navigator.visibleViewController)
      (firstRef, p1) = (Weak("Product 1", first), first.screenID)
      try go(app, scheduler, to: Catalog())
      #expect(try go(app, scheduler, to: Product(id: 1)) == ["push Product(id: 1) onto root"])
      #expect(app.navigator.visibleViewController === first)
    }
    try go(app, scheduler, to: Product(id: 2))
    let p2 = try #require(app.navigator.visibleViewController).screenID
    #expect(made.routes == ["Product(id: 1)", "Product(id: 2)"])
    #expect(
      journal.events.cacheEvents == [
        .cacheStored(p1, entry: 1, key: key(Product(id: 1))), .cacheHit(p1, entry: 1),
        .cacheStored(p2, entry: 2, key: key(Product(id: 2))),
      ])
    journal.removeAll()

    // A minute after it left, Product 1 goes; Product 2, on screen, stays.
    scheduler.advance(by: .seconds(60))
    #expect(journal.events == [.cacheEvicted(p1, entry: 1, .lifetimeEnded)])
    #expect(firstRef.object == nil)
    #expect(app.navigator.keepAliveCache.keys == [key(Product(id: 2))])
    try go(app, scheduler, to: Product(id: 1))
    #expect(made.routes == ["Product(id: 1)", "Product(id: 2)", "Product(id: 1)"])
  }

  @Test func aDeepLinkReusesTheKeptScreenOnItsPath() throws {
    let scheduler = ManualScheduler()
    let made = Made()
    let app = try makeShop(scheduler, made)
    var results: [Result<NavigationPlan<AnyRoute>, RouteError>] = []
    app.open("shop://catalog/products/7/reviews", animated: false) { results.append($0) }
    scheduler.settle()
    let product = try #require(app.rootNavigationController?.topViewController)
    try go(app, scheduler, to: Catalog())
    app.open("shop://catalog/products/7/reviews", animated: false) { results.append($0) }
    scheduler.settle()
    #expect(results.count == 2)
    #expect(try results.map { try $0.get().steps.count } == [2, 2])
    #expect(app.rootNavigationController?.topViewController === product)
    #expect(made.routes == ["Product(id: 7)", "Reviews(productID: 7)", "Reviews(productID: 7)"])
    let p = product.screenID
    #expect(
      app.window.journal.events.cacheEvents == [
        .cacheStored(p, entry: 1, key: key(Product(id: 7))), .cacheHit(p, entry: 1),
      ])
  }

  @Test func aKeptScreenAlreadyShownIsFoundWhereItIs() throws {
    let scheduler = ManualScheduler()
    let made = Made()
    let app = try makeShop(scheduler, made)
    try go(app, scheduler, to: Product(id: 1))
    let shown = try #require(app.navigator.visibleViewController)
    #expect(try go(app, scheduler, to: Product(id: 1)) == [])
    #expect(try go(app, scheduler, to: Reviews(productID: 1)).count == 1)
    #expect(app.rootNavigationController?.topViewController === shown)
    #expect(made.routes == ["Product(id: 1)", "Reviews(productID: 1)"])
    #expect(
      app.window.journal.events.cacheEvents == [
        .cacheStored(shown.screenID, entry: 1, key: key(Product(id: 1)))
      ])
  }

  // MARK: Snapshots

  @Test func aSnapshotSavesTheScreensKeptOffScreenAndARestorationKeepsThemAgain() throws {
    let scheduler = ManualScheduler()
    let app = try makeShop(scheduler, Made())
    try go(app, scheduler, to: Product(id: 1))
    try go(app, scheduler, to: Product(id: 2))
    try go(app, scheduler, to: Catalog())
    // Product 1 left 0 s after it was kept and Product 2 is off screen too; 20 s pass.
    scheduler.advance(by: .seconds(20))
    let snapshot = try app.snapshot()
    #expect(
      snapshot.keptAlive == [
        KeptAliveSnapshot(route: AnyRoute(Product(id: 1)), secondsLeft: 40),
        KeptAliveSnapshot(route: AnyRoute(Product(id: 2)), secondsLeft: 40),
      ])
    let bytes = try app.routes.encode(snapshot)
    #expect(try app.routes.decodeSnapshot(bytes) == snapshot)
    #expect(
      String(decoding: bytes, as: UTF8.self).hasSuffix(
        #""keptAlive":[{"route":{"route":"Product","value":{"id":1}},"seconds":40},"#
          + #"{"route":{"route":"Product","value":{"id":2}},"seconds":40}],"navigationSnapshot":1,"#
          + #""state":{"root":{"navigationController":true,"stack":[{"key":{"route":"Catalog","value":{}}}]}}}"#
      ))

    // A fresh session restores them: each made once and kept, so that the next visit finds
    // its screen in the cache (a hit: nothing made).
    let freshScheduler = ManualScheduler()
    let made = Made()
    let fresh = try makeShop(freshScheduler, made)
    var restored: Result<NavigationPlan<AnyRoute>, RestorationError>?
    fresh.restore(bytes) { restored = $0 }
    freshScheduler.settle()
    #expect(try #require(restored).get().steps.isEmpty, "the state was the root already")
    #expect(made.routes == ["Product(id: 1)", "Product(id: 2)"])
    let cache = fresh.navigator.keepAliveCache
    #expect(cache.keys == [key(Product(id: 1)), key(Product(id: 2))])
    let kept = try #require(cache.screen(for: key(Product(id: 1))))
    // What was left of their lifetime runs from the restoration: 40 s.
    freshScheduler.advance(by: .seconds(39))
    try go(fresh, freshScheduler, to: Product(id: 1))
    #expect(made.routes == ["Product(id: 1)", "Product(id: 2)"], "the visit found the kept screen")
    #expect(fresh.rootNavigationController?.topViewController === kept)
    freshScheduler.advance(by: .seconds(2))
    #expect(cache.keys == [key(Product(id: 1))], "Product 2's 40 s are over; Product 1 is shown")
  }

  @Test func aKeptAliveLifetimeThatIsNotFiniteAndPositiveIsACorruptSnapshot() throws {
    let app = try makeShop(ManualScheduler(), Made())
    for seconds in ["-1", "-0.5"] {
      let bytes = Array(
        (#"{"keptAlive":[{"route":{"route":"Product","value":{"id":1}},"seconds":"# + seconds + "}],"
          + #""navigationSnapshot":1,"state":{}}"#).utf8)
      let error = #expect(throws: SnapshotError.self) { try app.routes.decodeSnapshot(bytes) }
      #expect(error?.code == .corrupt)
      #expect(
        error?.message.hasPrefix(
          "The snapshot keeps Product(id: 1) alive for \(Double(seconds)!) s at .keptAlive[0]; a lifetime is finite and not negative."
        )
          == true, "\(String(describing: error))")
    }
  }

}
