extension Navigator {
  // MARK: Add

  /// Adds a screen as a child of `container`, its view inside `view`; a failure goes to the
  /// window's misuse policy and to `onFailure`.
  ///
  /// The containment calls are matched for the caller: `willMove(toParent:)`, the view
  /// added (the child appears if the container is on screen), then `didMove(toParent:)`.
  /// The completion runs after `didMove(toParent:)`. Containment is not a scheduled
  /// transition: everything happens inside the call, under any scheduler. A
  /// ``NavigationController``'s children are its stack, so it refuses to be the container:
  /// push onto it instead.
  ///
  /// - Parameters:
  ///   - destination: The child: an instance, a type or a scene.
  ///   - container: The container screen.
  ///   - view: The view of the container to put the child's view in; its root view when `nil`.
  ///   - options: Data, embedding and the option closures (animation and origin do not apply).
  ///   - configure: Runs with the loaded child, before it joins the container.
  /// - Returns: The child, or `nil` when the addition was refused.
  @discardableResult
  public func addChild<Screen: ViewController>(
    _ destination: Destination<Screen>, to container: ViewController, in view: View? = nil,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) -> Screen? {
    guard options.protection == nil else {
      return reportingMisuse { () throws(NavigationError) in
        try protected(
          .addChild, destination, options, canWait: true, lateFailure: nil,
          input: .addChildInput(destination, container, view, options)
        ) {
          (options) throws(NavigationError) in
          try self.add(
            destination, to: container, in: view, options, configure: configure, completion: nil)
        }
      } ?? nil
    }
    return reportingMisuse { () throws(NavigationError) in
      try add(destination, to: container, in: view, options, configure: configure, completion: nil)
    }
  }

  /// Adds a child screen, throwing when a check refuses it; nothing changes then.
  ///
  /// - Parameters:
  ///   - destination: The child: an instance, a type or a scene.
  ///   - container: The container screen.
  ///   - view: The view of the container to put the child's view in; its root view when `nil`.
  ///   - options: Data, embedding and the option closures (animation and origin do not apply).
  ///   - configure: Runs with the loaded child, before it joins the container.
  /// - Returns: The child.
  /// - Throws: A ``NavigationError``: a catalogue error, a wrong type, a child that already
  ///   has a parent or contains the container, a view that is not the container's, a
  ///   container that is a ``NavigationController`` (push onto it instead).
  @discardableResult
  public func tryAddChild<Screen: ViewController>(
    _ destination: Destination<Screen>, to container: ViewController, in view: View? = nil,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) throws(NavigationError) -> Screen {
    guard options.protection == nil else {
      // A try form can't wait: it has the screen, or it threw.
      return try protected(
        .addChild, destination, options, canWait: false, lateFailure: nil,
        input: .addChildInput(destination, container, view, options)
      ) {
        (options) throws(NavigationError) in
        try self.add(
          destination, to: container, in: view, options, configure: configure, completion: nil)
      }!
    }
    return try add(
      destination, to: container, in: view, options, configure: configure, completion: nil)
  }

  /// Checks, creates, prepares and adds a child.
  private func add<Screen>(
    _ destination: Destination<Screen>, to container: ViewController, in view: View?,
    _ options: NavigationOptions<Screen>, configure: ((Screen) -> Void)?, completion: ((Screen) -> Void)?
  ) throws(NavigationError) -> Screen {
    let observer = window.beginInput(
      .addChild(
        Request(.addChild, destination, options, container: container), screen: destination.told,
        container: container, view: view))
    defer { observer?.windowDidHandleInput(window) }
    record(Request(.addChild, destination, options, container: container))
    return try attempt(options) { () throws(NavigationError) in
      if container is NavigationController {
        var screens = [container.screenID]
        if case .instance(let screen) = destination.source { screens.insert(screen.screenID, at: 0) }
        throw NavigationError(
          .invalidRequest,
          "Can't add \(destination.described(as: "child")) to \(container.screenID): a navigation "
            + "controller's children are its stack; push onto it instead.",
          screens: screens)
      }
      if let view, container.viewIfLoaded.map({ !view.isDescendant(of: $0) }) ?? true {
        throw NavigationError(
          .invalidRequest,
          "Can't add a child to \(container.screenID) in a view that is not inside its view.",
          screens: [container.screenID])
      }
      if case .instance(let screen) = destination.source {
        if let error = Navigator.freeScreenError(screen, action: "add as a child") { throw error }
        if let error = container.containmentError(adding: screen) { throw error }
      }
      let (screen, shown) = try makeScreen(destination, options)
      if let error = Navigator.freeScreenError(shown, action: "add as a child") { throw error }
      if let error = container.containmentError(adding: shown) { throw error }
      prepare(screen, shown: shown, options, configure: configure)
      container.addChild(shown)
      (view ?? container.view).addSubview(shown.view)
      shown.didMove(toParent: container)
      sceneChildren.remember(screen, shownAs: shown, madeBy: destination)
      finish(screen, options, completion)()
      return screen
    }
  }

