public import Navigator

extension AppController {
  /// The live flows the app controller ran (the root flow first, when there is one), each
  /// with its live children.
  public var liveFlows: [AnyFlow] { keeper.roots }

  /// The live flow that holds `screen` (see ``AnyFlow/screens``): the innermost one, when
  /// flows are nested; `nil` when no live flow holds it.
  ///
  /// Screens don't hold their flow; ask the app controller, which owns the flow tree.
  ///
  /// - Parameter screen: A screen.
  /// - Returns: The flow, or `nil`.
  public func flow(holding screen: ViewController) -> AnyFlow? {
    keeper.live.last { flow in flow.screens.contains { $0 === screen } }
  }

  /// The live flow tree as a value: compare it, or print it.
  public var flows: FlowTree { FlowTree(keeper.roots) }

  /// Runs `flow`: shows its first screen as `presentation` says, and calls `onEnd` once when
  /// the flow ends; a refusal goes to the window's misuse policy and nothing changes.
  ///
  /// - Parameters:
  ///   - flow: A flow that has not run.
  ///   - presentation: How the flow shows its first screen.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - onEnd: Runs once, when the flow ends, with its outcome.
  public func run<Output>(
    _ flow: Flow<Output>, as presentation: FlowPresentation, animated: Bool = true,
    onEnd: ((FlowOutcome<Output>) -> Void)? = nil
  ) {
    recordingRun(flow, presentation, animated: animated) {
      do throws(NavigationError) {
        try keeper.run(flow, parent: nil, presentation, animated: animated, canWait: true, onEnd: onEnd)
      } catch {
        window.handleMisuse(error)
      }
    }
  }

  /// Runs `flow`, throwing when a check refuses it; nothing changes then.
  ///
  /// A navigation that waits in the window's queue and is refused when it runs ends the flow
  /// ``FlowOutcome/cancelled(_:)`` with the navigation's error.
  ///
  /// - Parameters:
  ///   - flow: A flow that has not run.
  ///   - presentation: How the flow shows its first screen.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - onEnd: Runs once, when the flow ends, with its outcome.
  /// - Throws: ``Navigator/NavigationError/Code/flowAlreadyRan``,
  ///   ``Navigator/NavigationError/Code/flowScreenInHierarchy``, the error of
  ///   ``Flow/makeFirstScreen()``, or the navigation's error (no stack to push onto, an
  ///   origin that already presents, …).
  public func tryRun<Output>(
    _ flow: Flow<Output>, as presentation: FlowPresentation, animated: Bool = true,
    onEnd: ((FlowOutcome<Output>) -> Void)? = nil
  ) throws(NavigationError) {
    try recordingRun(flow, presentation, animated: animated) { () throws(NavigationError) in
      try keeper.run(flow, parent: nil, presentation, animated: animated, onEnd: onEnd)
    }
  }

  /// Runs `flow` and returns its outcome once it ended.
  ///
  /// ```swift
  /// switch try await app.runAndWait(SignUpFlow(), as: .sheet(embeddedInNavigationController: true)) {
  /// case .finished(let account): …
  /// case .dismissed, .replaced, .cancelled: …
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - flow: A flow that has not run.
  ///   - presentation: How the flow shows its first screen.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  /// - Returns: The flow's outcome.
  /// - Throws: As ``tryRun(_:as:animated:onEnd:)``, before anything changes.
  public func runAndWait<Output>(
    _ flow: Flow<Output>, as presentation: FlowPresentation, animated: Bool = true
  ) async throws(NavigationError) -> FlowOutcome<Output> {
    let outcome = Awaited<FlowOutcome<Output>>()
    try recordingRun(flow, presentation, animated: animated) { () throws(NavigationError) in
      try keeper.run(flow, parent: nil, presentation, animated: animated, canWait: true) {
        outcome.value = $0
      }
    }
    return await outcome.wait()
  }

  /// Runs `body`, the run of `flow`, between its recorder's begin and end: recorded, once it
  /// ran, by the flow's tag and the route of its first screen; one `nil` test when nothing
  /// records.
  private func recordingRun<Failure: Error>(
    _ flow: AnyFlow, _ presentation: FlowPresentation, animated: Bool, _ body: () throws(Failure) -> Void
  ) throws(Failure) {
    guard let recorder = sessionRecorder else { return try body() }
    let outermost = recorder.begin(.unreplayable("run(\(flow.name), as: \(presentation))"))
    defer {
      if outermost { recorder.replaceLast(with: recordedRun(of: flow, presentation, animated: animated)) }
      recorder.end()
    }
    try body()
  }

  /// The run of `flow` as a log records it, or why it can't be replayed.
  private func recordedRun(of flow: AnyFlow, _ presentation: FlowPresentation, animated: Bool)
    -> RecordedInput
  {
    let run = "run(\(flow.name), as: \(presentation))"
    guard let tag = routes.flowTags[ObjectIdentifier(type(of: flow))] else {
      return .unreplayable("\(run): its type is not registered for snapshots (RouteTable.registerFlow)")
    }
    guard let recorded = RecordedFlowPresentation(presentation) else {
      return .unreplayable("\(run): a popover's anchor or a child's container is a reference, not recorded")
    }
    guard let route = flow.firstScreen?.navigationKey as? AnyRoute else {
      return .unreplayable("\(run): its first screen has no route (or the run was refused or waits)")
    }
    return .runFlow(tag: tag, route: route, presentation: recorded, animated: animated)
  }
}
