import AppFlow

/// The shop's catalog: the root route, `shop://catalog`.
///
/// The routes describe themselves as Swift would print them (`Catalog()`, `Product(id: 42)`):
/// a route without a description is printed through reflection, and the journal names a
/// route in the events and completions of every navigation.
struct Catalog: Route, CustomStringConvertible {
  /// The route's tag in snapshots.
  static var routeName: String { "Catalog" }
  /// `Catalog()`.
  var description: String { "Catalog()" }

  /// Creates the catalog route.
  init() {}
}

/// A product of the catalog, pushed on it: `shop://catalog/products/<int:id>`.
struct Product: Route, CustomStringConvertible {
  /// The route's tag in snapshots.
  static var routeName: String { "Product" }
  /// The product's number.
  var id: Int
  /// `Product(id: 42)`.
  var description: String { "Product(id: \(id))" }

  /// Creates the route of product `id`.
  ///
  /// - Parameter id: The product's number.
  init(id: Int) {
    self.id = id
  }
}

/// The cart: a page sheet over the catalog, embedded in a navigation controller, `shop://cart`.
package struct Cart: Route, CustomStringConvertible {
  /// The route's tag in snapshots.
  package static var routeName: String { "Cart" }
  /// `Cart()`.
  package var description: String { "Cart()" }

  /// Creates the cart route.
  package init() {}
}

/// The checkout: the first screen of the checkout flow, pushed on the cart; protected by the
/// sign-in. It has no URL: only the flow shows it.
struct Checkout: Route, CustomStringConvertible {
  /// The route's tag in snapshots.
  static var routeName: String { "Checkout" }
  /// `Checkout()`.
  var description: String { "Checkout()" }

  /// Creates the checkout route.
  init() {}
}

/// The sign-in: the first screen of the sign-in flow, in a page sheet of its own navigation
/// controller. It has no URL: only the sign-in space shows it.
struct SignIn: Route, CustomStringConvertible {
  /// The route's tag in snapshots.
  static var routeName: String { "SignIn" }
  /// `SignIn()`.
  var description: String { "SignIn()" }

  /// Creates the sign-in route.
  init() {}
}
