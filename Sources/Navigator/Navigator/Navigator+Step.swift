extension Navigator {
  /// Runs a step now, its refusal thrown; or, while the window is busy, queues it behind the
  /// running transition and earlier requests, where its refusal goes to the caller's
  /// late-refusal route.
  ///
  /// Under a ``TransitionRequestPolicy/reject`` policy (`policy`, else the window's) a busy
  /// window refuses at once.
  func start(_ step: NavigatorStep, policy: TransitionRequestPolicy?) throws(NavigationError) {
    guard window.isBusy else { return try run(step) }
    try refuseWhileBusy(step.request, policy: policy)
    window.enqueue(.navigate(step))
  }

  /// Runs a step whose turn it is: checks the hierarchy as it is now, then navigates.
  ///
  /// A refusal changes nothing: a restyled screen gets its style back, a made screen leaves
  /// the container it was embedded in.
  func run(_ step: NavigatorStep) throws(NavigationError) {
    switch step.move {
    case .push(let shown, let made):
      try pushNow(
        shown, made: made, origin: step.origin, animated: step.animated,
        transitionDuration: step.caller.transitionDuration, prepare: step.caller.prepare,
        completion: { step.caller.complete(shown) })
    case .present(let shown, let made, let restyle):
      try presentNow(
        shown, made: made, restyle, origin: step.origin, animated: step.animated,
        transitionDuration: step.caller.transitionDuration, prepare: step.caller.prepare,
        completion: { step.caller.complete(shown) })
    case .pop(let navigation):
      try pop(navigation, step)
    }
  }

  /// Pushes `shown` (the made screen, or its container) onto the stack of `origin` (the
  /// visible screen when `nil`) after checking the hierarchy as it is now: what a push step
  /// does when it runs. A navigation on a free window calls it directly, with no step (and
  /// none of a step's closures) to make.
  ///
  /// - Parameters:
  ///   - checkedStack: The stack `shown` was found for and checked against just before, with
  ///     nothing run since that could change the hierarchy; `nil` to look it up and check.
  ///   - prepare: Loads, feeds and configures the made screen; runs once the checks passed.
  ///   - completion: Runs once the push finished.
  func pushNow(
    _ shown: ViewController, made: ViewController, onto checkedStack: NavigationController? = nil,
    origin: ViewController?, animated: Bool, transitionDuration: ((ViewController) -> Double)?,
    prepare: () -> Void, completion: (() -> Void)?
  ) throws(NavigationError) {
    let navigation: NavigationController
    do throws(NavigationError) {
      if let checkedStack {
        navigation = checkedStack
      } else {
        navigation = try stack(from: origin)
        if let error = navigation.pushError(shown) { throw error }
      }
    } catch {
      Navigator.releaseEmbedding(of: made, from: shown)
      throw error
    }
    prepare()
    withDuration(transitionDuration, for: shown) {
      navigation.performPush(shown, animated: animated, options: nil, completion: completion)
    }
  }

  /// Presents `shown` (the made screen, or its container) from `origin` (the visible screen
  /// when `nil`), restyled first, after checking the hierarchy as it is now: what a
  /// presentation step does when it runs. A refusal gives the screen its style back.
  ///
  /// - Parameters:
  ///   - prepare: Loads, feeds and configures the made screen; runs once the checks passed.
  ///   - completion: Runs once the presentation finished.
  func presentNow(
    _ shown: ViewController, made: ViewController, _ restyle: NavigatorStep.Restyle, origin: ViewController?,
    animated: Bool, transitionDuration: ((ViewController) -> Double)?, prepare: () -> Void,
    completion: (() -> Void)?
  ) throws(NavigationError) {
    let presenter: ViewController
    let saved = SavedPresentation(shown)
    do throws(NavigationError) {
      presenter = try self.origin(origin, for: "present")
      try apply(restyle, to: shown)
      if let error = presenter.presentationError(presenting: shown, window: window) { throw error }
    } catch {
      saved.restore(shown)
      Navigator.releaseEmbedding(of: made, from: shown)
      throw error
    }
    prepare()
    let request = NavigationRequest.present(shown.screenID, from: presenter.screenID, animated: animated)
    withDuration(transitionDuration, for: shown) {
      presenter.presentNow(
        shown, animated: animated, completion: completion, request: request, window: window)
    }
  }

  /// Pops whichever screen is on top of `navigation` when the step runs, as
  /// `popViewController(animated:)` does, after its guard allows.
  private func pop(_ navigation: NavigationController, _ step: NavigatorStep) throws(NavigationError) {
    let top = try poppableTop(of: navigation)
    _ = navigation.confirmLeavingTop(
      trigger: .programmatic, ignoringGuard: false,
      onDenial: {
        step.caller.deny(
          NavigationError(
            .navigationDenied, "\(top.screenID) denied leaving \(navigation.screenID).",
            screens: [top.screenID, navigation.screenID]))
      }
    ) { [weak self] in
      guard navigation.topViewController === top else {
        // Something that does not queue (a new root, a stack set while the guard was
        // asked) moved the screen the guard approved; popping another one would be wrong.
        step.caller.refuseLate(
          NavigationError(
            .invalidRequest,
            "Can't pop \(top.screenID) from \(navigation.screenID): it left the top while its guard "
              + "was asked.",
            screens: [top.screenID, navigation.screenID]))
        return
      }
      step.caller.succeed(top)
      let pop = {
        _ = navigation.performPop(
          .programmatic, animated: step.animated, completion: { step.caller.complete(top) })
      }
      if let self { withDuration(step.caller.transitionDuration, for: top, pop) } else { pop() }
    }
  }

  /// The top screen of `navigation`, which a pop would take; refused when only the root
  /// screen is left.
  func poppableTop(of navigation: NavigationController) throws(NavigationError) -> ViewController {
    guard let top = navigation.topViewController, navigation.viewControllers.count > 1 else {
      throw NavigationError(
        .invalidRequest, "Can't pop from \(navigation.screenID): only its root screen is left.",
        screens: [navigation.screenID])
    }
    return top
  }

  /// Runs `body` with the transition duration the caller's transitioning delegate gives the
  /// screen, if any.
  func withDuration(
    _ duration: ((ViewController) -> Double)?, for screen: ViewController, _ body: () -> Void
  ) {
    guard let duration else { return body() }
    window.nextTransitionDuration = duration(screen)
    defer { window.nextTransitionDuration = nil }
    body()
  }

  /// Restyles a screen about to be presented, or refuses an anchor that left the window.
  private func apply(_ restyle: NavigatorStep.Restyle, to shown: ViewController) throws(NavigationError) {
    switch restyle {
    case .modal(let style):
      if let style { shown.modalPresentationStyle = style }
    case .popover(let anchor, let keepsPopover):
      if let error = anchorError(anchor) { throw error }
      shown.modalPresentationStyle = .popover
      let controller = shown.popoverPresentationController!
      controller.anchor = anchor
      if keepsPopover { controller.delegate = popoverKeeper }
    }
  }

  /// The caller's code for a navigation that shows `screen`: typed closures over the
  /// options and the caller's own configure and completion closures.
  func caller<Screen>(
    showing screen: Screen, _ shown: ViewController, _ options: NavigationOptions<Screen>,
    configure: ((Screen) -> Void)?, completion: ((Screen) -> Void)?, lateFailure: ((NavigationError) -> Void)?
  ) -> NavigatorStep.Caller {
    NavigatorStep.Caller(
      prepare: { [unowned self] in prepare(screen, shown: shown, options, configure: configure) },
      succeed: { _ in },
      complete: { _ in
        completion?(screen)
        options.completionHandler?(screen)
      },
      deny: { options.failureHandler?($0) },
      refuseLate: refusingLate(options, lateFailure: lateFailure),
      transitionDuration: transitionDuration(options))
  }
}

