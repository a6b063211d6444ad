public import Navigator

extension RouteTable {
  /// Registers a screen type for session logs: a navigator call that makes a screen of
  /// `type` (`Destination.type(_:)`) is recorded by `tag`, and a replay makes a
  /// new one with `init()`.
  ///
  /// A screen made from a type has no route, so a ``SessionRecorder`` can name it only by a
  /// registration: a push, a modal presentation, a popover or a child of an unregistered
  /// type is recorded as ``RecordedInput/unreplayable(_:)``, its reason naming the type to
  /// register. Register the same types, under the same tags, in the app controller that
  /// replays.
  ///
  /// ```swift
  /// try app.routes.registerScreen(FiltersScreen.self, tag: "filters")
  /// app.navigator.popover(.type(FiltersScreen.self), anchor: .barButtonItem(filterButton))
  /// // recorded as {"input": "popover", "screen": {"type": "filters"}, "anchor": …}
  /// ```
  ///
  /// - Parameters:
  ///   - type: The screen type.
  ///   - tag: The name a log gives it; the type's name when `nil`. Give a stable one: a
  ///     type renamed keeps its logs readable only if its tag stays.
  /// - Throws: ``RouteError/duplicateScreen(_:)`` for a type or a tag registered already;
  ///   nothing changes then.
  public func registerScreen<Screen: InitializableScreen>(_ type: Screen.Type, tag: String? = nil)
    throws(RouteError)
  {
    try contents.registerScreen(type, tag: tag ?? String(describing: type))
  }

  /// Registers a storyboard for session logs: a navigator call that makes a screen from one
  /// of its scenes (`Destination.scene(_:in:as:)`,
  /// `Destination.initialScene(of:as:)`) is recorded by the storyboard's name and
  /// the scene's identifier, and a replay makes the scene again from this storyboard.
  ///
  /// A storyboard is named by its `Storyboard.name`: register the same
  /// catalogue in the app controller that replays.
  ///
  /// - Parameter storyboard: The storyboard.
  /// - Throws: ``RouteError/duplicateScreen(_:)`` for a storyboard's name registered
  ///   already; nothing changes then.
  public func registerStoryboard(_ storyboard: Storyboard) throws(RouteError) {
    try contents.registerStoryboard(storyboard)
  }

  /// Registers a container's factory for session logs: a navigator call whose screen is
  /// embedded in a container of this name (`Embedding.container(named:_:)`) is recorded with
  /// the name, and a replay embeds the screen in a container `make` builds.
  ///
  /// A container made by a closure can't be named otherwise, so a call that embeds its
  /// screen in a container not registered is recorded as ``RecordedInput/unreplayable(_:)``,
  /// its reason naming the container to register. Register the same factories, under the
  /// same names, in the app controller that replays.
  ///
  /// ```swift
  /// try app.routes.registerScreen(Chart.self, tag: "chart")
  /// try app.routes.registerContainer(named: "card") { Card(content: $0) }
  /// app.navigator.presentModal(.type(Chart.self), options: .init().embedded(in: .container(named: "card") { Card(content: $0) }))
  /// // recorded as {"input": "presentModalScreen", "screen": {"type": "chart"}, "container": "card", …}
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name the calls give the container (`Embedding.container(named:_:)`).
  ///   - make: Makes the container around the screen, as the calls' factory does.
  /// - Throws: ``RouteError/duplicateScreen(_:)`` for a name registered already, or the name
  ///   `NavigationController` (a log's name for `Embedding.navigationController`); nothing
  ///   changes then.
  public func registerContainer(
    named name: String, _ make: @escaping (ViewController) -> ViewController
  ) throws(RouteError) {
    try contents.registerContainer(named: name, make)
  }

  /// The tags of the screen types registered for session logs, sorted.
  public var screenTags: [String] { contents.screenTypes.keys.sorted() }

  /// The names of the storyboards registered for session logs, sorted.
  public var storyboardNames: [String] {
    contents.namedForLogs.keys.compactMap { if case .storyboard(let name) = $0 { name } else { nil } }
      .sorted()
  }

