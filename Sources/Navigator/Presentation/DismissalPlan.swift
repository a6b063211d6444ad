/// The callbacks of a dismissal whose structure already changed.
///
/// `chain` lists the removed screens top first; only the top one animates, and only those
/// still on screen get callbacks. `reappearing` is the presenter the bottom presentation
/// covered; it appears again if its view is back in the visible window.
internal struct DismissalPlan: TransitionPlan {
  let window: Window
  let chain: [ViewController]
  let reappearing: ViewController?
  internal let isAnimated: Bool
  /// What dismissed the chain, for the hierarchy's observers.
  let trigger: DismissalTrigger
  let request: NavigationRequest
  let completion: (() -> Void)?
  /// Delegate calls that follow the did-callbacks (a swipe's or a tap's did-dismiss).
  let afterDidCallbacks: (() -> Void)?
  /// A Boolean value indicating whether a navigation to a state dismissed the chain as one
  /// of its steps (``Window/isApplyingState`` while the chain leaves the hierarchy).
  var isStepOfStateNavigation = false

  internal func willPhase() {
    for (index, screen) in chain.enumerated() {
      screen.isBeingDismissed = true
      screen.beginAppearance(false, animated: index == 0 && isAnimated, window: window)
      screen.isBeingDismissed = false
    }
    if let reappearing, !window.isHidden, reappearing.viewIfLoaded?.window === window {
      reappearing.beginAppearance(true, animated: isAnimated, window: window)
    }
  }

  internal func didPhase() {
    for screen in chain {
      screen.isBeingDismissed = true
      screen.endAppearance(window: window)
      screen.isBeingDismissed = false
    }
    reappearing?.endAppearance(window: window)
    for screen in chain { screen.didLeaveHierarchy() }
    if let dismissed = chain.last, dismissed.isDetached {
      let wasApplyingState = window.isApplyingState
      window.isApplyingState = wasApplyingState || isStepOfStateNavigation
      for screen in chain { screen.leave(.dismissed(trigger), removedScreen: dismissed, from: window) }
      window.isApplyingState = wasApplyingState
    }
    afterDidCallbacks?()
    if let completion {
      window.journal.record(.completion(request))
      completion()
    }
  }
}
