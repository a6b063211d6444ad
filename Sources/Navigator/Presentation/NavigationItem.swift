/// What a navigation bar shows for a screen: UIKit's `UINavigationItem`, headless.
///
/// Every screen has one (``ViewController/navigationItem``); it owns the bar button items
/// it holds, which is how a popover anchored to an item knows the item's window.
open class NavigationItem {
  /// The title shown in the bar.
  open var title: String?

  /// A Boolean value indicating whether the back button is hidden.
  open var hidesBackButton = false

  /// The buttons on the leading side, leading first.
  open var leftBarButtonItems: [BarButtonItem] = [] {
    didSet { adopt(oldValue, leftBarButtonItems) }
  }

  /// The buttons on the trailing side, trailing first.
  open var rightBarButtonItems: [BarButtonItem] = [] {
    didSet { adopt(oldValue, rightBarButtonItems) }
  }

  /// The first leading button, or `nil`; setting it replaces every leading button.
  public var leftBarButtonItem: BarButtonItem? {
    get { leftBarButtonItems.first }
    set { leftBarButtonItems = newValue.map { [$0] } ?? [] }
  }

  /// The first trailing button, or `nil`; setting it replaces every trailing button.
  public var rightBarButtonItem: BarButtonItem? {
    get { rightBarButtonItems.first }
    set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
  }

  /// The screen this item describes.
  internal weak var owningViewController: ViewController?

  /// Creates an item.
  ///
  /// - Parameter title: The title shown in the bar.
  public init(title: String? = nil) {
    self.title = title
  }

  private func adopt(_ old: [BarButtonItem], _ new: [BarButtonItem]) {
    for item in old where item.navigationItem === self { item.navigationItem = nil }
    for item in new { item.navigationItem = self }
  }
}

extension ViewController {
  /// Creates this screen's navigation item, titled like the screen.
  func makeNavigationItem() -> NavigationItem {
    let item = NavigationItem(title: title)
    item.owningViewController = self
    return item
  }
}
