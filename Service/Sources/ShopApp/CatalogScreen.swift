import Navigator

/// The catalog: the root screen, which holds the session's shop state for as long as the
/// session lives; its navigation item has the cart's button on the right.
final class CatalogScreen: ViewController {
  /// The session's shop state.
  let shop: ShopSession

  /// Creates the catalog screen of `shop`.
  ///
  /// - Parameter shop: The session's shop state.
  init(shop: ShopSession) {
    self.shop = shop
    super.init()
    title = "Catalog"
    // The cart's button, where a popover can point.
    navigationItem.rightBarButtonItem = BarButtonItem(title: "Cart")
  }
}
