/// The bar at the top of a navigation stack, with its back button.
///
/// Owned by its ``NavigationController``, which is its delegate as in UIKit: tapping the
/// back button asks the controller's
/// ``NavigationController/navigationBar(_:shouldPop:)`` and the top screen's
/// ``PopConfirming`` guard before popping.
public final class NavigationBar {
  /// The navigation controller that owns the bar.
  public private(set) unowned var navigationController: NavigationController

  init(navigationController: NavigationController) {
    self.navigationController = navigationController
  }

  /// A Boolean value indicating whether the bar is hidden.
  public var isHidden: Bool { navigationController.isNavigationBarHidden }

  /// A Boolean value indicating whether the back button is shown (there is a screen below).
  public var showsBackButton: Bool { navigationController.childList.count > 1 }

  /// Taps the back button, as a user would.
  ///
  /// Does nothing when there is no back button. Otherwise asks `shouldPop`, then the top
  /// screen's guard, then pops with animation.
  public func tapBackButton() {
    let navigation = navigationController
    handlingInput(in: navigation.journalWindow, .tapBackButton(navigation)) { navigation.handleBackButton() }
  }
}
