/// Manages a popover: UIKit's `UIPopoverPresentationController`.
///
/// Reached as ``ViewController/popoverPresentationController`` on a screen whose
/// ``ViewController/modalPresentationStyle`` is ``ModalPresentationStyle/popover``. Set its
/// ``anchor`` before presenting: presenting a popover without one is a misuse.
public final class PopoverPresentationController {
  /// The screen shown in the popover.
  public var presentedViewController: ViewController { presented }

  /// The screen that presented the popover, while it is presented.
  public var presentingViewController: ViewController? { presented.presenter }

  /// Where the popover points; required before presenting.
  public var anchor: PopoverAnchor?

  /// The directions the arrow may point; any by default.
  public var permittedArrowDirections: PopoverArrowDirection = .any

  /// Views a tap on which does not dismiss the popover (nor any view inside them).
  public var passthroughViews: [View] = []

  /// Hears about adaptation and dismissal by a tap outside.
  ///
  /// On compact width, when the popover adapts to a sheet, this delegate also hears about
  /// swipes if it conforms to ``AdaptivePresentationControllerDelegate`` and the screen's
  /// ``ViewController/presentationController`` has no delegate of its own.
  public weak var delegate: (any PopoverPresentationControllerDelegate)?

  /// A Boolean value indicating whether the popover shows as a popover, not adapted.
  public var isShownAsPopover: Bool { presented.presentationState.activeStyle == .popover }

  unowned let presented: ViewController

  init(presented: ViewController) {
    self.presented = presented
  }
}
