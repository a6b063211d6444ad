/// What a screen keeps about its own presentation (package storage behind
/// ``ViewController``'s presentation API).
internal final class PresentationState {
  /// The controller behind ``ViewController/presentationController``, created on demand.
  var sheetController: PresentationController?
  /// The controller behind ``ViewController/popoverPresentationController``.
  var popoverController: PopoverPresentationController?
  /// The style in use while presented: `automatic` resolved, a popover adapted.
  var activeStyle: ModalPresentationStyle?
  /// The presenter's view this presentation took out of the window, to put back.
  var coveredView: CoveredView?
  /// A Boolean value indicating whether a swipe is dismissing this screen.
  var isSwiping = false

  internal init() {}
}

/// A view taken out of its superview by a covering presentation.
struct CoveredView {
  let view: View
  weak var superview: View?
}
