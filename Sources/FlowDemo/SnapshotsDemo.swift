import AppFlow
import Navigator

/// The shopper's cart: kept alive for a minute once it leaves the screen.
struct ShopCart: Route {
  /// The cart's name in snapshots.
  static var routeName: String { "Cart" }
}

extension Demo {
  /// Snapshots and restoration, on a manual clock so that the time a kept screen has left is
  /// the same on every run: a session's snapshot, restored in a new session, and a damaged
  /// snapshot refused.
  static func snapshotsJourney(into output: Transcript) {
    let clock = ManualScheduler()
    let app = AppController(
      window: Window(scheduler: .manual(clock), misusePolicy: .report), rootRoute: ShopCatalog())
    do {
      try registerSnapshotShop(app.routes)
      try app.start()
    } catch {
      output.line("   could not start: \(error)")
      return
    }
    clock.settle()

    output.step("A shopper visits the cart (kept alive for a minute), then product 42's reviews")
    for url in ["shop://cart", "shop://catalog/products/42/reviews"] {
      output.line("   open \(url)")
      app.open(url, animated: false)
      clock.settle()
    }
    state(of: app, into: output)
    output.line()

    output.step(
      "Fifteen seconds later, a snapshot: the tree as routes, and the cart with the time it has left")
    clock.advance(by: .seconds(15))
    let bytes: [UInt8]
    do {
      bytes = try app.encodeSnapshot()
    } catch {
      output.line("   error: \(error)")
      return
    }
    output.line("   \(String(decoding: bytes, as: UTF8.self))")
    output.line()

    output.step("Restored in a new session: the same tree, and the cart kept for the rest of its minute")
    let restoredClock = ManualScheduler()
    let restored = AppController(
      window: Window(scheduler: .manual(restoredClock), misusePolicy: .report), rootRoute: ShopCatalog())
    do {
      try registerSnapshotShop(restored.routes)
      try restored.start()
    } catch {
      output.line("   could not start: \(error)")
      return
    }
    restoredClock.settle()
    restored.restore(bytes) { outcome in
      switch outcome {
      case .success(let plan): output.line("   restored in \(plan.steps.count) step(s), the tree:")
      case .failure(let error): output.line("   not restored: \(error)")
      }
    }
    restoredClock.settle()
    output.lines("\(restored.window.navigationState(keyedBy: AnyRoute.self))", indent: "     ")
    let same =
      restored.window.navigationState(keyedBy: AnyRoute.self)
      == app.window.navigationState(keyedBy: AnyRoute.self)
    output.line("   the same tree: \(same)")
    output.line(
      "   kept alive: \(restored.navigator.keepAliveCache.keys.map { "\($0)" }.joined(separator: ", "))")
    let again = (try? restored.encodeSnapshot()).map { String(decoding: $0, as: UTF8.self) }
    output.line("   its snapshot is the same bytes: \(again == String(decoding: bytes, as: UTF8.self))")
    output.line()

    output.step("A damaged snapshot: a typed error, and the session is unchanged")
    let before = restored.window.navigationState(keyedBy: AnyRoute.self)
    for damaged in [#"{"navigationSnapshot":99,"state":{}}"#, #"{"navigationSnapshot":1,"state":"#] {
      output.line("   restore \(damaged)")
      restored.restore(Array(damaged.utf8)) { outcome in
        if case .failure(let error) = outcome { output.line("   error: \(error)") }
      }
      restoredClock.settle()
    }
    output.line("   unchanged: \(restored.window.navigationState(keyedBy: AnyRoute.self) == before)")
    output.line()
  }

  /// Registers the shop's routes, and the cart, kept alive for a minute.
  private static func registerSnapshotShop(_ routes: RouteTable) throws(RouteError) {
    try registerShopRoutes(routes)
    try routes.register(
      ShopCart.self, url: "shop://cart", parent: { _ in ShopCatalog() }, keepAlive: .duration(.seconds(60))
    ) { _ in DemoScreen("Cart") }
  }

  /// Writes the window's state, keyed by routes.
  static func state(of app: AppController, into output: Transcript) {
    output.line("   the tree:")
    output.lines("\(app.window.navigationState(keyedBy: AnyRoute.self))", indent: "     ")
  }
}
