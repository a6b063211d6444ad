import AppFlow
import Navigator

/// The shop's root route.
struct BenchCatalog: Route {}
/// A product, pushed on the catalog.
struct BenchProduct: Route { var id: Int }
/// A product's reviews, in a page sheet inside a navigation controller.
struct BenchReviews: Route { var productID: Int }

/// Routes (issue "routes"): opening a three-level deep link from the root (`Catalog →
/// Product(id: 42) → Reviews(productID: 42)`, a push and a sheet holding a stack of one), plan
/// and apply, and going back to the root.
///
/// The app is `AppController(rootRoute: BenchCatalog())` with `Window()` (immediate scheduler,
/// journal off, trap on misuse), started; its screens are ``ModelScreen``s.
/// - ``open(_:)``: `app.navigate(to: BenchReviews(productID: 42), animated: false)`;
/// - ``back(_:)``: `app.navigate(to: BenchCatalog(), animated: false)`: one dismissal and one
///   pop to the root;
/// - ``openURL(_:)``: the same as ``open(_:)`` from the URL
///   `shop://catalog/products/42/reviews`.
public final class DeepLinkWorkload {
  /// The callbacks the screens received.
  public let tally = Tally()
  /// The number of deep links that failed (a failure of the workload).
  public private(set) var failures = 0
  let app: AppController

  /// Makes the app, registers the routes and starts it (not measured).
  public init() {
    let tally = tally
    app = AppController(rootRoute: BenchCatalog())
    try! app.routes.register(BenchCatalog.self, url: "shop://catalog") { _ in
      ModelScreen("Catalog", tally: tally)
    }
    try! app.routes.register(
      BenchProduct.self, url: "shop://catalog/products/<int:id>", parent: { _ in BenchCatalog() }
    ) { _ in ModelScreen("Product", tally: tally) }
    try! app.routes.register(
      BenchReviews.self, url: "shop://catalog/products/<int:productID>/reviews",
      presentation: .sheet(embeddedInNavigationController: true), parent: { BenchProduct(id: $0.productID) }
    ) { _ in ModelScreen("Reviews", tally: tally) }
    try! app.start()
  }

  /// The screens in the window's state, to check a round trip.
  public var screenCount: Int { app.window.navigationState(keyedBy: AnyRoute.self).root?.screenCount ?? 0 }

  /// Opens the deep link, then goes back, `iterations` times; `open` and `back` measured
  /// apart by callgrind (both are `@inline(never)`).
  @inline(never)
  public func roundTrips(_ iterations: Int, url: Bool = false) {
    for _ in 0..<iterations {
      if url { openURL() } else { open() }
      back()
    }
  }

  /// Opens the deep link to the reviews of product 42.
  @inline(never)
  public func open() {
    app.navigate(to: BenchReviews(productID: 42), animated: false) { [self] in
      if case .failure = $0 { failures += 1 }
    }
  }

  /// Opens the deep link to the reviews of product 42 from its URL.
  @inline(never)
  public func openURL() {
    app.open("shop://catalog/products/42/reviews", animated: false) { [self] in
      if case .failure = $0 { failures += 1 }
    }
  }

  /// Goes back to the catalog.
  @inline(never)
  public func back() {
    app.navigate(to: BenchCatalog(), animated: false) { [self] in if case .failure = $0 { failures += 1 } }
  }
}
