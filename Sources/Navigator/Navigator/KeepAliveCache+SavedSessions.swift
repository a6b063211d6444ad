/// What a saved session carries of a keep-alive cache: the screens it keeps off screen, and
/// keeping them again once the session is restored.
extension KeepAliveCache {
  /// A kept screen in no window's hierarchy, as a saved session records it.
  package struct OffScreenEntry {
    /// The key it is kept under.
    package let key: KeepAliveKey
    /// The screen.
    package let screen: ViewController
    /// The seconds left of its duration; `nil` for a screen kept for the session.
    package let secondsLeft: Double?
  }

  /// The kept screens in no window's hierarchy whose lifetime can be saved (a duration,
  /// with what is left of it, or the session), least recently used first; screens kept
  /// until a lifetime object ends them are left out.
  package func offScreenEntries() -> [OffScreenEntry] {
    purgeExpired()
    let now = self.now
    return entries.sorted { $0.value.lastUse < $1.value.lastUse }.compactMap { key, entry in
      guard !entry.screen.isInWindowHierarchy else { return nil }
      switch entry.lifetime.kind {
      case .duration(let seconds):
        return OffScreenEntry(
          key: key, screen: entry.screen, secondsLeft: max(0, seconds - (now - entry.since)))
      case .session: return OffScreenEntry(key: key, screen: entry.screen, secondsLeft: nil)
      case .ending: return nil
      }
    }
  }

  /// Keeps a screen made again for a restored session, in no hierarchy: its lifetime counts
  /// from now, as if it had just left.
  package func keepRestored(_ screen: ViewController, for key: KeepAliveKey, within lifetime: Lifetime) {
    keep(screen, for: key, within: lifetime)
  }
}
