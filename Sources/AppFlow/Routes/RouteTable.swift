public import Navigator

/// The routes an app controller knows: for each route type, how its screen is made, the
/// route it stands on, how it is shown there, and its URL pattern.
///
/// ```swift
/// try app.routes.register(Catalog.self, url: "shop://catalog") { _ in CatalogScreen() }
/// try app.routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() }) {
///   product in ProductScreen(id: product.id)
/// }
/// try app.routes.register(
///   Reviews.self, url: "shop://catalog/products/<int:productID>/reviews",
///   presentation: .sheet(embeddedInNavigationController: true), parent: { Product(id: $0.productID) }
/// ) { reviews in ReviewsScreen(productID: reviews.productID) }
/// ```
///
/// An app controller made with a ``SharedRouteTable`` (``AppController/init(window:root:routes:context:)``)
/// has a table that starts with the shared registrations, whose factories it hands the app
/// controller's context; what it registers itself is its own, checked against the shared
/// registrations as if they were its own.
public final class RouteTable {
  // Unchecked: read for every screen a deep link makes; no access spans a call out of
  // AppFlow, and the runtime's exclusivity check (about 75 instructions an access) buys
  // nothing.
  /// The registrations, patterns, flow restorers, protections and lifetimes: the shared
  /// table's storage, for a table made from a ``SharedRouteTable``, until this table
  /// registers something of its own.
  @exclusivity(unchecked) var contents: RouteTableContents
  /// What the shared table's registrations are handed with each route: the app controller's
  /// context; `nil` for a table made empty.
  let context: Any?
  /// The protection spaces registered for session logs (``registerProtection(_:)``), in
  /// order: this table's own, never shared.
  var registeredProtections: [any ProtectionSpace] = []

  /// A Boolean value indicating whether a registered route has a protection: only then
  /// does the app controller's gatekeeper look at the screens a navigation makes for routes.
  var hasProtections: Bool { !contents.protections.isEmpty }

  /// A Boolean value indicating whether a route type was registered with a `keepAlive`
  /// lifetime.
  var keepsScreensAlive: Bool { !contents.keepAliveLifetimes.isEmpty }

  /// How each route type is written into a snapshot and read back, by its tag.
  var codecs: [String: any RouteRegistration] { contents.codecs }
  /// How each flow type registered for snapshots is made again, by its tag.
  var flowRestorers: [String: FlowRestorer] { contents.flowRestorers }
  /// The tags of the flow types registered for snapshots.
  var flowTags: [ObjectIdentifier: String] { contents.flowTags }

  /// Creates an empty table.
  public init() {
    contents = RouteTableContents()
    context = nil
  }

  /// Creates a table that starts with the registrations of `shared`, whose factories are
  /// handed `context`.
  ///
  /// The table holds `shared`'s storage, not a copy: a reference per field. Registering
  /// more in it adds to this table only, checked against the shared registrations as if
  /// they were its own.
  ///
  /// - Parameters:
  ///   - shared: The shared table.
  ///   - context: What its factories are handed with each route.
  init<Context>(_ shared: SharedRouteTable<Context>, context: Context) {
    contents = shared.contents
    self.context = context
  }

  /// The names of the registered route types, sorted.
  public var routeNames: [String] { contents.codecs.keys.sorted() }

  /// Registers a route type.
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - pattern: The URL pattern its routes print to and parse from, such as
  ///     `shop://catalog/products/<int:id>`; placeholders name the route's properties.
  ///   - presentation: How its screen is shown on its parent's; ignored for a route without
  ///     a parent, which is the first screen of the window's root stack.
  ///   - parent: The route it stands on in a deep link; `nil` for a root route.
  ///   - protection: The space asked before a navigation makes its screen (on every path
  ///     to it: deep links, `navigate(to:)`, state targets); `nil` for none.
  ///   - keepAlive: How long the app controller's navigator keeps the screens of this type's
  ///     routes alive, each under its route value; `nil` to make a new screen every time.
  ///     Deep links and `navigate(to:)` reuse a kept screen that is free (in no hierarchy,
  ///     holding no children, presenting nothing) instead of calling `makeScreen`.
  ///   - makeScreen: Makes and configures its screen, before the screen is shown: a new
  ///     screen, in no hierarchy.
  /// - Throws: ``RouteError/duplicateRoute(_:)`` for a type registered already,
  ///   ``RouteError/invalidPattern(_:reason:)`` and ``RouteError/ambiguousPatterns(_:_:)``
  ///   for its pattern. Nothing changes then.
  public func register<R: Route>(
    _ type: R.Type, url pattern: String? = nil, presentation: RoutePresentation = .push,
    parent: ((R) -> any Route)? = nil, protectedBy protection: (any ProtectionSpace)? = nil,
    keepAlive: Lifetime? = nil,
    makeScreen: @escaping (R) throws(NavigationError) -> ViewController
  ) throws(RouteError) {
    try contents.register(
      type, pattern: pattern, presentation: presentation, parent: parent,
      protection: protection.map { .space($0) },
      keepAlive: keepAlive.map { .fixed($0) }, makeScreen: .route(makeScreen))
  }

