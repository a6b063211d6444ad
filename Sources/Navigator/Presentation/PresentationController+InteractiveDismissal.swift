extension PresentationController {
  /// Begins a swipe that dismisses the sheet: what UIKit does when the user starts
  /// dragging a sheet down.
  ///
  /// If the screen sets ``ViewController/isModalInPresentation``, or the delegate's
  /// ``AdaptivePresentationControllerDelegate/presentationControllerShouldDismiss(_:)``
  /// returns `false`, the delegate hears
  /// ``AdaptivePresentationControllerDelegate/presentationControllerDidAttemptToDismiss(_:)``
  /// and nothing else happens. Otherwise the delegate hears
  /// ``AdaptivePresentationControllerDelegate/presentationControllerWillDismiss(_:)``, the
  /// sheet hears `viewWillDisappear(true)`, and the window runs a transition until
  /// ``cancelInteractiveDismissal()`` or ``finishInteractiveDismissal()``. The gesture is
  /// happening now, so these callbacks are delivered inside the call, whatever the scheduler.
  ///
  /// Beginning a swipe on a screen that is not the top sheet (page sheet, form sheet or a
  /// popover adapted to a sheet) is a misuse, as is beginning one in a hidden window or
  /// while a transition runs.
  ///
  /// - Returns: `true` when the swipe began, `false` when it was refused or was a misuse.
  @discardableResult
  public func beginInteractiveDismissal() -> Bool {
    handlingInput(in: presented.journalWindow, .beginInteractiveDismissal(presented)) {
      beginInteractiveDismissalNow()
    }
  }

  /// ``beginInteractiveDismissal()``, once its input observer heard it.
  private func beginInteractiveDismissalNow() -> Bool {
    let screen = presented
    guard let window = screen.journalWindow else {
      Misuse.handle(notSwipeableError("it is not in a window"), in: nil)
      return false
    }
    guard let presenter = screen.presenter, let style = screen.presentationState.activeStyle,
      style.isSheet
    else {
      Misuse.handle(notSwipeableError("it is not presented as a sheet"), in: window)
      return false
    }
    if window.isHidden {
      Misuse.handle(notSwipeableError("its window is hidden"), in: window)
      return false
    }
    if let above = screen.presentedViewController {
      Misuse.handle(
        notSwipeableError("it is covered by \(above.screenID)", also: [above.screenID]),
        in: window)
      return false
    }
    if window.isTransitioning {
      Misuse.handle(
        NavigationError(
          .transitionInProgress,
          "Can't begin dismissing \(screen.screenID) (presented by \(presenter.screenID)) by a "
            + "swipe: a transition is in progress.",
          screens: [screen.screenID, presenter.screenID]),
        in: window)
      return false
    }
    let delegate = effectiveDelegate
    if screen.isModalInPresentation {
      attemptToDismiss(delegate, window: window)
      return false
    }
    if let delegate {
      window.journal.record(.presentationShouldDismiss(screen.screenID))
      if !delegate.presentationControllerShouldDismiss(self) {
        attemptToDismiss(delegate, window: window)
        return false
      }
      window.journal.record(.presentationWillDismiss(screen.screenID))
      delegate.presentationControllerWillDismiss(self)
    }
    window.begin(.interactiveDismissal)
    screen.presentationState.isSwiping = true
    screen.isBeingDismissed = true
    screen.beginAppearance(false, animated: true, window: window)
    screen.isBeingDismissed = false
    return true
  }

  /// Cancels the swipe: the sheet stays, and appears again.
  ///
  /// Nothing about the structure changes. The sheet, which heard `viewWillDisappear` when
  /// the swipe began, hears `viewWillAppear(true)` on the next run-loop turn and
  /// `viewDidAppear(true)` when the sheet has settled back. Cancelling without a swipe in
  /// progress is a misuse.
  public func cancelInteractiveDismissal() {
    handlingInput(in: presented.journalWindow, .cancelInteractiveDismissal(presented)) {
      cancelInteractiveDismissalNow()
    }
  }

  /// ``cancelInteractiveDismissal()``, once its input observer heard it.
  private func cancelInteractiveDismissalNow() {
    guard let window = swipingWindow() else { return }
    presented.presentationState.isSwiping = false
    window.perform(SwipeCancelPlan(window: window, presented: presented))
  }

  /// Finishes the swipe: the sheet is dismissed.
  ///
  /// The structure changes at once, as for ``ViewController/dismiss(animated:completion:)``;
  /// when the transition finishes the sheet hears `viewDidDisappear(true)` and the delegate
  /// ``AdaptivePresentationControllerDelegate/presentationControllerDidDismiss(_:)``.
  /// Finishing without a swipe in progress is a misuse.
  public func finishInteractiveDismissal() {
    handlingInput(in: presented.journalWindow, .finishInteractiveDismissal(presented)) {
      finishInteractiveDismissalNow()
    }
  }

  /// ``finishInteractiveDismissal()``, once its input observer heard it.
  private func finishInteractiveDismissalNow() {
    guard let window = swipingWindow() else { return }
    let screen = presented
    let delegate = effectiveDelegate
    let plan = screen.removePresentation(
      window: window, animated: true, trigger: .sheetSwipe,
      request: .dismiss(screen.screenID, animated: true),
      completion: nil
    ) { [self] in
      guard let delegate else { return }
      window.journal.record(.presentationDidDismiss(screen.screenID))
      delegate.presentationControllerDidDismiss(self)
    }
    window.perform(plan)
  }

  /// The delegate that hears about swipes: this controller's, else the popover's if the
  /// screen is an adapted popover whose delegate also conforms.
  internal var effectiveDelegate: (any AdaptivePresentationControllerDelegate)? {
    delegate
      ?? (presented.presentationState.popoverController?.delegate
        as? any AdaptivePresentationControllerDelegate)
  }

  private func attemptToDismiss(
    _ delegate: (any AdaptivePresentationControllerDelegate)?, window: Window
  ) {
    guard let delegate else { return }
    window.journal.record(.presentationDidAttemptToDismiss(presented.screenID))
    delegate.presentationControllerDidAttemptToDismiss(self)
  }

  private func swipingWindow() -> Window? {
    let window = presented.journalWindow
    guard presented.presentationState.isSwiping, let window else {
      Misuse.handle(
        NavigationError(
          .noInteractiveDismissal,
          "Can't end dismissing \(presented.screenID) by a swipe: no swipe is in progress.",
          screens: [presented.screenID]),
        in: window)
      return nil
    }
    return window
  }

  private func notSwipeableError(_ reason: String, also: [ScreenID] = []) -> NavigationError {
    NavigationError(
      .noInteractiveDismissal,
      "Can't dismiss \(presented.screenID) by a swipe: \(reason).",
      screens: [presented.screenID] + also)
  }
}
