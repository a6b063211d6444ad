/// A button in a navigation bar or toolbar: UIKit's `UIBarButtonItem`, headless.
///
/// An item is in a window when the screen whose ``NavigationItem`` holds it has its view in
/// that window; a popover can be anchored to it only then.
open class BarButtonItem {
  /// The button's title.
  open var title: String?

  /// The navigation item that holds this button, if any.
  internal weak var navigationItem: NavigationItem?

  /// Creates a button.
  ///
  /// - Parameter title: The button's title.
  public init(title: String? = nil) {
    self.title = title
  }

  /// The screen whose navigation item holds this button, if any.
  internal var owningViewController: ViewController? { navigationItem?.owningViewController }
}
