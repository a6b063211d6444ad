public import Navigator

/// A session's navigation as a versioned value: the window's state with routes as keys,
/// ready to be written to a store and restored later, after a restart too.
///
/// ```swift
/// let bytes = try app.encodeSnapshot()                 // JSON, routes by their tags
/// …
/// let restored = AppController(rootRoute: Catalog())
/// registerRoutes(restored.routes)
/// try restored.start()
/// try await restored.restoreAndWait(bytes)                    // planned from the root, all-or-nothing
/// ```
///
/// Routes are written with their tag (their type's ``Route/routeName``, unique in the route
/// table) and their own `Codable` value, never a mangled or class name: renaming a Swift
/// type keeps old snapshots readable as long as its `routeName` stays.
///
/// The JSON shape, version 1:
///
/// ```
/// {"navigationSnapshot": 1,
///  "state": {"root": {"navigationController": true, "stack": [
///    {"key": {"route": "Catalog", "value": {}}},
///    {"key": {"route": "Product", "value": {"id": 42}}, "presents": {"style": "pageSheet", "screen": …}}]}}}
/// ```
///
/// The state's shape is `NavigationState`'s own JSON shape (presentation styles, embeddings,
/// popover anchors).
public struct NavigationSnapshot: Hashable, Sendable, CustomStringConvertible {
  /// The format version this package writes, and the newest it reads.
  public static let formatVersion = 1

  /// The format version the snapshot was written in.
  public let version: Int
  /// The window's state, keyed by routes.
  public var state: NavigationState<AnyRoute>
  /// The live flows whose types are registered for snapshots
  /// (``RouteTable/registerFlow(_:tag:restore:)``), each with its children.
  public var flows: [FlowSnapshot]
  /// The screens the navigator kept alive off screen for routes registered with a
  /// `keepAlive` lifetime, each keep-alive identifier (its route) with what was left of its
  /// lifetime, least recently used first. The screens shown keep theirs through their routes.
  public var keptAlive: [KeptAliveSnapshot]

  /// Creates a snapshot of `state`, `flows` and `keptAlive` in the current format.
  ///
  /// - Parameters:
  ///   - state: The state, keyed by routes.
  ///   - flows: The live flows to make again, each on the screen of its route.
  ///   - keptAlive: The screens to keep alive off screen again.
  public init(
    state: NavigationState<AnyRoute>, flows: [FlowSnapshot] = [], keptAlive: [KeptAliveSnapshot] = []
  ) {
    version = Self.formatVersion
    self.state = state
    self.flows = flows
    self.keptAlive = keptAlive
  }

  /// The state, as text.
  public var description: String { "\(state)" }
}

/// A live flow in a snapshot: its registered tag, the route of its first screen, and its
/// live children.
public struct FlowSnapshot: Hashable, Sendable, CustomStringConvertible {
  /// The flow type's tag (``RouteTable/registerFlow(_:tag:restore:)``).
  public var tag: String
  /// The route of the flow's first screen.
  public var route: AnyRoute
  /// The flow's live children that are in the snapshot, in the order they ran.
  public var children: [FlowSnapshot]

  /// Describes a flow.
  ///
  /// - Parameters:
  ///   - tag: The flow type's tag.
  ///   - route: The route of its first screen.
  ///   - children: Its children.
  public init(tag: String, route: AnyRoute, children: [FlowSnapshot] = []) {
    self.tag = tag
    self.route = route
    self.children = children
  }

  /// `Checkout on Cart()`, with the children in brackets.
  public var description: String {
    "\(tag) on \(route)"
      + (children.isEmpty ? "" : " [" + children.map(\.description).joined(separator: ", ") + "]")
  }
}

/// Why a snapshot could not be taken, written or read.
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Hashable, Sendable {
    /// The bytes are not a snapshot: not JSON, not UTF-8, a field missing or unknown, a
    /// shape the state's rules refuse.
    case corrupt
    /// A format version this package doesn't read.
    case unknownVersion
    /// A route tag no registered route type has.
    case unknownRoute
    /// A flow tag no flow type registered for snapshots has.
    case unknownFlow
    /// A screen the window shows has no route, so a snapshot can't make it again.
    case unkeyedScreen
  }

  /// What went wrong.
  public let code: Code
  /// A sentence naming what and where.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What went wrong.
  ///   - message: A sentence naming what and where.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The code and the message.
  public var description: String { "\(code.rawValue): \(message)" }
}

/// A screen kept alive off screen in a snapshot: its keep-alive identifier, which is its
/// route, and what was left of its lifetime.
///
/// A restoration makes the screen again and keeps it for that long (or for the session), so
/// that the session's next visit to the route finds it in the cache, as it would have.
public struct KeptAliveSnapshot: Hashable, Sendable, CustomStringConvertible {
  /// The route the screen is kept for: its keep-alive identifier.
  public var route: AnyRoute
  /// The seconds left of its lifetime; `nil` for a screen kept for the session.
  public var secondsLeft: Double?

  /// Creates the record of a kept screen.
  ///
  /// - Parameters:
  ///   - route: The route the screen is kept for.
  ///   - secondsLeft: The seconds left of its lifetime; `nil` for the session.
  public init(route: AnyRoute, secondsLeft: Double?) {
    self.route = route
    self.secondsLeft = secondsLeft
  }

  /// The route and the time left: `Product(id: 1) for 40.0 s`, `Product(id: 1) for the session`.
  public var description: String {
    "\(route) for " + (secondsLeft.map { "\($0) s" } ?? "the session")
  }
}
