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
    guard
      let window = unmanagedJournalWindowOfTopmostAncestor()
        ?? fallback.flatMap({
          $0.adoptedToken?.unmanagedWindow ?? $0.unmanagedJournalWindowOfTopmostAncestor()
        })
    else { return nil }
    // Unretained: nothing runs between the walk and this read, and a window that a link or a
    // token names is alive (Links.swift).
    return window._withUnsafeGuaranteedRef { $0.recordingJournal }
  }

  /// The journal a containment event goes to: the new parent's window's, else this screen's.
  @inline(__always)
  func containmentJournal(toParent parent: ViewController?) -> Journal? {
    guard let parent else { return recordingJournal }
    return parent.recordingJournal(orElse: self)
  }

  /// The slow path of ``journalWindow``: a screen that never joined a window.
  private func journalWindowOfTopmostAncestor() -> Window? {
    unmanagedJournalWindowOfTopmostAncestor()?.takeUnretainedValue()
  }

  /// The window of this screen's topmost ancestor (through parents and presenters), not
  /// retained: the window whose root it is, else the one it last belonged to.
  ///
  /// The walk follows the back-links without retaining the screens on its way: it runs no
  /// other code, and a link's target is alive while the link is set (Links.swift). A new
  /// subtree assembled before it joins the window (a navigation to a state) asks this for
  /// every containment callback; a retaining walk would cost about 1,700 instructions a
  /// navigation to the nested target of Benchmarks/README.md's row 3.
  @inline(never)
  private func unmanagedJournalWindowOfTopmostAncestor() -> Unmanaged<Window>? {
    var top = Unmanaged.passUnretained(self)
    while let next = top._withUnsafeGuaranteedRef({ $0.parentLink.unmanaged ?? $0.presenterLink.unmanaged }) {
      top = next
    }
    return top._withUnsafeGuaranteedRef { $0.windowLink.unmanaged ?? $0.adoptedToken?.unmanagedWindow }
  }

}
