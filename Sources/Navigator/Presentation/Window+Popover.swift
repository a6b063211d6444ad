extension Window {
  /// Simulates a tap outside the popover on top of this window, on the given view.
  ///
  /// A tap inside the popover's own view, or on one of its
  /// ``PopoverPresentationController/passthroughViews`` (or a view inside one), is not a tap
  /// outside and does not dismiss it. Otherwise the popover's delegate is asked
  /// ``PopoverPresentationControllerDelegate/popoverPresentationControllerShouldDismissPopover(_:)``;
  /// unless it refuses, or the popover's screen sets
  /// ``ViewController/isModalInPresentation``, the popover is dismissed (animated), and the
  /// delegate hears
  /// ``PopoverPresentationControllerDelegate/popoverPresentationControllerDidDismissPopover(_:)``
  /// after the popover's `viewDidDisappear(_:)`.
  ///
  /// A tap while no popover is on top, or while a transition runs, does nothing.
  ///
  /// - Parameter view: The view tapped, or `nil` for a tap on no particular view.
  /// - Returns: `true` when the tap dismissed the popover.
  @discardableResult
  public func tapOutsidePopover(on view: View? = nil) -> Bool {
    handlingInput(in: self, .tapOutsidePopover(view)) { tapOutsidePopoverNow(on: view) }
  }

  /// ``tapOutsidePopover(on:)``, once its input observer heard it.
  private func tapOutsidePopoverNow(on view: View?) -> Bool {
    guard !isTransitioning, !isHidden, let top = rootViewController?.topmostPresentation,
      top.presentationState.activeStyle == .popover,
      let controller = top.popoverPresentationController
    else { return false }
    if let view,
      view.isDescendant(of: top.view)
        || controller.passthroughViews.contains(where: { view.isDescendant(of: $0) })
    {
      return false
    }
    let delegate = controller.delegate
    if top.isModalInPresentation {
      // The same delegate a sheet's swipe tells: the presentation controller's own, else
      // the popover's.
      if let sheet = top.presentationController, let adaptive = sheet.effectiveDelegate {
        journal.record(.presentationDidAttemptToDismiss(top.screenID))
        adaptive.presentationControllerDidAttemptToDismiss(sheet)
      }
      return false
    }
    if let delegate {
      journal.record(.popoverShouldDismiss(top.screenID))
      guard delegate.popoverPresentationControllerShouldDismissPopover(controller) else {
        return false
      }
    }
    let plan = top.removePresentation(
      window: self, animated: true, trigger: .tapOutside, request: .dismiss(top.screenID, animated: true),
      completion: nil
    ) { [self] in
      guard let delegate else { return }
      journal.record(.popoverDidDismiss(top.screenID))
      delegate.popoverPresentationControllerDidDismissPopover(controller)
    }
    perform(plan)
    return true
  }
}
