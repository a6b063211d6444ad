extension ViewController {
  /// Where the screen is in its appearance cycle.
  public var appearanceState: AppearanceState { appearance.state }

  /// Tells the screen that its appearance is about to change (for custom containers).
  ///
  /// Moves the appearance state machine: a begin in the direction the screen is already
  /// going is ignored.
  ///
  /// - Parameters:
  ///   - isAppearing: `true` when the screen is about to appear, `false` to disappear.
  ///   - animated: A Boolean value indicating whether the change animates.
  public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    beginAppearance(isAppearing, animated: animated, window: journalWindow)
  }

  /// Tells the screen that the appearance change begun earlier has finished.
  ///
  /// Calling it with no change in progress is a misuse ("unbalanced calls to begin/end
  /// appearance transitions" in UIKit): nothing changes and the window's policy applies.
  public func endAppearanceTransition() {
    let window = journalWindow
    guard appearance.isTransitioning else {
      Misuse.handle(
        NavigationError(
          .unbalancedAppearanceTransition,
          "Unbalanced calls to begin/end appearance transitions for \(screenID): "
            + "endAppearanceTransition() without a transition in progress.",
          screens: [screenID]),
        in: window)
      return
    }
    endAppearance(window: window)
  }

  /// Moves the appearance state machine and makes the will-callback it asks for; returns
  /// whether anything happened.
  @discardableResult
  internal func beginAppearance(_ appearing: Bool, animated: Bool, window: Window?) -> Bool {
    if appearing { loadViewIfNeeded() }
    guard let action = appearance.begin(appearing: appearing, animated: animated) else { return false }
    perform(action, window: window)
    if !childList.isEmpty, shouldAutomaticallyForwardAppearanceMethods {
      forEachAppearanceChild { child in child.beginAppearance(appearing, animated: animated, window: window) }
    }
    if appearing { willAppearAsContainer(animated: animated, window: window) }
    return true
  }

  /// Ends the appearance change in progress and makes the did-callback; returns whether
  /// anything happened.
  @discardableResult
  internal func endAppearance(window: Window?) -> Bool {
    guard let action = appearance.end() else { return false }
    perform(action, window: window)
    if !childList.isEmpty, shouldAutomaticallyForwardAppearanceMethods {
      forEachAppearanceChild { child in child.endAppearance(window: window) }
    }
    return true
  }

  /// Journals and makes one appearance callback.
  @inline(__always)
  private func perform(_ action: AppearanceStateMachine.Action, window: Window?) {
    switch action {
    case .viewWillAppear(let animated):
      window?.journal.record(.viewWillAppear(screenID, animated: animated))
      viewWillAppear(animated)
    case .viewWillDisappear(let animated):
      window?.journal.record(.viewWillDisappear(screenID, animated: animated))
      viewWillDisappear(animated)
    case .viewDidAppear(let animated):
      window?.journal.record(.viewDidAppear(screenID, animated: animated))
      viewDidAppear(animated)
    case .viewDidDisappear(let animated):
      window?.journal.record(.viewDidDisappear(screenID, animated: animated))
      viewDidDisappear(animated)
    }
  }
}
