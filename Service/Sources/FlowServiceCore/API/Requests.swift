/// The body of `POST /sessions`' answer: the new session's identifier and secret.
struct CreatedSession: Codable, Hashable, Sendable {
  /// The session's identifier.
  var id: String
  /// The session's secret: the credential of its endpoints (`Authorization: Bearer <secret>`).
  var secret: String

  /// Creates the body.
  ///
  /// - Parameters:
  ///   - id: The session's identifier.
  ///   - secret: The session's secret.
  init(id: String, secret: String) {
    self.id = id
    self.secret = secret
  }
}

/// The body of `POST /sessions/{id}/open`: a deep link.
struct OpenRequest: Codable, Hashable, Sendable {
  /// The URL, such as `shop://catalog/products/42`.
  var url: String

  /// Creates the body.
  ///
  /// - Parameter url: The URL.
  init(url: String) {
    self.url = url
  }
}

/// The body of `POST /sessions/{id}/actions`: what the user did.
struct ActionRequest: Codable, Hashable, Sendable {
  /// The action's name: one of ``SessionAction``'s raw values.
  var action: String
  /// The route's URL, for `push`, `present` and `popover`.
  var url: String?
  /// The account's name, for `signIn` (`alice` when absent).
  var account: String?
  /// Where the popover points, for `popover`.
  var anchor: ActionAnchor?

  /// Creates the body.
  ///
  /// - Parameters:
  ///   - action: The action's name.
  ///   - url: The route's URL, for `push`, `present` and `popover`.
  ///   - account: The account's name, for `signIn`.
  ///   - anchor: Where the popover points, for `popover`.
  init(action: String, url: String? = nil, account: String? = nil, anchor: ActionAnchor? = nil) {
    self.action = action
    self.url = url
    self.account = account
    self.anchor = anchor
  }
}

/// What a user can do in a session, besides opening a deep link.
enum SessionAction: String, CaseIterable, Sendable {
  /// Pops the visible stack's top screen (the checkout asks first).
  case back
  /// Dismisses the topmost presented screen, with whatever it holds.
  case dismiss
  /// Pushes the screen of the route at `url` onto the visible stack.
  case push
  /// Presents the screen of the route at `url` as a page sheet over the visible screen.
  case present
  /// Presents the screen of the route at `url` as a popover over the visible screen, pointing
  /// at `anchor` (one of its bar button items, or a rectangle in one of its views).
  case popover
  /// Runs the checkout flow, pushed on the cart (or, over a cart presented on its own, in a
  /// page sheet); it waits for the sign-in when no one is signed in.
  case checkout
  /// Finishes the newest live flow: places the order, or completes the sign-in.
  case finishFlow
  /// Cancels the newest live flow.
  case cancelFlow
  /// Completes the pending sign-in with `account`.
  case signIn
  /// Cancels the pending sign-in: the navigation that waited for it is refused.
  case signInFails
  /// Lets the checkout screen go: answers its pending pop question with yes.
  case confirmPop
  /// Keeps the checkout screen: answers its pending pop question with no.
  case denyPop
}
