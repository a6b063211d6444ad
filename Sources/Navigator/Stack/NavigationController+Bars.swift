extension NavigationController {
  /// Applies the bars `screen` wants as it becomes the top; journals each change.
  ///
  /// A screen wants what its push options said, else what was set while it was on top,
  /// else the defaults: navigation bar shown, toolbar hidden.
  func applyBars(of screen: ViewController, window: Window?) {
    let entry = screen.stackEntry
    let barHidden = entry?.navigationBarHidden ?? false
    let toolbarHidden = entry?.toolbarHidden ?? true
    if barHidden != isNavigationBarHidden {
      isNavigationBarHidden = barHidden
      window?.journal.record(.navigationBarHidden(barHidden, in: screenID))
    }
    if toolbarHidden != isToolbarHidden {
      isToolbarHidden = toolbarHidden
      window?.journal.record(.toolbarHidden(toolbarHidden, in: screenID))
    }
  }

  /// What the top screen remembers about itself, created when it has nothing yet.
  private var topEntry: StackEntry? {
    guard let top = topViewController else { return nil }
    if let entry = top.stackEntry { return entry }
    let entry = StackEntry(
      navigationBarHidden: isNavigationBarHidden, toolbarHidden: isToolbarHidden, onPush: nil, onPop: nil)
    top.stackEntry = entry
    return entry
  }

  /// Shows or hides the navigation bar; remembered for the top screen.
  ///
  /// - Parameters:
  ///   - hidden: A Boolean value indicating whether the bar is hidden.
  ///   - animated: A Boolean value indicating whether the change animates.
  public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    guard hidden != isNavigationBarHidden else { return }
    isNavigationBarHidden = hidden
    topEntry?.navigationBarHidden = hidden
    journalWindow?.journal.record(.navigationBarHidden(hidden, in: screenID))
  }

  /// Shows or hides the toolbar; remembered for the top screen.
  ///
  /// - Parameters:
  ///   - hidden: A Boolean value indicating whether the toolbar is hidden.
  ///   - animated: A Boolean value indicating whether the change animates.
  public func setToolbarHidden(_ hidden: Bool, animated: Bool) {
    guard hidden != isToolbarHidden else { return }
    isToolbarHidden = hidden
    topEntry?.toolbarHidden = hidden
    journalWindow?.journal.record(.toolbarHidden(hidden, in: screenID))
  }
}
