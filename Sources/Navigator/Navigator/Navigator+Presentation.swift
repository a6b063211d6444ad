extension Navigator {
  // MARK: Modal

  /// Presents a screen modally from the origin (the visible screen by default),
  /// optionally wrapped in a navigation controller; a failure goes to the window's misuse
  /// policy and to `onFailure`.
  ///
  /// - Parameters:
  ///   - destination: The screen to present: an instance, a type or a scene.
  ///   - style: The presentation style to give the shown screen; its own when `nil`.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it is presented.
  ///   - completion: Runs once the presentation finished (after `viewDidAppear`).
  /// - Returns: The presented screen (inside its container when embedded), or `nil`.
  @discardableResult
  public func presentModal<Screen: ViewController>(
    _ destination: Destination<Screen>, style: ModalPresentationStyle? = nil,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil,
    completion: ((Screen) -> Void)? = nil
  ) -> Screen? {
    reportingMisuse { () throws(NavigationError) in
      try tryPresentModal(
        destination, style: style, options: options, configure: configure, completion: completion)
    }
  }

  /// Presents a screen modally, throwing when a check refuses it; nothing changes then.
  ///
  /// - Parameters:
  ///   - destination: The screen to present: an instance, a type or a scene.
  ///   - style: The presentation style to give the shown screen; its own when `nil`.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it is presented.
  ///   - completion: Runs once the presentation finished (after `viewDidAppear`).
  /// - Returns: The presented screen.
  /// - Throws: A ``NavigationError``: a catalogue error, a wrong type, an origin already
  ///   presenting or not in a visible window, a screen that cannot be presented.
  @discardableResult
  public func tryPresentModal<Screen: ViewController>(
    _ destination: Destination<Screen>, style: ModalPresentationStyle? = nil,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil,
    completion: ((Screen) -> Void)? = nil
  ) throws(NavigationError) -> Screen {
    try presentModal(
      destination, style, options, configure: configure, completion: completion, lateFailure: nil)
  }

  private func presentModal<Screen>(
    _ destination: Destination<Screen>, _ style: ModalPresentationStyle?,
    _ options: NavigationOptions<Screen>,
    configure: ((Screen) -> Void)?, completion: ((Screen) -> Void)?, lateFailure: ((NavigationError) -> Void)?
  ) throws(NavigationError) -> Screen {
    record(Request(.presentModal, destination, options, presentationStyle: style))
    return try attempt(options) { () throws(NavigationError) in
      try present(
        destination, options, configure: configure, completion: completion, lateFailure: lateFailure
      ) {
        shown throws(NavigationError) in
        if let style { shown.modalPresentationStyle = style }
      }
    }
  }

  /// Presents a screen modally and returns once the presentation finished.
  ///
  /// - Parameters:
  ///   - destination: The screen to present: an instance, a type or a scene.
  ///   - style: The presentation style to give the shown screen; its own when `nil`.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it is presented.
  /// - Returns: The presented screen, after its `viewDidAppear`.
  /// - Throws: As ``tryPresentModal(_:style:options:configure:completion:)``.
  ///   A refusal found when a request that waited in the queue runs is thrown here too,
  ///   and reported as under ``MisusePolicy/report`` (journal and misuse handler), never
  ///   trapped.
  @discardableResult
  public func presentModal<Screen: ViewController>(
    _ destination: Destination<Screen>, style: ModalPresentationStyle? = nil,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) async throws(NavigationError) -> Screen {
    try await awaitCompletion { (done, fail) throws(NavigationError) in
      _ = try presentModal(
        destination, style, options, configure: configure, completion: done, lateFailure: fail)
    }
  }

  // MARK: Popover

  /// Presents a screen as a popover pointing at `anchor`; a failure goes to the window's
  /// misuse policy and to `onFailure`.
  ///
  /// The shown screen gets the ``ModalPresentationStyle/popover`` style and the anchor.
  /// When `keepsPopoverOnCompactWidth` is `true`, its popover delegate (set before
  /// configuration, which may replace it) keeps it a popover on compact width instead of
  /// adapting to a sheet.
  ///
  /// - Parameters:
  ///   - destination: The screen to show: an instance, a type or a scene.
  ///   - anchor: A bar button item, or a view and a rectangle in it.
  ///   - keepsPopoverOnCompactWidth: A Boolean value indicating whether the popover stays
  ///     a popover on compact width.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it is presented.
  ///   - completion: Runs once the presentation finished (after `viewDidAppear`).
  /// - Returns: The screen, or `nil` when the popover was refused.
  @discardableResult
  public func popover<Screen: ViewController>(
    _ destination: Destination<Screen>, anchor: PopoverAnchor, keepsPopoverOnCompactWidth: Bool = false,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil,
    completion: ((Screen) -> Void)? = nil
  ) -> Screen? {
    reportingMisuse { () throws(NavigationError) in
      try tryPopover(
        destination, anchor: anchor, keepsPopoverOnCompactWidth: keepsPopoverOnCompactWidth,
        options: options, configure: configure, completion: completion)
    }
  }

  /// Presents a screen as a popover, throwing when a check refuses it; nothing changes then.
  ///
  /// - Parameters:
  ///   - destination: The screen to show: an instance, a type or a scene.
  ///   - anchor: A bar button item, or a view and a rectangle in it.
  ///   - keepsPopoverOnCompactWidth: A Boolean value indicating whether the popover stays
  ///     a popover on compact width.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it is presented.
  ///   - completion: Runs once the presentation finished (after `viewDidAppear`).
  /// - Returns: The screen.
  /// - Throws: A ``NavigationError``: as a modal presentation, and an anchor that is not in
  ///   a visible window.
  @discardableResult
  public func tryPopover<Screen: ViewController>(
    _ destination: Destination<Screen>, anchor: PopoverAnchor, keepsPopoverOnCompactWidth: Bool = false,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil,
    completion: ((Screen) -> Void)? = nil
  ) throws(NavigationError) -> Screen {
    try popover(
      destination, anchor, keepsPopoverOnCompactWidth, options, configure: configure, completion: completion,
      lateFailure: nil)
  }

  private func popover<Screen>(
    _ destination: Destination<Screen>, _ anchor: PopoverAnchor, _ keepsPopover: Bool,
    _ options: NavigationOptions<Screen>, configure: ((Screen) -> Void)?, completion: ((Screen) -> Void)?,
    lateFailure: ((NavigationError) -> Void)?
  ) throws(NavigationError) -> Screen {
    record(Request(.popover, destination, options, anchor: anchor))
    return try attempt(options) { () throws(NavigationError) in
      try present(
        destination, options, configure: configure, completion: completion, lateFailure: lateFailure
      ) {
        [self] shown throws(NavigationError) in
        guard !window.isHidden, anchor.isInWindow(window) else {
          throw NavigationError(
            .popoverAnchorNotInWindow,
            "Can't present a popover at \(anchor.describedForMessages): the anchor is not in a "
              + "visible window.")
        }
        shown.modalPresentationStyle = .popover
        let controller = shown.popoverPresentationController!
        controller.anchor = anchor
        if keepsPopover { controller.delegate = popoverKeeper }
      }
    }
  }

  /// Presents a screen as a popover and returns once the presentation finished.
  ///
  /// - Parameters:
  ///   - destination: The screen to show: an instance, a type or a scene.
  ///   - anchor: A bar button item, or a view and a rectangle in it.
  ///   - keepsPopoverOnCompactWidth: A Boolean value indicating whether the popover stays
  ///     a popover on compact width.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it is presented.
  /// - Returns: The screen, after its `viewDidAppear`.
  /// - Throws: As ``tryPopover(_:anchor:keepsPopoverOnCompactWidth:options:configure:completion:)``.
  ///   A refusal found when a request that waited in the queue runs is thrown here too,
  ///   and reported as under ``MisusePolicy/report`` (journal and misuse handler), never
  ///   trapped.
  @discardableResult
  public func popover<Screen: ViewController>(
    _ destination: Destination<Screen>, anchor: PopoverAnchor, keepsPopoverOnCompactWidth: Bool = false,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) async throws(NavigationError) -> Screen {
    try await awaitCompletion { (done, fail) throws(NavigationError) in
      _ = try popover(
        destination, anchor, keepsPopoverOnCompactWidth, options, configure: configure, completion: done,
        lateFailure: fail)
    }
  }

  // MARK: Shared

  /// Checks, creates, styles, prepares and presents; `style` sets the shown screen's
  /// presentation (or refuses it), and is undone when a check fails.
  private func present<Screen>(
    _ destination: Destination<Screen>, _ options: NavigationOptions<Screen>,
    configure: ((Screen) -> Void)?, completion: ((Screen) -> Void)?,
    lateFailure: ((NavigationError) -> Void)?,
    style: @escaping (ViewController) throws(NavigationError) -> Void
  ) throws(NavigationError) -> Screen {
    if !window.isBusy { _ = try origin(options, for: "present") }
    let screen = try resolveScreen(destination, options)
    let presenter = window.isBusy ? try? origin(options, for: "present") : nil
    try refuseWhileBusy(
      .present(screen.screenID, from: presenter?.screenID ?? screen.screenID, animated: options.isAnimated),
      policy: nil)
    let shown = embed(screen, options)
    let request = NavigationRequest.present(
      shown.screenID, from: presenter?.screenID ?? shown.screenID, animated: options.isAnimated)
    try whenReady(request, policy: nil, options, lateFailure: lateFailure) {
      [self] () throws(NavigationError) in
      let origin: ViewController
      let savedStyle = shown.modalPresentationStyle
      let savedAnchor = shown.presentationState.popoverController?.anchor
      let savedDelegate = shown.presentationState.popoverController?.delegate
      do throws(NavigationError) {
        origin = try self.origin(options, for: "present")
        try style(shown)
        if let error = origin.presentationError(presenting: shown, window: window) { throw error }
      } catch {
        shown.modalPresentationStyle = savedStyle
        shown.presentationState.popoverController?.anchor = savedAnchor
        shown.presentationState.popoverController?.delegate = savedDelegate
        Navigator.releaseEmbedding(of: screen, from: shown)
        throw error
      }
      prepare(screen, shown: shown, options, configure: configure)
      let animated = options.isAnimated
      let request = NavigationRequest.present(shown.screenID, from: origin.screenID, animated: animated)
      withDuration(options, for: shown) {
        origin.presentNow(
          shown, animated: animated, completion: finish(screen, options, completion), request: request,
          window: window)
      }
    }
    return screen
  }
}
