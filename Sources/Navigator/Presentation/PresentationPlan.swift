/// The callbacks of a presentation whose structure already changed.
///
/// `covered` is the presenter that disappears (full-screen and current-context styles);
/// other styles leave the presenter alone. Appearance is decided when the callbacks are
/// delivered: a hidden window gives none.
struct PresentationPlan: TransitionPlan {
  let window: Window
  let presented: ViewController
  let covered: ViewController?
  let isAnimated: Bool
  let request: NavigationRequest
  let completion: (() -> Void)?

  func willPhase() {
    guard !window.isHidden else { return }
    covered?.beginAppearance(false, animated: isAnimated, window: window)
    // A navigation to a state that covers this new screen with a full-screen one in the
    // same transition took its view out of the window: it never appears.
    guard presented.viewIfLoaded?.window === window else { return }
    presented.isBeingPresented = true
    presented.beginAppearance(true, animated: isAnimated, window: window)
    presented.isBeingPresented = false
  }

  func didPhase() {
    covered?.endAppearance(window: window)
    presented.isBeingPresented = true
    presented.endAppearance(window: window)
    presented.isBeingPresented = false
    if let completion {
      window.journal.record(.completion(request))
      completion()
    }
  }
}
