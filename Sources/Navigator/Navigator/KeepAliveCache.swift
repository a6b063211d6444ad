/// The screens one navigator keeps alive, so that a screen asked for again within its
/// ``Lifetime`` comes back as the same instance (``NavigationOptions/keepAlive(within:)``).
///
/// Each ``Navigator`` has its own (``Navigator/keepAliveCache``); nothing is shared between
/// navigators, windows or app controllers. A screen is kept under a ``KeepAliveKey`` (the
/// navigation's screen type and an optional identifier), at most one per key, and at most
/// ``limit`` in all, the least recently used evicted first.
///
/// A navigation that keeps its screen alive looks the cache up where it would make the
/// screen, once every check that needs no screen passed:
///
/// - a kept screen that is in no hierarchy (no parent, not presented, no window's root, not
///   in a window) is reused: the navigation shows it instead of making one, and it hears
///   ``ViewController/prepareForReuse()`` before its data is delivered and `configure` runs
///   again;
/// - a kept screen that is in a hierarchy is not shown twice: the navigation is refused with
///   ``NavigationError/Code/cachedScreenInHierarchy`` and nothing changes;
/// - otherwise the navigation makes its screen, and the cache keeps it once the navigation
///   starts (a refused navigation keeps nothing).
///
/// Evicting a screen drops the cache's reference at once, whatever the reason; the screen
/// stays wherever it is shown. The window's journal records what the cache does, as
/// ``NavigationEvent/cacheStored(_:entry:key:)``, ``NavigationEvent/cacheHit(_:entry:)`` and
/// ``NavigationEvent/cacheEvicted(_:entry:_:)``, each naming the entry's number so that a
/// transcript shows which screen came back.
///
/// Every use of the cache (a navigation that keeps its screen alive, a property read here)
/// first evicts the screens whose ``Lifetime/duration(_:)`` has passed; a
/// ``ManualScheduler`` evicts them as soon as ``ManualScheduler/advance(by:)`` moves past
/// it. A navigation that does not keep its screen alive never touches the cache.
public final class KeepAliveCache {
  /// Why the cache let a screen go.
  public enum Eviction: Hashable, Sendable, CustomStringConvertible {
    /// Its lifetime ended: its duration passed, or its ``LifetimeEnding`` called the kill
    /// closure (a flow ended).
    case lifetimeEnded
    /// The cache was full, and it was the least recently used.
    case leastRecentlyUsed
    /// Another screen was kept under its key, or it was kept under another key.
    case replaced
    /// ``KeepAliveCache/remove(_:)`` or ``KeepAliveCache/removeAll()`` let it go.
    case removed
    /// The session ended: the navigator went away, or its app controller
    /// (``KeepAliveCache/endSession()``).
    case sessionEnded

    /// The reason, as in Swift source: `leastRecentlyUsed`.
    public var description: String {
      switch self {
      case .lifetimeEnded: "lifetimeEnded"
      case .leastRecentlyUsed: "leastRecentlyUsed"
      case .replaced: "replaced"
      case .removed: "removed"
      case .sessionEnded: "sessionEnded"
      }
    }
  }

  /// One kept screen.
  struct Entry {
    /// The entry's number in this cache, from 1, as the journal names it.
    let number: Int
    let screen: ViewController
    let lifetime: Lifetime
    /// When the screen last left the window's hierarchy, or was kept.
    var since: Double
    /// When the screen was last kept or reused, on the cache's use counter.
    var lastUse: UInt64
  }

  /// Hears the window and the manual clock for the cache, without giving either a strong
  /// reference to it or making its observer methods public.
  private final class Listener: HierarchyObserver, ClockObserver {
    weak var cache: KeepAliveCache?

    func window(_ window: Window, didRemove screen: ViewController, exit: HierarchyExit) {
      cache?.screenDidLeave(screen)
    }

    func clockDidAdvance() {
      cache?.purgeExpired()
    }
  }

  /// The window whose journal records the cache's events, unretained.
  private let token: WindowToken
  /// The manual scheduler whose clock measures durations; `nil` for the monotonic clock.
  private weak var manualClock: ManualScheduler?
  /// A Boolean value indicating whether durations run on a manual scheduler's clock.
  private let runsOnManualClock: Bool
  /// The manual clock's last reading: time stands still once that scheduler is gone.
  private var lastManualReading: Double = 0
  /// The monotonic clock's origin.
  private let origin = ContinuousClock.now
  private let listener = Listener()
  private var isListening = false

  private(set) var entries: [KeepAliveKey: Entry] = [:]
  private var keysByScreen: [ObjectIdentifier: KeepAliveKey] = [:]
  private var lastNumber = 0
  private var uses: UInt64 = 0
  private var storedLimit = 32

  /// Creates the cache of a navigator that navigates in `window`.
  init(window: Window) {
    token = window.token
    manualClock = window.scheduler.manual
    runsOnManualClock = manualClock != nil
  }

