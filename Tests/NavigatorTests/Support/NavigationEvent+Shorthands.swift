import Navigator

/// Events named after the screen they concern, as the journal prints them.
extension NavigationEvent {
  static func load(_ screen: ViewController) -> Self { .viewDidLoad(screen.screenID) }
  static func willAppear(_ screen: ViewController, animated: Bool = false) -> Self {
    .viewWillAppear(screen.screenID, animated: animated)
  }
  static func didAppear(_ screen: ViewController, animated: Bool = false) -> Self {
    .viewDidAppear(screen.screenID, animated: animated)
  }
  static func willDisappear(_ screen: ViewController, animated: Bool = false) -> Self {
    .viewWillDisappear(screen.screenID, animated: animated)
  }
  static func didDisappear(_ screen: ViewController, animated: Bool = false) -> Self {
    .viewDidDisappear(screen.screenID, animated: animated)
  }
  static func willMove(_ screen: ViewController, to parent: ViewController?) -> Self {
    .willMove(screen.screenID, toParent: parent?.screenID)
  }
  static func didMove(_ screen: ViewController, to parent: ViewController?) -> Self {
    .didMove(screen.screenID, toParent: parent?.screenID)
  }
  static func joined(_ screen: ViewController) -> Self { .screenJoined(screen.screenID) }
  /// `screen` left for `cause`, taken out by the removal of `removed` (itself by default).
  static func left(
    _ screen: ViewController, _ cause: HierarchyExit.Cause, of removed: ViewController? = nil
  ) -> Self {
    .screenLeft(screen.screenID, exit: HierarchyExit(cause, removedScreen: (removed ?? screen).screenID))
  }
}
