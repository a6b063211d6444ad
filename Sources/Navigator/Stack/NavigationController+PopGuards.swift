extension NavigationController {
  /// A Boolean value indicating whether `screen` is ``PopConfirming``; one conformance
  /// lookup per screen class in a row.
  @inline(__always)
  func confirmsPops(_ screen: ViewController) -> Bool {
    let screenClass = ObjectIdentifier(type(of: screen))
    if lastGuardClass == screenClass { return lastGuardConfirms }
    let confirms = screen is any PopConfirming
    lastGuardClass = screenClass
    lastGuardConfirms = confirms
    return confirms
  }

  /// A Boolean value indicating whether leaving the top screen must ask its guard.
  @inline(__always)
  func mustAskGuard(ignoring: Bool) -> Bool {
    guard !ignoring, let top = topViewController else { return false }
    return confirmsPops(top)
  }

  /// Asks the top screen's guard, then runs `proceed` if it allows.
  ///
  /// A late answer runs `proceed` or `onDenial` only while this stack exists. The pending
  /// decision holds both, and is held by this stack (``pendingPopDecision``) and usually by
  /// the top screen (the guard keeps it to answer later): so they must hold neither
  /// strongly (capture the stack `unowned`, the top screen `weak`), or a decision that is
  /// never answered keeps the stack and its screens alive after their window is gone.
  ///
  /// While the guard has not answered, the window is busy with a
  /// ``TransitionQueue/Activity/popDecision``: requests wait. The answer ends it, whatever
  /// happened to this stack meanwhile, so that the window's queue never stays closed.
  ///
  /// - Returns: `true` when `proceed` ran inside this call.
  func confirmLeavingTop(
    trigger: PopTrigger, ignoringGuard: Bool, onDenial: (() -> Void)? = nil, _ proceed: @escaping () -> Void
  ) -> Bool {
    guard !ignoringGuard, let top = topViewController, confirmsPops(top),
      let guardian = top as? any PopConfirming
    else {
      proceed()
      return true
    }
    var answeredInline: Bool?
    var isWaiting = false
    // The window kept busy while the guard thinks, held through its token: a weak reference
    // would slow down every retain of the window.
    var heldWindow: WindowToken?
    let decision = PopDecision(screen: top.screenID, trigger: trigger) { [weak self] allowed in
      guard isWaiting else {
        answeredInline = allowed
        return
      }
      isWaiting = false
      self?.pendingPopDecision = nil
      let decide = { [weak self] in
        guard let self else { return }
        withExtendedLifetime(self) {
          if allowed { proceed() } else { onDenial?() }
        }
      }
      if let window = heldWindow?.window {
        heldWindow = nil
        window.end(.popDecision, then: decide)
      } else {
        decide()
      }
    }
    guardian.confirmPop(decision)
    if let answeredInline {
      if answeredInline { proceed() } else { onDenial?() }
      return answeredInline
    }
    isWaiting = true
    pendingPopDecision = decision
    if let window = attachedWindow {
      heldWindow = window.token
      decision.waitingWindow = window.token
      window.begin(.popDecision)
    }
    return false
  }

  // MARK: Back button

  /// A tap on the back button: waits like any request, then asks
  /// ``navigationBar(_:shouldPop:)`` and the top screen's guard, then pops with animation.
  func handleBackButton() {
    guard childList.count > 1 else { return }
    if mustWait {
      wait(.backButton(self))
      return
    }
    backButtonNow()
  }

  /// The back button's pop, once the hierarchy is free.
  func backButtonNow() {
    guard childList.count > 1, let top = topViewController else { return }
    guard navigationBar(navigationBar, shouldPop: top) else { return }
    _ = confirmLeavingTop(trigger: .backButton, ignoringGuard: false) { [unowned self, weak top] in
      guard let top, top === topViewController else { return }
      performPop(.backButton, animated: true, completion: nil)
    }
  }
}
