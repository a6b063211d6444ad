/// A session's navigation state, as `GET /sessions/{id}` answers.
struct SessionState: Codable, Hashable, Sendable {
  /// The session's identifier.
  var id: String
  /// The window's root screen and everything it holds and presents; `nil` before a start.
  var root: ScreenNode?
  /// The live flows, oldest first, each with its children.
  var flows: [FlowNode]
  /// The account signed in, if any.
  var account: String?
  /// What waits for the user: `popConfirmation` (the checkout asks whether to leave),
  /// `signIn` (a sign-in runs).
  var pending: [String]

  /// Creates a state.
  ///
  /// - Parameters:
  ///   - id: The session's identifier.
  ///   - root: The root screen.
  ///   - flows: The live flows.
  ///   - account: The account signed in.
  ///   - pending: What waits for the user.
  init(id: String, root: ScreenNode?, flows: [FlowNode], account: String?, pending: [String]) {
    self.id = id
    self.root = root
    self.flows = flows
    self.account = account
    self.pending = pending
  }
}

/// One screen of a session's state: its route, what it holds, what it presents.
struct ScreenNode: Codable, Hashable, Sendable {
  /// The screen as the text picture names it: its route (`Product(id: 42)`) or
  /// `NavigationController`.
  var screen: String
  /// The screen's route, when it has one.
  var route: RouteInfo?
  /// A navigation controller's stack, its root first.
  var stack: [ScreenNode]?
  /// A container's children, in order.
  var children: [ScreenNode]?
  /// What the screen presents.
  var presents: PresentedScreen?

  /// Creates a node.
  ///
  /// - Parameters:
  ///   - screen: The screen's name.
  ///   - route: Its route.
  ///   - stack: A navigation controller's stack.
  ///   - children: A container's children.
  ///   - presents: What it presents.
  init(
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
final class PresentedScreen: Codable, Hashable, Sendable {
  /// The style: `pageSheet`, `fullScreen`, `popover`, …
  let style: String
  /// A Boolean value indicating whether the presented screen is a navigation controller.
  let embeddedInNavigationController: Bool
  /// The presented screen.
  let screen: ScreenNode

  /// Creates a presentation.
  ///
  /// - Parameters:
  ///   - style: The style.
  ///   - embeddedInNavigationController: Whether the presented screen is a navigation controller.
  ///   - screen: The presented screen.
  init(style: String, embeddedInNavigationController: Bool, screen: ScreenNode) {
    self.style = style
    self.embeddedInNavigationController = embeddedInNavigationController
    self.screen = screen
  }

  /// Returns a Boolean value indicating whether two presentations are equal, field by field.
  static func == (lhs: PresentedScreen, rhs: PresentedScreen) -> Bool {
    lhs.style == rhs.style && lhs.embeddedInNavigationController == rhs.embeddedInNavigationController
      && lhs.screen == rhs.screen
  }

  /// Hashes every field.
  ///
  /// - Parameter hasher: The hasher.
  func hash(into hasher: inout Hasher) {
    hasher.combine(style)
    hasher.combine(embeddedInNavigationController)
    hasher.combine(screen)
  }
}

/// A screen's route: its name, its URL when it has a pattern, and its parameters.
struct RouteInfo: Codable, Hashable, Sendable {
  /// The route type's name (`Product`).
  var name: String
  /// The route's URL, when its type has a pattern.
  var url: String?
  /// The route's properties, as its `Codable` form writes them.
  var parameters: [String: JSONValue]

  /// Creates a route description.
  ///
  /// - Parameters:
  ///   - name: The route type's name.
  ///   - url: The route's URL.
  ///   - parameters: The route's properties.
  init(name: String, url: String?, parameters: [String: JSONValue]) {
    self.name = name
    self.url = url
    self.parameters = parameters
  }
}

/// A live flow and its children.
struct FlowNode: Codable, Hashable, Sendable {
  /// The flow's name (`CheckoutFlow`).
  var name: String
  /// Where the flow is in its life (`running`, `ending`).
  var state: String
  /// The route of its first screen, as the text picture names it.
  var firstScreen: String?
  /// Its live children, oldest first.
  var children: [FlowNode]

  /// Creates a flow description.
  ///
  /// - Parameters:
  ///   - name: The flow's name.
  ///   - state: Its state.
  ///   - firstScreen: Its first screen's name.
  ///   - children: Its children.
  init(name: String, state: String, firstScreen: String?, children: [FlowNode]) {
    self.name = name
    self.state = state
    self.firstScreen = firstScreen
    self.children = children
  }
}
