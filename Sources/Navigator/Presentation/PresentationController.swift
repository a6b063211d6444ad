/// Manages a presented screen's presentation: UIKit's `UIPresentationController`.
///
/// Reached as ``ViewController/presentationController`` on the screen to present; set its
/// ``delegate`` before or during the presentation. A sheet (page sheet, form sheet, or a
/// popover adapted to a sheet) can be dismissed by a swipe, which a test drives with
/// ``beginInteractiveDismissal()``, ``cancelInteractiveDismissal()`` and
/// ``finishInteractiveDismissal()``.
public final class PresentationController {
  /// The screen this controller presents.
  public var presentedViewController: ViewController { presented }

  /// The screen that presented ``presentedViewController``, while it is presented.
  public var presentingViewController: ViewController? { presented.presenter }

  /// Hears about adaptation and dismissal by a swipe.
  public weak var delegate: (any AdaptivePresentationControllerDelegate)?

  /// The style the presentation actually uses, once presented: `automatic` resolved and a
  /// popover adapted.
  public var adaptivePresentationStyle: ModalPresentationStyle {
    presented.presentationState.activeStyle ?? presented.modalPresentationStyle
  }

  /// A Boolean value indicating whether a swipe is dismissing the sheet right now.
  public var isInteractivelyDismissing: Bool { presented.presentationState.isSwiping }

  unowned let presented: ViewController

  init(presented: ViewController) {
    self.presented = presented
  }
}
