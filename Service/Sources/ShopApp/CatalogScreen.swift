import Navigator

/// The catalog: the root screen, which holds the session's shop state for as long as the
/// session lives.
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
  }
}
