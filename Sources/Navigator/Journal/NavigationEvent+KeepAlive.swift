extension NavigationEvent {
  /// A navigator's keep-alive cache kept a screen as entry `entry`
  /// (`Inbox.cacheStored(#1, key: Inbox)`).
  ///
  /// The cache numbers its entries from 1, so that a transcript tells two screens of the same
  /// name apart and shows which one a hit brought back.
  ///
  /// - Parameters:
  ///   - screen: The kept screen.
  ///   - entry: The entry's number in the cache.
  ///   - key: The key the screen is kept under.
  /// - Returns: The journal event.
  public static func cacheStored(_ screen: ScreenID, entry: Int, key: KeepAliveKey) -> NavigationEvent {
    .note(JournalNote(kind: "cacheStored", text: "\(screen).cacheStored(#\(entry), key: \(key))"))
  }

  /// A navigation reused the screen kept as entry `entry` instead of making one
  /// (`Inbox.cacheHit(#1)`); the screen hears ``ViewController/prepareForReuse()`` next.
  ///
  /// - Parameters:
  ///   - screen: The reused screen.
  ///   - entry: The entry's number in the cache.
  /// - Returns: The journal event.
  public static func cacheHit(_ screen: ScreenID, entry: Int) -> NavigationEvent {
    .note(JournalNote(kind: "cacheHit", text: "\(screen).cacheHit(#\(entry))"))
  }

  /// The cache let the screen kept as entry `entry` go (`Inbox.cacheEvicted(#1, lifetimeEnded)`):
  /// its reference is dropped.
  ///
  /// - Parameters:
  ///   - screen: The evicted screen.
  ///   - entry: The entry's number in the cache.
  ///   - reason: Why it was evicted.
  /// - Returns: The journal event.
  public static func cacheEvicted(_ screen: ScreenID, entry: Int, _ reason: KeepAliveCache.Eviction)
    -> NavigationEvent
  {
    .note(JournalNote(kind: "cacheEvicted", text: "\(screen).cacheEvicted(#\(entry), \(reason))"))
  }
}
