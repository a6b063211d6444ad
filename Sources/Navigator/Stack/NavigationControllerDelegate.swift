/// Learns what a navigation controller shows, and the direction of every move.
///
/// UIKit's `navigationController(_:willShow:animated:)` and
/// `navigationController(_:didShow:animated:)`, plus a will/did pair for each kind of move:
/// push, pop, pop-to, pop-to-root and set-view-controllers. Every method has a default
/// that does nothing, so a conformer implements only what it needs.
///
/// Will-events for a move arrive inside the call, after the request passed its checks and
/// before the structure changes. Did-events arrive when the transition has finished: after
/// the shown screen's `viewDidAppear(_:)`, `didShow` and the containment callbacks. A
/// cancelled back swipe reports no move at all.
///
/// When the stack itself appears, `willShow` and `didShow` for its top arrive between the
/// top's `viewWillAppear(_:)` and `viewDidAppear(_:)`, so `didShow` comes first there, as in
/// UIKit. A stack that is not on screen sends neither.
public protocol NavigationControllerDelegate: AnyObject {
  /// The navigation controller is about to show `viewController` (UIKit's willShow).
  func navigationController(
    _ navigationController: NavigationController, willShow viewController: ViewController,
    animated: Bool)
  /// The navigation controller showed `viewController` (UIKit's didShow).
  func navigationController(
    _ navigationController: NavigationController, didShow viewController: ViewController,
    animated: Bool)
  /// `viewController` is about to be pushed.
  func navigationController(
    _ navigationController: NavigationController, willPush viewController: ViewController,
    animated: Bool)
  /// `viewController` was pushed and the transition finished.
  func navigationController(
    _ navigationController: NavigationController, didPush viewController: ViewController,
    animated: Bool)
  /// `viewController`, the top screen, is about to be popped.
  func navigationController(
    _ navigationController: NavigationController, willPop viewController: ViewController,
    animated: Bool)
  /// `viewController` was popped and the transition finished.
  func navigationController(
    _ navigationController: NavigationController, didPop viewController: ViewController,
    animated: Bool)
  /// The screens above `viewController` are about to be popped (bottom to top).
  func navigationController(
    _ navigationController: NavigationController, willPopTo viewController: ViewController,
    popping: [ViewController], animated: Bool)
  /// The screens above `viewController` were popped (bottom to top).
  func navigationController(
    _ navigationController: NavigationController, didPopTo viewController: ViewController,
    popped: [ViewController], animated: Bool)
  /// Every screen above the root is about to be popped (bottom to top).
  func navigationController(
    _ navigationController: NavigationController, willPopToRootPopping popping: [ViewController],
    animated: Bool)
  /// Every screen above the root was popped (bottom to top).
  func navigationController(
    _ navigationController: NavigationController, didPopToRootPopped popped: [ViewController],
    animated: Bool)
  /// The stack is about to be replaced by `viewControllers`.
  func navigationController(
    _ navigationController: NavigationController, willSetViewControllers viewControllers: [ViewController],
    animated: Bool)
  /// The stack was replaced by `viewControllers` and the transition finished.
  func navigationController(
    _ navigationController: NavigationController, didSetViewControllers viewControllers: [ViewController],
    animated: Bool)
}

extension NavigationControllerDelegate {
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, willShow viewController: ViewController,
    animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, didShow viewController: ViewController,
    animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, willPush viewController: ViewController,
    animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, didPush viewController: ViewController,
    animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, willPop viewController: ViewController,
    animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, didPop viewController: ViewController,
    animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, willPopTo viewController: ViewController,
    popping: [ViewController], animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, didPopTo viewController: ViewController,
    popped: [ViewController], animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, willPopToRootPopping popping: [ViewController],
    animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, didPopToRootPopped popped: [ViewController],
    animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, willSetViewControllers viewControllers: [ViewController],
    animated: Bool
  ) {}
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, didSetViewControllers viewControllers: [ViewController],
    animated: Bool
  ) {}
}
