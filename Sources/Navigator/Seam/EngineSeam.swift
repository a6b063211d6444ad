// The engine's seam for the package's own layers: every `package` declaration of Navigator,
// what AppFlow uses of the engine that an app does not. Each is `package` rather than public
// for the reason its comment gives; everything else in Navigator is public API or internal,
// and the tests reach internals with `@testable import`.
//
// Three live in their types' own files, where Swift needs them:
// - `WindowToken` and its `window` (Hierarchy/Links.swift, with the hierarchy's other
//   unretained references): how a flow reaches the window it ran in after it ended, without
//   a weak reference (which would slow down every retain of the window);
// - `Window.token` (Hierarchy/Window.swift): a stored property, the window's token;
// - `ViewController.isNavigationStack` (Hierarchy/ViewController.swift): overridden by
//   `NavigationController`, so that a flow tests a screen's kind without a dynamic cast.

extension Navigator {
  // Package: a flow pushes its next screens through these, which skip building options and
  // generic metadata (Benchmarks/README.md, "Flows"); an app pushes with `tryPush`.
  /// ``tryPush(_:options:configure:)`` of a given instance, typed as a
  /// `ViewController`, for the package's own layers (AppFlow's flows): not generic, so that
  /// the call is specialized here and needs no generic metadata at run time.
  @discardableResult
  package func tryPushInstance(
    _ screen: ViewController, options: NavigationOptions<ViewController>
  ) throws(NavigationError) -> ViewController {
    try tryPush(.instance(screen), options: options)
  }

  /// ``tryPushInstance(_:options:)`` with the default options but the animation: on a free
  /// window, the checks and the push that ``tryPush(_:options:configure:)`` makes
  /// of a given instance, with no options to copy along the way; on a busy one, that path.
  ///
  /// What the general path does besides, for these options, is nothing: no catalogue to
  /// check, no container to make, no cache to ask, no handler to call.
  package func tryPushInstance(_ screen: ViewController, animated: Bool) throws(NavigationError) {
    guard !window.isBusy else {
      _ = try tryPushInstance(screen, options: NavigationOptions().animated(animated))
      return
    }
    record(
      Request(.push, Destination.instance(screen), NavigationOptions<ViewController>().animated(animated)))
    let navigation = try visibleStack()
    if let error = navigation.pushError(screen) { throw error }
    try pushNow(
      screen, made: screen, onto: navigation, origin: nil, animated: animated, transitionDuration: nil,
      prepare: { prepareInstance(screen) },
      completion: {})
  }

  /// `prepare(screen, shown: screen, NavigationOptions(), configure: nil)`: with the default
  /// options there is no cache to ask and no handler to call, and the screen is its own shown
  /// screen, adopted once.
  private func prepareInstance(_ screen: ViewController) {
    screen.adopt(window)
    screen.loadViewIfNeeded()
    let view = screen.view
    if view.backgroundColor == nil { view.backgroundColor = .systemBackground }
  }

  /// `stack(from: nil)`: the navigation controller of the visible screen, found as
  /// `visibleViewController` and `navigationController` find them, but without retaining the
  /// screens on the way (each step of those walks is a retain and a release). The walk runs
  /// no other code, so every screen it passes stays held by its parent, its presenter or the
  /// window; only the result is retained.
  private func visibleStack() throws(NavigationError) -> NavigationController {
    guard let root = window.rootViewController else { return try stack(from: nil) }
    var screen = Unmanaged.passUnretained(root)
    // Down to the visible screen.
    while true {
      let next: Unmanaged<ViewController>? = screen._withUnsafeGuaranteedRef { screen in
        if let presented = screen.presented { return .passUnretained(presented) }
        if screen.isNavigationStack, let top = screen.childList.last { return .passUnretained(top) }
        return screen.childList.last(where: \.isViewLoaded).map { .passUnretained($0) }
      }
      guard let next else { break }
      screen = next
    }
    // Up to its navigation controller: itself, or its nearest ancestor that is one.
    var candidate: Unmanaged<ViewController>? = screen
    while let current = candidate {
      let (isStack, parent) = current._withUnsafeGuaranteedRef {
        ($0.isNavigationStack, $0.parentLink.unmanaged)
      }
      if isStack { return unsafeDowncast(current.takeUnretainedValue(), to: NavigationController.self) }
      candidate = parent
    }
    return try stack(from: nil)
  }
}

