extension Navigator {
  /// Pushes a screen onto the navigation stack of the origin (the visible screen by
  /// default); a failure goes to the window's misuse policy and to `onFailure`.
  ///
  /// - Parameters:
  ///   - destination: The screen to push: an instance, a type or a scene.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it joins the stack.
  ///   - completion: Runs once the push finished (after the screen's `viewDidAppear`).
  /// - Returns: The pushed screen, or `nil` when the push was refused.
  @discardableResult
  public func push<Screen: ViewController>(
    _ destination: Destination<Screen>, options: NavigationOptions<Screen> = NavigationOptions(),
    configure: ((Screen) -> Void)? = nil, completion: ((Screen) -> Void)? = nil
  ) -> Screen? {
    reportingMisuse { () throws(NavigationError) in
      try tryPush(destination, options: options, configure: configure, completion: completion)
    }
  }

  /// Pushes a screen, throwing when a check refuses the push; nothing changes then.
  ///
  /// - Parameters:
  ///   - destination: The screen to push: an instance, a type or a scene.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it joins the stack.
  ///   - completion: Runs once the push finished (after the screen's `viewDidAppear`).
  /// - Returns: The pushed screen.
  /// - Throws: A ``NavigationError``: no navigation controller at the origin, a catalogue
  ///   error, a wrong type, or a screen that cannot be pushed.
  @discardableResult
  public func tryPush<Screen: ViewController>(
    _ destination: Destination<Screen>, options: NavigationOptions<Screen> = NavigationOptions(),
    configure: ((Screen) -> Void)? = nil, completion: ((Screen) -> Void)? = nil
  ) throws(NavigationError) -> Screen {
    record(Request(.push, destination, options))
    return try attempt(options) { () throws(NavigationError) in
      let origin = try origin(options, for: "push")
      guard let navigation = (origin as? NavigationController) ?? origin.navigationController else {
        throw NavigationError(
          .invalidRequest,
          "Can't push from \(origin.screenID): it is not in a navigation controller.",
          screens: [origin.screenID])
      }
      if case .instance(let screen) = destination.source, options.embedding == nil,
        let error = navigation.pushError(screen)
      {
        throw error
      }
      let (screen, shown) = try makeScreen(destination, options)
      if let error = navigation.pushError(shown) { throw error }
      prepare(screen, shown: shown, options, configure: configure)
      let animated = options.isAnimated
      let done = finish(screen, options, completion)
      // The duration travels with the request, so a push that waits in the queue keeps it.
      let run = { [self, options] in
        withDuration(options, for: shown) {
          navigation.performPush(shown, animated: animated, options: nil, completion: done)
        }
      }
      if let busy = navigation.busyWindow {
        busy.admit(
          .push(shown.screenID, onto: navigation.screenID, animated: animated),
          policy: navigation.transitionRequestPolicy, run)
      } else {
        run()
      }
      return screen
    }
  }

  /// Pushes a screen and returns once the push finished.
  ///
  /// - Parameters:
  ///   - destination: The screen to push: an instance, a type or a scene.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it joins the stack.
  /// - Returns: The pushed screen, after its `viewDidAppear`.
  /// - Throws: As ``tryPush(_:options:configure:completion:)``.
  @discardableResult
  public func push<Screen: ViewController>(
    _ destination: Destination<Screen>, options: NavigationOptions<Screen> = NavigationOptions(),
    configure: ((Screen) -> Void)? = nil
  ) async throws(NavigationError) -> Screen {
    try await awaitCompletion { (done: @escaping (Screen) -> Void) throws(NavigationError) in
      try tryPush(destination, options: options, configure: configure, completion: done)
    }
  }
}
