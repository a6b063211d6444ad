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
    let style = presented.modalPresentationStyle
    if let error = presenterError(presenting: name.description, given: [name], style: style, window: window) {
      return error
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

  /// The refusals of a presentation from this screen that depend on the presenter rather
  /// than on the screen presented: a `none` style, a presenter already presenting, a
  /// presenter not in a visible window. They need no screen, so a navigation that has not
  /// made its screen yet asks them too.
  ///
  /// - Parameters:
  ///   - shown: How messages name the screen to present.
  ///   - given: The identifier of the screen to present, when it exists.
  ///   - style: The style it is to be presented in; `nil` when not known yet (its own). Then
  ///     the presenter is known only when this screen's context and covering screen are one
  ///     (otherwise messages name this screen alone); whether a rule is broken does not
  ///     depend on it, since the presenter is this screen or one of its ancestors.
  ///   - window: The window the presentation is in.
  /// - Returns: The refusal, or `nil`.
  func presenterError(
    presenting shown: String, given: [ScreenID], style: ModalPresentationStyle?, window: Window
  ) -> NavigationError? {
    if style == ModalPresentationStyle.none {
      return NavigationError(
        .invalidRequest,
        "Can't present \(shown) modally from \(screenID): its modalPresentationStyle is none.",
        screens: given + [screenID])
    }
    let presenter: ViewController?
    if let style {
      presenter = style.usesPresentationContext ? presentationContext : coveringScreen
    } else {
      let context = presentationContext
      presenter = context === coveringScreen ? context : nil
    }
    if let current = presenter?.presented ?? presentedViewController {
      guard let presenter else {
        return NavigationError(
          .alreadyPresenting,
          "Attempt to present \(shown) from \(screenID) which is already presenting \(current.screenID).",
          screens: given + [screenID, current.screenID])
      }
      return NavigationError(
        .alreadyPresenting,
        "Attempt to present \(shown) on \(presenter.screenID) (from \(screenID)) which is "
          + "already presenting \(current.screenID).",
        screens: given + [presenter.screenID, screenID, current.screenID])
    }
    guard attachedWindow === window, !window.isHidden, viewIfLoaded?.window === window else {
      return notInWindowError(presenting: shown, given: given, on: presenter)
    }
    return nil
  }

  /// The refusal of a presentation from this screen, whose view is not in a visible window;
  /// `presenter` is the screen that would present (`nil` when not known yet).
  func notInWindowError(presenting shown: String, given: [ScreenID], on presenter: ViewController?)
    -> NavigationError
  {
    let place: String
    let screens: [ScreenID]
    switch presenter {
    case nil:
      place = "from \(screenID)"
      screens = [screenID]
    case let presenter? where presenter === self:
      place = "on \(screenID)"
      screens = [screenID]
    case let presenter?:
      place = "on \(presenter.screenID) (from \(screenID))"
      screens = [presenter.screenID, screenID]
    }
    return NavigationError(
      .presenterNotInWindow,
      "Attempt to present \(shown) \(place) whose view is not in a visible window's hierarchy.",
      screens: given + screens)
  }

  /// The refusal of presenting `presented` from this screen, whose view is not in a visible
  /// window; `presenter` is the screen that would present it.
  func notInWindowError(presenting presented: ViewController, on presenter: ViewController)
    -> NavigationError
  {
    notInWindowError(presenting: presented.screenID.description, given: [presented.screenID], on: presenter)
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
