public import Navigator

/// The catalog: the root screen, which holds the session's shop state for as long as the
/// session lives.
public final class CatalogScreen: ViewController {
  /// The session's shop state.
  public let shop: ShopSession

  /// Creates the catalog screen of `shop`.
  ///
  /// - Parameter shop: The session's shop state.
  public init(shop: ShopSession) {
    self.shop = shop
    super.init()
    title = "Catalog"
  }
}
