extension ViewController {
  func presentationError(presenting presented: ViewController, window: Window)
    -> NavigationError?
  {
    let name = presented.screenID
    if let presenter = presented.presenter {
      return NavigationError(
        .alreadyPresented,
        "Application tried to present modally \(name) from \(screenID), but \(name) is "
          + "already presented by \(presenter.screenID).",
        screens: [name, screenID, presenter.screenID])
    }
    if let parent = presented.parent {
      return NavigationError(
        .presentScreenInHierarchy,
        "Can't present \(name) modally from \(screenID): it is a child of \(parent.screenID).",
        screens: [name, screenID, parent.screenID])
    }
    if presented.windowIfRoot != nil {
      return NavigationError(
        .presentScreenInHierarchy,
        "Can't present \(name) modally from \(screenID): it is the root of a window.",
        screens: [name, screenID])
    }
    if presented === topmostAncestor {
      return NavigationError(
        .presentScreenInHierarchy,
        "Can't present \(name) modally from \(screenID): "
          + (presented === self ? "a screen can't present itself." : "it contains \(screenID)."),
        screens: [name, screenID])
    }
    if presented.modalPresentationStyle == .none {
      return NavigationError(
        .invalidRequest,
        "Can't present \(name) modally from \(screenID): its modalPresentationStyle is none.",
        screens: [name, screenID])
    }
    let style = presented.modalPresentationStyle
    let presenter = style.usesPresentationContext ? presentationContext : coveringScreen
    if let current = presenter.presented ?? presentedViewController {
      return NavigationError(
        .alreadyPresenting,
        "Attempt to present \(name) on \(presenter.screenID) (from \(screenID)) which is "
          + "already presenting \(current.screenID).",
        screens: [name, presenter.screenID, screenID, current.screenID])
    }
    guard attachedWindow === window, !window.isHidden, viewIfLoaded?.window === window else {
      return notInWindowError(presenting: presented, on: presenter)
    }
    if style == .popover {
      guard let anchor = presented.popoverPresentationController?.anchor else {
        return NavigationError(
          .popoverWithoutAnchor,
          "\(name), presented as a popover from \(screenID), should have an anchor (a bar "
            + "button item or a source view) set before the presentation occurs.",
          screens: [name, screenID])
      }
      if !anchor.isInWindow(window) {
        return NavigationError(
          .popoverAnchorNotInWindow,
          "Can't present \(name) as a popover from \(screenID): its anchor "
            + "\(anchor.describedForMessages) is not in \(screenID)'s window.",
          screens: [name, screenID])
      }
    }
    return nil
  }

  func notInWindowError(presenting presented: ViewController, on presenter: ViewController)
    -> NavigationError
  {
    let from = presenter === self ? "" : " (from \(screenID))"
    return NavigationError(
      .presenterNotInWindow,
      "Attempt to present \(presented.screenID) on \(presenter.screenID)\(from) whose view is "
        + "not in a visible window's hierarchy.",
      screens: presenter === self
        ? [presented.screenID, screenID] : [presented.screenID, presenter.screenID, screenID])
  }

  func nothingToDismissError() -> NavigationError {
    NavigationError(
      .nothingToDismiss,
      "Can't dismiss from \(screenID): it has presented nothing and is not presented.",
      screens: [screenID])
  }
}

extension PopoverAnchor {
  /// A Boolean value indicating whether the anchor is in the given window.
  func isInWindow(_ window: Window) -> Bool {
    switch self {
    case .view(let view, _): view.window === window
    case .barButtonItem(let item): item.owningViewController?.viewIfLoaded?.window === window
    }
  }

  /// The anchor, for messages.
  var describedForMessages: String {
    switch self {
    case .view(let view, _):
      view.owningViewController.map { "(a view of \($0.screenID))" } ?? "(a source view)"
    case .barButtonItem(let item):
      "(bar button item \"\(item.title ?? "untitled")\""
        + (item.owningViewController.map { " of \($0.screenID))" } ?? ")")
    }
  }
}
