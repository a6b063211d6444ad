import Navigator

// How a flow that finishes or cancels itself removes its screens: in one transition, chosen
// by how its first screen was shown.
extension FlowKeeper {
  /// Ends `flow` as it asks (finished or cancelled), removing its screens first unless told
  /// not to or unable to; throws, with nothing changed, when the removal is refused.
  func end(_ flow: AnyFlow, asking ending: FlowEnding, removingScreens: Bool, animated: Bool)
    throws(NavigationError)
  {
    guard removingScreens, let removal = removal(of: flow) else {
      end(flow, ending)
      return
    }
    flow.requestedEnding = ending
    flow.state = .ending
    do {
      try perform(removal, animated: animated)
    } catch {
      if case .ending = flow.state {
        flow.requestedEnding = nil
        flow.state = .running
        flow.forgetOutput()
      }
      throw error
    }
  }

  /// The navigation that removes a flow's screens in one transition.
  ///
  /// A value rather than a closure: no context to allocate per finish.
  enum Removal {
    /// Pop the top of `stack`, the flow's only screen, as `popViewController` does.
    case pop(NavigationController)
    /// Pop `stack` back to `below`, the screen under the flow's first, after dismissing
    /// what `presenter` presents, if anything.
    case popTo(NavigationController, below: ViewController, dismissing: ViewController?)
    /// Dismiss what `presenter` presents.
    case dismiss(presenter: ViewController)
    /// Remove the shown screen from its container.
    case removeChild(ViewController)
  }

  /// The navigation that removes a flow's screens in one transition; `nil` for a first
  /// screen that can't leave (the root of a stack that is not the flow's own).
  func removal(of flow: AnyFlow) -> Removal? {
    guard let first = flow.firstScreen, let presentation = flow.presentation else { return nil }
    switch presentation.kind {
    case .push:
      guard let stack = first.parent as? NavigationController else { return nil }
      let entries = stack.viewControllers
      // The flow's screens are its first screen alone, on top and presenting nothing, and
      // the pop runs at once: a plain pop takes the same screen with the same callbacks
      // (UIKit's popViewController). A pop that would wait in the queue pops whatever is on
      // top when it runs, so a busy window gets the pop-to.
      // (The first screen's presented screen is its stack's, or an ancestor's.)
      if entries.count > 1, entries[entries.count - 1] === first, !first.hasPresentedViewController,
        !window.isBusy
      {
        return .pop(stack)
      }
      guard let index = entries.firstIndex(where: { $0 === first }), index > 0 else { return nil }
      // What the flow's screens present is covered by its stack's presenter: it goes first
      // (a second transition, queued behind the dismissal).
      return .popTo(
        stack, below: entries[index - 1],
        dismissing: stack.presentedViewController?.presentingViewController)
    case .modal, .popover:
      guard let presenter = flow.shownScreen?.presentingViewController else { return nil }
      return .dismiss(presenter: presenter)
    case .child:
      guard let shown = flow.shownScreen, shown.parent != nil else { return nil }
      return .removeChild(shown)
    case .root:
      return nil
    }
  }

  /// Performs a removal.
  func perform(_ removal: Removal, animated: Bool) throws(NavigationError) {
    switch removal {
    case .pop(let stack):
      _ = stack.popViewController(animated: animated, ignoringPopGuard: true)
    case .popTo(let stack, let below, let presenter):
      presenter?.dismiss(animated: animated)
      _ = stack.popToViewController(below, animated: animated, ignoringPopGuard: true)
    case .dismiss(let presenter):
      presenter.dismiss(animated: animated)
    case .removeChild(let shown):
      try navigator.tryRemoveChild(shown, options: NavigationOptions().animated(animated))
    }
  }
}
