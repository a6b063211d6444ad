import Navigator

extension SessionLog {
  /// Replays the log into `app`, a fresh app controller with the same routes and flows as
  /// the one recorded: applies each input in order, and compares the journal events each
  /// one causes, and the end state, with the log's, stopping at the first difference.
  ///
  /// A log with a ``start`` snapshot starts `app` and restores the snapshot first (not
  /// compared); one without starts from `app` as it is, its first input usually
  /// ``RecordedInput/start``. Steps recorded without events, and a log without an end
  /// state, are applied without comparing them. A refused call is replayed refused: the
  /// replay calls its throwing form, and hands the error to the window's misuse policy when
  /// the recorded events show that the recording did.
  ///
  /// ```swift
  /// let app = makeApp()                        // the same routes and flows, not started
  /// let replayed = try log.replay(into: app)   // the same journal and state, or a ReplayError
  /// ```
  ///
  /// - Parameter app: A fresh app controller, not started; its window's journal is switched
  ///   on, and it records (with events) while the replay runs.
  /// - Returns: The replay's own log (its inputs, events and end state), for a test to
  ///   compare or encode.
  /// - Throws: ``ReplayError``: ``ReplayError/Code/divergence`` with the first difference
  ///   (``ReplayError/divergence``); ``ReplayError/Code/unreplayableInput`` at an input the
  ///   recorder could not name by keys; ``ReplayError/Code/missingTarget`` for an input
  ///   whose screen, flow or manual scheduler the replayed window doesn't have;
  ///   ``ReplayError/Code/badStart`` for an app controller already started or a start
  ///   snapshot that doesn't restore. The inputs before the failing one stay applied.
  @discardableResult
  public func replay(into app: AppController) throws(ReplayError) -> SessionLog {
    try replay(into: app) { _, _ in }
  }

  /// Replays the log into `app` as ``replay(into:)`` does, calling `afterEach` once each
  /// step has been applied and its events matched: a viewer shows each input and the state
  /// it led to in one replay.
  ///
  /// ```swift
  /// try log.replay(into: app) { index, step in
  ///   print(index, step.input, app.window.navigationState(keyedBy: AnyRoute.self))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - app: A fresh app controller, not started, as for ``replay(into:)``.
  ///   - afterEach: Called with each step's index and the step, after it replayed as
  ///     recorded; not called for the step that diverged or can't be replayed.
  /// - Returns: The replay's own log, as ``replay(into:)``.
  /// - Throws: As ``replay(into:)``.
  @discardableResult
  public func replay(
    into app: AppController, afterEach: (_ index: Int, _ step: Step) -> Void
  ) throws(ReplayError) -> SessionLog {
    guard !app.isStarted else {
      throw ReplayError(.badStart, "A log replays into a fresh app controller; this one has started.")
    }
    app.window.journal.isEnabled = true
    if let start { try Replayer.restore(start, into: app) }
    let recorder: SessionRecorder
    do {
      recorder = try app.startRecording(recordingEvents: true)
    } catch {
      throw ReplayError(.badStart, "The replay can't record from its start: \(error)")
    }
    defer { app.stopRecording() }
    for (index, step) in steps.enumerated() {
      let before = app.window.journal.events.count
      try Replayer.apply(step, at: index, to: app)
      if let expected = step.events {
        let actual = app.window.journal.events[before...].map { "\($0)" }
        if let divergence = Replayer.firstDifference(expected, actual, at: index, step.input) {
          throw ReplayError(.divergence, divergence.description, divergence: divergence)
        }
      }
      afterEach(index, step)
    }
    let replayed = recorder.log
    if let end, let actualEnd = replayed.end, end != actualEnd {
      let divergence = ReplayDivergence(
        inputIndex: steps.count, input: nil, eventIndex: nil, expected: end, actual: actualEnd)
      throw ReplayError(.divergence, divergence.description, divergence: divergence)
    }
    return replayed
  }
}

/// Applies recorded inputs to an app controller.
enum Replayer {
  /// The window's state as a log keeps it: its text tree, screens by their routes.
  static func stateText(of window: Window) -> String {
    window.navigationState(keyedBy: AnyRoute.self).description
  }

