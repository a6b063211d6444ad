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
/// try await restored.restore(bytes)                    // planned from the root, all-or-nothing
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

  /// Creates a snapshot of `state` in the current format.
  ///
  /// - Parameter state: The state, keyed by routes.
  public init(state: NavigationState<AnyRoute>) {
    version = Self.formatVersion
    self.state = state
  }

  /// The state, as text.
  public var description: String { "\(state)" }
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
