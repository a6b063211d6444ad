import AppFlow
import Testing

@testable import FlowServiceCore
@testable import ShopApp

/// A session's state written directly (`SessionState.jsonUTF8`) is the text the encoder and
/// the tree of values (`text(_:)`) make of it, byte for byte.
@Suite struct SessionStateJSONTests {
  private let escapes = "quote \" backslash \\ slash / tab \t line \n \u{08}\u{0C}\u{01}\u{1F} é ✓ 🛒"

  /// States with every field present and absent, nested, and text that needs escapes.
  private var madeStates: [SessionState] {
    let product = RouteInfo(
      name: "Product", url: "shop://catalog/products/42",
      parameters: [
        "id": .int(42), "note": .string(escapes), "list": .array([.null, .bool(true), .double(0.5)]),
      ])
    let leaf = ScreenNode(screen: "Product(id: 42)", route: product)
    let sheet = ScreenNode(
      screen: "NavigationController",
      stack: [ScreenNode(screen: escapes, route: RouteInfo(name: "Cart", url: nil, parameters: [:]))])
    let root = ScreenNode(
      screen: "NavigationController",
      stack: [ScreenNode(screen: "Catalog()", children: [leaf, ScreenNode(screen: "")]), leaf],
      presents: PresentedScreen(style: "pageSheet", embeddedInNavigationController: true, screen: sheet))
    let flows = [
      FlowNode(
        name: "CheckoutFlow", state: "running", firstScreen: "Checkout()",
        children: [FlowNode(name: "SignInFlow", state: "ending", firstScreen: nil, children: [])])
    ]
    return [
      SessionState(id: "a", root: nil, flows: [], account: nil, pending: []),
      SessionState(
        id: escapes, root: root, flows: flows, account: escapes, pending: ["popConfirmation", "signIn"]),
      SessionState(
        id: "b", root: ScreenNode(screen: "x", children: [], presents: nil), flows: flows, account: "alice",
        pending: [escapes]),
    ]
  }

  /// The shop's states after each of a few requests: pushes, a sheet, a popover, a checkout
  /// waiting for its sign-in.
  private func shopStates() throws -> [SessionState] {
    let app = try ShopApp.makeApp()
    if !app.isStarted { try app.start() }
    let id = try SessionID("feedface")
    var states = [SessionRendering.state(of: app, id: id)]
    let steps: [(AppController) throws -> Void] = [
      { try SessionActions.open("shop://catalog/products/42", in: $0) },
      { try SessionActions.open("shop://cart", in: $0) },
      { try SessionActions.perform(ActionRequest(action: "checkout"), in: $0) },
      { try SessionActions.perform(ActionRequest(action: "cancelFlow"), in: $0) },
      {
        try SessionActions.perform(ActionRequest(action: "present", url: "shop://catalog/products/7"), in: $0)
      },
      { try SessionActions.perform(ActionRequest(action: "dismiss"), in: $0) },
      {
        try SessionActions.perform(
          ActionRequest(
            action: "popover", url: "shop://catalog/products/7",
            anchor: .view(path: [], rect: .init(x: 0, y: 0, width: 44, height: 44))), in: $0)
      },
    ]
    for step in steps {
      // A refused step changes nothing; the checks below see that the states went far enough.
      try? step(app)
      states.append(SessionRendering.state(of: app, id: id))
    }
    return states
  }

  @Test func routesRenderedOnceRenderAsEachTimeAnew() throws {
    let app = try ShopApp.makeApp()
    if !app.isStarted { try app.start() }
    let id = try SessionID("feedface")
    let routes = RenderedRoutes()
    var pairs: [(SessionState, SessionState)] = []
    for url in [
      "shop://catalog/products/42", "shop://cart", "shop://catalog/products/7", "shop://catalog/products/42",
    ] {
      try SessionActions.open(url, in: app)
      pairs.append(
        (SessionRendering.state(of: app, id: id, routes: routes), SessionRendering.state(of: app, id: id)))
    }
    #expect(pairs.map(\.0) == pairs.map(\.1))
    #expect(pairs.last?.0.root != nil)
    // One rendering kept per route the states showed.
    func routeInfos(_ node: ScreenNode?) -> [RouteInfo] {
      guard let node else { return [] }
      return (node.route.map { [$0] } ?? []) + (node.stack ?? []).flatMap(routeInfos)
        + (node.children ?? []).flatMap(routeInfos) + routeInfos(node.presents?.screen)
    }
    let shown = Set(pairs.flatMap { routeInfos($0.1.root) })
    #expect(shown.count >= 3)
    #expect(routes.count == shown.count)
  }

  @Test func theDirectTextIsTheEncodersTextByteForByte() throws {
    let states = try madeStates + shopStates()
    for state in states {
      #expect(String(decoding: state.jsonUTF8, as: UTF8.self) == text(state))
    }
    // The shop's states went through a sheet and a checkout (not only the root's stack).
    #expect(states.contains { $0.root?.presents != nil })
    #expect(states.contains { !$0.flows.isEmpty || !$0.pending.isEmpty })
  }
}