  /// The first difference between two lists of events, as a divergence at `input`.
  static func firstDifference(_ expected: [String], _ actual: [String], at index: Int, _ input: RecordedInput)
    -> ReplayDivergence?
  {
    let count = max(expected.count, actual.count)
    for eventIndex in 0..<count {
      let recorded = eventIndex < expected.count ? expected[eventIndex] : nil
      let replayed = eventIndex < actual.count ? actual[eventIndex] : nil
      if recorded != replayed {
        return ReplayDivergence(
          inputIndex: index, input: input, eventIndex: eventIndex, expected: recorded, actual: replayed)
      }
    }
    return nil
  }

  /// Starts `app` and restores `snapshot` into it, settling a manual scheduler.
  static func restore(_ snapshot: NavigationSnapshot, into app: AppController) throws(ReplayError) {
    do {
      try app.start()
    } catch {
      throw ReplayError(.badStart, "The replay's app controller doesn't start: \(error)")
    }
    var failure: RestorationError?
    app.restore(snapshot, animated: false) { result in
      if case .failure(let error) = result { failure = error }
    }
    app.window.scheduler.manualScheduler?.settle()
    if let failure {
      throw ReplayError(.badStart, "The log's start snapshot doesn't restore: \(failure)")
    }
  }

  /// Applies the input of `step`, the log's input at `index`.
  static func apply(_ step: SessionLog.Step, at index: Int, to app: AppController) throws(ReplayError) {
    let paths = ScreenPaths(window: app.window)
    /// The screen at `path`, or a missing-target error.
    func screen(_ path: StatePath) throws(ReplayError) -> ViewController {
      guard let screen = paths.screen(at: path) else {
        throw ReplayError(
          .missingTarget,
          "Input \(index), \(step.input), names \(path), where the replayed window has no screen.")
      }
      return screen
    }
    /// The navigation controller at `path`, or a missing-target error.
    func stack(_ path: StatePath) throws(ReplayError) -> NavigationController {
      guard let navigation = try screen(path) as? NavigationController else {
        throw ReplayError(
          .missingTarget,
          "Input \(index), \(step.input), names \(path), where the replayed window has no navigation controller."
        )
      }
      return navigation
    }
    /// The origin at `path`, if one is given.
    func origin(_ path: StatePath?) throws(ReplayError) -> ViewController? {
      try path.map { (path) throws(ReplayError) in try screen(path) }
    }
    /// The window's manual scheduler, or a missing-target error.
    func scheduler() throws(ReplayError) -> ManualScheduler {
      guard let manual = app.window.scheduler.manualScheduler else {
        throw ReplayError(
          .missingTarget,
          "Input \(index), \(step.input), needs a manual scheduler; the replayed window has none.")
      }
      return manual
    }
    /// Runs a call that throws; a refusal goes to the misuse policy when the recording's
    /// events show that it went there.
    func refusable(_ body: () throws(NavigationError) -> Void) {
      do {
        try body()
      } catch {
        if step.events?.contains("\(NavigationEvent.misuse(error))") == true {
          app.window.handleMisuse(error)
        }
      }
    }

    /// Applies a flow's input; a refusal as ``refusable(_:)`` does.
    func replay(_ input: ReplayedFlowInput, on flow: AnyFlow) throws(ReplayError) {
      do {
        try flow.replayed(input)
      } catch {
        switch error {
        case .refused(let refusal): refusable { () throws(NavigationError) in throw refusal }
        case .unreadableOutput(let reason):
          throw ReplayError(.badLog, "Input \(index), \(step.input): its output doesn't read: \(reason).")
        }
      }
    }

    switch step.input {
    case .start: refusable { () throws(NavigationError) in try app.start() }
    case .stop: app.stop()
    case .open(let url, let animated): app.open(url, animated: animated)
    case .navigateToRoute(let route, let animated): app.navigate(to: route.base, animated: animated)
    case .navigateToRoutes(let routes, let animated): app.navigate(to: routes.map(\.base), animated: animated)
    case .restore(let snapshot, let animated): app.restore(snapshot, animated: animated)
    case .runFlow(let tag, let route, let presentation, let animated):
      guard let flow = app.routes.flowRestorers[tag]?(route, app.routes.context) else {
        throw ReplayError(
          .missingTarget, "Input \(index), \(step.input): no flow type is registered with the tag \"\(tag)\"."
        )
      }
      let shown = try KeyedReplay(step: step, index: index, app: app, paths: paths).flowPresentation(
        presentation)
      try replay(.run(in: app, shown, parent: nil, animated: animated), on: flow)
    case .cancelFlow(let path, let removingScreens, let animated):
      guard let flow = app.keeper.flow(at: path) else {
        throw ReplayError(
          .missingTarget, "Input \(index), \(step.input): the live flow tree has no flow at \(path).")
      }
      try replay(.cancel(removingScreens: removingScreens, animated: animated), on: flow)
    case .navigate(let state, let animated):
      refusable { () throws(NavigationError) in
        try app.navigator.tryNavigate(to: state, options: StateNavigationOptions().animated(animated))
      }
    case .push(let route, let from, let animated):
      let origin = try origin(from)
      refusable { () throws(NavigationError) in
        let screen = try app.routes.makeScreen(for: route)
        var options = NavigationOptions<ViewController>().animated(animated)
        if let origin { options = options.from(origin) }
        try app.navigator.tryPush(.instance(screen), options: options)
      }
    case .presentModal(let route, let style, let embeddedInNavigationController, let from, let animated):
      let origin = try origin(from)
      refusable { () throws(NavigationError) in
        let screen = try app.routes.makeScreen(for: route)
        var options = NavigationOptions<ViewController>().animated(animated)
        if let origin { options = options.from(origin) }
        if embeddedInNavigationController { options = options.embedded(in: .navigationController) }
        try app.navigator.tryPresentModal(.instance(screen), style: style, options: options)
      }
    case .pop(let from, let animated):
      let origin = try origin(from)
      refusable { () throws(NavigationError) in
        var options = NavigationOptions<ViewController>().animated(animated)
        if let origin { options = options.from(origin) }
        try app.navigator.tryPop(options: options)
      }
    case .dismiss(let from, let animated):
      let origin = try origin(from)
      refusable { () throws(NavigationError) in
        var options = NavigationOptions<ViewController>().animated(animated)
        if let origin { options = options.from(origin) }
        try app.navigator.tryDismiss(options: options)
      }
    case .removeChild(let path, let animated):
      let child = try screen(path)
      refusable { () throws(NavigationError) in
        try app.navigator.tryRemoveChild(child, options: NavigationOptions().animated(animated))
      }
    case .tapBackButton(let path): try stack(path).navigationBar.tapBackButton()
    case .beginInteractivePop(let path): try stack(path).beginInteractivePop()
    case .updateInteractivePop(let path, let progress):
      try stack(path).updateInteractivePop(progress: progress)
    case .cancelInteractivePop(let path): try stack(path).cancelInteractivePop()
    case .finishInteractivePop(let path): try stack(path).finishInteractivePop()
    case .beginInteractiveDismissal(let path):
      try screen(path).presentationController?.beginInteractiveDismissal()
    case .cancelInteractiveDismissal(let path):
      try screen(path).presentationController?.cancelInteractiveDismissal()
    case .finishInteractiveDismissal(let path):
      try screen(path).presentationController?.finishInteractiveDismissal()
    case .tapOutsidePopover: app.window.tapOutsidePopover()
    case .answerPopDecision(let path, let allowed):
      guard let decision = try stack(path).pendingPopDecision else {
        throw ReplayError(
          .missingTarget, "Input \(index), \(step.input): the stack at \(path) has no pending pop decision.")
      }
      decision.answer(allowed)
    case .advance(let duration): try scheduler().advance(by: duration)
    case .runLoopTurn: try scheduler().runLoopTurn()
    case .finishTransitions: try scheduler().finishTransitions()
    case .settle(let limit): try scheduler().settle(limit: limit)
    case .unreplayable(let reason):
      throw ReplayError(.unreplayableInput, "Input \(index) can't be replayed: \(reason)")
    case .clock(let time):
      app.recording(.clock(time)) { app.sessionRecorder?.takeClockReadingForNextInput(time) }
    case .runChildFlow(let path, let tag, let route, let presentation, let animated):
      guard let parent = app.keeper.flow(at: path) else {
        throw ReplayError(
          .missingTarget, "Input \(index), \(step.input): the live flow tree has no flow at \(path).")
      }
      guard let flow = app.routes.flowRestorers[tag]?(route, app.routes.context) else {
        throw ReplayError(
          .missingTarget, "Input \(index), \(step.input): no flow type is registered with the tag \"\(tag)\"."
        )
      }
      let shown = try KeyedReplay(step: step, index: index, app: app, paths: paths).flowPresentation(
        presentation)
      try replay(.run(in: app, shown, parent: parent, animated: animated), on: flow)
    case .finishFlow(let path, let output, let removingScreens, let animated):
      guard let flow = app.keeper.flow(at: path) else {
        throw ReplayError(
          .missingTarget, "Input \(index), \(step.input): the live flow tree has no flow at \(path).")
      }
      try replay(.finish(output: output, removingScreens: removingScreens, animated: animated), on: flow)
    case .answerProtection(let pending, let decision):
      let waiting = app.existingProtectionKeeper?.waitingForLateAnswers ?? []
      guard waiting.indices.contains(pending) else {
        throw ReplayError(
          .missingTarget,
          "Input \(index), \(step.input): \(waiting.count) protection evaluations wait for a late answer; "
            + "the log names evaluation \(pending).")
      }
      // Answers through the space's own `decide`: the first answer counts, so the app's own
      // later call is ignored.
      waiting[pending].decide(decision.decision)
    case .tapOutsidePopoverOnView(let owner, let path):
      let replay = KeyedReplay(step: step, index: index, app: app, paths: paths)
      let screen = try replay.screen(owner)
      app.window.tapOutsidePopover(on: try replay.view(path, in: screen) ?? screen.view)
    case .pushScreen, .presentModalScreen, .popover, .addChild, .removeChildScreen, .withOptions:
      try KeyedReplay(step: step, index: index, app: app, paths: paths).apply(step.input)
    case .protected(let navigation, let name, let canWait):
      let spaces = app.routes.protectionSpaces(named: name)
      guard spaces.count == 1 else {
        throw ReplayError(
          .missingTarget,
          "Input \(index), \(step.input): the replayed app controller's route table knows "
            + (spaces.isEmpty ? "no protection space" : "\(spaces.count) protection spaces")
            + " named \(name); register one with RouteTable.registerProtection(_:) or a route's protectedBy.")
      }
      let protection = KeyedReplay.Protection(space: spaces[0], canWait: canWait)
      switch navigation {
      case .push(let route, let from, let animated):
        let origin = try origin(from)
        refusable { () throws(NavigationError) in
          let screen = try app.routes.makeScreen(for: route)
          var options = NavigationOptions<ViewController>().animated(animated).protect(with: protection.space)
          if let origin { options = options.from(origin) }
          if canWait {
            app.navigator.push(.instance(screen), options: options)
          } else {
            try app.navigator.tryPush(.instance(screen), options: options)
          }
        }
      case .presentModal(let route, let style, let embeddedInNavigationController, let from, let animated):
        let origin = try origin(from)
        refusable { () throws(NavigationError) in
          let screen = try app.routes.makeScreen(for: route)
          var options = NavigationOptions<ViewController>().animated(animated).protect(with: protection.space)
          if let origin { options = options.from(origin) }
          if embeddedInNavigationController { options = options.embedded(in: .navigationController) }
          if canWait {
            app.navigator.presentModal(.instance(screen), style: style, options: options)
          } else {
            try app.navigator.tryPresentModal(.instance(screen), style: style, options: options)
          }
        }
      case .pushScreen, .presentModalScreen, .popover, .addChild, .withOptions:
        var replay = KeyedReplay(step: step, index: index, app: app, paths: paths)
        replay.protection = protection
        try replay.apply(navigation)
      default:
        throw ReplayError(
          .badLog,
          "Input \(index), \(step.input): a protection guards a navigator call that makes a screen, not "
            + "\(navigation).")
      }
    }
  }
}
