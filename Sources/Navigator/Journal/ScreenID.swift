/// A screen's identity in events, errors and requests.
///
/// Two identifiers are equal when they name the same screen instance; ``name`` is for
/// reading only. Identifiers hold no reference to the screen, so a journal never keeps a
/// screen alive.
public struct ScreenID: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  @usableFromInline let identity: ObjectIdentifier
  /// The screen's title, else its restoration identifier, when it had one.
  private let givenName: String?
  /// The screen's class, named when ``name`` is read: building a type's name costs more than
  /// the rest of a push, and most identifiers are never read.
  private let screenType: ViewController.Type

  /// A readable name: the screen's title, else its restoration identifier, else its type.
  ///
  /// The type's name is the one `String(describing:)` prints for a type, taken from the
  /// runtime without `String(describing:)`'s dynamic casts and reflection (a service that
  /// journals every event names an untitled screen in most of them).
  public var name: String {
    if let givenName { return givenName }
    // The one class every stack names, without asking the runtime.
    if screenType == NavigationController.self { return "NavigationController" }
    return _typeName(screenType, qualified: false)
  }

  /// Creates the identifier of a screen.
  ///
  /// - Parameter screen: The screen to identify.
  public init(_ screen: ViewController) {
    identity = ObjectIdentifier(screen)
    givenName = screen.title ?? screen.restorationIdentifier
    screenType = type(of: screen)
  }

  /// Returns a Boolean value indicating whether two identifiers name the same screen.
  public static func == (lhs: ScreenID, rhs: ScreenID) -> Bool { lhs.identity == rhs.identity }

  /// Hashes the screen's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

  /// Returns a Boolean value indicating whether this identifier names `screen`; cheaper than
  /// comparing with `screen.screenID`, which builds the name.
  ///
  /// - Parameter screen: The screen to compare with.
  /// - Returns: `true` when the identifier was made from `screen`.
  @inlinable
  public func identifies(_ screen: ViewController) -> Bool { identity == ObjectIdentifier(screen) }

  /// The readable name.
  public var description: String { name }

  /// The readable name and the instance's identity.
  public var debugDescription: String { "\(name)@\(identity.debugDescription)" }
}

extension ScreenID {
  /// Returns the identifier of a screen, or `nil`.
  static func of(_ screen: ViewController?) -> ScreenID? { screen.map(ScreenID.init) }
}
