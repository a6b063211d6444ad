/// Where a navigation goes: a screen instance, a screen type, or a scene of a catalogue.
///
/// ```swift
/// navigator.push(.instance(detail))
/// navigator.push(.type(Detail.self))
/// navigator.push(.scene("detail", in: main, as: Detail.self))
/// ```
///
/// A destination is resolved only after every check that does not need its screen
/// passed, so a navigation refused by one of them creates no screen from a type or a scene
/// (and builds no container to embed it in). Only the rules on the new screen itself (its
/// own presentation style, a container that a custom embedding built) and, for a request
/// that waited in the window's queue, the hierarchy's rules are checked once it exists.
public struct Destination<Screen: ViewController> {
  enum Source {
    case instance(Screen)
    /// A factory: the type's name, the factory, and the type when the factory is its
    /// `init()` (``Destination/type(_:)``), so that an input observer can name it.
    case factory(String, () -> Screen, (any InitializableScreen.Type)?)
    case scene(Storyboard, identifier: String?)
  }

  let source: Source

  /// The given screen.
  ///
  /// - Parameter screen: The screen to navigate to.
  /// - Returns: A destination.
  public static func instance(_ screen: Screen) -> Destination {
    Destination(source: .instance(screen))
  }

  /// A new screen of the given type.
  ///
  /// - Parameter type: The type of the screen to create.
  /// - Returns: A destination.
  public static func type(_ type: Screen.Type) -> Destination where Screen: InitializableScreen {
    Destination(source: .factory(String(describing: type), { type.init() }, type))
  }

  /// A new screen made by a factory.
  ///
  /// - Parameter make: Makes the screen, once, after the navigation's checks that do not
  ///   need it passed.
  /// - Returns: A destination.
  public static func make(_ make: @escaping () -> Screen) -> Destination {
    Destination(source: .factory(String(describing: Screen.self), make, nil))
  }

  /// A new screen from a scene of a catalogue, checked against `type`.
  ///
  /// - Parameters:
  ///   - identifier: The scene's identifier.
  ///   - storyboard: The catalogue.
  ///   - type: The type the caller expects.
  /// - Returns: A destination.
  public static func scene(
    _ identifier: String, in storyboard: Storyboard, as type: Screen.Type = Screen.self
  ) -> Destination {
    Destination(source: .scene(storyboard, identifier: identifier))
  }

  /// A new screen from the initial scene of a catalogue, checked against `type`.
  ///
  /// - Parameters:
  ///   - storyboard: The catalogue.
  ///   - type: The type the caller expects.
  /// - Returns: A destination.
  public static func initialScene(
    of storyboard: Storyboard, as type: Screen.Type = Screen.self
  ) -> Destination {
    Destination(source: .scene(storyboard, identifier: nil))
  }

  /// Checks what can be checked before a screen exists: the scene and its declared type.
  func validate() throws(NavigationError) {
    guard case .scene(let storyboard, let identifier) = source else { return }
    try storyboard.check(try Self.scene(of: storyboard, identifier), makes: Screen.self)
  }

  /// Creates (or hands back) the screen.
  func resolve() throws(NavigationError) -> Screen {
    switch source {
    case .instance(let screen): return screen
    case .factory(_, let make, _): return make()
    case .scene(let storyboard, let identifier):
      return try storyboard.make(try Self.scene(of: storyboard, identifier), as: Screen.self)
    }
  }

  private static func scene(of storyboard: Storyboard, _ identifier: String?) throws(NavigationError)
    -> Storyboard.Scene
  {
    guard let identifier else { return try storyboard.scene(initial: ()) }
    return try storyboard.scene(identifier)
  }

  /// A Boolean value indicating whether resolving the destination creates a screen (from
  /// a type, a factory or a scene) rather than handing back a given one.
  var createsScreen: Bool {
    if case .instance = source { return false }
    return true
  }

  /// The given screen; `nil` when the screen is still to be created.
  var givenScreen: ViewController? {
    if case .instance(let screen) = source { return screen }
    return nil
  }

  /// The given screen's identifier, for the screens an error names; empty when the screen
  /// is still to be created.
  var givenScreenIDs: [ScreenID] {
    if case .instance(let screen) = source { return [screen.screenID] }
    return []
  }

  /// How error messages name the screens a destination stands for, without creating one:
  /// the given screen, else "a `role` of type …" or "a `role` from scene … of storyboard …".
  ///
  /// - Parameter role: What the screen is to the navigation: `"child"`, `"screen"`.
  func described(as role: String) -> String {
    switch source {
    case .instance(let screen): "\(screen.screenID)"
    case .factory(let name, _, _): "a \(role) of type \(name)"
    case .scene(let storyboard, let identifier):
      if let identifier = identifier ?? storyboard.initialSceneIdentifier {
        "a \(role) from scene \"\(identifier)\" of storyboard \"\(storyboard.name)\""
      } else {
        "a \(role) from the initial scene of storyboard \"\(storyboard.name)\""
      }
    }
  }

  /// The destination as a request records it.
  var recorded: Navigator.Request.Target {
    switch source {
    case .instance(let screen): .instance(screen.screenID)
    case .factory(let name, _, _): .type(name)
    case .scene(let storyboard, let identifier):
      .scene(storyboard: storyboard.name, identifier: identifier, type: String(describing: Screen.self))
    }
  }

  /// The destination as an input observer is told it: the given screen, or what makes it.
  var told: WindowInput.Screen {
    switch source {
    case .instance(let screen): .instance(screen)
    case .factory(_, _, let type?): .type(type)
    case .factory: .factory(Screen.self)
    case .scene(let storyboard, let identifier): .scene(storyboard, identifier: identifier, as: Screen.self)
    }
  }
}
