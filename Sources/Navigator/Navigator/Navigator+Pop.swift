extension Navigator {
  /// Pops the top screen of the origin's navigation stack, asking its ``PopConfirming``
  /// guard first; a refused check goes to the window's misuse policy and to `onFailure`.
  ///
  /// A guard's denial is not a misuse: it goes to `onFailure` only, as
  /// ``NavigationError/Code/navigationDenied``, when the guard answers (which may be later).
  ///
  /// - Parameters:
  ///   - options: Animation, origin and the option closures; the options' screen is the
  ///     popped one.
  ///   - completion: Runs with the popped screen once the pop finished.
  public func pop(
    options: NavigationOptions<ViewController> = NavigationOptions(),
    completion: ((ViewController) -> Void)? = nil
  ) {
    reportingMisuse { () throws(NavigationError) in
      try tryPop(options: options, completion: completion)
    }
  }

  /// Pops the top screen of the origin's navigation stack, throwing when a check refuses it.
  ///
  /// - Parameters:
  ///   - options: Animation, origin and the option closures.
  ///   - completion: Runs with the popped screen once the pop finished.
  /// - Throws: ``NavigationError/Code/invalidRequest`` when the origin is in no navigation
  ///   stack or its stack holds only the root; nothing changes then. A guard's denial
  ///   reaches `onFailure` instead, possibly later.
  public func tryPop(
    options: NavigationOptions<ViewController> = NavigationOptions(),
    completion: ((ViewController) -> Void)? = nil
  ) throws(NavigationError) {
    try attempt(options) { () throws(NavigationError) in
      let origin = try origin(options, for: "pop")
      guard let navigation = (origin as? NavigationController) ?? origin.navigationController,
        let top = navigation.topViewController, navigation.viewControllers.count > 1
      else {
        throw NavigationError(
          .invalidRequest,
          "Can't pop from \(origin.screenID): it is not in a navigation stack with a screen above the root.",
          screens: [origin.screenID])
      }
      let animated = options.isAnimated
      let done = finish(top, options, completion)
      window.admit(
        .pop(from: navigation.screenID, animated: animated), policy: navigation.transitionRequestPolicy
      ) { [options] in
        guard navigation.topViewController === top, navigation.viewControllers.count > 1 else { return }
        _ = navigation.confirmLeavingTop(
          trigger: .programmatic, ignoringGuard: false,
          onDenial: {
            options.failureHandler?(
              NavigationError(
                .navigationDenied, "\(top.screenID) denied leaving \(navigation.screenID).",
                screens: [top.screenID, navigation.screenID]))
          }
        ) { [self] in
          guard navigation.topViewController === top else { return }
          options.successHandler?(top)
          withDuration(options, for: top) {
            _ = navigation.performPop(kind: .pop, animated: animated, completion: done)
          }
        }
      }
    }
  }

  /// Pops the top screen and returns it once the pop finished.
  ///
  /// - Parameter options: Animation, origin and the option closures.
  /// - Returns: The popped screen.
  /// - Throws: As ``tryPop(options:completion:)``, and
  ///   ``NavigationError/Code/navigationDenied`` when the top screen's guard denied.
  @discardableResult
  public func pop(options: NavigationOptions<ViewController> = NavigationOptions())
    async throws(NavigationError)
    -> ViewController
  {
    try await awaitCompletion { (done, fail) throws(NavigationError) in
      try tryPop(
        options: options.onFailure { error in
          options.failureHandler?(error)
          fail(error)
        }, completion: done)
    }
  }
}