  // MARK: Reading

  /// The most screens the cache keeps; 32 by default.
  ///
  /// Lowering it evicts the least recently used screens at once. Zero keeps nothing.
  ///
  /// - Precondition: Not negative.
  public var limit: Int {
    get { storedLimit }
    set {
      precondition(newValue >= 0, "A keep-alive cache's limit is not negative.")
      storedLimit = newValue
      trim()
    }
  }

  /// The number of screens kept, once the expired ones were evicted.
  public var count: Int {
    purgeExpired()
    return entries.count
  }

  /// The keys of the screens kept, the least recently used first, once the expired ones
  /// were evicted.
  public var keys: [KeepAliveKey] {
    purgeExpired()
    return keysByUse()
  }

  /// Returns a Boolean value indicating whether a screen is kept under `key`, once the
  /// expired ones were evicted.
  ///
  /// - Parameter key: The key.
  /// - Returns: `true` when a screen is kept under it.
  public func contains(_ key: KeepAliveKey) -> Bool {
    purgeExpired()
    return entries[key] != nil
  }

  /// The screen kept under `key`, if any, once the expired ones were evicted; reading it
  /// neither reuses it nor counts as a use.
  ///
  /// - Parameter key: The key.
  /// - Returns: The kept screen, or `nil`.
  public func screen(for key: KeepAliveKey) -> ViewController? {
    purgeExpired()
    return entries[key]?.screen
  }

  // MARK: Evicting

  /// Evicts every screen whose duration has passed, the least recently used first.
  ///
  /// Under a ``ManualScheduler`` this happens by itself when time advances; under the
  /// immediate scheduler, on every use of the cache. Call it to let expired screens go
  /// sooner.
  public func purgeExpired() {
    guard !entries.isEmpty else { return }
    let now = self.now
    for key in keysByUse() {
      guard let entry = entries[key], case .duration(let seconds) = entry.lifetime.kind,
        !entry.screen.isInWindowHierarchy, now - entry.since >= seconds
      else { continue }
      evict(key, .lifetimeEnded)
    }
  }

  /// Evicts the screen kept under `key`, if any.
  ///
  /// - Parameter key: The key.
  public func remove(_ key: KeepAliveKey) {
    evict(key, .removed)
  }

  /// Evicts every screen, the least recently used first.
  public func removeAll() {
    evictAll(.removed)
  }

  /// Evicts every screen because the session is over, the least recently used first: what
  /// the navigator does when it goes away, and an app controller when it does (the
  /// navigator may outlive it).
  public func endSession() {
    evictAll(.sessionEnded)
  }

  private func evictAll(_ reason: Eviction) {
    for key in keysByUse() { evict(key, reason) }
  }

  /// Lets the screen under `key` go and journals it.
  private func evict(_ key: KeepAliveKey, _ reason: Eviction) {
    guard let entry = entries.removeValue(forKey: key) else { return }
    keysByScreen[ObjectIdentifier(entry.screen)] = nil
    token.withWindow { $0.journal.record(.cacheEvicted(entry.screen.screenID, entry: entry.number, reason)) }
  }

  /// Evicts the least recently used screens until the cache holds no more than ``limit``.
  private func trim() {
    guard entries.count > storedLimit else { return }
    for key in keysByUse().prefix(entries.count - storedLimit) { evict(key, .leastRecentlyUsed) }
  }

  /// The keys, the least recently used first.
  private func keysByUse() -> [KeepAliveKey] {
    entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
  }

  // MARK: Finding and keeping

  /// Returns the screen kept under `key`, reusing it, or makes one with `make` and keeps it:
  /// for screen providers (`Navigator/provideScreens(for:_:)`) and other code that makes
  /// screens outside a navigator's navigations.
  ///
  /// A kept screen in no hierarchy that holds no children and presents nothing is reused:
  /// it counts as used, the journal records the hit, and it hears
  /// ``ViewController/prepareForReuse()`` before this returns. Any other kept screen is not
  /// handed out: `make` makes a new one, which replaces it in the cache. A screen in a
  /// hierarchy is never shown twice (a provider of `navigate(to:)` is asked only for the
  /// screens that the window does not hold where the target wants them, so a kept screen on
  /// screen there is found there without asking); and a target state names a screen's
  /// children and presentations, which a provider's screen must not bring along (a screen
  /// kept with the child a flow left in it, say). The screen is kept as soon as it is made,
  /// before any navigation shows it.
  ///
  /// - Parameters:
  ///   - key: The key to keep the screen under.
  ///   - lifetime: How long to keep a new screen; a reused one keeps its own.
  ///   - make: Makes a new screen, in no hierarchy.
  /// - Returns: The kept screen, or the new one.
  /// - Throws: The error of `make`; nothing changes then.
  public func screen(
    for key: KeepAliveKey, within lifetime: Lifetime, make: () throws(NavigationError) -> ViewController
  ) throws(NavigationError) -> ViewController {
    purgeExpired()
    if let entry = entries[key], Self.placeError(of: entry.screen, key: key) == nil,
      entry.screen.children.isEmpty, entry.screen.presentedViewController == nil
    {
      _ = keep(entry.screen, for: key, within: lifetime)
      entry.screen.prepareForReuse()
      return entry.screen
    }
    let screen = try make()
    _ = keep(screen, for: key, within: lifetime)
    return screen
  }

