public import AppFlow
public import Navigator

// What the compile-level checks of the API conventions share: an app controller with two
// routes, screens a navigator can make from their types, a flow, and the check of a value's
// static type.

/// A screen a navigator can make from its type.
public final class Card: ViewController, InitializableScreen {}

/// A child screen a navigator can make from its type.
public final class Tile: ViewController, InitializableScreen {}

/// The root route: `conv://home`.
public struct Home: Route {
  /// Creates the route.
  public init() {}
}

/// A route pushed on ``Home``: `conv://home/detail/<int:id>`.
public struct Detail: Route {
  /// The detail's number.
  public var id: Int

  /// Creates the route.
  public init(id: Int) { self.id = id }
}

/// A flow that shows one ``Card``.
public final class CardFlow: Flow<String> {
  override public func makeFirstScreen() throws(NavigationError) -> ViewController { Card() }
}

/// An app controller on the immediate scheduler whose root is ``Home`` in a navigation
/// controller, with ``Home`` and ``Detail`` registered, misuse reported (never trapped) and the
/// journal on.
public func makeConventionApp() throws -> AppController {
  let app = AppController(window: Window(misusePolicy: .report), rootRoute: Home())
  try app.routes.register(Home.self, url: "conv://home") { _ in Card() }
  try app.routes.register(Detail.self, url: "conv://home/detail/<int:id>", parent: { _ in Home() }) { _ in
    Tile()
  }
  _ = try app.start()
  app.window.journal.isEnabled = true
  return app
}

/// The static type of `value`, as the compiler inferred it at the call site: comparing it with
/// a type proves which overload a call resolved to (a `Card?` is not a `Card`, a `()` is not a
/// plan).
///
/// - Parameter value: Any value.
/// - Returns: `T`, not the value's dynamic type.
public func staticType<T>(of value: T) -> StaticType { StaticType(T.self) }

/// A type, as ``staticType(of:)`` found it: compare it with a type with `==`.
public struct StaticType: CustomStringConvertible {
  /// The type.
  public let type: Any.Type

  /// Wraps a type.
  ///
  /// - Parameter type: The type.
  public init(_ type: Any.Type) { self.type = type }

  /// The type's name.
  public var description: String { String(reflecting: type) }

  /// Returns a Boolean value indicating whether `lhs` is exactly `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: A static type.
  ///   - rhs: A type.
  /// - Returns: `true` when both are the same type.
  public static func == (lhs: StaticType, rhs: Any.Type) -> Bool {
    ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs)
  }
}

/// The results the completions of one context heard, in order: a closure that must run leaves
/// its line here.
public final class Heard {
  /// One line per completion, in the order they ran.
  public private(set) var lines: [String] = []

  /// Creates an empty record.
  public init() {}

  /// Records that `what` ran.
  ///
  /// - Parameter what: What ran.
  public func note(_ what: String) { lines.append(what) }
}

/// A screen that runs `onAppear` after its `viewDidAppear(_:)`.
public final class AppearingCard: ViewController {
  /// Runs once the screen appeared.
  public let onAppear: () -> Void

  /// Creates the screen.
  ///
  /// - Parameter onAppear: Runs once the screen appeared.
  public init(onAppear: @escaping () -> Void) {
    self.onAppear = onAppear
    super.init()
  }

  override public func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    onAppear()
  }
}

/// A flow that finishes with `"done"` as soon as its first screen appeared: what the waiting
/// forms of running a flow wait for.
public final class InstantFlow: Flow<String> {
  override public func makeFirstScreen() throws(NavigationError) -> ViewController {
    AppearingCard { [weak self] in self?.finish("done", animated: false) }
  }
}
