import AppFlow
package import Navigator

/// One session's shop state, beyond its screens: the sign-in, and the pop question the
/// checkout screen is waiting to have answered.
///
/// The catalog screen, the root of every session, holds it (``CatalogScreen/shop``);
/// ``ShopApp/shop(of:)`` finds it from the app controller.
package final class ShopSession {
  /// The route table of the session's app controller, which makes the flows' screens.
  weak var routes: RouteTable?
  /// The sign-in that protects the checkout.
  package let signIn = ShopSignIn()
  /// The checkout screen's pop question, waiting for the user's answer; `nil` when none is.
  package internal(set) var pendingPop: PopDecision? {
    get { pending.flatMap { $0.isAllowed == nil ? $0 : nil } }
    set { pending = newValue }
  }
  private var pending: PopDecision?

  /// What the change that just succeeded records, for the service to save as the change
  /// (its request, without the change's number); `nil` when no change waits to be saved.
  package var unsavedChange: [UInt8]?
  /// The number of the last change made: counted from the session's creation in this
  /// process, or from the base of the document it was restored from.
  package var changeCount = 0
  /// How many changes were saved as such since the last whole document.
  package var changesSinceWhole = 0
  /// A Boolean value indicating whether the next save must be a whole document (the session
  /// was restored from one that holds no change count).
  package var needsWhole = false

  /// Creates a session's shop state: no one signed in, nothing pending.
  package init() {}

  /// Answers the pending pop question: `true` lets the checkout screen go.
  ///
  /// - Parameter allowed: A Boolean value indicating whether the pop may go ahead.
  /// - Returns: `false` when no question was pending; nothing happens then.
  @discardableResult
  package func answerPop(_ allowed: Bool) -> Bool {
    guard let decision = pendingPop else { return false }
    pending = nil
    decision.answer(allowed)
    return true
  }
}