  /// The space that protects `route`'s screen, if its type was registered with one.
  func protection(of route: AnyRoute) -> (any ProtectionSpace)? {
    guard hasProtections else { return nil }
    return contents.protections[ObjectIdentifier(type(of: route.base))]?.space(context: context)
  }

  /// The registration of `route`'s type.
  func registration(of route: AnyRoute) throws(RouteError) -> any RouteRegistration {
    guard let registration = contents.registrations[ObjectIdentifier(type(of: route.base))] else {
      throw .unregisteredRoute(String(describing: type(of: route.base)))
    }
    return registration
  }

  // MARK: Screens

  /// Makes the screen of `route` and names it by the route.
  ///
  /// - Parameter route: The route.
  /// - Returns: Its screen, configured, its `ViewController.navigationKey` the route.
  /// - Throws: `NavigationError.Code.unmakeableScreen` for a route of a type the
  ///   table does not know, or the error of the route's `makeScreen`.
  public func makeScreen(for route: AnyRoute) throws(NavigationError) -> ViewController {
    guard let registration = contents.registrations[ObjectIdentifier(type(of: route.base))] else {
      throw NavigationError(
        .unmakeableScreen, "Can't make the screen of \(route): its route type is not registered.")
    }
    let screen = try registration.make(route, context: context)
    screen.navigationKey = route
    return screen
  }

  /// Makes the screen of `route`, or, for a route registered with a `keepAlive` lifetime,
  /// hands back the screen `navigator`'s keep-alive cache keeps for it (keyed by the route's
  /// type and value), reused, or makes it and keeps it there.
  func screen(for route: AnyRoute, keptIn navigator: Navigator) throws(NavigationError) -> ViewController {
    guard
      let lifetime = contents.keepAliveLifetimes[ObjectIdentifier(type(of: route.base))]?.lifetime(
        context: context)
    else {
      return try makeScreen(for: route)
    }
    return try navigator.keepAliveCache.screen(
      for: KeepAliveKey(type(of: route.base), identifier: route), within: lifetime
    ) { () throws(NavigationError) in try makeScreen(for: route) }
  }

  // MARK: Deep links

  /// The chain of routes that ends with `route`: its parents, root first, then the route.
  ///
  /// - Parameter route: The route.
  /// - Returns: The chain, root first.
  /// - Throws: ``RouteError/unregisteredRoute(_:)`` for a route of an unknown type on the
  ///   way; ``RouteError/invalidChain(_:reason:)`` for a chain of parents longer than 64
  ///   (a cycle).
  public func chain(to route: some Route) throws(RouteError) -> [AnyRoute] {
    var chain = [AnyRoute(route)]
    while let parent = try registration(of: chain[0]).parent(of: chain[0]) {
      guard chain.count < 64 else {
        throw .invalidChain("\(route)", reason: "its chain of parents is longer than 64 routes (a cycle?)")
      }
      chain.insert(parent, at: 0)
    }
    return chain
  }

  /// The state that shows `chain`: its first route at the root of the window's navigation
  /// stack, and each next one shown on the one before as its registration says.
  ///
  /// - Parameter chain: Routes, root first, each standing on the one before.
  /// - Returns: The target state.
  /// - Throws: ``RouteError/unregisteredRoute(_:)``; ``RouteError/invalidChain(_:reason:)``
  ///   for an empty chain, a route pushed onto a presented screen that is not in a stack, or
  ///   a child route that is not last.
  public func state(for chain: [AnyRoute]) throws(RouteError) -> NavigationState<AnyRoute> {
    try RouteLayers(chain, in: self).state
  }

  // MARK: URLs

  /// The route a URL names.
  ///
  /// - Parameter url: The URL, such as `shop://catalog/products/42`.
  /// - Returns: The route.
  /// - Throws: The matcher's errors (no match, invalid parameter, bad input) or the
  ///   decoding's.
  public func route(for url: some StringProtocol) throws(RouteError) -> AnyRoute {
    let (match, registration) = try registration(matching: url)
    return try registration.decode(match.parameters)
  }

  /// The match of a URL and the registration of the route type its pattern belongs to.
  private func registration(matching url: some StringProtocol) throws(RouteError)
    -> (URLMatch<ObjectIdentifier>, any RouteRegistration)
  {
    let match = try contents.patterns.match(url)
    guard let registration = contents.registrations[match.value] else {
      throw .unregisteredRoute(match.pattern.text)
    }
    return (match, registration)
  }

