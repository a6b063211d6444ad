import Navigator

/// The operations both benchmarks measure, on one side: Navigator or the baseline.
public protocol StackWorkload: AnyObject {
  /// The callbacks received so far.
  var tally: Tally { get }
  /// The number of screens in the stack.
  var depth: Int { get }
  /// Pushes a new screen and pops it, `iterations` times.
  func pushPop(iterations: Int)
  /// Pushes `count` new screens, then pops to the root; the popped screens are released.
  func pushThenPopToRoot(count: Int)
}

/// Navigator in its default configuration: `Window()` (immediate scheduler, journal off,
/// trap on misuse), a navigation controller as the visible key window's root, a delegate.
public final class ModelWorkload: StackWorkload {
  public let tally = Tally()
  let window: Window
  let navigation: NavigationController
  let delegate: ModelDelegate

  /// Builds the hierarchy and shows it (the root's appearance is not measured).
  public init() {
    window = Window()
    delegate = ModelDelegate(tally: tally)
    navigation = NavigationController(rootViewController: ModelScreen("A", tally: tally))
    navigation.delegate = delegate
    window.rootViewController = navigation
    window.makeKeyAndVisible()
  }

  public var depth: Int { navigation.viewControllers.count }

  public func pushPop(iterations: Int) {
    let navigation = navigation
    for _ in 0..<iterations {
      navigation.pushViewController(ModelScreen("B", tally: tally), animated: false)
      navigation.popViewController(animated: false)
    }
  }

  public func pushThenPopToRoot(count: Int) {
    let navigation = navigation
    for _ in 0..<count {
      navigation.pushViewController(ModelScreen("B", tally: tally), animated: false)
    }
    navigation.popToRootViewController(animated: false)
  }
}

/// The hand-written baseline: ``MiniStack`` with the same screens and delegate.
public final class BaselineWorkload: StackWorkload {
  public let tally = Tally()
  let stack: MiniStack
  let delegate: BaselineDelegate

  /// Builds the stack with its root on screen.
  public init() {
    delegate = BaselineDelegate(tally: tally)
    let root = BaselineScreen("A", tally: tally)
    stack = MiniStack(root: root)
    stack.delegate = delegate
    root.loadViewIfNeeded()
    root.viewWillAppear(false)
    root.viewDidAppear(false)
  }

  public var depth: Int { stack.screens.count }

  public func pushPop(iterations: Int) {
    let stack = stack
    for _ in 0..<iterations {
      stack.push(BaselineScreen("B", tally: tally), animated: false)
      stack.pop(animated: false)
    }
  }

  public func pushThenPopToRoot(count: Int) {
    let stack = stack
    for _ in 0..<count {
      stack.push(BaselineScreen("B", tally: tally), animated: false)
    }
    stack.popToRoot(animated: false)
  }
}
