public import Navigator

/// Routes registered once and shared by many app controllers, such as every session of a
/// ``SessionHost``: each factory is handed the route and the app controller's context.
///
/// ```swift
/// var routes = SharedRouteTable<ShopSession>()
/// try routes.register(Catalog.self, url: "shop://catalog") { _, shop in CatalogScreen(shop: shop) }
/// try routes.register(
///   Checkout.self, parent: { _ in Catalog() }, protectedBy: \.signIn
/// ) { _, shop in CheckoutScreen(shop: shop) }
/// let shared = routes
/// let host = SessionHost(codec: .navigationSnapshots()) {
///   AppController(window: Window(misusePolicy: .report), rootRoute: Catalog(), routes: shared, context: ShopSession())
/// }
/// ```
///
/// An app controller made with it (``AppController/init(window:root:routes:context:)``) holds
/// a reference to the table's storage and its own context, instead of a table of its own:
/// its route table (``AppController/routes``) matches URLs, makes screens, writes and reads
/// snapshots and asks protections as a table with the same registrations would, handing
/// each factory the context. What the app controller registers itself
/// (`app.routes.register(…)`) is its own, checked against the shared registrations as if
/// they were its own; that first registration copies the storage it changes.
///
/// The table is a value: an app controller takes the registrations made when it was
/// created, and registering more into the table later changes only the value registered
/// into. Its factories are `@Sendable`, so it is `Sendable`; they run in the isolation domain
/// of the app controller that calls them, and what they make (its screens, its flows) stays
/// there. What belongs to one session comes from its context: the screens' state, the
/// protections (`protectedBy`), the keep-alive lifetimes.
public struct SharedRouteTable<Context>: Sendable {
  /// The registrations: made only from `@Sendable` closures and immutable objects, so that
  /// app controllers in different isolation domains may share them.
  private var storage = SharedContents()

  /// The registrations, for the app controllers' tables.
  var contents: RouteTableContents { storage.contents }

  /// Changes the registrations: what the registering methods of other files call.
  mutating func updateContents<Failure: Error>(
    _ change: (inout RouteTableContents) throws(Failure) -> Void
  ) throws(Failure) {
    try change(&storage.contents)
  }

  /// Creates an empty table.
  public init() {}

  /// The names of the registered route types, sorted.
  public var routeNames: [String] { contents.codecs.keys.sorted() }

  /// Registers a route type whose screens are made with the app controller's context.
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - pattern: The URL pattern its routes print to and parse from, such as
  ///     `shop://catalog/products/<int:id>`; placeholders name the route's properties.
  ///   - presentation: How its screen is shown on its parent's; ignored for a route without
  ///     a parent, which is the first screen of the window's root stack.
  ///   - parent: The route it stands on in a deep link; `nil` for a root route.
  ///   - protection: The app controller's space that is asked before a navigation makes the
  ///     screen (on every path to it: deep links, `navigate(to:)`, state targets), from its
  ///     context, such as `\.signIn`; `nil` for none.
  ///   - keepAlive: How long the app controller's navigator keeps the screens of this type's
  ///     routes alive, each under its route value, from its context (`{ _ in .session }`
  ///     for the same lifetime in every app controller); `nil` to make a new screen every
  ///     time.
  ///   - makeScreen: Makes and configures the screen of a route, for the app controller
  ///     whose context it is handed, before the screen is shown: a new screen, in no
  ///     hierarchy. It runs in that app controller's isolation domain.
  /// - Throws: ``RouteError/duplicateRoute(_:)`` for a type registered already,
  ///   ``RouteError/invalidPattern(_:reason:)`` and ``RouteError/ambiguousPatterns(_:_:)``
  ///   for its pattern. Nothing changes then.
  public mutating func register<R: Route>(
    _ type: R.Type, url pattern: String? = nil, presentation: RoutePresentation = .push,
    parent: (@Sendable (R) -> any Route)? = nil,
    protectedBy protection: (@Sendable (Context) -> any ProtectionSpace)? = nil,
    keepAlive: (@Sendable (Context) -> Lifetime)? = nil,
    makeScreen: @escaping @Sendable (R, Context) throws(NavigationError) -> ViewController
  ) throws(RouteError) {
    try storage.contents.register(
      type, pattern: pattern, presentation: presentation, parent: parent,
      protection: protection.map { space in .fromContext { ($0 as? Context).map(space) } },
      keepAlive: keepAlive.map { lifetime in .fromContext { ($0 as? Context).map(lifetime) } },
      makeScreen: .routeAndContext { (route, context) throws(NavigationError) in
        guard let context = context as? Context else {
          throw NavigationError(
            .unmakeableScreen,
            "Can't make the screen of \(route): its shared registration needs a \(Context.self) context.")
        }
        return try makeScreen(route, context)
      })
  }

  /// Registers a flow type for snapshots: a live flow of this type whose first screen has
  /// a route is saved with its tag and that route, and a restoration makes it again with
  /// `restore`, handed the app controller's context, and gives it that screen back (its
  /// `didEnd(with:)` hears its outcome; the `onEnd` handler it ran with is not restored).
  ///
  /// - Parameters:
  ///   - type: The flow type.
  ///   - tag: Its tag in snapshots; the type's name by default. Keep it when renaming the type.
  ///   - restore: Makes the flow again for the route of its first screen, in the isolation
  ///     domain of the app controller whose context it is handed; `nil` to skip it.
  /// - Throws: ``RouteError/duplicateFlow(_:)`` for a type or a tag registered already.
  public mutating func registerFlow<F: AnyFlow>(
    _ type: F.Type, tag: String? = nil, restore: @escaping @Sendable (AnyRoute, Context) -> F?
  ) throws(RouteError) {
    try storage.contents.registerFlow(ObjectIdentifier(type), tag: tag ?? String(describing: type)) {
      route, context in (context as? Context).flatMap { restore(route, $0) }
    }
  }
}

/// The contents of a shared table.
///
/// Unchecked: its registrations hold only `@Sendable` closures (those of
/// ``SharedRouteTable``'s methods, and the closures that wrap them) and immutable objects,
/// and the contents are a value, which every app controller copies before it changes it.
private struct SharedContents: @unchecked Sendable {
  var contents = RouteTableContents()
}
