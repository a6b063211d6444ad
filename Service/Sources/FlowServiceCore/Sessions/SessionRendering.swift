import AppFlow
import Foundation
import Navigator
import ShopApp

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
  /// - Returns: The state.
  static func state(of app: AppController, id: SessionID) -> SessionState {
    let shop = ShopApp.shop(of: app)
    var pending: [String] = []
    if shop?.pendingPop != nil { pending.append("popConfirmation") }
    if shop?.signIn.runningFlow != nil { pending.append("signIn") }
    return SessionState(
      id: id.rawValue,
      root: app.window.navigationState(keyedBy: AnyRoute.self).root.map { node(node: $0, app) },
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

  private static func node(node: NavigationState<AnyRoute>.Node, _ app: AppController) -> ScreenNode {
    var result = ScreenNode(screen: node.key.description, route: node.key.key.map { route(info: $0, app) })
    switch node.content {
    case .screen: break
    case .stack(let entries): result.stack = entries.map { self.node(node: $0, app) }
    case .container(let children): result.children = children.map { self.node(node: $0, app) }
    }
    if let presentation = node.presentation {
      result.presents = PresentedScreen(
        style: "\(presentation.style)",
        embeddedInNavigationController: presentation.isEmbeddedInNavigationController,
        screen: self.node(node: presentation.screen, app))
    }
    return result
  }

  private static func route(info route: AnyRoute, _ app: AppController) -> RouteInfo {
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
