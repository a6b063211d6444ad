/// The body of `POST /sessions`' answer: the new session's identifier.
public struct CreatedSession: Codable, Hashable, Sendable {
  /// The session's identifier.
  public var id: String

  /// Creates the body.
  ///
  /// - Parameter id: The session's identifier.
  public init(id: String) {
    self.id = id
  }
}

/// The body of `POST /sessions/{id}/open`: a deep link.
public struct OpenRequest: Codable, Hashable, Sendable {
  /// The URL, such as `shop://catalog/products/42`.
  public var url: String

  /// Creates the body.
  ///
  /// - Parameter url: The URL.
  public init(url: String) {
    self.url = url
  }
}

/// The body of `POST /sessions/{id}/actions`: what the user did.
public struct ActionRequest: Codable, Hashable, Sendable {
  /// The action's name: one of ``SessionAction``'s raw values.
  public var action: String
  /// The route's URL, for `push` and `present`.
  public var url: String?
  /// The account's name, for `signIn` (`alice` when absent).
  public var account: String?

  /// Creates the body.
  ///
  /// - Parameters:
  ///   - action: The action's name.
  ///   - url: The route's URL, for `push` and `present`.
  ///   - account: The account's name, for `signIn`.
  public init(action: String, url: String? = nil, account: String? = nil) {
    self.action = action
    self.url = url
    self.account = account
  }
}

/// What a user can do in a session, besides opening a deep link.
public enum SessionAction: String, CaseIterable, Sendable {
  /// Pops the visible stack's top screen (the checkout asks first).
  case back
  /// Dismisses the topmost presented screen, with whatever it holds.
  case dismiss
  /// Pushes the screen of the route at `url` onto the visible stack.
  case push
  /// Presents the screen of the route at `url` as a page sheet over the visible screen.
  case present
  /// Runs the checkout flow, pushed on the cart; it waits for the sign-in when no one is
  /// signed in.
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

/// A session's navigation state, as `GET /sessions/{id}` answers.
public struct SessionState: Codable, Hashable, Sendable {
  /// The session's identifier.
  public var id: String
  /// The window's root screen and everything it holds and presents; `nil` before a start.
  public var root: ScreenNode?
  /// The live flows, oldest first, each with its children.
  public var flows: [FlowNode]
  /// The account signed in, if any.
  public var account: String?
  /// What waits for the user: `popConfirmation` (the checkout asks whether to leave),
  /// `signIn` (a sign-in runs).
  public var pending: [String]

  /// Creates a state.
  ///
  /// - Parameters:
  ///   - id: The session's identifier.
  ///   - root: The root screen.
  ///   - flows: The live flows.
  ///   - account: The account signed in.
  ///   - pending: What waits for the user.
  public init(id: String, root: ScreenNode?, flows: [FlowNode], account: String?, pending: [String]) {
    self.id = id
    self.root = root
    self.flows = flows
    self.account = account
    self.pending = pending
  }
}

/// One screen of a session's state: its route, what it holds, what it presents.
public struct ScreenNode: Codable, Hashable, Sendable {
  /// The screen as the text picture names it: its route (`Product(id: 42)`) or
  /// `NavigationController`.
  public var screen: String
  /// The screen's route, when it has one.
  public var route: RouteInfo?
  /// A navigation controller's stack, its root first.
  public var stack: [ScreenNode]?
  /// A container's children, in order.
  public var children: [ScreenNode]?
  /// What the screen presents.
  public var presents: PresentedScreen?

  /// Creates a node.
  ///
  /// - Parameters:
  ///   - screen: The screen's name.
  ///   - route: Its route.
  ///   - stack: A navigation controller's stack.
  ///   - children: A container's children.
  ///   - presents: What it presents.
  public init(
    screen: String, route: RouteInfo? = nil, stack: [ScreenNode]? = nil, children: [ScreenNode]? = nil,
    presents: PresentedScreen? = nil
  ) {
    self.screen = screen
    self.route = route
    self.stack = stack
    self.children = children
    self.presents = presents
  }
}

/// A screen presented by another, with its presentation style.
public final class PresentedScreen: Codable, Hashable, Sendable {
  /// The style: `pageSheet`, `fullScreen`, `popover`, …
  public let style: String
  /// A Boolean value indicating whether the presented screen is a navigation controller.
  public let embeddedInNavigationController: Bool
  /// The presented screen.
  public let screen: ScreenNode

