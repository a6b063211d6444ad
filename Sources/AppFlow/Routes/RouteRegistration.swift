import Foundation
import Navigator

/// What a route table knows of one registered route type: how its screen is made and shown,
/// its parent, its URL pattern, and how its values travel in URLs and snapshots.
///
/// One object per registration, a `TypedRouteRegistration`: a session's table holds a
/// reference per route type, instead of a struct of six closures (each one a context
/// allocated to hold the route type), a copy of its pattern, and dictionary buckets as wide
/// as that struct (Benchmarks/README.md, "What a route table costs").
///
/// A registration never changes once made, so that tables can share it: an app controller's
/// table made from a ``SharedRouteTable`` holds the shared table's registrations.
protocol RouteRegistration: AnyObject {
  /// How its screen is shown on its parent's.
  var presentation: RoutePresentation { get }
  /// The entry of its URL pattern in the table's patterns; `nil` when it has none.
  var patternEntry: Int? { get }
  /// The registered route type's name (its `routeName`).
  var routeName: String { get }

  /// The route `route` stands on in a deep link; `nil` for a root route.
  func parent(of route: AnyRoute) -> AnyRoute?

  /// Makes and configures the screen of `route`, for the app controller whose context is
  /// `context` (`nil` for an app controller without one).
  func make(_ route: AnyRoute, context: Any?) throws(NavigationError) -> ViewController

  /// The route that a URL's parameters describe.
  func decode(_ parameters: URLParameters) throws(RouteError) -> AnyRoute

  /// The URL parameters of `route`.
  func encode(_ route: AnyRoute) throws(RouteError) -> URLParameters

  /// Writes `route`'s value into a snapshot.
  func encodeValue(_ route: AnyRoute, to encoder: any Encoder) throws

  /// Reads a route's value from a snapshot.
  func decodeValue(from decoder: any Decoder) throws -> AnyRoute
}

/// The registration of the route type `R`.
final class TypedRouteRegistration<R: Route>: RouteRegistration {
  /// How a registration makes its screen: from the route alone (an app controller's own
  /// registration), or from the route and the app controller's context (a shared table's,
  /// whose closure checks the context's type).
  enum ScreenMaker {
    case route((R) throws(NavigationError) -> ViewController)
    case routeAndContext((R, Any?) throws(NavigationError) -> ViewController)
  }

  let presentation: RoutePresentation
  let patternEntry: Int?
  private let parentOf: ((R) -> any Route)?
  private let makeScreen: ScreenMaker

  init(
    presentation: RoutePresentation, patternEntry: Int?, parent: ((R) -> any Route)?, makeScreen: ScreenMaker
  ) {
    self.presentation = presentation
    self.patternEntry = patternEntry
    self.parentOf = parent
    self.makeScreen = makeScreen
  }

  func parent(of route: AnyRoute) -> AnyRoute? {
    guard let parentOf, let route = route.as(R.self) else { return nil }
    return AnyRoute(parentOf(route))
  }

  func make(_ route: AnyRoute, context: Any?) throws(NavigationError) -> ViewController {
    guard let route = route.as(R.self) else {
      throw NavigationError(.unmakeableScreen, "\(route) is not a \(R.routeName).")
    }
    switch makeScreen {
    case .route(let make): return try make(route)
    case .routeAndContext(let make): return try make(route, context)
    }
  }

  var routeName: String { R.routeName }

  func decode(_ parameters: URLParameters) throws(RouteError) -> AnyRoute {
    AnyRoute(try decodeRoute(parameters))
  }

  /// The route a match's parameters give, typed.
  func decodeRoute(_ parameters: URLParameters) throws(RouteError) -> R {
    try URLParameterDecoder().decode(R.self, from: parameters)
  }

  func encode(_ route: AnyRoute) throws(RouteError) -> URLParameters {
    guard let route = route.as(R.self) else { throw .unregisteredRoute("\(route)") }
    return try URLParameterEncoder().encode(route)
  }

  func encodeValue(_ route: AnyRoute, to encoder: any Encoder) throws {
    guard let value = route.as(R.self) else {
      throw SnapshotError(.unknownRoute, "\(route) is not a \(R.routeName).")
    }
    try value.encode(to: encoder)
  }

  func decodeValue(from decoder: any Decoder) throws -> AnyRoute {
    AnyRoute(try R(from: decoder))
  }
}
