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
  public func pop(
    options: NavigationOptions<ViewController> = NavigationOptions()
  ) {
    reportingMisuse { () throws(NavigationError) in
      try tryPop(options: options)
    }
  }

  /// Pops the top screen of the origin's navigation stack, throwing when a check refuses it.
  ///
  /// - Parameters:
  ///   - options: Animation, origin and the option closures.
  /// - Throws: ``NavigationError/Code/invalidRequest`` when the origin is in no navigation
  ///   stack or its stack holds only the root; nothing changes then. A guard's denial
  ///   reaches `onFailure` instead, possibly later. While the window is busy, the pop
  ///   waits in its queue (or is refused at once under the ``TransitionRequestPolicy/reject``
  ///   policy) and pops the screen on top when it runs; a refusal found then goes to
  ///   `onFailure` and the window's misuse policy.
  public func tryPop(
    options: NavigationOptions<ViewController> = NavigationOptions()
  ) throws(NavigationError) {
    try pop(options, completion: nil, lateFailure: nil)
  }

  /// Checks and pops; `lateFailure` hears an error found when a request that waited in the
  /// queue runs.
  private func pop(
    _ options: NavigationOptions<ViewController>, completion: ((ViewController) -> Void)?,
    lateFailure: ((NavigationError) -> Void)?
  ) throws(NavigationError) {
    let observer = window.beginInput(.pop(origin: options.origin, animated: options.isAnimated))
    defer { observer?.windowDidHandleInput(window) }
    try attempt(options) { () throws(NavigationError) in
      let origin = try origin(options, for: "pop")
      guard let navigation = origin.asNavigationStack ?? origin.navigationController else {
        throw NavigationError(
          .invalidRequest, "Can't pop from \(origin.screenID): it is not in a navigation stack.",
          screens: [origin.screenID])
      }
      guard window.isBusy || navigation.mustAskGuard(ignoring: false) else {
        // The step would run at once and pop without asking (start(_:policy:)): pop without
        // making it.
        let top = try poppableTop(of: navigation)
        options.successHandler?(top)
        withDuration(transitionDuration(options), for: top) {
          _ = navigation.performPop(
            .programmatic, animated: options.isAnimated, completion: finishing(top, options, completion))
        }
        return
      }
      try start(
        NavigatorStep(
          navigator: self, move: .pop(navigation), origin: options.origin, animated: options.isAnimated,
          request: .pop(from: navigation.screenID, animated: options.isAnimated),
          caller: NavigatorStep.Caller(
            prepare: {},
            succeed: { options.successHandler?($0) },
            complete: { popped in
              completion?(popped)
              options.completionHandler?(popped)
            },
            deny: { options.failureHandler?($0) },
            refuseLate: refusingLate(options, lateFailure: lateFailure),
            transitionDuration: transitionDuration(options)
          )),
        policy: navigation.transitionRequestPolicy)
    }
  }

  /// Pops the top screen and returns it once the pop finished.
  ///
  /// A ``PopConfirming`` guard that answers later keeps this call waiting until it
  /// answers, as it keeps the window's queue waiting.
  ///
  /// - Parameter options: Animation, origin and the option closures.
  /// - Returns: The popped screen.
  /// - Throws: As ``tryPop(options:)``, and
  ///   ``NavigationError/Code/navigationDenied`` when the top screen's guard denied.
  ///   A refusal found when a request that waited in the queue runs is thrown here too,
  ///   and reported as under ``MisusePolicy/report`` (journal and misuse handler), never
  ///   trapped.
  @discardableResult
  public func popAndWait(options: NavigationOptions<ViewController> = NavigationOptions())
    async throws(NavigationError)
    -> ViewController
  {
    try await awaitCompletion { (done, fail) throws(NavigationError) in
      // A guard's denial reaches `onFailure` only; the wrapper hands it to this caller too.
      try pop(
        options.onFailure { error in
          options.failureHandler?(error)
          fail(error)
        }, completion: done, lateFailure: fail)
    }
  }
}
