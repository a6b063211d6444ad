/// The callbacks of a cancelled swipe: the sheet, which heard `viewWillDisappear` when the
/// swipe began, appears again.
struct SwipeCancelPlan: TransitionPlan {
  let window: Window
  let presented: ViewController

  var isAnimated: Bool { true }

  func willPhase() {
    // A window hidden during the swipe already made the sheet disappear.
    guard !window.isHidden else { return }
    presented.beginAppearance(true, animated: true, window: window)
  }

  func didPhase() {
    presented.endAppearance(window: window)
  }
}
