extension ViewController {
  // A screen in a window's hierarchy has `isInWindowHierarchy` set, and its window is the
  // one its `adoptedToken` names: every way in adopts the window first, and `adopt(_:)`
  // takes a screen out of its old window's hierarchy before it names another window. The
  // callers pass that window along, so that announcing costs no lookup.

  /// Announces that this screen, and every screen it contains or presents, joined
  /// `window`'s hierarchy (``HierarchyObserver/window(_:didAdd:)``), outermost first. A
  /// screen already in it is skipped with what it holds.
  ///
  /// - Parameter window: The window the screen joined, which it adopted.
  @inline(__always)
  internal func join(_ window: Window) {
    guard !isInWindowHierarchy else { return }
    isInWindowHierarchy = true
    window.screenDidJoin(self)
    if !childList.isEmpty || presented != nil { joinDescendants(window) }
  }

  /// The screens this one contains or presents join `window`'s hierarchy.
  @inline(never)
  private func joinDescendants(_ window: Window) {
    // Borrowed from a local copy of the list, which holds every child even if an observer
    // changes the list.
    let children = childList
    children.forEachBorrowed { $0.join(window) }
    presented?.join(window)
  }

  /// Announces that this screen, and every screen it contains or presents, left `window`'s
  /// hierarchy (``HierarchyObserver/window(_:didRemove:exit:)``), innermost first.
  ///
  /// Does nothing for a screen that is in no window's hierarchy.
  ///
  /// - Parameters:
  ///   - cause: The navigation that took the screen out.
  ///   - removedScreen: The screen that navigation removed: this one, or one it was inside.
  ///   - window: The window whose hierarchy the screen was in.
  @inline(__always)
  internal func leave(_ cause: HierarchyExit.Cause, removedScreen: ViewController, from window: Window) {
    guard isInWindowHierarchy else { return }
    if !childList.isEmpty || presented != nil {
      leaveDescendants(cause, removedScreen: removedScreen, from: window)
    }
    isInWindowHierarchy = false
    window.screenDidLeave(self, cause: cause, removedScreen: removedScreen)
  }

  /// The screens this one presents or contains leave `window`'s hierarchy, innermost first.
  @inline(never)
  private func leaveDescendants(
    _ cause: HierarchyExit.Cause, removedScreen: ViewController, from window: Window
  ) {
    presented?.leave(cause, removedScreen: removedScreen, from: window)
    // Borrowed from a local copy of the list, which holds every child (see `joinDescendants`).
    let children = childList
    children.forEachBorrowedInReverse { $0.leave(cause, removedScreen: removedScreen, from: window) }
  }

  /// Announces that this removed screen left `window`'s hierarchy, unless it is back in a
  /// window's hierarchy already (a move that ended where it started left nothing).
  ///
  /// - Parameters:
  ///   - cause: The navigation that removed it.
  ///   - window: The window whose hierarchy it was in; `nil` when it was in none.
  @inline(__always)
  internal func leaveIfDetached(_ cause: HierarchyExit.Cause, from window: Window?) {
    guard isInWindowHierarchy, let window, isDetached else { return }
    leave(cause, removedScreen: self, from: window)
  }

  /// A Boolean value indicating whether this screen is in no window's tree; a leaf (the
  /// common case) answers with three loads.
  @inline(__always)
  var isDetached: Bool {
    if !parentLink.isSet, !presenterLink.isSet { return !windowLink.isSet }
    return attachedWindow == nil
  }

  /// Announces a screen that became part of this one (a child, a pushed screen, a
  /// presented screen) as joining `window`'s hierarchy, if this screen is in it.
  @inline(__always)
  internal func announceJoining(_ screen: ViewController, in window: Window?) {
    guard isInWindowHierarchy, let window else { return }
    screen.join(window)
  }

  /// Announces that this replaced root and `chain`, the screens it presented (torn down
  /// with it, top first), left `window`'s hierarchy.
  func leaveAsReplacedRoot(of window: Window, with chain: [ViewController]) {
    guard isDetached else { return }
    for screen in chain { screen.leave(.rootReplaced, removedScreen: self, from: window) }
    leave(.rootReplaced, removedScreen: self, from: window)
  }
}
