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
    do throws(NavigationError) {
      // A refusal leaves the recorded run (`it was refused`) before the misuse policy hears it.
      try recordingRun(flow, presentation, animated: animated) { () throws(NavigationError) in
        try keeper.run(flow, parent: nil, presentation, animated: animated, canWait: true, onEnd: onEnd)
      }
    } catch {
      window.handleMisuse(error)
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

  /// Runs `body`, the run of `flow` (as a child of `parent`, when given), between its
  /// recorder's begin and end: recorded, once it ran, by the flow's tag and the route of its
  /// first screen (and its parent's index path in the flow tree); a run that waits for its
  /// protection is completed when its first screen is made. One `nil` test when nothing
  /// records.
  func recordingRun<Failure: Error>(
    _ flow: AnyFlow, _ presentation: FlowPresentation, parent: AnyFlow? = nil, animated: Bool,
    _ body: () throws(Failure) -> Void
  ) throws(Failure) {
    guard let recorder = sessionRecorder else { return try body() }
    let run = "run(\(flow.name), as: \(presentation))"
    let outermost = recorder.begin(.unreplayable(run))
    defer { recorder.end() }
    // The parent's place before the child joins it (a child is appended to its children),
    // and the places a popover's anchor and a child's container have before the run.
    let parentPath = parent.map { keeper.indexPath(of: $0) }
    let recordedPresentation = SessionRecorder.recorded(presentation, in: window)
    do throws(Failure) {
      try body()
    } catch {
      if outermost { recorder.replaceLast(with: .unreplayable("\(run): it was refused")) }
      throw error
    }
    guard outermost else { return }
    let recorded = recordedRun(
      of: flow, presentation, recordedPresentation, parent: parent, parentPath: parentPath, animated: animated
    )
    guard case .awaitingRoute(let input) = recorded else {
      if case .input(let input) = recorded { recorder.replaceLast(with: input) }
      return
    }
    recorder.replaceLast(
      with: .unreplayable("\(run): it waits for its protection, and its first screen is not made yet"),
      awaiting: flow, input)
  }

  /// How a run is recorded: at once, or once its first screen is made.
  enum RecordedRun {
    /// The input.
    case input(RecordedInput)
    /// The input, made from the route of the flow's first screen when it is made.
    case awaitingRoute((AnyRoute) -> RecordedInput)
  }

  /// The run of `flow` as a log records it, or why it can't be replayed.
  private func recordedRun(
    of flow: AnyFlow, _ presentation: FlowPresentation,
    _ recordedPresentation: Result<RecordedFlowPresentation, SessionRecorder.Unnamed>, parent: AnyFlow?,
    parentPath: [Int]??, animated: Bool
  ) -> RecordedRun {
    let run = "run(\(flow.name), as: \(presentation))"
    guard let tag = routes.flowTags[ObjectIdentifier(type(of: flow))] else {
      return .input(
        .unreplayable("\(run): its type is not registered for snapshots (RouteTable.registerFlow)"))
    }
    let recorded: RecordedFlowPresentation
    switch recordedPresentation {
    case .success(let presentation): recorded = presentation
    case .failure(let unnamed): return .input(.unreplayable("\(run): \(unnamed.reason)"))
    }
    if let parent, case .some(.none) = parentPath {
      return .input(.unreplayable("\(run): its parent \(parent.id) is not in the live flow tree"))
    }
    let make: (AnyRoute) -> RecordedInput = { route in
      guard case .some(.some(let path)) = parentPath else {
        return .runFlow(tag: tag, route: route, presentation: recorded, animated: animated)
      }
      return .runChildFlow(parent: path, tag: tag, route: route, presentation: recorded, animated: animated)
    }
    if let route = flow.firstScreen?.navigationKey as? AnyRoute { return .input(make(route)) }
    // A run that waits for its protection has made nothing yet.
    if case .ready = flow.state { return .awaitingRoute(make) }
    return .input(.unreplayable("\(run): its first screen has no route"))
  }

  /// Runs `flow` as a recorded run is replayed: as `run(_:as:animated:onEnd:)` does (it may
  /// wait for its protection), with no end handler, as a child of `parent` when given, and
  /// throwing a refusal.
  func runReplayed<Output>(
    _ flow: Flow<Output>, _ presentation: FlowPresentation, parent: AnyFlow?, animated: Bool
  ) throws(NavigationError) {
    if let parent {
      return try parent.runChild(flow, presentation, animated: animated, canWait: true, onEnd: nil)
    }
    try recordingRun(flow, presentation, animated: animated) { () throws(NavigationError) in
      try keeper.run(flow, parent: nil, presentation, animated: animated, canWait: true, onEnd: nil)
    }
  }
}
