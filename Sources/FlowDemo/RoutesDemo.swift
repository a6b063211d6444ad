import AppFlow
import Navigator

/// The shop's catalog: the root route.
struct ShopCatalog: Route {
  /// The route's name in snapshots.
  static var routeName: String { "Catalog" }
}

/// A product of the catalog, pushed on it.
struct ShopProduct: Route {
  /// The route's name in snapshots.
  static var routeName: String { "Product" }
  /// The product's identifier.
  var id: Int
}

/// A product's reviews, in a page sheet of their own navigation controller.
struct ShopReviews: Route {
  /// The route's name in snapshots.
  static var routeName: String { "Reviews" }
  /// The identifier of the product reviewed.
  var productID: Int
}

extension Demo {
  /// Routes and deep links: a shop whose routes have URL patterns opens three links, one
  /// that adds a screen to what is shown, one that crosses to another branch, and one that
  /// is malformed; each plan and the tree after it.
  static func routesJourney(into output: Transcript) {
    let app = AppController(window: Window(misusePolicy: .report), rootRoute: ShopCatalog())
    do throws(RouteError) {
      try registerShopRoutes(app.routes)
    } catch {
      output.line("   could not register the routes: \(error)")
      return
    }
    do {
      try app.start()
    } catch {
      output.line("   could not start: \(error)")
      return
    }

    output.step("A shop starts at its root route; its routes print to URLs")
    for route in [AnyRoute(ShopProduct(id: 42)), AnyRoute(ShopReviews(productID: 42))] {
      output.line("   \(route) ↔ \((try? app.routes.url(for: route)) ?? "no URL")")
    }
    tree(app, into: output)

    open(
      "Open a link that adds one screen to what is shown", "shop://catalog/products/42", app, into: output
    )
    open(
      "Open its reviews: a sheet over the product", "shop://catalog/products/42/reviews", app,
      into: output)
    open(
      "Open another product: the sheet goes and the top is replaced, in one navigation",
      "shop://catalog/products/7", app, into: output)
    open(
      "A malformed link: a typed error, nothing changes", "shop://catalog/products/4%2", app, into: output
    )
    open(
      "A link no pattern matches: the error names the closest pattern",
      "shop://catalog/products/forty-two",
      app, into: output)
  }

  /// Registers the shop's routes: Catalog at the root, Product pushed on it, Reviews in a
  /// page sheet of its own navigation controller over the product.
  static func registerShopRoutes(_ routes: RouteTable) throws(RouteError) {
    try routes.register(ShopCatalog.self, url: "shop://catalog") { _ in DemoScreen("Catalog") }
    try routes.register(
      ShopProduct.self, url: "shop://catalog/products/<int:id>", parent: { _ in ShopCatalog() }
    ) { product in DemoScreen("Product \(product.id)") }
    try routes.register(
      ShopReviews.self, url: "shop://catalog/products/<int:productID>/reviews",
      presentation: .sheet(embeddedInNavigationController: true), parent: { ShopProduct(id: $0.productID) }
    ) { reviews in DemoScreen("Reviews of \(reviews.productID)") }
  }

  /// Opens `url` and writes the plan (or the error) and the tree after it.
  private static func open(_ title: String, _ url: String, _ app: AppController, into output: Transcript) {
    output.step(title)
    output.line("   open \(url)")
    app.open(url, animated: false) { result in
      switch result {
      case .success(let plan):
        output.line("   the plan:")
        for line in "\(plan)".split(separator: "\n") { output.line("     \(line)") }
      case .failure(let error):
        output.line("   error: \(error)")
      }
    }
    tree(app, into: output)
  }

  /// Writes the window's state, keyed by routes.
  private static func tree(_ app: AppController, into output: Transcript) {
    output.line("   the tree:")
    for line in "\(app.window.navigationState(keyedBy: AnyRoute.self))".split(separator: "\n") {
      output.line("     \(line)")
    }
    output.line()
  }
}
