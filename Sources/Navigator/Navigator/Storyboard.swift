/// A named catalogue of scenes: UIKit's `UIStoryboard`, built in code.
///
/// Each scene maps an identifier to a factory whose screen type is declared, so that a
/// caller asking for the wrong type is told before any screen is created. One scene may
/// be the initial one.
///
/// ```swift
/// let main = Storyboard(name: "Main", initialScene: "inbox", scenes: [
///   Storyboard.Scene("inbox") { Inbox() },
///   Storyboard.Scene("composer") { Composer() },
/// ])
/// let composer = try main.instantiateViewController(withIdentifier: "composer", as: Composer.self)
/// ```
///
/// Deliberate difference: where UIKit returns `nil`, raises an exception, or hands back a
/// screen of another class, the catalogue throws a ``NavigationError`` that names the
/// catalogue, the identifier and the types involved.
public struct Storyboard: Sendable {
  /// One entry of a catalogue: an identifier, the type of its screen and a factory.
  public struct Scene: Sendable {
    /// The identifier the scene is asked for by.
    public let identifier: String
    /// The type of the screen the factory makes.
    public let screenType: ViewController.Type
    let make: @Sendable () -> ViewController

    /// Creates a scene whose factory makes screens of type `Screen`.
    ///
    /// The factory is `@Sendable` so that one catalogue can serve every session of a
    /// service; it makes a new screen, in the caller's isolation, each time. The scene's
    /// type is the factory's declared return type: give a multi-statement factory an
    /// explicit one (`{ () -> Receipt in … }`), or it is inferred as `ViewController`.
    ///
    /// - Parameters:
    ///   - identifier: The identifier the scene is asked for by.
    ///   - make: Makes a new screen each time the scene is instantiated.
    public init<Screen: ViewController>(_ identifier: String, _ make: @escaping @Sendable () -> Screen) {
      self.identifier = identifier
      self.screenType = Screen.self
      self.make = make
    }
  }

  /// The catalogue's name, used in every error message.
  public let name: String
  /// The identifier of the initial scene, if the catalogue has one.
  public let initialSceneIdentifier: String?
  private let scenes: [String: Scene]
  /// The identifiers of the catalogue's scenes, sorted.
  public var identifiers: [String] { scenes.keys.sorted() }

  /// Creates a catalogue.
  ///
  /// - Parameters:
  ///   - name: The catalogue's name, used in error messages.
  ///   - initialScene: The identifier of the initial scene, or `nil` for none.
  ///   - scenes: The scenes; a later scene replaces an earlier one with the same identifier.
  public init(name: String, initialScene: String? = nil, scenes: [Scene]) {
    self.name = name
    self.initialSceneIdentifier = initialScene
    var table: [String: Scene] = [:]
    for scene in scenes { table[scene.identifier] = scene }
    self.scenes = table
  }

  /// Creates the screen of the initial scene.
  ///
  /// - Returns: A new screen.
  /// - Throws: ``NavigationError/Code/noInitialScene`` when the catalogue has no initial
  ///   scene, ``NavigationError/Code/sceneNotFound`` when it names an unknown scene.
  public func instantiateInitialViewController() throws(NavigationError) -> ViewController {
    try scene(initial: ()).make()
  }

  /// Creates the screen of the initial scene, checked against the type the caller expects.
  ///
  /// - Parameter type: The type the caller expects.
  /// - Returns: A new screen of that type.
  /// - Throws: As ``instantiateInitialViewController()``, and
  ///   ``NavigationError/Code/sceneTypeMismatch`` when the scene makes another type.
  public func instantiateInitialViewController<Screen: ViewController>(
    as type: Screen.Type
  ) throws(NavigationError) -> Screen {
    try make(try scene(initial: ()), as: type)
  }

  /// Creates the screen of the scene with the given identifier.
  ///
  /// - Parameter identifier: The scene's identifier.
  /// - Returns: A new screen.
  /// - Throws: ``NavigationError/Code/sceneNotFound`` for an unknown identifier.
  public func instantiateViewController(withIdentifier identifier: String) throws(NavigationError)
    -> ViewController
  {
    try scene(identifier).make()
  }

  /// Creates the screen of the scene with the given identifier, checked against the type
  /// the caller expects.
  ///
  /// - Parameters:
  ///   - identifier: The scene's identifier.
  ///   - type: The type the caller expects.
  /// - Returns: A new screen of that type.
  /// - Throws: ``NavigationError/Code/sceneNotFound`` for an unknown identifier,
  ///   ``NavigationError/Code/sceneTypeMismatch`` when the scene makes another type.
  public func instantiateViewController<Screen: ViewController>(
    withIdentifier identifier: String, as type: Screen.Type
  ) throws(NavigationError) -> Screen {
    try make(try scene(identifier), as: type)
  }

  /// The scene with the given identifier, if the catalogue has one: its identifier and the
  /// type of the screen it makes, without making one.
  ///
  /// - Parameter identifier: The scene's identifier.
  /// - Returns: The scene, or `nil` for an unknown identifier.
  public func scene(withIdentifier identifier: String) -> Scene? {
    scenes[identifier]
  }

  // MARK: Checks

  /// The initial scene, checked.
  func scene(initial: Void) throws(NavigationError) -> Scene {
    guard let identifier = initialSceneIdentifier else {
      throw NavigationError(
        .noInitialScene,
        "Storyboard \"\(name)\" has no initial scene: set one, or instantiate a scene by its "
          + "identifier.")
    }
    return try scene(identifier)
  }

  /// The scene with `identifier`, checked.
  func scene(_ identifier: String) throws(NavigationError) -> Scene {
    guard let scene = scenes[identifier] else {
      throw NavigationError(
        .sceneNotFound,
        "Storyboard \"\(name)\" doesn't contain a view controller with identifier "
          + "\"\(identifier)\".")
    }
    return scene
  }

  /// Checks that `scene` makes `Screen`s, before creating one.
  func check<Screen: ViewController>(_ scene: Scene, makes type: Screen.Type) throws(NavigationError) {
    guard scene.screenType is Screen.Type else {
      throw mismatch(scene, expected: type, actual: scene.screenType)
    }
  }

  /// Creates the screen of `scene` as a `Screen`.
  func make<Screen: ViewController>(_ scene: Scene, as type: Screen.Type) throws(NavigationError) -> Screen {
    try check(scene, makes: type)
    let screen = scene.make()
    guard let typed = screen as? Screen else {
      throw mismatch(scene, expected: type, actual: Swift.type(of: screen))
    }
    return typed
  }

  private func mismatch(_ scene: Scene, expected: Any.Type, actual: Any.Type) -> NavigationError {
    NavigationError(
      .sceneTypeMismatch,
      "Scene \"\(scene.identifier)\" of storyboard \"\(name)\" makes a \(actual), not the "
        + "\(expected) the caller asked for.")
  }
}
