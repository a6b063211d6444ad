/// A navigation's request to keep its screen alive: for how long, and under which key.
///
/// A class: an optional reference is tested without the generic metadata an optional of a
/// struct holding an existential needs at run time (RarelySetOptions.swift).
final class KeepAliveRequest {
  let lifetime: Lifetime
  let key: KeepAliveKey

  init(_ lifetime: Lifetime, key: KeepAliveKey) {
    self.lifetime = lifetime
    self.key = key
  }
}

extension NavigationOptions {
  /// The request to keep the screen alive, if any.
  var keepAliveRequest: KeepAliveRequest? {
    @inline(__always) get { rarelySet?.keepAlive }
  }

  /// Returns options that keep the screen alive as `request` says.
  private func keepingAlive(_ request: KeepAliveRequest) -> NavigationOptions {
    var copy = self
    copy.rarelySet = RarelySetOptions(
      transitioningDelegate: transitioningDelegate, keepAlive: request, protection: rarelySet?.protection)
    return copy
  }

  /// Returns options that keep the screen alive in the navigator's ``KeepAliveCache`` for
  /// `lifetime`, one screen per screen type: asked for again while it is kept and in no
  /// hierarchy, the same instance comes back.
  ///
  /// ```swift
  /// navigator.presentModal(.type(Inbox.self), options: .init().keepAlive(within: .duration(.seconds(60))))
  /// ```
  ///
  /// The key is the navigation's `Screen` type. A destination made from a type, a factory or
  /// a scene looks the cache up once every check that needs no screen passed: a free kept
  /// screen is reused (it hears ``ViewController/prepareForReuse()``, then its data and
  /// `configure` as a new one would), a kept screen that is in a hierarchy refuses the
  /// navigation with ``NavigationError/Code/cachedScreenInHierarchy``, and without one the
  /// screen is made and kept. A given instance is kept as it is. The screen is kept once the
  /// navigation starts, never by a refused one. When the screen is embedded in a container,
  /// the screen is kept, not the container: it is free again once its old container is gone.
  ///
  /// - Parameter lifetime: How long the screen is kept once it left the hierarchy.
  /// - Returns: The changed options.
  public func keepAlive(within lifetime: Lifetime) -> NavigationOptions {
    keepingAlive(KeepAliveRequest(lifetime, key: KeepAliveKey(Screen.self)))
  }

  /// Returns options that keep the screen alive under its type and `identifier`, so that
  /// screens of one type for different things are kept apart.
  ///
  /// ```swift
  /// navigator.push(
  ///   .make { Conversation(thread) },
  ///   options: .init().keepAlive(within: .duration(.seconds(60)), identifier: thread.id))
  /// ```
  ///
  /// Everything else is as in ``keepAlive(within:)``.
  ///
  /// - Parameters:
  ///   - lifetime: How long the screen is kept once it left the hierarchy.
  ///   - identifier: Tells screens of the same type apart.
  /// - Returns: The changed options.
  public func keepAlive(within lifetime: Lifetime, identifier: some Hashable & Sendable) -> NavigationOptions
  {
    keepingAlive(KeepAliveRequest(lifetime, key: KeepAliveKey(Screen.self, identifier: identifier)))
  }
}

extension Navigator {
  /// The screens this navigator keeps alive (``NavigationOptions/keepAlive(within:)``).
  ///
  /// Made on first use; a navigator whose navigations never keep a screen alive pays
  /// nothing for it. When the navigator goes away, its cache evicts every screen.
  public var keepAliveCache: KeepAliveCache {
    if let keepAliveStorage { return keepAliveStorage }
    let cache = KeepAliveCache(window: window)
    keepAliveStorage = cache
    return cache
  }

  /// Creates the screen of a destination, or hands back a given one, or, when the options
  /// keep the screen alive, the free screen the cache keeps for it: one test of the options
  /// for a navigation that does not.
  @inline(__always)
  func resolve<Screen>(_ destination: Destination<Screen>, _ options: NavigationOptions<Screen>)
    throws(NavigationError) -> Screen
  {
    guard let keepAlive = options.keepAliveRequest else { return try destination.resolve() }
    return try resolve(destination, keptAlive: keepAlive)
  }

  /// Looks a destination made from a type, a factory or a scene up in the cache, and makes
  /// its screen when none is kept; a given screen is handed back as it is.
  @inline(never)
  private func resolve<Screen>(_ destination: Destination<Screen>, keptAlive request: KeepAliveRequest)
    throws(NavigationError) -> Screen
  {
    if destination.createsScreen,
      let kept = try keepAliveCache.reusableScreen(for: request.key, as: Screen.self)
    {
      return kept
    }
    return try destination.resolve()
  }

  /// Keeps the screen of a navigation that starts; a screen that was kept already is reused
  /// and hears ``ViewController/prepareForReuse()``.
  @inline(never)
  func keep(_ screen: ViewController, _ request: KeepAliveRequest) {
    if keepAliveCache.keep(screen, for: request.key, within: request.lifetime) { screen.prepareForReuse() }
  }
}
