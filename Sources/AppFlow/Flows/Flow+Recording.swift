import Navigator

// A flow's inputs as a session recorder hears them, and as a replay applies them.

/// A recorded input a replay applies to a flow, whatever its output.
enum ReplayedFlowInput {
  /// Runs the flow from the app controller, with no end handler.
  case run(in: AppController, FlowPresentation, animated: Bool)
  /// Cancels the flow.
  case cancel(removingScreens: Bool, animated: Bool)
}

/// Why a flow could not apply a replayed input.
enum ReplayedFlowFailure: Error {
  /// The call was refused, as the recording's may have been.
  case refused(NavigationError)
}

extension Flow {
  /// Applies a replayed input: the same call the recording made.
  func replayedInput(_ input: ReplayedFlowInput) throws(ReplayedFlowFailure) {
    do throws(NavigationError) {
      switch input {
      case .run(let app, let presentation, let animated):
        try app.tryRun(self, as: presentation, animated: animated)
      case .cancel(let removingScreens, let animated):
        try tryCancel(removingScreens: removingScreens, animated: animated)
      }
    } catch {
      throw .refused(error)
    }
  }

  /// ``tryFinish(_:removingScreens:animated:)`` while `app` records.
  func recordingFinish(_ output: Output, in app: AppController, removingScreens: Bool, animated: Bool)
    throws(NavigationError)
  {
    try app.recording(.unreplayable("finish \(id) with its output, which a log does not record")) {
      () throws(NavigationError) in
      try finishNow(output, removingScreens: removingScreens, animated: animated)
    }
  }

  /// ``tryFinish(_:removingScreens:animated:)``, once its recorder heard it.
  func finishNow(_ output: Output, removingScreens: Bool, animated: Bool) throws(NavigationError) {
    try checkCanEnd("finish")
    var output = output
    try withUnsafeMutablePointer(to: &output) { (output) throws(NavigationError) in
      self.output.lend(output)
      defer { self.output.keepLentOutput() }
      try keeper!.end(self, asking: .finished, removingScreens: removingScreens, animated: animated)
    }
  }

  /// ``tryCancel(removingScreens:animated:)`` while `app` records: named by the flow's index
  /// path in the live flow tree.
  func recordingCancel(in app: AppController, removingScreens: Bool, animated: Bool) throws(NavigationError) {
    let input =
      app.keeper.indexPath(of: self).map {
        RecordedInput.cancelFlow(at: $0, removingScreens: removingScreens, animated: animated)
      } ?? .unreplayable("cancel \(id), which is not in the live flow tree")
    try app.recording(input) { () throws(NavigationError) in
      try cancelNow(removingScreens: removingScreens, animated: animated)
    }
  }

  /// ``tryCancel(removingScreens:animated:)``, once its recorder heard it.
  func cancelNow(removingScreens: Bool, animated: Bool) throws(NavigationError) {
    try checkCanEnd("cancel")
    let error = NavigationError(
      .flowCancelled, "\(id) cancelled itself.", screens: firstScreen.map { [$0.screenID] } ?? [])
    try keeper!.end(self, asking: .cancelled(error), removingScreens: removingScreens, animated: animated)
  }
}
