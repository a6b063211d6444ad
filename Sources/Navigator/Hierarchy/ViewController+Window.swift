extension ViewController {
  /// The topmost screen of this one's tree (through parents and presenters).
  internal var topmostAncestor: ViewController {
    var screen = self
    while let next = screen.parent ?? screen.presenter { screen = next }
    return screen
  }

  /// The window this screen is attached to, through parents and presenters.
  internal var attachedWindow: Window? { topmostAncestor.windowIfRoot }

  /// The window whose journal and policy apply to this screen: the one it belongs to, else
  /// the one it last belonged to.
  ///
  /// Every way of joining a hierarchy (``adopt(_:)``) records the window on the whole
  /// joining subtree, so this is one load on the hot path rather than a walk to the root.
  @inline(__always)
  internal final var journalWindow: Window? {
    if let window = adoptedToken?.window { return window }
    return journalWindowOfTopmostAncestor()
  }

  /// The journal of this screen's window when it records, else `nil`.
  @inline(__always)
  internal final var recordingJournal: Journal? { recordingJournal(orElse: nil) }

  /// The journal of this screen's window (else of `fallback`'s) when it records, else `nil`.
  ///
  /// Answers the common case (a window whose journal is off) with loads only, so the hot
  /// path retains nothing. `withWindow` answers `nil` when the window is gone, and the
  /// window's answer (its journal, or `nil` when it is off) otherwise.
  @inline(__always)
  internal final func recordingJournal(orElse fallback: ViewController?) -> Journal? {
    if let token = adoptedToken, let recording = token.withWindow(\.recordingJournal) { return recording }
    guard let window = journalWindowOfTopmostAncestor() ?? fallback?.journalWindow else { return nil }
    return window.recordingJournal
  }

  /// The journal a containment event goes to: the new parent's window's, else this screen's.
  @inline(__always)
  func containmentJournal(toParent parent: ViewController?) -> Journal? {
    guard let parent else { return recordingJournal }
    return parent.recordingJournal(orElse: self)
  }

  /// The slow path of ``journalWindow``: a screen that never joined a window.
  @inline(never)
  private func journalWindowOfTopmostAncestor() -> Window? {
    let top = topmostAncestor
    return top.windowIfRoot ?? top.adoptedWindow
  }

}
