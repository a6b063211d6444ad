import Navigator

/// The checkout screen: it asks before it is popped, and the answer comes later, from the
/// user (``ShopSession/answerPop(_:)``).
final class CheckoutScreen: ViewController, PopConfirming {
  /// The session's shop state, which keeps the pending question.
  private weak var shop: ShopSession?

  /// Creates the checkout screen of `shop`.
  ///
  /// - Parameter shop: The session's shop state.
  init(shop: ShopSession) {
    self.shop = shop
    super.init()
    title = "Checkout"
  }

  /// Keeps the decision for the user to answer; a shop that is gone allows the pop.
  ///
  /// - Parameter decision: The pending decision.
  func confirmPop(_ decision: PopDecision) {
    guard let shop else { return decision.allow() }
    shop.pendingPop = decision
  }
}
