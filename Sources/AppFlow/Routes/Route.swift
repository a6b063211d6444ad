/// A value naming a screen and its parameters: `Product(id: 42)`.
///
/// A route is the key of its screen in a `NavigationState` (as ``AnyRoute``): the app
/// controller's ``RouteTable`` makes the screen for it, knows the route it stands on in a
/// deep link, how it is presented, and the URL it prints to and parses from.
///
/// ```swift
/// struct Product: Route {
///   var id: Int
/// }
/// try app.routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() }) {
///   product in ProductScreen(id: product.id)
/// }
/// ```
public protocol Route: Hashable, Codable, Sendable {
  /// The route type's stable name in route tables and saved states: its type's name by
  /// default. Give another to keep saved states readable after a rename.
  static var routeName: String { get }
}

extension Route {
  /// The type's name.
  public static var routeName: String { String(describing: Self.self) }

}

/// A route of any type: the key of the states the app controller navigates to.
public struct AnyRoute: Hashable, Sendable, CustomStringConvertible {
  /// The route.
  public let base: any Route

  /// Wraps a route, of a known type or of any type (`any Route` opens to it); an `AnyRoute`
  /// is not wrapped twice.
  ///
  /// - Parameter route: The route.
  public init<R: Route>(_ route: R) {
    // Tested on the type first: the cast runs only for an `AnyRoute`.
    if R.self == AnyRoute.self, let route = route as? AnyRoute {
      base = route.base
    } else {
      base = route
    }
  }

  /// The route as a `Route`, when it is one.
  ///
  /// - Parameter type: The route type.
  /// - Returns: The route, or `nil` when it is of another type.
  public func `as`<R: Route>(_ type: R.Type) -> R? { base as? R }

  /// Returns a Boolean value indicating whether two routes are of the same type and equal.
  public static func == (lhs: AnyRoute, rhs: AnyRoute) -> Bool {
    // Both routes opened: the types compared by identity, then the values as one type,
    // without a dynamic cast.
    func equals<L: Route>(_ left: L) -> Bool {
      func equals<R: Route>(_ right: R) -> Bool {
        guard L.self == R.self else { return false }
        return left == unsafeBitCast(right, to: L.self)
      }
      return equals(rhs.base)
    }
    return equals(lhs.base)
  }

  /// Hashes the route's type and value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }

  /// The route's description: `Product(id: 42)`; for a route type without one, the route as
  /// `String(describing:)` prints it.
  public var description: String {
    // Asked for directly: printing looks for two protocols at run time where this looks for one.
    (base as? any CustomStringConvertible)?.description ?? String(describing: base)
  }
}

extension AnyRoute: Route {
  /// An `AnyRoute` is coded through the route table, not by itself; it refuses both.
  public init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath, debugDescription: "An AnyRoute is decoded by its route table."))
  }

  /// An `AnyRoute` is coded through the route table, not by itself; it refuses both.
  public func encode(to encoder: any Encoder) throws {
    throw EncodingError.invalidValue(
      self,
      EncodingError.Context(
        codingPath: encoder.codingPath, debugDescription: "An AnyRoute is encoded by its route table."))
  }

  /// `AnyRoute`.
  public static var routeName: String { "AnyRoute" }
}
