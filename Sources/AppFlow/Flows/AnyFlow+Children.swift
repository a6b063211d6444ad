public import Navigator

/// Child flows: a running flow runs another flow as its child, which ends before it does.
extension AnyFlow {
  /// Runs `child` as a child of this flow; a refusal goes to the window's misuse policy.
  ///
  /// The child ends before this flow does: when this flow ends while the child is live, the
  /// child ends first, ``FlowOutcome/cancelled(_:)`` with
  /// ``Navigator/NavigationError/Code/flowParentEnded``.
  ///
  /// - Parameters:
  ///   - child: A flow that has not run.
  ///   - presentation: How the child shows its first screen.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - onEnd: Runs once, when the child ends, with its outcome.
  public func run<ChildOutput>(
    _ child: Flow<ChildOutput>, as presentation: FlowPresentation, animated: Bool = true,
    onEnd: ((FlowOutcome<ChildOutput>) -> Void)? = nil
  ) {
    do {
      try runChild(child, presentation, animated: animated, canWait: true, onEnd: onEnd)
    } catch {
      handle(error)
    }
  }

  /// Runs `child` as a child of this flow, throwing when a check refuses it; nothing
  /// changes then.
  ///
  /// - Parameters:
  ///   - child: A flow that has not run.
  ///   - presentation: How the child shows its first screen.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - onEnd: Runs once, when the child ends, with its outcome.
  /// - Throws: ``Navigator/NavigationError/Code/flowNotRunning`` when this flow is not running, and
  ///   the errors of ``AppController/tryRun(_:as:animated:onEnd:)``.
  public func tryRun<ChildOutput>(
    _ child: Flow<ChildOutput>, as presentation: FlowPresentation, animated: Bool = true,
    onEnd: ((FlowOutcome<ChildOutput>) -> Void)? = nil
  ) throws(NavigationError) {
    try runChild(child, presentation, animated: animated, canWait: false, onEnd: onEnd)
  }

  /// Runs `child` as a child of this flow, waiting for its protection when `canWait`;
  /// recorded when the app controller records.
  func runChild<ChildOutput>(
    _ child: Flow<ChildOutput>, _ presentation: FlowPresentation, animated: Bool, canWait: Bool,
    onEnd: ((FlowOutcome<ChildOutput>) -> Void)?
  ) throws(NavigationError) {
    guard let keeper, case .running = state else {
      throw NavigationError(
        .flowNotRunning, "Can't run \(child.id) from \(id): \(id) is \(state), not running.",
        screens: firstScreen.map { [$0.screenID] } ?? [])
    }
    guard keeper.isRecording, let app = keeper.app else {
      return try keeper.run(
        child, parent: self, presentation, animated: animated, canWait: canWait, onEnd: onEnd)
    }
    try app.recordingRun(child, presentation, parent: self, animated: animated) {
      () throws(NavigationError) in
      try keeper.run(child, parent: self, presentation, animated: animated, canWait: canWait, onEnd: onEnd)
    }
  }

  /// Runs `child` as a child of this flow and returns its outcome once it ended.
  ///
  /// - Parameters:
  ///   - child: A flow that has not run.
  ///   - presentation: How the child shows its first screen.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  /// - Returns: The child's outcome.
  /// - Throws: As ``tryRun(_:as:animated:onEnd:)``, before anything changes.
  public func runAndWait<ChildOutput>(
    _ child: Flow<ChildOutput>, as presentation: FlowPresentation, animated: Bool = true
  ) async throws(NavigationError) -> FlowOutcome<ChildOutput> {
    let outcome = Awaited<FlowOutcome<ChildOutput>>()
    try runChild(child, presentation, animated: animated, canWait: true) { outcome.value = $0 }
    return await outcome.wait()
  }
}
