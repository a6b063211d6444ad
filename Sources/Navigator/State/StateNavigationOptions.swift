/// Options for a navigation to a state, chained from ``init()``.
///
/// ```swift
/// navigator.navigate(to: target, options: .init().animated(false).onFailure { log($0) })
/// ```
public struct StateNavigationOptions<Key: Hashable & Sendable> {
  /// A Boolean value indicating whether the transitions animate; `true` by default.
  public private(set) var isAnimated = true
  /// The policy for a navigation asked for while the window is busy; the window's when `nil`.
  public private(set) var transitionRequestPolicy: TransitionRequestPolicy?
  @usableFromInline var successHandler: ((NavigationPlan<Key>) -> Void)?
  @usableFromInline var failureHandler: ((NavigationError) -> Void)?
  @usableFromInline var completionHandler: ((NavigationPlan<Key>) -> Void)?

  /// Options with the defaults: animated, the window's request policy, no closures.
  public init() {}

  /// Sets whether the transitions animate.
  ///
  /// - Parameter animated: `false` for no animation.
  /// - Returns: The options.
  public func animated(_ animated: Bool) -> StateNavigationOptions {
    var options = self
    options.isAnimated = animated
    return options
  }

  /// Sets the policy for a navigation asked for while the window is busy.
  ///
  /// - Parameter policy: Queue it, or refuse it.
  /// - Returns: The options.
  public func whenBusy(_ policy: TransitionRequestPolicy) -> StateNavigationOptions {
    var options = self
    options.transitionRequestPolicy = policy
    return options
  }

  /// Runs once every check passed and every guard allowed, just before the first change,
  /// with the plan about to run.
  ///
  /// - Parameter onSuccess: Receives the plan.
  /// - Returns: The options.
  public func onSuccess(_ onSuccess: @escaping (NavigationPlan<Key>) -> Void) -> StateNavigationOptions {
    var options = self
    options.successHandler = onSuccess
    return options
  }

  /// Runs when the navigation is refused: a broken rule, a screen that can't be made, a
  /// guard's denial, or a refusal found when a waiting navigation runs.
  ///
  /// - Parameter onFailure: Receives the error.
  /// - Returns: The options.
  public func onFailure(_ onFailure: @escaping (NavigationError) -> Void) -> StateNavigationOptions {
    var options = self
    options.failureHandler = onFailure
    return options
  }

  /// Runs once the navigation finished (after the last did-callback), after the call's own
  /// completion.
  ///
  /// - Parameter completion: Receives the plan that ran.
  /// - Returns: The options.
  public func completion(_ completion: @escaping (NavigationPlan<Key>) -> Void) -> StateNavigationOptions {
    var options = self
    options.completionHandler = completion
    return options
  }
}
