@testable import FlowServiceCore

/// Builders of the expected states, so that tests compare whole values.
enum Expected {
  static let catalog = ScreenNode(
    screen: "Catalog()", route: RouteInfo(name: "Catalog", url: "shop://catalog", parameters: [:]))
  static let cart = ScreenNode(
    screen: "Cart()", route: RouteInfo(name: "Cart", url: "shop://cart", parameters: [:]))
  static let checkout = ScreenNode(
    screen: "Checkout()", route: RouteInfo(name: "Checkout", url: nil, parameters: [:]))
  static let signIn = ScreenNode(
    screen: "SignIn()", route: RouteInfo(name: "SignIn", url: nil, parameters: [:]))

  static func product(_ id: Int) -> ScreenNode {
    ScreenNode(
      screen: "Product(id: \(id))",
      route: RouteInfo(name: "Product", url: "shop://catalog/products/\(id)", parameters: ["id": .int(id)]))
  }

  /// A navigation controller holding `stack`, presenting `presents`.
  static func stack(_ stack: [ScreenNode], presents: PresentedScreen? = nil) -> ScreenNode {
    ScreenNode(screen: "NavigationController", stack: stack, presents: presents)
  }

  /// A page sheet of a navigation controller holding `stack`.
  static func sheet(_ stack: [ScreenNode], presents: PresentedScreen? = nil) -> PresentedScreen {
    PresentedScreen(
      style: "pageSheet", embeddedInNavigationController: true, screen: Self.stack(stack, presents: presents))
  }

  static func state(
    _ id: String, _ root: ScreenNode, flows: [FlowNode] = [], account: String? = nil, pending: [String] = []
  ) -> SessionState {
    SessionState(id: id, root: root, flows: flows, account: account, pending: pending)
  }

  static let checkoutFlow = FlowNode(
    name: "CheckoutFlow", state: "running", firstScreen: "Checkout()", children: [])
  static let signInFlow = FlowNode(
    name: "SignInFlow", state: "running", firstScreen: "SignIn()", children: [])
}