  /// Creates a presentation.
  ///
  /// - Parameters:
  ///   - style: The style.
  ///   - embeddedInNavigationController: Whether the presented screen is a navigation controller.
  ///   - screen: The presented screen.
  public init(style: String, embeddedInNavigationController: Bool, screen: ScreenNode) {
    self.style = style
    self.embeddedInNavigationController = embeddedInNavigationController
    self.screen = screen
  }

  /// Returns a Boolean value indicating whether two presentations are equal, field by field.
  public static func == (lhs: PresentedScreen, rhs: PresentedScreen) -> Bool {
    lhs.style == rhs.style && lhs.embeddedInNavigationController == rhs.embeddedInNavigationController
      && lhs.screen == rhs.screen
  }

  /// Hashes every field.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(style)
    hasher.combine(embeddedInNavigationController)
    hasher.combine(screen)
  }
}

/// A screen's route: its name, its URL when it has a pattern, and its parameters.
public struct RouteInfo: Codable, Hashable, Sendable {
  /// The route type's name (`Product`).
  public var name: String
  /// The route's URL, when its type has a pattern.
  public var url: String?
  /// The route's properties, as its `Codable` form writes them.
  public var parameters: [String: JSONValue]

  /// Creates a route description.
  ///
  /// - Parameters:
  ///   - name: The route type's name.
  ///   - url: The route's URL.
  ///   - parameters: The route's properties.
  public init(name: String, url: String?, parameters: [String: JSONValue]) {
    self.name = name
    self.url = url
    self.parameters = parameters
  }
}

/// A live flow and its children.
public struct FlowNode: Codable, Hashable, Sendable {
  /// The flow's name (`CheckoutFlow`).
  public var name: String
  /// Where the flow is in its life (`running`, `ending`).
  public var state: String
  /// The route of its first screen, as the text picture names it.
  public var firstScreen: String?
  /// Its live children, oldest first.
  public var children: [FlowNode]

  /// Creates a flow description.
  ///
  /// - Parameters:
  ///   - name: The flow's name.
  ///   - state: Its state.
  ///   - firstScreen: Its first screen's name.
  ///   - children: Its children.
  public init(name: String, state: String, firstScreen: String?, children: [FlowNode]) {
    self.name = name
    self.state = state
    self.firstScreen = firstScreen
    self.children = children
  }
}

/// The body of every error answer: `{"error": {"code": "...", "message": "..."}}`.
public struct ErrorBody: Codable, Hashable, Sendable {
  /// The error.
  public var error: ErrorDetail

  /// Creates the body.
  ///
  /// - Parameters:
  ///   - code: The rule that was broken.
  ///   - message: The sentence naming it.
  public init(code: String, message: String) {
    self.error = ErrorDetail(code: code, message: message)
  }
}

/// An error's code and message.
public struct ErrorDetail: Codable, Hashable, Sendable {
  /// The rule that was broken: the typed error's code (`noMatch`, `unknownSession`, …).
  public var code: String
  /// The typed error's message.
  public var message: String

  /// Creates the detail.
  ///
  /// - Parameters:
  ///   - code: The rule that was broken.
  ///   - message: The sentence naming it.
  public init(code: String, message: String) {
    self.code = code
    self.message = message
  }
}

/// The body of `GET /metrics`.
public struct MetricsBody: Codable, Hashable, Sendable {
  /// Sessions whose app controller is in memory.
  public var sessionsLive: Int
  /// Sessions with a snapshot in the database.
  public var sessionsStored: Int
  /// Requests answered since the start, this one excluded.
  public var requests: Int
  /// Error answers since the start, by status code.
  public var errors: [String: Int]

  /// Creates the body.
  ///
  /// - Parameters:
  ///   - sessionsLive: Sessions in memory.
  ///   - sessionsStored: Sessions in the database.
  ///   - requests: Requests answered.
  ///   - errors: Error answers by status.
  public init(sessionsLive: Int, sessionsStored: Int, requests: Int, errors: [String: Int]) {
    self.sessionsLive = sessionsLive
    self.sessionsStored = sessionsStored
    self.requests = requests
    self.errors = errors
  }
}