extension Navigator {
  /// Routes a refusal found after the call returned (a step that waited, a guard that
  /// answered later): to `onFailure`, then, when an async caller waits for it
  /// (`lateFailure`), to that caller, recorded in the journal and handed to the misuse
  /// handler as under ``MisusePolicy/report`` (the caller handles it, so it never traps);
  /// otherwise to the window's misuse policy. Works once this navigator is gone, and holds
  /// the window weakly, as the window's queue holds the step.
  func refusingLate<Screen>(
    _ options: NavigationOptions<Screen>, lateFailure: ((NavigationError) -> Void)?
  ) -> (NavigationError) -> Void {
    // The window through its token: a weak reference would slow down its every retain.
    { [token = window.token] error in
      options.failureHandler?(error)
      guard let window = token.window else { return lateFailure?(error) ?? () }
      if let lateFailure {
        lateFailure(error)
        window.reportMisuse(error)
      } else {
        Misuse.handle(error, in: window)
      }
    }
  }
}

/// What a restyle changes on the screen to present, to put back when a check refuses it.
private struct SavedPresentation {
  let style: ModalPresentationStyle
  let anchor: PopoverAnchor?
  let delegate: (any PopoverPresentationControllerDelegate)?

  init(_ shown: ViewController) {
    style = shown.modalPresentationStyle
    anchor = shown.presentationState.popoverController?.anchor
    delegate = shown.presentationState.popoverController?.delegate
  }

  func restore(_ shown: ViewController) {
    shown.modalPresentationStyle = style
    shown.presentationState.popoverController?.anchor = anchor
    shown.presentationState.popoverController?.delegate = delegate
  }
}
