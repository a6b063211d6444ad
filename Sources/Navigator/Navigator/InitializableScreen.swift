/// A screen that can be created with no arguments, so a navigator can be given its type.
///
/// `ViewController.init()` is not `required` (as in UIKit), so a type alone cannot make a
/// screen; adopt this protocol to allow ``Destination/type(_:)``. A final class gets the
/// conformance for free when it inherits `init()`; other classes mark `init()` `required`.
public protocol InitializableScreen: ViewController {
  /// Creates a screen whose view is not loaded yet.
  init()
}
