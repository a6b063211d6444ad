extension NavigationController {
  /// Checks the rules for pushing `screen` onto this stack.
  @inline(__always)
  internal func pushError(_ screen: ViewController) -> NavigationError? {
    // A new screen (no links, nothing contained or presented) breaks no rule but the first:
    // tested inline, with loads only; the rules run out of line otherwise.
    if !screen.parentLink.isSet, !screen.windowLink.isSet, !screen.presenterLink.isSet,
      screen.childList.isEmpty, screen.presented == nil, !screen.isNavigationStack
    {
      return nil
    }
    return pushRuleError(screen)
  }

  /// ``pushError(_:)``'s rules, for a screen that is not new.
  @inline(never)
  private func pushRuleError(_ screen: ViewController) -> NavigationError? {
    if screen.isNavigationStack {
      return NavigationError(
        .pushNavigationController,
        "Pushing a navigation controller is not supported: \(screen.screenID) onto \(screenID).",
        screens: [screen.screenID, screenID])
    }
    // Links compared by address, not loaded: a new screen's checks retain nothing.
    if screen.parentLink.refers(to: self) {
      return NavigationError(
        .duplicatePush,
        "Pushing the same view controller instance more than once is not supported: "
          + "\(screen.screenID) is already in the stack of \(screenID).",
        screens: [screen.screenID, screenID])
    }
    if screen.parentLink.isSet, let parent = screen.parent {
      return NavigationError(
        .pushScreenWithParent,
        "Can't push \(screen.screenID) onto \(screenID): it is a child of \(parent.screenID); "
          + "remove it from its parent first.",
        screens: [screen.screenID, screenID, parent.screenID])
    }
    return containmentError(adding: screen)
  }

  /// Checks the rules for a new stack.
  func stackError(_ screens: [ViewController]) -> NavigationError? {
    guard !screens.isEmpty else {
      return NavigationError(
        .emptyStack, "Can't set an empty stack on \(screenID): a navigation stack needs a root.",
        screens: [screenID])
    }
    var seen = Set<ObjectIdentifier>()
    seen.reserveCapacity(screens.count)
    for screen in screens {
      guard seen.insert(ObjectIdentifier(screen)).inserted else {
        return NavigationError(
          .duplicateScreenInStack,
          "Can't set a stack on \(screenID) that holds \(screen.screenID) more than once.",
          screens: [screen.screenID, screenID])
      }
      if screen.parent === self { continue }
      if let error = pushError(screen) { return error }
    }
    return nil
  }

  /// Checks that `target` is in this stack, for a pop to it.
  func popToError(_ target: ViewController) -> NavigationError? {
    guard target.parent !== self else { return nil }
    return NavigationError(
      .popToUnknownScreen,
      "Tried to pop to a view controller that doesn't exist: \(target.screenID) is not in the "
        + "stack of \(screenID).",
      screens: [target.screenID, screenID])
  }
}