  /// Adds a child screen and returns once it was added.
  ///
  /// - Parameters:
  ///   - destination: The child: an instance, a type or a scene.
  ///   - container: The container screen.
  ///   - view: The view of the container to put the child's view in; its root view when `nil`.
  ///   - options: Data, embedding and the option closures.
  ///   - configure: Runs with the loaded child, before it joins the container.
  /// - Returns: The child.
  /// - Throws: As ``tryAddChild(_:to:in:options:configure:)``.
  @discardableResult
  public func addChildAndWait<Screen: ViewController>(
    _ destination: Destination<Screen>, to container: ViewController, in view: View? = nil,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) async throws(NavigationError) -> Screen {
    try await awaitCompletion { (done, fail) throws(NavigationError) in
      guard options.protection == nil else {
        _ = try protected(
          .addChild, destination, options, canWait: true, lateFailure: fail,
          input: .addChildInput(destination, container, view, options)
        ) {
          (options) throws(NavigationError) in
          try self.add(destination, to: container, in: view, options, configure: configure, completion: done)
        }
        return
      }
      _ = try add(destination, to: container, in: view, options, configure: configure, completion: done)
    }
  }

  // MARK: Remove

  /// Removes a child screen from its container; a failure goes to the window's misuse
  /// policy and to `onFailure`.
  ///
  /// The containment calls are matched for the caller: `willMove(toParent: nil)`, the view
  /// removed (the child disappears if it was on screen), then `removeFromParent()` with its
  /// `didMove(toParent: nil)`. The completion runs last.
  ///
  /// - Parameters:
  ///   - child: The child to remove.
  ///   - options: The option closures (the others do not apply).
  /// - Returns: The child, or `nil` when the removal was refused.
  @discardableResult
  public func removeChild<Screen: ViewController>(
    _ child: Screen, options: NavigationOptions<Screen> = NavigationOptions()
  ) -> Screen? {
    reportingMisuse { () throws(NavigationError) in
      try tryRemoveChild(child, options: options)
    }
  }

  /// Removes the child of `container` that `destination` names; a failure goes to the
  /// window's misuse policy and to `onFailure`.
  ///
  /// The destination finds the child: `.instance` the given screen, which must be a child
  /// of `container`; `.type` and `.make` the last child of the type; `.scene` and
  /// `.initialScene` the last child this navigator added from that scene (the container it
  /// was embedded in, if it was). Nothing is created.
  ///
  /// ```swift
  /// navigator.removeChild(.scene("weather", in: widgets, as: Weather.self), from: dashboard)
  /// ```
  ///
  /// - Parameters:
  ///   - destination: Which child to remove.
  ///   - container: The container.
  ///   - options: The option closures.
  /// - Returns: The child, or `nil` when the removal was refused.
  @discardableResult
  public func removeChild<Screen: ViewController>(
    _ destination: Destination<Screen>, from container: ViewController,
    options: NavigationOptions<Screen> = NavigationOptions()
  ) -> Screen? {
    reportingMisuse { () throws(NavigationError) in
      try tryRemoveChild(destination, from: container, options: options)
    }
  }

  /// Removes the child of `container` that `destination` names, throwing when there is
  /// none or a check refuses it; nothing changes then.
  ///
  /// - Parameters:
  ///   - destination: Which child to remove, as in
  ///     ``removeChild(_:from:options:)``.
  ///   - container: The container.
  ///   - options: The option closures.
  /// - Returns: The child.
  /// - Throws: A ``NavigationError`` when `container` has no such child, or the scene is
  ///   not in its catalogue.
  @discardableResult
  public func tryRemoveChild<Screen: ViewController>(
    _ destination: Destination<Screen>, from container: ViewController,
    options: NavigationOptions<Screen> = NavigationOptions()
  ) throws(NavigationError) -> Screen {
    try removeChild(destination, from: container, options, completion: nil)
  }

  /// Checks and removes the child `destination` names; `completion` runs before the options'.
  private func removeChild<Screen>(
    _ destination: Destination<Screen>, from container: ViewController, _ options: NavigationOptions<Screen>,
    completion: ((Screen) -> Void)?
  ) throws(NavigationError) -> Screen {
    let observer = window.beginInput(
      .removeChild(
        Request(.removeChild, destination, options, container: container), screen: destination.told,
        container: container))
    defer { observer?.windowDidHandleInput(window) }
    record(Request(.removeChild, destination, options, container: container))
    return try attempt(options) { () throws(NavigationError) in
      try destination.validate()
      guard let (child, shown) = findChild(destination, in: container) else {
        if case .instance(let screen) = destination.source {
          throw NavigationError(
            .invalidRequest,
            "Can't remove \(screen.screenID) from \(container.screenID): it is not its child.",
            screens: [screen.screenID, container.screenID])
        }
        throw NavigationError(
          .invalidRequest,
          "Can't remove \(destination.described(as: "child")) from \(container.screenID): it has none.",
          screens: [container.screenID])
      }
      try remove(shown, options) { options.successHandler?(child) }
      finish(child, options, completion)()
      return child
    }
  }

