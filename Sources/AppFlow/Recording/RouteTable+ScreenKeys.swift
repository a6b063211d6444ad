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

  /// The tags of the screen types registered for session logs, sorted.
  public var screenTags: [String] { contents.screenTypes.keys.sorted() }

  /// The names of the storyboards registered for session logs, sorted.
  public var storyboardNames: [String] { contents.storyboards.keys.sorted() }
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
    guard storyboards[storyboard.name] == nil else {
      throw .duplicateScreen("storyboard \"\(storyboard.name)\"")
    }
    storyboards[storyboard.name] = storyboard
  }
}
