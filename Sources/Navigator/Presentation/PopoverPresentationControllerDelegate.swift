/// Hears about a popover's adaptation and its dismissal by a tap outside:
/// UIKit's `UIPopoverPresentationControllerDelegate`.
///
/// Every method has a default implementation.
public protocol PopoverPresentationControllerDelegate: AnyObject {
  /// Returns the style to adapt to on compact width; ``ModalPresentationStyle/none`` keeps
  /// the popover a popover.
  ///
  /// The default, ``ModalPresentationStyle/automatic``, takes the system's adaptation (a
  /// page sheet).
  ///
  /// - Parameters:
  ///   - controller: The popover's presentation controller.
  ///   - traitCollection: The traits the popover adapts to.
  /// - Returns: The style to present in.
  func adaptivePresentationStyle(
    for controller: PopoverPresentationController, traitCollection: TraitCollection
  ) -> ModalPresentationStyle

  /// Returns a Boolean value indicating whether a tap outside may dismiss the popover;
  /// `true` by default.
  ///
  /// - Parameter controller: The popover's presentation controller.
  /// - Returns: `false` to keep the popover.
  func popoverPresentationControllerShouldDismissPopover(
    _ controller: PopoverPresentationController
  ) -> Bool

  /// Tells the delegate that a tap outside dismissed the popover.
  ///
  /// Called after the popover's `viewDidDisappear(_:)`, and only for a dismissal by a tap.
  ///
  /// - Parameter controller: The popover's presentation controller.
  func popoverPresentationControllerDidDismissPopover(_ controller: PopoverPresentationController)
}

extension PopoverPresentationControllerDelegate {
  /// Takes the system's adaptation.
  public func adaptivePresentationStyle(
    for controller: PopoverPresentationController, traitCollection: TraitCollection
  ) -> ModalPresentationStyle { .automatic }

  /// Lets the tap dismiss the popover.
  public func popoverPresentationControllerShouldDismissPopover(
    _ controller: PopoverPresentationController
  ) -> Bool { true }

  /// Does nothing.
  public func popoverPresentationControllerDidDismissPopover(
    _ controller: PopoverPresentationController
  ) {}
}
