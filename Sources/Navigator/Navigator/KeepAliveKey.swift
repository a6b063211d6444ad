/// What a ``KeepAliveCache`` keeps a screen under: a type (the screen's, or a route's) and an
/// optional identifier.
///
/// ``NavigationOptions/keepAlive(within:)`` keys by the navigation's screen type alone, one
/// screen per type; ``NavigationOptions/keepAlive(within:identifier:)`` adds an identifier,
/// so that `Conversation` screens of different threads are kept apart.
///
/// ```swift
/// navigator.keepAliveCache.contains(KeepAliveKey(Conversation.self, identifier: thread.id))
/// ```
public struct KeepAliveKey: Hashable, Sendable, CustomStringConvertible {
  /// The type's identity.
  private let typeIdentity: ObjectIdentifier
  /// The type, named only when the key is printed.
  private let type: any Any.Type
  /// The identifier, if any.
  private let identifier: AnyScreenKey?

  /// Creates the key of a type and an identifier.
  ///
  /// - Parameters:
  ///   - type: The screen type (or, for a route table, the route type).
  ///   - identifier: Tells screens of the same type apart; `nil` for one screen per type.
  public init(_ type: any Any.Type, identifier: (any Hashable & Sendable)? = nil) {
    typeIdentity = ObjectIdentifier(type)
    self.type = type
    self.identifier = identifier.map { AnyScreenKey($0) }
  }

  /// Returns a Boolean value indicating whether two keys name the same type and identifier.
  public static func == (lhs: KeepAliveKey, rhs: KeepAliveKey) -> Bool {
    lhs.typeIdentity == rhs.typeIdentity && lhs.identifier == rhs.identifier
  }

  /// Hashes the type and the identifier.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(typeIdentity)
    hasher.combine(identifier)
  }

  /// The type, and the identifier in brackets if there is one: `Conversation["t42"]`.
  public var description: String {
    guard let identifier else { return "\(type)" }
    return "\(type)[\(String(reflecting: identifier.base))]"
  }
}