  /// The route of type `type` a URL names.
  ///
  /// ```swift
  /// let product = try app.routes.route(for: "shop://catalog/products/42", as: Product.self)
  /// print(product.id)   // 42
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL, such as `shop://catalog/products/42`.
  ///   - type: The route type the URL should name.
  /// - Returns: The route.
  /// - Throws: ``RouteError/wrongRouteType(_:pattern:matched:expected:)`` when the URL matches
  ///   a pattern of another route type, before its parameters are decoded; otherwise as
  ///   ``route(for:)``.
  public func route<R: Route>(for url: some StringProtocol, as type: R.Type) throws(RouteError) -> R {
    let (match, registration) = try registration(matching: url)
    guard let typed = registration as? TypedRouteRegistration<R> else {
      throw .wrongRouteType(
        URLLimits.shown(url), pattern: match.pattern.text, matched: registration.routeName,
        expected: R.routeName)
    }
    return try typed.decodeRoute(match.parameters)
  }

  /// The URL of a route.
  ///
  /// The URL is checked before it is returned: parsing it (``route(for:)``) gives the same
  /// route. A URL that another pattern would take first (`app://x/user/42` printed for
  /// `UserByName(id: "42")` when `app://x/user/<int:id>` is registered for `UserByID`) is
  /// ``RouteError/urlParsesAsAnotherRoute(_:url:parsed:)``: registering both patterns is
  /// legal, and most of their URLs are told apart.
  ///
  /// - Parameter route: The route.
  /// - Returns: Its URL, from its type's pattern.
  /// - Throws: ``RouteError/unregisteredRoute(_:)`` for a type without a pattern,
  ///   ``RouteError/urlParsesAsAnotherRoute(_:url:parsed:)`` for a URL that would open
  ///   another route, and the printing's errors.
  public func url(for route: some Route) throws(RouteError) -> String {
    let route = AnyRoute(route)
    let registration = try registration(of: route)
    guard let entry = registration.patternEntry else { throw .unregisteredRoute("\(route) (no URL pattern)") }
    let url = try contents.patterns.pattern(at: entry).url(with: try registration.encode(route))
    let parsed = try self.route(for: url)
    guard parsed == route else {
      throw .urlParsesAsAnotherRoute("\(route)", url: URLLimits.shown(url), parsed: "\(parsed)")
    }
    return url
  }
}

/// A chain of routes as layers: the root stack, then each presented screen or stack.
private struct RouteLayers {
  typealias Node = NavigationState<AnyRoute>.Node
  typealias Presentation = NavigationState<AnyRoute>.Presentation

  /// One layer: a stack's entries, or one presented screen, and how it is presented on the
  /// layer below.
  struct Layer {
    var entries: [Node]
    var isStack: Bool
    var presented: RoutePresentation?
    var presenter: AnyRoute?
  }

  var layers: [Layer] = []

  init(_ chain: [AnyRoute], in table: RouteTable) throws(RouteError) {
    guard let first = chain.first else {
      throw .invalidChain("[]", reason: "a deep link names at least one route")
    }
    _ = try table.registration(of: first)
    layers = [Layer(entries: [.screen(first)], isStack: true)]
    var previous = first
    var childAdded = false
    for route in chain.dropFirst() {
      if childAdded {
        throw .invalidChain(
          "\(route)", reason: "it stands on \(previous), a child route; a child route comes last")
      }
      let presentation = try table.registration(of: route).presentation
      switch presentation.kind {
      case .push:
        guard layers[layers.count - 1].isStack else {
          throw .invalidChain(
            "\(route)", reason: "it is pushed, but \(previous) is presented outside a navigation controller")
        }
        layers[layers.count - 1].entries.append(.screen(route))
      case .child:
        var top = layers[layers.count - 1].entries.removeLast()
        top.content = .container(top.contained + [.screen(route)])
        layers[layers.count - 1].entries.append(top)
        childAdded = true
      case .modal, .popover:
        layers.append(
          Layer(
            entries: [.screen(route)], isStack: presentation.isEmbeddedInNavigationController,
            presented: presentation, presenter: previous))
      }
      previous = route
    }
  }

  /// The layers, nested.
  var state: NavigationState<AnyRoute> {
    var presentation: Presentation?
    var node: Node?
    for layer in layers.reversed() {
      var current: Node
      if layer.isStack {
        current = .stack(layer.entries, presenting: presentation)
      } else {
        current = layer.entries[0]
        current.presentation = presentation
      }
      node = current
      if let how = layer.presented, let presenter = layer.presenter {
        switch how.kind {
        case .modal(let style): presentation = .modal(current, style: style)
        case .popover(.barButtonItem(let side, let index)):
          presentation = .popover(current, at: .barButtonItem(side, index: index, of: .key(presenter)))
        case .popover(.view(let path, let rect)):
          presentation = .popover(current, at: .view(of: .key(presenter), path: path, rect: rect))
        case .push, .child: presentation = nil
        }
      }
    }
    return NavigationState(root: node)
  }
}
