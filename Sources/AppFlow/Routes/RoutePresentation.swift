public import Navigator

/// How a route's screen is shown on the route it stands on: pushed, presented in a modal
/// style, as a popover at an anchor of the parent's screen, or as a child of the parent's
/// screen; presented screens optionally inside a new navigation controller.
public struct RoutePresentation: Hashable, Sendable, CustomStringConvertible {
  /// The kind of navigation.
  enum Kind: Hashable, Sendable {
    case push
    case modal(ModalPresentationStyle)
    case popover(RouteAnchor)
    case child
  }

  let kind: Kind
  /// A Boolean value indicating whether a presented screen is shown inside a new navigation
  /// controller, which the routes standing on it are pushed onto.
  public let isEmbeddedInNavigationController: Bool

  /// Pushed onto the navigation stack its parent is in.
  public static let push = RoutePresentation(kind: .push, isEmbeddedInNavigationController: false)

  /// Added as a child of its parent's screen, a container.
  public static let child = RoutePresentation(kind: .child, isEmbeddedInNavigationController: false)

  /// Presented modally by its parent's screen.
  ///
  /// - Parameters:
  ///   - style: The presentation style.
  ///   - embeddedInNavigationController: A Boolean value indicating whether the screen is
  ///     shown inside a new navigation controller.
  /// - Returns: The presentation.
  public static func modal(_ style: ModalPresentationStyle, embeddedInNavigationController: Bool = false)
    -> RoutePresentation
  {
    RoutePresentation(kind: .modal(style), isEmbeddedInNavigationController: embeddedInNavigationController)
  }

  /// Presented as a page sheet.
  ///
  /// - Parameter embeddedInNavigationController: A Boolean value indicating whether the
  ///   screen is shown inside a new navigation controller.
  /// - Returns: The presentation.
  public static func sheet(embeddedInNavigationController: Bool = false) -> RoutePresentation {
    .modal(.pageSheet, embeddedInNavigationController: embeddedInNavigationController)
  }

  /// Presented full screen.
  ///
  /// - Parameter embeddedInNavigationController: A Boolean value indicating whether the
  ///   screen is shown inside a new navigation controller.
  /// - Returns: The presentation.
  public static func fullScreen(embeddedInNavigationController: Bool = false) -> RoutePresentation {
    .modal(.fullScreen, embeddedInNavigationController: embeddedInNavigationController)
  }

  /// Shown as a popover pointing at an anchor of its parent's screen.
  ///
  /// - Parameters:
  ///   - anchor: A bar button item or a view of the parent's screen.
  ///   - embeddedInNavigationController: A Boolean value indicating whether the screen is
  ///     shown inside a new navigation controller.
  /// - Returns: The presentation.
  public static func popover(at anchor: RouteAnchor, embeddedInNavigationController: Bool = false)
    -> RoutePresentation
  {
    RoutePresentation(
      kind: .popover(anchor), isEmbeddedInNavigationController: embeddedInNavigationController)
  }

  /// The presentation as in Swift source: `push`, `modal(pageSheet, embedded)`.
  public var description: String {
    let embedded = isEmbeddedInNavigationController ? ", embedded" : ""
    switch kind {
    case .push: return "push"
    case .child: return "child"
    case .modal(let style): return "modal(\(style)\(embedded))"
    case .popover(let anchor): return "popover(\(anchor)\(embedded))"
    }
  }
}

/// Where a route's popover points, on its parent's screen.
public enum RouteAnchor: Hashable, Sendable, CustomStringConvertible {
  /// A bar button item of the parent's navigation item: the side and the index on it.
  case barButtonItem(BarSide, index: Int)
  /// A view of the parent's screen, by its path of subview indexes from the root view, and
  /// a rectangle in it.
  case view(path: [Int], rect: Rect)

  /// The anchor as in Swift source.
  public var description: String {
    switch self {
    case .barButtonItem(let side, let index): "barButtonItem(\(side), index: \(index))"
    case .view(let path, let rect): "view(path: \(path), rect: \(rect))"
    }
  }
}
