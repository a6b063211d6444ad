/// How long a navigator's ``KeepAliveCache`` keeps a screen that
/// ``NavigationOptions/keepAlive(within:)`` asked it to keep.
///
/// ```swift
/// navigator.push(.type(Inbox.self), options: .init().keepAlive(within: .duration(.seconds(60))))
/// ```
///
/// - ``duration(_:)``: for the given time after the screen last left the window's
///   hierarchy, measured on the window's scheduler clock. While the screen is in the
///   hierarchy, its time does not run: a screen on screen never expires.
/// - ``session``: until the session ends: the navigator goes away, or its app controller
///   (``KeepAliveCache/endSession()``).
/// - ``until(_:)``: until an object of yours says the lifetime is over, the shape of the
///   CoreNavigation seed's lifetimes (``LifetimeEnding/die(_:)``).
///
/// Every lifetime also ends when the cache evicts the screen for another reason: its size
/// limit (least recently used first), ``KeepAliveCache/removeAll()``, or the navigator's end.
/// A screen that is reused keeps the lifetime it was first kept with.
public struct Lifetime: CustomStringConvertible {
  /// What ends the lifetime.
  enum Kind {
    /// The given number of seconds after the screen last left the window's hierarchy.
    case duration(Double)
    /// The navigator's life.
    case session
    /// An object's call to the kill closure it was handed.
    case ending(any LifetimeEnding)
  }

  /// What ends the lifetime.
  let kind: Kind

  /// A lifetime that ends `duration` after the screen last left the window's hierarchy.
  ///
  /// The time is the window's scheduler clock: for a ``ManualScheduler``, its
  /// ``ManualScheduler/now``, so that ``ManualScheduler/advance(by:)`` expires the screen at
  /// once; for the immediate scheduler, a monotonic clock (`ContinuousClock`), whose expired
  /// screens are evicted on the cache's next use or by ``KeepAliveCache/purgeExpired()``.
  /// The time counts from the moment the screen last left the hierarchy (or from the moment
  /// it was kept, if it never joined it); while the screen is in the window's hierarchy it
  /// does not run.
  ///
  /// - Parameter duration: How long the screen is kept once it left; zero or more.
  /// - Returns: The lifetime.
  /// - Precondition: `duration` is not negative.
  public static func duration(_ duration: Duration) -> Lifetime {
    precondition(duration >= .zero, "A keep-alive duration is not negative.")
    return Lifetime(kind: .duration(duration.inSeconds))
  }

  /// A lifetime that ends with the session: when the navigator goes away, or its app
  /// controller (``KeepAliveCache/endSession()``).
  public static var session: Lifetime { Lifetime(kind: .session) }

  /// A lifetime that ends when `ending` calls the closure its ``LifetimeEnding/die(_:)`` is
  /// handed: the adapter for the CoreNavigation seed's lifetime objects.
  ///
  /// ```swift
  /// final class UntilSignOut: LifetimeEnding {
  ///   var kills: [() -> Void] = []
  ///   func die(_ kill: @escaping () -> Void) { kills.append(kill) }
  ///   func signOut() { kills.forEach { $0() } }
  /// }
  /// ```
  ///
  /// - Parameter ending: Told, once per kept screen, how to end its lifetime.
  /// - Returns: The lifetime.
  public static func until(_ ending: some LifetimeEnding) -> Lifetime {
    Lifetime(kind: .ending(ending))
  }

  /// The lifetime as in Swift source: `duration(.seconds(60.0))`, `session`, `until(UntilSignOut)`.
  public var description: String {
    switch kind {
    case .duration(let seconds): "duration(.seconds(\(seconds)))"
    case .session: "session"
    case .ending(let ending): "until(\(type(of: ending)))"
    }
  }
}

/// An object that decides when a kept screen's lifetime ends (``Lifetime/until(_:)``): the
/// shape of the CoreNavigation seed's `Lifetime`.
///
/// The cache calls ``die(_:)`` once for each screen it keeps with this lifetime, right after
/// keeping it. Calling the closure evicts that screen at once (the cache drops its reference
/// and journals the eviction); calling it later than the screen's eviction for another
/// reason, or more than once, does nothing. It holds neither the screen nor the cache.
public protocol LifetimeEnding {
  /// Hands over the closure that ends one kept screen's lifetime.
  ///
  /// Call `kill` when the lifetime is over; call it at once from here if it already is.
  ///
  /// - Parameter kill: Evicts the kept screen; runs in the cache's isolation domain.
  func die(_ kill: @escaping () -> Void)
}
