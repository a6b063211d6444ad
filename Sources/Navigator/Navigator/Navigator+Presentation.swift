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
  /// - Returns: The presented screen (inside its container when embedded), or `nil`.
  @discardableResult
  public func presentModal<Screen: ViewController>(
    _ destination: Destination<Screen>, style: ModalPresentationStyle? = nil,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) -> Screen? {
    reportingMisuse { () throws(NavigationError) in
      guard options.protection == nil else {
        return try protected(
          .presentModal, destination, options, canWait: true, lateFailure: nil,
          input: .presentModalInput(destination, style, options)
        ) {
          (options) throws(NavigationError) in
          try self.presentModal(
            destination, style, options, configure: configure, completion: nil, lateFailure: nil)
        }
      }
      return try presentModal(
        destination, style, options, configure: configure, completion: nil, lateFailure: nil)
    } ?? nil
  }

  /// Presents a screen modally, throwing when a check refuses it; nothing changes then.
  ///
  /// - Parameters:
  ///   - destination: The screen to present: an instance, a type or a scene.
  ///   - style: The presentation style to give the shown screen; its own when `nil`.
  ///   - options: Animation, data, origin, embedding and the option closures.
  ///   - configure: Runs with the loaded screen, before it is presented.
  /// - Returns: The presented screen.
  /// - Throws: A ``NavigationError``: a catalogue error, a wrong type, an origin already
  ///   presenting or not in a visible window, a screen that cannot be presented.
  @discardableResult
  public func tryPresentModal<Screen: ViewController>(
    _ destination: Destination<Screen>, style: ModalPresentationStyle? = nil,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) throws(NavigationError) -> Screen {
    guard options.protection == nil else {
      // A try form can't wait: it has the screen, or it threw.
      return try protected(
        .presentModal, destination, options, canWait: false, lateFailure: nil,
        input: .presentModalInput(destination, style, options)
      ) {
        (options) throws(NavigationError) in
        try self.presentModal(
          destination, style, options, configure: configure, completion: nil, lateFailure: nil)
      }!
    }
    return try presentModal(
      destination, style, options, configure: configure, completion: nil, lateFailure: nil)
  }

  private func presentModal<Screen>(
    _ destination: Destination<Screen>, _ style: ModalPresentationStyle?,
    _ options: NavigationOptions<Screen>,
    configure: ((Screen) -> Void)?, completion: ((Screen) -> Void)?, lateFailure: ((NavigationError) -> Void)?
  ) throws(NavigationError) -> Screen {
    let observer = window.beginInput(
      .show(
        Request(.presentModal, destination, options, presentationStyle: style),
        screen: destination.told, origin: options.origin))
    defer { observer?.windowDidHandleInput(window) }
    record(Request(.presentModal, destination, options, presentationStyle: style))
    return try attempt(options) { () throws(NavigationError) in
      try present(
        destination, options, style: style, anchor: nil, configure: configure, completion: completion,
        lateFailure: lateFailure, restyle: .modal(style))
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
  /// - Throws: As ``tryPresentModal(_:style:options:configure:)``.
  ///   A refusal found when a request that waited in the queue runs is thrown here too,
  ///   and reported as under ``MisusePolicy/report`` (journal and misuse handler), never
  ///   trapped.
  @discardableResult
  public func presentModalAndWait<Screen: ViewController>(
    _ destination: Destination<Screen>, style: ModalPresentationStyle? = nil,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) async throws(NavigationError) -> Screen {
    try await awaitCompletion { (done, fail) throws(NavigationError) in
      guard options.protection == nil else {
        _ = try protected(
          .presentModal, destination, options, canWait: true, lateFailure: fail,
          input: .presentModalInput(destination, style, options)
        ) {
          (options) throws(NavigationError) in
          try self.presentModal(
            destination, style, options, configure: configure, completion: done, lateFailure: fail)
        }
        return
      }
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
  /// - Returns: The screen, or `nil` when the popover was refused.
  @discardableResult
  public func popover<Screen: ViewController>(
    _ destination: Destination<Screen>, anchor: PopoverAnchor, keepsPopoverOnCompactWidth: Bool = false,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) -> Screen? {
    reportingMisuse { () throws(NavigationError) in
      guard options.protection == nil else {
        return try protected(
          .popover, destination, options, canWait: true, lateFailure: nil,
          input: .popoverInput(destination, anchor, keepsPopoverOnCompactWidth, options)
        ) {
          (options) throws(NavigationError) in
          try self.popover(
            destination, anchor, keepsPopoverOnCompactWidth, options, configure: configure,
            completion: nil, lateFailure: nil)
        }
      }
      return try popover(
        destination, anchor, keepsPopoverOnCompactWidth, options, configure: configure,
        completion: nil,
        lateFailure: nil)
    } ?? nil
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
  /// - Returns: The screen.
  /// - Throws: A ``NavigationError``: as a modal presentation, and an anchor that is not in
  ///   a visible window.
  @discardableResult
  public func tryPopover<Screen: ViewController>(
    _ destination: Destination<Screen>, anchor: PopoverAnchor, keepsPopoverOnCompactWidth: Bool = false,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) throws(NavigationError) -> Screen {
    guard options.protection == nil else {
      // A try form can't wait: it has the screen, or it threw.
      return try protected(
        .popover, destination, options, canWait: false, lateFailure: nil,
        input: .popoverInput(destination, anchor, keepsPopoverOnCompactWidth, options)
      ) {
        (options) throws(NavigationError) in
        try self.popover(
          destination, anchor, keepsPopoverOnCompactWidth, options, configure: configure,
          completion: nil, lateFailure: nil)
      }!
    }
    return try popover(
      destination, anchor, keepsPopoverOnCompactWidth, options, configure: configure, completion: nil,
      lateFailure: nil)
  }

  private func popover<Screen>(
    _ destination: Destination<Screen>, _ anchor: PopoverAnchor, _ keepsPopover: Bool,
    _ options: NavigationOptions<Screen>, configure: ((Screen) -> Void)?, completion: ((Screen) -> Void)?,
    lateFailure: ((NavigationError) -> Void)?
  ) throws(NavigationError) -> Screen {
    let observer = window.beginInput(
      .popover(
        Request(.popover, destination, options, anchor: anchor), screen: destination.told,
        anchor: WindowInput.Anchor(anchor), keepsPopoverOnCompactWidth: keepsPopover, origin: options.origin))
    defer { observer?.windowDidHandleInput(window) }
    record(Request(.popover, destination, options, anchor: anchor))
    return try attempt(options) { () throws(NavigationError) in
      try present(
        destination, options, style: .popover, anchor: anchor, configure: configure, completion: completion,
        lateFailure: lateFailure, restyle: .popover(anchor, keepsPopover: keepsPopover))
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
  /// - Throws: As ``tryPopover(_:anchor:keepsPopoverOnCompactWidth:options:configure:)``.
  ///   A refusal found when a request that waited in the queue runs is thrown here too,
  ///   and reported as under ``MisusePolicy/report`` (journal and misuse handler), never
  ///   trapped.
  @discardableResult
  public func popoverAndWait<Screen: ViewController>(
    _ destination: Destination<Screen>, anchor: PopoverAnchor, keepsPopoverOnCompactWidth: Bool = false,
    options: NavigationOptions<Screen> = NavigationOptions(), configure: ((Screen) -> Void)? = nil
  ) async throws(NavigationError) -> Screen {
    try await awaitCompletion { (done, fail) throws(NavigationError) in
      guard options.protection == nil else {
        _ = try protected(
          .popover, destination, options, canWait: true, lateFailure: fail,
          input: .popoverInput(destination, anchor, keepsPopoverOnCompactWidth, options)
        ) {
          (options) throws(NavigationError) in
          try self.popover(
            destination, anchor, keepsPopoverOnCompactWidth, options, configure: configure, completion: done,
            lateFailure: fail)
        }
        return
      }
      _ = try popover(
        destination, anchor, keepsPopoverOnCompactWidth, options, configure: configure, completion: done,
        lateFailure: fail)
    }
  }

  // MARK: Shared

  /// Checks, creates, styles, prepares and presents; `restyle` sets the shown screen's
  /// presentation (or refuses it), and is undone when a check fails.
  ///
  /// Every check that does not need the screen runs before it is made: the origin, the
  /// catalogue, the reject policy, and the rules on the presenter and the anchor for the
  /// requested `style` and `anchor` (while the window is busy, only a `none` style: the
  /// hierarchy's rules run when the request does). The rules on the made screen and
  /// container run after. A given screen shown as it is makes nothing: its own rules keep
  /// their precedence over the presenter's.
  private func present<Screen>(
    _ destination: Destination<Screen>, _ options: NavigationOptions<Screen>,
    style: ModalPresentationStyle?, anchor: PopoverAnchor?,
    configure: ((Screen) -> Void)?, completion: ((Screen) -> Void)?,
    lateFailure: ((NavigationError) -> Void)?, restyle: NavigatorStep.Restyle
  ) throws(NavigationError) -> Screen {
    let idleOrigin = window.isBusy ? nil : try origin(options, for: "present")
    try check(destination, options)
    let presenter = window.isBusy ? try? origin(options, for: "present") : nil
    try refuseWhileBusy("present", destination, "from", presenter, options, policy: nil)
    if let idleOrigin, makesScreen(destination, options),
      let error = presenterError(
        from: idleOrigin, presenting: describedShown(destination, options),
        given: destination.givenScreenIDs, style: style, anchor: anchor)
    {
      throw error
    }
    if idleOrigin == nil, style == ModalPresentationStyle.none {
      throw Navigator.noneStyleError(
        describedShown(destination, options), given: destination.givenScreenIDs, from: presenter)
    }
    let screen = try resolve(destination, options)
    let shown = embed(screen, options)
    guard window.isBusy else {
      // The step would run at once (start(_:policy:)): run its presentation without making it.
      try presentNow(
        shown, made: screen, restyle, origin: options.origin, animated: options.isAnimated,
        transitionDuration: transitionDuration(options),
        prepare: { prepare(screen, shown: shown, options, configure: configure) },
        completion: finishing(screen, options, completion))
      return screen
    }
    try start(
      NavigatorStep(
        navigator: self, move: .present(shown, made: screen, restyle), origin: options.origin,
        animated: options.isAnimated,
        request: .present(
          shown.screenID, from: presenter?.screenID ?? shown.screenID, animated: options.isAnimated),
        caller: caller(
          showing: screen, shown, options, configure: configure, completion: completion,
          lateFailure: lateFailure)),
      policy: nil)
    return screen
  }

  /// The refusal a presentation from `origin` meets whatever screen it shows, found before
  /// that screen (or its container) is made; `nil` when there is none.
  ///
  /// These are the engine's rules on the presenter and the anchor, in its order and with
  /// its texts, naming `shown` (the destination) where they name the screen: a popover's
  /// anchor not in a visible window, a `none` style, a presenter already presenting, a
  /// presenter not in a visible window. Which screen presents depends on the style: without
  /// a requested `style` the screen's own decides, so when the two possible presenters
  /// differ the texts name the origin alone (whether the rule is broken does not depend on
  /// it). The rules on the screen itself run once it exists.
  ///
  /// - Parameters:
  ///   - origin: The screen the presentation starts from.
  ///   - shown: How messages name the screen to show.
  ///   - given: The given screen's identifier, if the destination is one.
  ///   - style: The style the request gives the screen; `nil` for its own.
  ///   - anchor: A popover's anchor; `nil` for a modal presentation.
  private func presenterError(
    from origin: ViewController, presenting shown: String, given: [ScreenID],
    style: ModalPresentationStyle?, anchor: PopoverAnchor?
  ) -> NavigationError? {
    if let anchor, let error = anchorError(anchor) { return error }
    return origin.presenterError(presenting: shown, given: given, style: style, window: window)
  }

  /// The refusal of a popover whose anchor is not in the window, or the window hidden.
  func anchorError(_ anchor: PopoverAnchor) -> NavigationError? {
    guard window.isHidden || !anchor.isInWindow(window) else { return nil }
    return NavigationError(
      .popoverAnchorNotInWindow,
      "Can't present a popover at \(anchor.describedForMessages): the anchor is not in a visible window.")
  }

  /// The refusal of a presentation asked for with the `none` style, named as the engine
  /// names it; `origin` is left out of the text when it is not known.
  private static func noneStyleError(_ shown: String, given: [ScreenID], from origin: ViewController?)
    -> NavigationError
  {
    NavigationError(
      .invalidRequest,
      "Can't present \(shown) modally\(origin.map { " from \($0.screenID)" } ?? ""): its "
        + "modalPresentationStyle is none.",
      screens: given + (origin.map { [$0.screenID] } ?? []))
  }
}
