extension Navigator {
  /// Pushes a screen onto the navigation stack of the origin (the visible screen by
  /// default); a failure goes to the window's misuse policy and to `onFailure`.
  ///
  /// - Parameters:
  ///   - destination: The screen to push: an instance, a type or a scene.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it joins the stack.
  /// - Returns: The pushed screen, or `nil` when the push was refused.
  @discardableResult
  public func push<Screen: ViewController>(
    _ destination: Destination<Screen>, options: NavigationOptions<Screen> = NavigationOptions(),
    configure: ((Screen) -> Void)? = nil
  ) -> Screen? {
    guard options.protection == nil else {
      return reportingMisuse { () throws(NavigationError) in
        try protected(
          .push, destination, options, canWait: true, lateFailure: nil,
          input: .pushInput(destination, options)
        ) {
          (options) throws(NavigationError) in
          try self.push(destination, options, configure: configure, completion: nil, lateFailure: nil)
        }
      } ?? nil
    }
    return reportingMisuse { () throws(NavigationError) in
      try push(destination, options, configure: configure, completion: nil, lateFailure: nil)
    }
  }

  /// Pushes a screen, throwing when a check refuses the push; nothing changes then.
  ///
  /// - Parameters:
  ///   - destination: The screen to push: an instance, a type or a scene.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it joins the stack.
  /// - Returns: The pushed screen.
  /// - Throws: A ``NavigationError``: no navigation controller at the origin, a catalogue
  ///   error, a wrong type, or a screen that cannot be pushed.
  @discardableResult
  public func tryPush<Screen: ViewController>(
    _ destination: Destination<Screen>, options: NavigationOptions<Screen> = NavigationOptions(),
    configure: ((Screen) -> Void)? = nil
  ) throws(NavigationError) -> Screen {
    guard options.protection == nil else {
      // A try form can't wait: it has the screen, or it threw.
      return try protected(
        .push, destination, options, canWait: false, lateFailure: nil,
        input: .pushInput(destination, options)
      ) {
        (options) throws(NavigationError) in
        try self.push(destination, options, configure: configure, completion: nil, lateFailure: nil)
      }!
    }
    return try push(destination, options, configure: configure, completion: nil, lateFailure: nil)
  }

  /// Checks, creates, prepares and pushes; `lateFailure` hears an error found when a
  /// request that waited in the queue runs.
  ///
  /// Every check that does not need the screen runs before it is made: the stack (and a
  /// given screen's push rules), the catalogue, the reject policy, an embedding in a
  /// navigation controller. The rules on the made screen and container run after, as do the
  /// stack's rules for a request that waits in the queue.
  func push<Screen>(
    _ destination: Destination<Screen>, _ options: NavigationOptions<Screen>, configure: ((Screen) -> Void)?,
    completion: ((Screen) -> Void)?, lateFailure: ((NavigationError) -> Void)?
  ) throws(NavigationError) -> Screen {
    let observer = window.beginInput(.pushInput(destination, options))
    defer { observer?.windowDidHandleInput(window) }
    record(Request(.push, destination, options))
    return try attempt(options) { () throws(NavigationError) in
      let navigation = window.isBusy ? nil : try stack(for: options)
      // The stack that took a given screen's push checks, when nothing between those checks
      // and the push can change the hierarchy (no screen or container to make, no cache to
      // ask): the push needs no second look-up of the origin and its stack.
      var checkedStack: NavigationController?
      if let navigation, case .instance(let screen) = destination.source, options.embedding == nil {
        if let error = navigation.pushError(screen) { throw error }
        if options.keepAliveRequest == nil { checkedStack = navigation }
      }
      try check(destination, options)
      let target = window.isBusy ? try? stack(for: options) : nil
      try refuseWhileBusy(
        "push", destination, "onto", target, options, policy: target?.transitionRequestPolicy)
      if let embedding = options.embedding, embedding.makesNavigationStack {
        let stack = navigation ?? target
        throw NavigationError(
          .pushNavigationController,
          "Pushing a navigation controller is not supported: \(describedShown(destination, options))"
            + (stack.map { " onto \($0.screenID)." } ?? "."),
          screens: destination.givenScreenIDs + (stack.map { [$0.screenID] } ?? []))
      }
      let screen = try resolve(destination, options)
      let shown = embed(screen, options)
      guard window.isBusy else {
        // The step would run at once (start(_:policy:)): run its push without making it.
        try pushNow(
          shown, made: screen, onto: checkedStack, origin: options.origin, animated: options.isAnimated,
          transitionDuration: transitionDuration(options),
          prepare: { prepare(screen, shown: shown, options, configure: configure) },
          completion: finishing(screen, options, completion))
        return screen
      }
      try start(
        NavigatorStep(
          navigator: self, move: .push(shown, made: screen), origin: options.origin,
          animated: options.isAnimated,
          request: .push(
            shown.screenID, onto: target?.screenID ?? shown.screenID, animated: options.isAnimated),
          caller: caller(
            showing: screen, shown, options, configure: configure, completion: completion,
            lateFailure: lateFailure)),
        policy: target?.transitionRequestPolicy)
      return screen
    }
  }

  /// The navigation controller a push from the options' origin goes to.
  func stack<Screen>(for options: NavigationOptions<Screen>) throws(NavigationError) -> NavigationController {
    try stack(from: options.origin)
  }

  /// The navigation controller a push from `origin` (the visible screen when `nil`) goes to.
  func stack(from origin: ViewController?) throws(NavigationError) -> NavigationController {
    let origin = try self.origin(origin, for: "push")
    guard let navigation = origin.asNavigationStack ?? origin.navigationController else {
      throw NavigationError(
        .invalidRequest,
        "Can't push from \(origin.screenID): it is not in a navigation controller.",
        screens: [origin.screenID])
    }
    return navigation
  }

  /// Pushes a screen and returns once the push finished.
  ///
  /// - Parameters:
  ///   - destination: The screen to push: an instance, a type or a scene.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it joins the stack.
  /// - Returns: The pushed screen, after its `viewDidAppear`.
  /// - Throws: As ``tryPush(_:options:configure:)``.
  ///   A refusal found when a request that waited in the queue runs is thrown here too,
  ///   and reported as under ``MisusePolicy/report`` (journal and misuse handler), never
  ///   trapped.
  @discardableResult
  public func pushAndWait<Screen: ViewController>(
    _ destination: Destination<Screen>, options: NavigationOptions<Screen> = NavigationOptions(),
    configure: ((Screen) -> Void)? = nil
  ) async throws(NavigationError) -> Screen {
    try await awaitCompletion { (done, fail) throws(NavigationError) in
      guard options.protection == nil else {
        _ = try protected(
          .push, destination, options, canWait: true, lateFailure: fail,
          input: .pushInput(destination, options)
        ) {
          (options) throws(NavigationError) in
          try self.push(destination, options, configure: configure, completion: done, lateFailure: fail)
        }
        return
      }
      _ = try push(destination, options, configure: configure, completion: done, lateFailure: fail)
    }
  }
}
