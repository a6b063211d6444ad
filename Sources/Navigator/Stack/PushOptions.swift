/// Options carried by one push: blocks to run and the bars the screen wants.
///
/// ```swift
/// navigation.pushViewController(
///   checkout, animated: true,
///   options: PushOptions(navigationBarHidden: true, onPop: { cart.release() }))
/// ```
public struct PushOptions {
  /// A Boolean value indicating whether the navigation bar is hidden while the screen is on
  /// top; shown by default.
  public var navigationBarHidden: Bool
  /// A Boolean value indicating whether the toolbar is hidden while the screen is on top;
  /// hidden by default.
  public var toolbarHidden: Bool
  /// Runs once, when the push has finished (after the screen's `viewDidAppear`).
  public var onPush: (() -> Void)?
  /// Runs exactly once, when the screen leaves the stack by any path: pop, pop-to,
  /// pop-to-root, set-view-controllers dropping it, a finished back swipe, or its
  /// navigation controller leaving the hierarchy. Never on a cancelled swipe.
  public var onPop: (() -> Void)?

  /// Creates push options.
  ///
  /// - Parameters:
  ///   - navigationBarHidden: Whether the navigation bar is hidden while the screen is on top.
  ///   - toolbarHidden: Whether the toolbar is hidden while the screen is on top.
  ///   - onPush: Runs once the push has finished.
  ///   - onPop: Runs exactly once when the screen leaves the stack.
  public init(
    navigationBarHidden: Bool = false, toolbarHidden: Bool = true, onPush: (() -> Void)? = nil,
    onPop: (() -> Void)? = nil
  ) {
    self.navigationBarHidden = navigationBarHidden
    self.toolbarHidden = toolbarHidden
    self.onPush = onPush
    self.onPop = onPop
  }
}

/// What a navigation controller remembers about one screen in its stack.
///
/// Allocated only for screens pushed with options, and for the screen they covered (to
/// restore its bars).
internal final class StackEntry {
  var navigationBarHidden: Bool
  var toolbarHidden: Bool
  var onPush: (() -> Void)?
  var onPop: (() -> Void)?

  init(navigationBarHidden: Bool, toolbarHidden: Bool, onPush: (() -> Void)?, onPop: (() -> Void)?) {
    self.navigationBarHidden = navigationBarHidden
    self.toolbarHidden = toolbarHidden
    self.onPush = onPush
    self.onPop = onPop
  }
}

/// What a navigation controller does with a request that arrives while a transition runs.
public enum TransitionRequestPolicy: Hashable, Sendable {
  /// Run it after the running transition and earlier requests, in order (the default).
  case queue
  /// Refuse it as a ``NavigationError/Code/transitionInProgress`` misuse.
  case reject
}
