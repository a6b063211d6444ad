import AppFlow
import Foundation
import Navigator
import ShopApp
import Synchronization

/// Renders a session's app controller as the service shows it.
enum SessionRendering {
  /// The picture formats of `GET /sessions/{id}?format=…`.
  enum Picture: String, Sendable {
    /// The indented text tree.
    case text
    /// A Mermaid flowchart.
    case mermaid
    /// A Graphviz digraph.
    case dot
  }

  /// The session's state: its screens keyed by routes, its live flows, its account, and
  /// what waits for the user.
  ///
  /// - Parameters:
  ///   - app: The session's app controller.
  ///   - id: The session's identifier.
  ///   - routes: The routes rendered before, for sessions whose app controllers share one
  ///     route table; each route is rendered anew without it.
  /// - Returns: The state.
  static func state(of app: AppController, id: SessionID, routes: RenderedRoutes? = nil) -> SessionState {
    let shop = ShopApp.shop(of: app)
    var pending: [String] = []
    if shop?.pendingPop != nil { pending.append("popConfirmation") }
    if shop?.signIn.runningFlow != nil { pending.append("signIn") }
    return SessionState(
      id: id.rawValue,
      root: app.window.navigationState(keyedBy: AnyRoute.self).root.map { node(node: $0, app, routes) },
      flows: app.liveFlows.map(flow), account: shop?.signIn.account, pending: pending)
  }

  /// The session's state as a picture.
  ///
  /// - Parameters:
  ///   - app: The session's app controller.
  ///   - format: The picture's format.
  /// - Returns: The text.
  static func picture(of app: AppController, format: Picture) -> String {
    let state = app.window.navigationState(keyedBy: AnyRoute.self)
    switch format {
    case .text: return state.description
    case .mermaid: return state.mermaid
    case .dot: return state.dot
    }
  }

  private static func node(
    node: NavigationState<AnyRoute>.Node, _ app: AppController, _ routes: RenderedRoutes?
  ) -> ScreenNode {
    var result: ScreenNode
    if case .key(let route) = node.key {
      let rendered = routes?.rendered(route, app) ?? RenderedRoutes.Rendered(route, app)
      result = ScreenNode(screen: rendered.screen, route: rendered.info)
    } else {
      result = ScreenNode(screen: node.key.description)
    }
    switch node.content {
    case .screen: break
    case .stack(let entries): result.stack = entries.map { self.node(node: $0, app, routes) }
    case .container(let children): result.children = children.map { self.node(node: $0, app, routes) }
    }
    if let presentation = node.presentation {
      result.presents = PresentedScreen(
        style: "\(presentation.style)",
        embeddedInNavigationController: presentation.isEmbeddedInNavigationController,
        screen: self.node(node: presentation.screen, app, routes))
    }
    return result
  }

  /// A route's node fields: its name as the text picture writes it, and its name, URL and
  /// parameters.
  fileprivate static func route(info route: AnyRoute, _ app: AppController) -> RouteInfo {
    let name = type(of: route.base).routeName
    let url = try? app.routes.url(for: route.base)
    var parameters: [String: JSONValue] = [:]
    if case .object(let object) = try? JSONValueEncoder.encode(route.base) { parameters = object }
    return RouteInfo(name: name, url: url, parameters: parameters)
  }

  private static func flow(_ flow: AnyFlow) -> FlowNode {
    let screen = flow.firstScreen.map { screen in
      (screen.navigationKey as? AnyRoute).map(\.description) ?? "\(ScreenID(screen))"
    }
    return FlowNode(
      name: flow.name, state: "\(flow.state)", firstScreen: screen, children: flow.children.map(self.flow))
  }
}

/// The routes of a service's session states, each rendered once (its name as the text
/// picture writes it, and its ``RouteInfo``) and then reused for every state that shows it.
///
/// Equal routes render alike, and every session of the service has the same route table (the
/// shop's), so a route's rendering is a function of the route alone. Made afresh for every
/// screen of every answer, the route's description (`Product(id: 42)`, made by reflection),
/// its URL and its parameters' encoding would take about 4 % of the server's CPU in the load
/// test's `open` (`perf`, release build). At most ``limit`` routes are kept; the table is emptied when full.
final class RenderedRoutes: Sendable {
  /// A route's rendering.
  struct Rendered: Sendable {
    /// The route as the text picture names the screen: `Product(id: 42)`.
    let screen: String
    /// Its name, URL and parameters.
    let info: RouteInfo

    /// Renders `route` with the route table of `app`.
    init(_ route: AnyRoute, _ app: AppController) {
      screen = route.description
      info = SessionRendering.route(info: route, app)
    }
  }

  /// How many routes are kept at most.
  static let limit = 4096

  private let table = Mutex<[AnyRoute: Rendered]>([:])

  /// Creates an empty table.
  init() {}

  /// The rendering of `route`: kept from an earlier state, or made with `app`'s route table
  /// and kept.
  func rendered(_ route: AnyRoute, _ app: AppController) -> Rendered {
    if let rendered = table.withLock({ $0[route] }) { return rendered }
    let rendered = Rendered(route, app)
    table.withLock { table in
      if table.count >= Self.limit { table.removeAll() }
      table[route] = rendered
    }
    return rendered
  }

  /// How many routes are kept (for tests).
  var count: Int { table.withLock { $0.count } }
}