  /// Removes the child `destination` names and returns once it was removed.
  ///
  /// - Parameters:
  ///   - destination: Which child to remove.
  ///   - container: The container.
  ///   - options: The option closures.
  /// - Returns: The child.
  /// - Throws: As ``tryRemoveChild(_:from:options:)``.
  @discardableResult
  public func removeChildAndWait<Screen: ViewController>(
    _ destination: Destination<Screen>, from container: ViewController,
    options: NavigationOptions<Screen> = NavigationOptions()
  ) async throws(NavigationError) -> Screen {
    try await awaitCompletion { (done, _) throws(NavigationError) in
      _ = try removeChild(destination, from: container, options, completion: done)
    }
  }

  /// The child of `container` a destination names, and the child the container holds for
  /// it (its embedding container, or the child itself).
  private func findChild<Screen>(_ destination: Destination<Screen>, in container: ViewController)
    -> (child: Screen, shown: ViewController)?
  {
    switch destination.source {
    case .instance(let screen):
      return screen.parent === container ? (screen, screen) : nil
    case .factory:
      guard let child = container.children.last(where: { $0 is Screen }) as? Screen else { return nil }
      return (child, child)
    case .scene(let storyboard, let identifier):
      guard let identifier = identifier ?? storyboard.initialSceneIdentifier else { return nil }
      return sceneChildren.last(in: container, storyboard: storyboard.name, identifier: identifier)
    }
  }

  /// Removes a child screen, throwing when a check refuses it; nothing changes then.
  ///
  /// - Parameters:
  ///   - child: The child to remove.
  ///   - options: The option closures.
  /// - Returns: The child.
  /// - Throws: A ``NavigationError`` when the screen has no parent, or its parent is a
  ///   navigation controller (pop it instead).
  @discardableResult
  public func tryRemoveChild<Screen: ViewController>(
    _ child: Screen, options: NavigationOptions<Screen> = NavigationOptions()
  ) throws(NavigationError) -> Screen {
    try removeChild(child, options, completion: nil)
  }

  /// Checks and removes a child screen; `completion` runs before the options'.
  private func removeChild<Screen>(
    _ child: Screen, _ options: NavigationOptions<Screen>, completion: ((Screen) -> Void)?
  ) throws(NavigationError) -> Screen {
    let observer = window.beginInput(
      .request(
        Request(.removeChild, .instance(child), options, container: child.parent), screen: child,
        origin: child.parent))
    defer { observer?.windowDidHandleInput(window) }
    record(Request(.removeChild, .instance(child), options, container: child.parent))
    return try attempt(options) { () throws(NavigationError) in
      try remove(child, options) { options.successHandler?(child) }
      finish(child, options, completion)()
      return child
    }
  }

  /// Checks that `shown` can leave its container, reports success, then makes the matched
  /// containment calls: `willMove(toParent: nil)`, the view removed, `removeFromParent()`.
  private func remove<Screen>(
    _ shown: ViewController, _ options: NavigationOptions<Screen>, succeeded: () -> Void
  ) throws(NavigationError) {
    guard let parent = shown.parent else {
      throw NavigationError(
        .invalidRequest, "Can't remove \(shown.screenID) from its parent: it has none.",
        screens: [shown.screenID])
    }
    if parent is NavigationController {
      throw NavigationError(
        .invalidRequest,
        "Can't remove \(shown.screenID) from \(parent.screenID) as a child: it is in a navigation "
          + "stack; pop it instead.",
        screens: [shown.screenID, parent.screenID])
    }
    succeeded()
    shown.willMove(toParent: nil)
    shown.viewIfLoaded?.removeFromSuperview()
    shown.removeFromParent()
    sceneChildren.forget(shown)
  }

  /// Removes a child screen and returns once it was removed.
  ///
  /// - Parameters:
  ///   - child: The child to remove.
  ///   - options: The option closures.
  /// - Returns: The child.
  /// - Throws: As ``tryRemoveChild(_:options:)``.
  @discardableResult
  public func removeChildAndWait<Screen: ViewController>(
    _ child: Screen, options: NavigationOptions<Screen> = NavigationOptions()
  ) async throws(NavigationError) -> Screen {
    try await awaitCompletion { (done, _) throws(NavigationError) in
      _ = try removeChild(child, options, completion: done)
    }
  }
}
