package import AppFlow
package import Navigator

/// The checkout: a flow pushed on the cart whose first screen is ``Checkout``, protected by
/// the sign-in; it finishes with the order's number.
package final class CheckoutFlow: Flow<Int> {
  /// The session's shop state.
  private weak var shop: ShopSession?

  /// Creates a checkout of `shop`.
  ///
  /// - Parameter shop: The session's shop state.
  package init(shop: ShopSession) {
    self.shop = shop
  }

  /// The flow's name: `CheckoutFlow`.
  package override var name: String { "CheckoutFlow" }

  /// The sign-in: the checkout runs once someone is signed in.
  package override var protection: (any ProtectionSpace)? { shop?.signIn }

  /// The ``Checkout`` route's screen, from the app controller's route table.
  ///
  /// - Returns: The screen.
  /// - Throws: `unmakeableScreen` when the shop's route table is gone.
  package override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let routes = shop?.routes else {
      throw NavigationError(.unmakeableScreen, "CheckoutFlow's shop has no route table.")
    }
    return try routes.makeScreen(for: AnyRoute(Checkout()))
  }
}
