import Navigator

/// What a route table holds: its registrations by route type and by tag, its URL patterns,
/// its flow restorers, and the protections and lifetimes of the route types registered with
/// one.
///
/// A value of dictionaries and arrays, so that an app controller's table made from a
/// ``SharedRouteTable`` holds the shared table's storage (a reference per field) until it
/// registers something of its own, which copies the fields it changes. A registration is one
/// object that never changes, so the copies share them.
struct RouteTableContents {
  /// The registrations, by route type: one object each (the dictionaries hold a reference,
  /// so their empty buckets cost a word, and a deep link copies references).
  var registrations: [ObjectIdentifier: any RouteRegistration] = [:]
  /// The URL patterns, each naming its route type.
  var patterns = URLPatternTable<ObjectIdentifier>()
  /// How each route type is written into a snapshot and read back, by its tag (its
  /// `routeName`, unique in the table): its registration.
  var codecs: [String: any RouteRegistration] = [:]
  /// How each flow type registered for snapshots is made again, by its tag.
  var flowRestorers: [String: FlowRestorer] = [:]
  /// The tags of the flow types registered for snapshots.
  var flowTags: [ObjectIdentifier: String] = [:]
  /// The protections of the route types registered with one, apart from the registrations
  /// (which are copied several times per deep link), as the keep-alive lifetimes.
  var protections: [ObjectIdentifier: RouteProtection] = [:]
  /// The keep-alive lifetimes of the route types registered with one, apart from the
  /// registrations: a registration is copied several times per deep link, and a lifetime in
  /// it would cost every deep link 2.5% (Benchmarks/README.md, "Keep-alive caching").
  var keepAliveLifetimes: [ObjectIdentifier: RouteLifetime] = [:]
  /// The screen types registered for session logs: each type's tag, by type.
  var screenTags: [ObjectIdentifier: String] = [:]
  /// The screen types registered for session logs, by tag.
  var screenTypes: [String: any InitializableScreen.Type] = [:]
  /// The storyboards and the container factories registered for session logs, by their
  /// names: one field for both, so that a table (one per hosted session) is no bigger for
  /// the containers.
  var namedForLogs: [LogName: NamedForLogs] = [:]

  /// Registers route type `R`, or throws without changing anything.
  ///
  /// - Throws: ``RouteError/duplicateRoute(_:)`` for a type or a `routeName` registered
  ///   already, ``RouteError/invalidPattern(_:reason:)`` and
  ///   ``RouteError/ambiguousPatterns(_:_:)`` for its pattern.
  mutating func register<R: Route>(
    _ type: R.Type, pattern: String?, presentation: RoutePresentation, parent: ((R) -> any Route)?,
    protection: RouteProtection?, keepAlive: RouteLifetime?,
    makeScreen: TypedRouteRegistration<R>.ScreenMaker
  ) throws(RouteError) {
    let id = ObjectIdentifier(type)
    guard registrations[id] == nil, codecs[R.routeName] == nil else { throw .duplicateRoute(R.routeName) }
    let parsed = try pattern.map { (text: String) throws(RouteError) in try URLPattern(text) }
    if let parsed { try patterns.register(parsed, for: id) }
    let registration = TypedRouteRegistration<R>(
      presentation: presentation, patternEntry: parsed == nil ? nil : patterns.count - 1, parent: parent,
      makeScreen: makeScreen)
    registrations[id] = registration
    codecs[R.routeName] = registration
    if let protection { protections[id] = protection }
    if let keepAlive { keepAliveLifetimes[id] = keepAlive }
  }

  /// Registers flow type `type` for snapshots under `tag`, or throws
  /// ``RouteError/duplicateFlow(_:)`` for a type or a tag registered already.
  mutating func registerFlow(_ type: ObjectIdentifier, tag: String, restore: @escaping FlowRestorer)
    throws(RouteError)
  {
    guard flowTags[type] == nil, flowRestorers[tag] == nil else { throw .duplicateFlow(tag) }
    flowTags[type] = tag
    flowRestorers[tag] = restore
  }
}

/// Makes a flow registered for snapshots again for the route of its first screen, with the
/// app controller's context (`nil` for an app controller without one); `nil` to skip it.
typealias FlowRestorer = (AnyRoute, Any?) -> AnyFlow?

/// Where a route type's protection comes from.
enum RouteProtection {
  /// One space, for an app controller's own table.
  case space(any ProtectionSpace)
  /// The app controller's context, for a shared table: the closure checks the context's
  /// type and returns `nil` for another.
  case fromContext((Any?) -> (any ProtectionSpace)?)

  /// The space, for the app controller whose context is `context`.
  func space(context: Any?) -> (any ProtectionSpace)? {
    switch self {
    case .space(let space): space
    case .fromContext(let space): space(context)
    }
  }
}

/// Where a route type's keep-alive lifetime comes from.
enum RouteLifetime {
  /// One lifetime, for an app controller's own table.
  case fixed(Lifetime)
  /// The app controller's context, for a shared table: the closure checks the context's
  /// type and returns `nil` for another.
  case fromContext((Any?) -> Lifetime?)

  /// The lifetime, for the app controller whose context is `context`.
  func lifetime(context: Any?) -> Lifetime? {
    switch self {
    case .fixed(let lifetime): lifetime
    case .fromContext(let lifetime): lifetime(context)
    }
  }
}

extension RouteTableContents {
  /// The name of a storyboard or of a container registered for session logs.
  enum LogName: Hashable {
    /// A storyboard's name.
    case storyboard(String)
    /// A container's name (`Embedding.container(named:_:)`).
    case container(String)
  }

  /// What a name registered for session logs stands for.
  enum NamedForLogs {
    /// A storyboard.
    case storyboard(Storyboard)
    /// A container's factory.
    case container((ViewController) -> ViewController)
  }

  /// The storyboard registered for session logs under `name`, if any.
  func storyboard(named name: String) -> Storyboard? {
    guard case .storyboard(let storyboard) = namedForLogs[.storyboard(name)] else { return nil }
    return storyboard
  }

  /// The factory of the container registered for session logs under `name`, if any.
  func container(named name: String) -> ((ViewController) -> ViewController)? {
    guard case .container(let make) = namedForLogs[.container(name)] else { return nil }
    return make
  }
}
