/// Supplies a custom transition for a navigation: UIKit's
/// `UIViewControllerTransitioningDelegate`, reduced to what a headless model can honour.
///
/// Deliberate difference: UIKit asks for an animation controller and animates views; the
/// model only needs the transition's duration. Under a ``ManualScheduler`` the transition
/// finishes when ``ManualScheduler/advance(by:)`` has moved time past it; the immediate
/// scheduler ignores durations.
public protocol ViewControllerTransitioningDelegate: AnyObject {
  /// Returns how long the transition that shows `screen` takes.
  ///
  /// - Parameter screen: The screen being shown.
  /// - Returns: The duration.
  func transitionDuration(for screen: ViewController) -> Duration
}
