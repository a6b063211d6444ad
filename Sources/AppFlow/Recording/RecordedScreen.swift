public import Navigator

/// A screen a session log names by a key, so that a replay can make it again: the screen of
/// a route, a new screen of a registered type, or a new screen from a scene of a registered
/// storyboard.
///
/// A screen made by a closure (`Destination.make(_:)`), or given with no route,
/// has no key: a call that shows it is recorded as ``RecordedInput/unreplayable(_:)``.
public enum RecordedScreen: Hashable, Sendable, CustomStringConvertible {
  /// The screen of a route: a given screen the route table made (its `navigationKey` is the
  /// route), made again with ``RouteTable/makeScreen(for:)``.
  case route(AnyRoute)
  /// A new screen of the type registered under this tag (``RouteTable/registerScreen(_:tag:)``),
  /// made with `init()`.
  case type(String)
  /// A new screen from the scene with this identifier (`nil`: the initial scene) of the
  /// storyboard registered under this name (``RouteTable/registerStoryboard(_:)``).
  case scene(storyboard: String, identifier: String?)

  /// As a call names it: `Product(id: 1)`, `type("filters")`, `scene("detail", in: "Main")`,
  /// `initialScene(of: "Main")`.
  public var description: String {
    switch self {
    case .route(let route): "\(route)"
    case .type(let tag): "type(\"\(tag)\")"
    case .scene(let storyboard, let identifier?): "scene(\"\(identifier)\", in: \"\(storyboard)\")"
    case .scene(let storyboard, nil): "initialScene(of: \"\(storyboard)\")"
    }
  }
}

/// Where a recorded popover points: an anchor of the screen at a path of the window, found
/// again there by a replay.
///
/// The shape of `NavigationState.Anchor`, its owner named by its place in the
/// window rather than by its key.
public enum RecordedAnchor: Hashable, Sendable, CustomStringConvertible {
  /// The bar button item at `index` of the left or right items of the navigation item of
  /// the screen at `owner`.
  case barButtonItem(BarSide, index: Int, of: StatePath)
  /// A rectangle in a view of the screen at `owner`: the view found from the screen's root
  /// view by `path`, the index of a subview at each level (empty for the root view).
  case view(of: StatePath, path: [Int], rect: Rect)

  /// As a call names it: `barButtonItem(right, 0, of: root[0])`,
  /// `view(of: root[0], path: [1], rect: (0.0, 0.0, 10.0, 10.0))`.
  public var description: String {
    switch self {
    case .barButtonItem(let side, let index, let owner): "barButtonItem(\(side), \(index), of: \(owner))"
    case .view(let owner, let path, let rect):
      "view(of: \(owner), path: \(path), rect: (\(rect.x), \(rect.y), \(rect.width), \(rect.height)))"
    }
  }
}

extension RecordedInput {
  /// The description of the inputs that name a screen by a ``RecordedScreen``.
  var keyedScreenDescription: String {
    func flags(_ parts: String?...) -> String { parts.compactMap { $0 }.map { ", \($0)" }.joined() }
    func origin(_ path: StatePath?) -> String? { path.map { "from: \($0)" } }
    func animation(_ animated: Bool) -> String? { animated ? nil : "animated: false" }
    func embedding(_ embedded: Bool) -> String? { embedded ? "in: NavigationController" : nil }
    switch self {
    case .pushScreen(let screen, let from, let animated):
      return "push(\(screen)\(flags(origin(from), animation(animated))))"
    case .presentModalScreen(let screen, let style, let embedded, let from, let animated):
      return
        "presentModal(\(screen)\(flags(style.map { "style: \($0)" }, embedding(embedded), origin(from), animation(animated))))"
    case .popover(let screen, let anchor, let keeps, let embedded, let from, let animated):
      return "popover(\(screen), anchor: \(anchor)"
        + "\(flags(keeps ? "keepsPopoverOnCompactWidth: true" : nil, embedding(embedded), origin(from), animation(animated))))"
    case .addChild(let screen, let container, let view, let embedded):
      return
        "addChild(\(screen), to: \(container)\(flags(view.map { "in: view \($0)" }, embedding(embedded))))"
    case .removeChildScreen(let screen, let container):
      return "removeChild(\(screen), from: \(container))"
    default:
      return ""
    }
  }
}
