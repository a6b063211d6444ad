public import Navigator

/// A screen of the shop that shows nothing but its title.
public final class ShopScreen: ViewController {
  /// Creates a screen with `title`.
  ///
  /// - Parameter title: The screen's title.
  public init(_ title: String) {
    super.init()
    self.title = title
  }
}

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

/// The checkout screen: it asks before it is popped, and the answer comes later, from the
/// user (``ShopSession/answerPop(_:)``).
public final class CheckoutScreen: ViewController, PopConfirming {
  /// The session's shop state, which keeps the pending question.
  private weak var shop: ShopSession?

  /// Creates the checkout screen of `shop`.
  ///
  /// - Parameter shop: The session's shop state.
  public init(shop: ShopSession) {
    self.shop = shop
    super.init()
    title = "Checkout"
  }

  /// Keeps the decision for the user to answer; a shop that is gone allows the pop.
  ///
  /// - Parameter decision: The pending decision.
  public func confirmPop(_ decision: PopDecision) {
    guard let shop else { return decision.allow() }
    shop.pendingPop = decision
  }
}
