/// Hears about a presentation's adaptation and its dismissal by a swipe:
/// UIKit's `UIAdaptivePresentationControllerDelegate`.
///
/// Every method has a default implementation. When a swipe tries to dismiss a sheet, the
/// delegate hears ``presentationControllerShouldDismiss(_:)``, then
/// ``presentationControllerWillDismiss(_:)`` and, if the swipe finishes,
/// ``presentationControllerDidDismiss(_:)``. A refused swipe, or a sheet whose screen sets
/// ``ViewController/isModalInPresentation``, gives
/// ``presentationControllerDidAttemptToDismiss(_:)`` instead.
public protocol AdaptivePresentationControllerDelegate: AnyObject {
  /// Returns the style to adapt to for the given traits; ``ModalPresentationStyle/none``
  /// keeps the presentation as it is.
  ///
  /// Asked only on compact width. The default, ``ModalPresentationStyle/automatic``,
  /// takes the system's adaptation (a page sheet).
  ///
  /// - Parameters:
  ///   - controller: The presentation controller that adapts.
  ///   - traitCollection: The traits the presentation adapts to.
  /// - Returns: The style to present in.
  func adaptivePresentationStyle(
    for controller: PresentationController, traitCollection: TraitCollection
  ) -> ModalPresentationStyle

  /// Returns a Boolean value indicating whether a swipe may dismiss the sheet; `true` by
  /// default.
  ///
  /// - Parameter controller: The presentation controller of the sheet.
  /// - Returns: `false` to keep the sheet.
  func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool

  /// Tells the delegate that a swipe began dismissing the sheet.
  ///
  /// - Parameter controller: The presentation controller of the sheet.
  func presentationControllerWillDismiss(_ controller: PresentationController)

  /// Tells the delegate that a swipe dismissed the sheet.
  ///
  /// - Parameter controller: The presentation controller of the sheet.
  func presentationControllerDidDismiss(_ controller: PresentationController)

  /// Tells the delegate that a swipe tried to dismiss a sheet that may not be dismissed.
  ///
  /// - Parameter controller: The presentation controller of the sheet.
  func presentationControllerDidAttemptToDismiss(_ controller: PresentationController)
}

extension AdaptivePresentationControllerDelegate {
  /// Takes the system's adaptation.
  public func adaptivePresentationStyle(
    for controller: PresentationController, traitCollection: TraitCollection
  ) -> ModalPresentationStyle { .automatic }

  /// Lets the swipe dismiss the sheet.
  public func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool {
    true
  }

  /// Does nothing.
  public func presentationControllerWillDismiss(_ controller: PresentationController) {}

  /// Does nothing.
  public func presentationControllerDidDismiss(_ controller: PresentationController) {}

  /// Does nothing.
  public func presentationControllerDidAttemptToDismiss(_ controller: PresentationController) {}
}