  /// The screen kept under `key` when it is free to be shown again; `nil` when none is kept.
  ///
  /// - Throws: ``NavigationError/Code/cachedScreenInHierarchy`` when the kept screen is in a
  ///   hierarchy.
  func reusableScreen<Screen: ViewController>(for key: KeepAliveKey, as type: Screen.Type)
    throws(NavigationError) -> Screen?
  {
    purgeExpired()
    guard let screen = entries[key]?.screen as? Screen else { return nil }
    if let error = Self.placeError(of: screen, key: key) { throw error }
    return screen
  }

  /// Keeps `screen` under `key`, as a navigation that shows it starts; returns `true` when
  /// it already was (a reuse, journaled as a hit), `false` when it is kept now.
  ///
  /// A screen kept under another key, or another screen kept under this one, is evicted
  /// (``Eviction/replaced``); then the least recently used screens beyond the limit.
  @discardableResult
  func keep(_ screen: ViewController, for key: KeepAliveKey, within lifetime: Lifetime) -> Bool {
    uses += 1
    let identity = ObjectIdentifier(screen)
    if let entry = entries[key] {
      if entry.screen === screen {
        entries[key]!.lastUse = uses
        token.withWindow { $0.journal.record(.cacheHit(screen.screenID, entry: entry.number)) }
        return true
      }
      evict(key, .replaced)
    }
    if let other = keysByScreen[identity] { evict(other, .replaced) }
    listen()
    lastNumber += 1
    let number = lastNumber
    entries[key] = Entry(number: number, screen: screen, lifetime: lifetime, since: now, lastUse: uses)
    keysByScreen[identity] = key
    token.withWindow { $0.journal.record(.cacheStored(screen.screenID, entry: number, key: key)) }
    trim()
    if case .ending(let ending) = lifetime.kind, entries[key]?.number == number {
      ending.die { [weak self] in self?.evict(number: number) }
    }
    return false
  }

  /// Evicts the entry numbered `number` when its lifetime object ends it, if it is still
  /// kept.
  private func evict(number: Int) {
    guard let key = entries.first(where: { $0.value.number == number })?.key else { return }
    evict(key, .lifetimeEnded)
  }

  // MARK: Time

  /// Starts hearing screens leave the window, and the manual clock advance.
  private func listen() {
    guard !isListening else { return }
    isListening = true
    listener.cache = self
    token.withWindow { $0.addHierarchyObserver(listener) }
    manualClock?.addClockObserver(listener)
  }

  /// A kept screen left the window's hierarchy: its duration starts now.
  private func screenDidLeave(_ screen: ViewController) {
    guard let key = keysByScreen[ObjectIdentifier(screen)] else { return }
    entries[key]?.since = now
  }

  /// The time in seconds: the manual scheduler's, else the monotonic clock's since the
  /// cache was made.
  var now: Double {
    guard runsOnManualClock else {
      var reading = ContinuousClock.now
      // A window's input observer (a session recorder, a replay) may decide the reading.
      if let window = token.window, let observer = window.observer {
        reading = observer.window(window, clockReading: reading)
      }
      let elapsed = origin.duration(to: reading).components
      return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
    if let manualClock { lastManualReading = manualClock.secondsNow }
    return lastManualReading
  }

  // MARK: Checks

  /// The refusal of a kept screen that is in a hierarchy, or `nil` when it is free.
  static func placeError(of screen: ViewController, key: KeepAliveKey) -> NavigationError? {
    let place: String
    var screens = [screen.screenID]
    if let parent = screen.parent {
      place = "a child of \(parent.screenID)"
      screens.append(parent.screenID)
    } else if let presenter = screen.presenter {
      place = "presented by \(presenter.screenID)"
      screens.append(presenter.screenID)
    } else if screen.windowIfRoot != nil {
      place = "the root of a window"
    } else if screen.isInWindowHierarchy {
      place = "in a window's hierarchy"
    } else {
      return nil
    }
    return NavigationError(
      .cachedScreenInHierarchy,
      "Can't reuse \(screen.screenID), kept alive as \(key): it is \(place); a kept screen is shown "
        + "in one place at a time.",
      screens: screens)
  }
}

extension NavigationError.Code {
  /// Asking for a screen kept alive (``NavigationOptions/keepAlive(within:)``) while the kept
  /// instance is in a hierarchy.
  public static let cachedScreenInHierarchy = NavigationError.Code(rule: "cachedScreenInHierarchy")
}