extension ViewController {
  // Package: a flow tests its first screen with these on every run and every finish; an app
  // asks `parent`, `presentingViewController` and `presentedViewController`, which retain
  // the screens they return and walk the ancestors with a retain a step (Benchmarks/README.md,
  // "Flows").
  /// A Boolean value indicating whether the screen has a parent or a presenter: `parent !=
  /// nil || presentingViewController != nil`, retaining nothing.
  @inline(__always)
  package var hasParentOrPresenter: Bool { parentLink.isSet || presenterLink.isSet }

  /// A Boolean value indicating whether ``presentedViewController`` is not `nil`: the screen
  /// or one of its ancestors presents a screen. Walks the parent links, retaining nothing.
  package var hasPresentedViewController: Bool {
    var screen = Unmanaged.passUnretained(self)
    while true {
      let (presents, parent) = screen._withUnsafeGuaranteedRef {
        ($0.presented != nil, $0.parentLink.unmanaged)
      }
      if presents { return true }
      guard let parent else { return false }
      screen = parent
    }
  }
}

extension Window {
  // Package: flows test it on every finish to choose a plain pop; an app asks
  // `isTransitioning` and `pendingRequests`, which say why.
  /// A Boolean value indicating whether a new request must wait: a transition runs, a
  /// guard has not answered, or earlier requests wait.
  @inline(__always)
  package var isBusy: Bool { queue.isBusy }

  // Package: a flow whose screen leaves during a navigation to a state (a deep link) ends
  // replaced, whichever step removed it; the exit itself says how the screen left.
  /// A Boolean value indicating whether a navigation to a state is changing the structure
  /// now.
  @inline(__always)
  package var isApplyingNavigationToState: Bool { isApplyingState }
}

extension ViewController {
  // Package: an app controller's root joins its window through it before the window is
  // shown; an app sets `rootViewController`, which does it.
  /// Records `window` as the window of this screen and of everything it contains or
  /// presents, as the subtree joins a hierarchy.
  package func adopt(_ window: Window?) {
    guard let window, !hasAdopted(window.token) else { return }
    guard !isInWindowHierarchy, childList.isEmpty, presented == nil else {
      adoptSubtree(window)
      return
    }
    // A leaf outside any hierarchy (a pushed screen): one store, and the window is not
    // retained around it (Benchmarks/README.md, row 1's accounting).
    adoptedToken = window.token
  }

  /// ``adopt(_:)`` for a screen in a hierarchy, or one that contains or presents others.
  @inline(never)
  private func adoptSubtree(_ window: Window) {
    // Taken into another window: it leaves the hierarchy of the one it was in first.
    if isInWindowHierarchy, let old = adoptedToken?.window {
      leave(.removedFromParent, removedScreen: self, from: old)
    }
    adoptedToken = window.token
    // Borrowed from a local copy of the list (see `joinDescendants`).
    let children = childList
    children.forEachBorrowed { $0.adopt(window) }
    presented?.adopt(window)
  }
}

extension Lifetime {
  // Package: a restored snapshot's seconds left; an app gives a `Duration`.
  /// ``duration(_:)`` in seconds, for what a snapshot restores: its number of seconds may be
  /// any finite, non-negative `Double`, more than a `Duration` holds.
  ///
  /// - Precondition: `seconds` is finite and not negative.
  package static func duration(seconds: Double) -> Lifetime {
    precondition(seconds.isFinite && seconds >= 0, "A keep-alive duration is finite and not negative.")
    return Lifetime(kind: .duration(seconds))
  }
}

/// What a saved session carries of a keep-alive cache: the screens it keeps off screen, and
/// keeping them again once the session is restored (AppFlow's snapshots); package, since only
/// a snapshot of a whole app controller knows the routes the keys stand for.
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

extension WindowInput.Anchor {
  // Package: a recorder names a flow's popover anchor, and the view a tap outside a popover
  // lands on, as a popover input names its anchor; an app reads the anchors inputs give it.
  /// Names `anchor` by the screen that holds it, as a popover's input names its anchor.
  package init(naming anchor: PopoverAnchor) { self.init(anchor) }
}

extension Navigator.Request {
  // Package: a session recorder writes the data a navigation passes to its screen when it is
  // `Codable`, which ``data`` (`Hashable`, or a description) does not tell; an app compares
  // requests by ``data``.
  /// The data passed to the screen as it was given, if any.
  package var passedData: Any? { passed.value }
}
