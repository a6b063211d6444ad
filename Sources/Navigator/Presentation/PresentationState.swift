/// What a screen keeps about its own presentation (package storage behind
/// ``ViewController``'s presentation API).
internal final class PresentationState {
  /// The controller behind ``ViewController/presentationController``, created on demand.
  var sheetController: PresentationController?
  /// The controller behind ``ViewController/popoverPresentationController``.
  var popoverController: PopoverPresentationController?
  /// The style in use while presented: `automatic` resolved, a popover adapted.
  var activeStyle: ModalPresentationStyle?
  /// A Boolean value indicating whether a swipe is dismissing this screen.
  var isSwiping = false
  // The two one-byte fields above share a word, and a covered view takes two: 56 bytes, a
  // 64-byte block (80 with the flag after the covered view; Benchmarks row 12).
  /// The presenter's view this presentation took out of the window, to put back.
  var coveredView: CoveredView?

  internal init() {}
}

/// A view taken out of its superview by a covering presentation.
///
/// A window superview is remembered through the window's token, not weakly: a weak
/// reference would give the window a side table, which sends every later retain and release
/// of it down the runtime's slow path (Links.swift). Any other superview (a presentation
/// context's container) is held weakly, in a box of its own: the two cases share one word, so
/// that a presented screen's ``PresentationState`` stays in a 64-byte block.
struct CoveredView {
  /// Where the view was taken out of.
  private enum Superview {
    /// A window, through its token.
    case window(WindowToken)
    /// Another view, held weakly.
    case other(WeakView)
    /// No superview.
    case none
  }

  /// A view held weakly.
  private final class WeakView {
    weak var view: View?

    init(_ view: View) { self.view = view }
  }

  /// The view taken out.
  let view: View
  /// The superview the view was taken out of.
  private let taken: Superview

  /// Remembers `view` and the superview it is taken out of.
  init(view: View, superview: View?) {
    self.view = view
    if let window = superview as? Window {
      taken = .window(window.token)
    } else if let superview {
      taken = .other(WeakView(superview))
    } else {
      taken = .none
    }
  }

  /// The superview to put the view back into; `nil` once it is gone.
  var superview: View? {
    switch taken {
    case .window(let token): token.window
    case .other(let box): box.view
    case .none: nil
    }
  }
}
