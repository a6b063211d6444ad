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
///
/// A window superview is remembered through the window's token, not weakly: a weak
/// reference would give the window a side table, which sends every later retain and release
/// of it down the runtime's slow path (Links.swift). Any other superview (a presentation
/// context's container) is held weakly.
struct CoveredView {
  /// The view taken out.
  let view: View
  /// The token of the window the view was taken out of, when its superview was a window.
  private let windowToken: WindowToken?
  /// The superview the view was taken out of, when it was not a window.
  private weak var otherSuperview: View?

  /// Remembers `view` and the superview it is taken out of.
  init(view: View, superview: View?) {
    self.view = view
    if let window = superview as? Window {
      windowToken = window.token
    } else {
      windowToken = nil
      otherSuperview = superview
    }
  }

  /// The superview to put the view back into; `nil` once it is gone.
  var superview: View? { windowToken?.window ?? otherSuperview }
}