  /// The names of the containers registered for session logs, sorted.
  public var containerNames: [String] {
    contents.namedForLogs.keys.compactMap { if case .container(let name) = $0 { name } else { nil } }.sorted()
  }
}

extension SharedRouteTable {
  /// Registers a screen type for the session logs of every app controller made with this
  /// table, as ``RouteTable/registerScreen(_:tag:)`` does.
  ///
  /// - Parameters:
  ///   - type: The screen type.
  ///   - tag: The name a log gives it; the type's name when `nil`.
  /// - Throws: ``RouteError/duplicateScreen(_:)`` for a type or a tag registered already;
  ///   nothing changes then.
  public mutating func registerScreen<Screen: InitializableScreen>(_ type: Screen.Type, tag: String? = nil)
    throws(RouteError)
  {
    try updateContents { (contents) throws(RouteError) in
      try contents.registerScreen(type, tag: tag ?? String(describing: type))
    }
  }

  /// Registers a storyboard for the session logs of every app controller made with this
  /// table, as ``RouteTable/registerStoryboard(_:)`` does.
  ///
  /// - Parameter storyboard: The storyboard.
  /// - Throws: ``RouteError/duplicateScreen(_:)`` for a storyboard's name registered
  ///   already; nothing changes then.
  public mutating func registerStoryboard(_ storyboard: Storyboard) throws(RouteError) {
    try updateContents { (contents) throws(RouteError) in try contents.registerStoryboard(storyboard) }
  }

  /// Registers a container's factory for the session logs of every app controller made with
  /// this table, as ``RouteTable/registerContainer(named:_:)`` does.
  ///
  /// The factory is `@Sendable`, as a storyboard scene's is, so that one table serves every
  /// session; it makes a new container, in the caller's isolation, each time.
  ///
  /// - Parameters:
  ///   - name: The name the calls give the container.
  ///   - make: Makes the container around the screen.
  /// - Throws: ``RouteError/duplicateScreen(_:)`` for a name registered already, or the name
  ///   `NavigationController`; nothing changes then.
  public mutating func registerContainer(
    named name: String, _ make: @escaping @Sendable (ViewController) -> ViewController
  ) throws(RouteError) {
    try updateContents { (contents) throws(RouteError) in try contents.registerContainer(named: name, make) }
  }
}

extension RouteTableContents {
  /// Registers screen type `type` for session logs under `tag`, or throws
  /// ``RouteError/duplicateScreen(_:)`` for a type or a tag registered already.
  mutating func registerScreen(_ type: any InitializableScreen.Type, tag: String) throws(RouteError) {
    let id = ObjectIdentifier(type)
    guard screenTags[id] == nil, screenTypes[tag] == nil else { throw .duplicateScreen(tag) }
    screenTags[id] = tag
    screenTypes[tag] = type
  }

  /// Registers `storyboard` for session logs under its name, or throws
  /// ``RouteError/duplicateScreen(_:)`` for a name registered already.
  mutating func registerStoryboard(_ storyboard: Storyboard) throws(RouteError) {
    guard namedForLogs[.storyboard(storyboard.name)] == nil else {
      throw .duplicateScreen("storyboard \"\(storyboard.name)\"")
    }
    namedForLogs[.storyboard(storyboard.name)] = .storyboard(storyboard)
  }

  /// Registers a container's factory for session logs under `name`, or throws
  /// ``RouteError/duplicateScreen(_:)`` for a name registered already or the name a log
  /// gives a navigation controller made for a screen.
  mutating func registerContainer(
    named name: String, _ make: @escaping (ViewController) -> ViewController
  ) throws(RouteError) {
    // `Embedding.navigationController` is named "NavigationController" in a request.
    guard name != "NavigationController", namedForLogs[.container(name)] == nil else {
      throw .duplicateScreen("container \"\(name)\"")
    }
    namedForLogs[.container(name)] = .container(make)
  }
}
