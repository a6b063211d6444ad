import Navigator

extension RouteTable {
  /// Registers a protection space for session logs: a navigator call protected by it
  /// (`NavigationOptions.protect(with:)`) is recorded by the space's name, and a replay
  /// protects the call again with the space of that name in the replaying app controller's
  /// table.
  ///
  /// The spaces that routes are registered with (`protectedBy`) are known already; register
  /// a space used only through navigation options. A recorder finds a space by identity, so
  /// register the object the app's navigations carry; register the same name in the app
  /// controller that replays.
  ///
  /// ```swift
  /// try app.routes.registerProtection(signIn)
  /// app.navigator.push(.type(SettingsScreen.self), options: NavigationOptions().protect(with: signIn))
  /// // recorded as {"input": "protected", "space": "SignIn", "navigation": {"input": "pushScreen", …}}
  /// ```
  ///
  /// - Parameter space: The space, named by its `name`.
  /// - Throws: ``RouteError/duplicateProtection(_:)`` when another space of the table (one
  ///   registered here, or a route's) has the same name, or this space is registered
  ///   already; nothing changes then.
  public func registerProtection(_ space: any ProtectionSpace) throws(RouteError) {
    let name = space.name
    guard !registeredProtections.contains(where: { $0.name == name }),
      !routeProtections.contains(where: { $0.name == name && $0 !== space })
    else {
      throw .duplicateProtection(name)
    }
    registeredProtections.append(space)
  }

  /// The names of the protection spaces the table knows, sorted: those registered for
  /// session logs (``registerProtection(_:)``) and those its routes are registered with.
  public var protectionNames: [String] {
    Set((registeredProtections + routeProtections).map(\.name)).sorted()
  }

  /// The spaces the routes are registered with, for this table's context, each once.
  private var routeProtections: [any ProtectionSpace] {
    var spaces: [any ProtectionSpace] = []
    for protection in contents.protections.values {
      guard let space = protection.space(context: context), !spaces.contains(where: { $0 === space }) else {
        continue
      }
      spaces.append(space)
    }
    return spaces
  }

  /// The distinct spaces the table knows with the name `name`: a session log names a space
  /// that only one of them has.
  func protectionSpaces(named name: String) -> [any ProtectionSpace] {
    var spaces: [any ProtectionSpace] = []
    for space in registeredProtections + routeProtections
    where space.name == name && !spaces.contains(where: { $0 === space }) {
      spaces.append(space)
    }
    return spaces
  }
}
