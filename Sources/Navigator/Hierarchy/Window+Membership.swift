extension Window {
  /// Adds an observer that hears screens join and leave this window's hierarchy.
  ///
  /// Observers are held weakly; adding one twice keeps one.
  ///
  /// - Parameter observer: The observer to add.
  public func addHierarchyObserver(_ observer: any HierarchyObserver) {
    var kept = hierarchyObservers ?? []
    kept.removeAll { $0.value == nil || $0.value === observer }
    kept.append(WeakHierarchyObserver(value: observer))
    hierarchyObservers = kept
  }

  /// Removes an observer added with ``addHierarchyObserver(_:)``.
  ///
  /// - Parameter observer: The observer to remove.
  public func removeHierarchyObserver(_ observer: any HierarchyObserver) {
    var kept = hierarchyObservers ?? []
    kept.removeAll { $0.value == nil || $0.value === observer }
    hierarchyObservers = kept.isEmpty ? nil : kept
  }

  /// A Boolean value indicating whether anyone hears screens join and leave: an observer,
  /// or a journal that records them.
  @inline(__always)
  var isHeardJoiningAndLeaving: Bool {
    hierarchyObservers != nil || (journal.isEnabled && journal.recordsMembership)
  }

  /// Journals that `screen` joined and tells the observers.
  @inline(__always)
  func screenDidJoin(_ screen: ViewController) {
    if isHeardJoiningAndLeaving { tell(joining: screen) }
  }

  @inline(never)
  private func tell(joining screen: ViewController) {
    if journal.isEnabled, journal.recordsMembership { journal.record(.screenJoined(screen.screenID)) }
    guard let observers = hierarchyObservers else { return }
    for observer in observers { observer.value?.window(self, didAdd: screen) }
  }

  /// Journals that `screen` left and tells the observers; the exit is built only then.
  @inline(__always)
  func screenDidLeave(_ screen: ViewController, cause: HierarchyExit.Cause, removedScreen: ViewController) {
    if isHeardJoiningAndLeaving { tell(leaving: screen, cause: cause, removedScreen: removedScreen) }
  }

  @inline(never)
  private func tell(leaving screen: ViewController, cause: HierarchyExit.Cause, removedScreen: ViewController)
  {
    let exit = HierarchyExit(cause, removedScreen: removedScreen.screenID)
    if journal.isEnabled, journal.recordsMembership {
      journal.record(.screenLeft(screen.screenID, exit: exit))
    }
    guard let observers = hierarchyObservers else { return }
    for observer in observers { observer.value?.window(self, didRemove: screen, exit: exit) }
  }
}
