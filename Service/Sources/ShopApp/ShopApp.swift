package import AppFlow
import Foundation
import Navigator

/// The example shop, defined as an app would define it: its routes, screens, flows and
/// sign-in, and the codec that saves a session with its account.
///
/// ```swift
/// let host = SessionHost(store: store, codec: ShopApp.codec) { try ShopApp.makeApp() }
/// ```
package enum ShopApp {
  /// Makes a session's app controller: a window that reports misuses, the catalog at the
  /// root, and the shop's shared routes (``routes``) with a new ``ShopSession`` as their
  /// context. The host starts it.
  ///
  /// - Parameter shop: The session's shop state; a new one by default.
  /// - Returns: The app controller, not started.
  /// - Throws: A ``RouteError`` if a registration of the shared routes was refused (a bug in
  ///   the shop).
  package static func makeApp(shop: ShopSession = ShopSession()) throws(RouteError) -> AppController {
    let app = AppController(
      window: Window(misusePolicy: .report), rootRoute: Catalog(), routes: try routes.get(), context: shop)
    shop.routes = app.routes
    shop.signIn.routes = app.routes
    return app
  }

  /// The shop's routes and flows, registered once and shared by every session: a session's
  /// app controller holds a reference to them and its ``ShopSession``, which their
  /// factories are handed.
  package static let routes = Result { () throws(RouteError) in try makeRoutes() }

  /// Registers the shop's routes and flows, each made with the session's ``ShopSession``.
  ///
  /// - Returns: The shared routes.
  /// - Throws: A ``RouteError`` if a registration is refused.
  static func makeRoutes() throws(RouteError) -> SharedRouteTable<ShopSession> {
    var routes = SharedRouteTable<ShopSession>()
    try routes.register(Catalog.self, url: "shop://catalog") { _, shop in CatalogScreen(shop: shop) }
    try routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() }) {
      product, _ in ShopScreen("Product \(product.id)")
    }
    try routes.register(
      Cart.self, url: "shop://cart", presentation: .sheet(embeddedInNavigationController: true),
      parent: { _ in Catalog() }
    ) { _, _ in ShopScreen("Cart") }
    try routes.register(Checkout.self, parent: { _ in Cart() }, protectedBy: \.signIn) { _, shop in
      CheckoutScreen(shop: shop)
    }
    try routes.register(
      SignIn.self, presentation: .sheet(embeddedInNavigationController: true), parent: { _ in Catalog() }
    ) { _, _ in ShopScreen("Sign in") }
    try routes.registerFlow(CheckoutFlow.self, tag: "Checkout") { route, shop in
      route.as(Checkout.self).map { _ in CheckoutFlow(shop: shop) }
    }
    try routes.registerFlow(SignInFlow.self, tag: "SignIn") { route, shop in
      guard route.as(SignIn.self) != nil else { return nil }
      let flow = SignInFlow(space: shop.signIn)
      shop.signIn.flow = flow
      return flow
    }
    return routes
  }

  /// The shop state of a started app controller made by ``makeApp()``: held by its root
  /// catalog screen.
  ///
  /// - Parameter app: The app controller.
  /// - Returns: The session's shop state; `nil` before the app controller started.
  package static func shop(of app: AppController) -> ShopSession? {
    (app.rootNavigationController?.viewControllers.first as? CatalogScreen)?.shop
  }

  /// The codec of shop sessions: the navigation snapshot
  /// (`SessionCodec.navigationSnapshots()`) with the account signed in, so that a restored
  /// checkout finds its sign-in done.
  ///
  /// A session is written as ``SavedShop``'s document, the snapshot's JSON embedded as it is;
  /// documents of the earlier form, the snapshot as a JSON string, are read too.
  package static let codec: SessionCodec = {
    let navigation = SessionCodec.navigationSnapshots()
    return SessionCodec(
      snapshot: { app in
        SavedShop(account: shop(of: app)?.signIn.account, navigation: try navigation.snapshot(app)).bytes
      },
      restore: { app, bytes in
        let document = try SavedShop(bytes)
        shop(of: app)?.signIn.account = document.account
        try navigation.restore(app, document.navigation)
      })
  }()
}
