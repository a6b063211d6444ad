import Navigator

/// A screen of the shop that shows nothing but its title.
final class ShopScreen: ViewController {
  /// Creates a screen with `title`.
  ///
  /// - Parameter title: The screen's title.
  init(_ title: String) {
    super.init()
    self.title = title
  }
}
