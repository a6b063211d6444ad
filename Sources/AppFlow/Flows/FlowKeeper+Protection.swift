import Navigator

// The runs that wait for their flow's protection: refused when the flow can't run, ended with
// their parent or when the app controller stops.
extension FlowKeeper {
  /// Ends a flow that never ran, cancelled with `error` (its protection denied it, or its
  /// navigation was refused once allowed): it gets its outcome, and can't run again.
  static func refuse<Output>(
    _ flow: Flow<Output>, _ error: NavigationError, _ onEnd: ((FlowOutcome<Output>) -> Void)?
  ) {
    guard case .ready = flow.state else { return }
    flow.onEnd = onEnd
    flow.state = .ended(.cancelled(error))
    flow.deliver(.cancelled(error))
  }

  /// Ends the runs waiting for their protection under `parent`, which ends with `ending`:
  /// each child is cancelled, its parent ended, before the parent's outcome.
  func cancelWaitingRuns(under parent: AnyFlow, _ ending: FlowEnding) {
    let orphans = waitingRuns.filter { $0.parent?.object === parent }
    waitingRuns.removeAll { run in orphans.contains { $0.admission === run.admission } }
    for run in orphans {
      run.admission.refuse(
        NavigationError(
          .flowParentEnded,
          "The \(run.admission.navigation) was cancelled: its parent \(parent.id) ended (\(ending)) while its "
            + "protection decided."))
    }
  }

  /// Refuses every run waiting for its protection: the app controller stopped.
  func refuseWaitingRuns() {
    let waiting = waitingRuns
    waitingRuns.removeAll()
    for run in waiting {
      run.admission.refuse(
        NavigationError(
          .appStopped,
          "The \(run.admission.navigation) was cancelled: the app controller stopped while its "
            + "protection decided."))
    }
  }
}

/// A flow held weakly.
struct WeakFlow {
  /// The flow, while something else holds it.
  weak var object: AnyFlow?
}
