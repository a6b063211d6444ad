/// How a ``NavigationState`` names a screen: by a key the navigator can make the screen
/// again from, as a plain navigation controller it makes itself, or by the identity of a
/// screen that has no key.
///
/// A screen's key is its ``ViewController/navigationKey``: set by the navigator on every
/// screen its screen provider makes, or by the caller. A state read with
/// ``Window/navigationState(keyedBy:)`` names a screen by its key when the key is a `Key`.
public enum ScreenKey<Key: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// A screen the screen provider makes from `Key`.
  case key(Key)
  /// A plain ``NavigationController`` with no key: the navigator makes it itself.
  case navigationController
  /// A screen with no key: it matches only itself, and can't be made again.
  case instance(ScreenID)

  /// The key, when the screen has one.
  public var key: Key? {
    if case .key(let key) = self { return key }
    return nil
  }

  /// A readable form: the key, `NavigationController`, or the screen's name.
  ///
  /// A key reads as its own `description` when it has one, else as `String(describing:)`
  /// prints it. The description is asked for directly: printing a key of a type this module
  /// doesn't know looks for two protocols at run time where this looks for one (a journal
  /// that records names keys in every navigation's completion event).
  public var description: String {
    switch self {
    case .key(let key): keyDescription(key)
    case .navigationController: "NavigationController"
    case .instance(let screen): screen.name
    }
  }
}

/// A key's text: its own `description` when it has one, else what `String(describing:)` prints.
///
/// Inlinable, so that a caller's compiler specializes it for its key type.
@inlinable
func keyDescription<Key>(_ key: Key) -> String {
  (key as? any CustomStringConvertible)?.description ?? String(describing: key)
}

/// A key of any `Hashable` and `Sendable` type: what ``Window/navigationState`` names
/// screens by when the caller does not choose a key type.
public struct AnyScreenKey: Hashable, Sendable, CustomStringConvertible {
  /// The key.
  public let base: any Hashable & Sendable

  /// Wraps a key.
  ///
  /// - Parameter base: The key.
  public init(_ base: some Hashable & Sendable) {
    if let erased = base as? AnyScreenKey {
      self = erased
    } else {
      self.base = base
    }
  }

  /// Returns a Boolean value indicating whether two keys are equal: of the same type and equal.
  public static func == (lhs: AnyScreenKey, rhs: AnyScreenKey) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the key.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(base))
  }

  /// The key's own description.
  public var description: String { "\(base)" }
}

extension ViewController {
  /// The key the navigator can make this screen again from, which a ``NavigationState``
  /// names it by; `nil` when the screen has none.
  ///
  /// The navigator sets it on every screen its screen provider makes for a key (see
  /// ``Navigator/navigate(to:options:)``); set it yourself on a screen you
  /// make, so that a state read from the window names it and a navigation to a state keeps it.
  public var navigationKey: (any Hashable & Sendable)? {
    get { keyBox?.key }
    set { keyBox = newValue.map { KeyBox.boxing($0) } }
  }

  /// The screen's key as a `Key`, when it has one of that type.
  @inlinable
  func screenKey<Key>(as _: Key.Type) -> ScreenKey<Key> {
    // The common case first, without a dynamic cast: a key boxed as a `Key`. The box is
    // read unretained (Links.swift): this screen holds it, and nothing here changes it.
    let box = unretainedStateKeyBox
    if let box {
      if let key = box._withUnsafeGuaranteedRef({ box -> Key? in
        guard type(of: box) == TypedKeyBox<Key>.self else { return nil }
        return unsafeDowncast(box, to: TypedKeyBox<Key>.self).value
      }) {
        return .key(key)
      }
    } else if isPlainNavigationController {
      // A plain navigation controller, without the generic call.
      return .navigationController
    }
    return screenKeyCast(as: Key.self)
  }

  /// ``screenKey(as:)`` for a screen whose key is not boxed as a `Key`: a key of another
  /// type that casts to one (a subclass, `AnyHashable`), or none.
  @usableFromInline
  func screenKeyCast<Key>(as _: Key.Type) -> ScreenKey<Key> {
    if let box = keyBox {
      if Key.self == AnyScreenKey.self { return .key(AnyScreenKey(box.key) as! Key) }
      if let key = box.key as? Key { return .key(key) }
    }
    if type(of: self) == NavigationController.self { return .navigationController }
    return .instance(screenID)
  }

  /// A Boolean value indicating whether the screen is a `NavigationController` itself (not
  /// a subclass), for inlinable code.
  @usableFromInline var isPlainNavigationController: Bool { type(of: self) == NavigationController.self }
}

/// A screen's key, boxed so that a screen without one pays one word; the base class of
/// ``TypedKeyBox``, which holds the key with its type.
@usableFromInline
internal class KeyBox {
  /// The key.
  var key: any Hashable & Sendable { preconditionFailure("a KeyBox is always a TypedKeyBox") }

  /// Returns a Boolean value indicating whether `other`, a box of the same class, holds an
  /// equal key.
  func holdsKey(equalTo other: KeyBox) -> Bool { preconditionFailure("a KeyBox is always a TypedKeyBox") }

  /// Creates a box (for subclasses).
  @usableFromInline init() {}

  /// Boxes a key of any type, as its own type.
  static func boxing(_ key: any Hashable & Sendable) -> KeyBox {
    func box<Other: Hashable & Sendable>(_ key: Other) -> KeyBox { TypedKeyBox<Other>(key) }
    return box(key)
  }
}

/// A key boxed with its type: equal boxes of one class compare without a dynamic cast.
@usableFromInline
final class TypedKeyBox<Key: Hashable & Sendable>: KeyBox {
  /// The key.
  @usableFromInline let value: Key

  /// Boxes a key.
  @usableFromInline init(_ value: Key) {
    self.value = value
  }

  /// The key.
  override var key: any Hashable & Sendable { value }

  /// Compares the keys of two boxes of this class.
  override func holdsKey(equalTo other: KeyBox) -> Bool {
    value == unsafeDowncast(other, to: TypedKeyBox<Key>.self).value
  }
}
