public import Navigator

extension NavigationError.Code {
  /// Running a flow that already ran: a flow runs once.
  public static let flowAlreadyRan = Self(rule: "flowAlreadyRan")
  /// Finishing or cancelling a flow that is already ending or has ended: a flow ends once.
  public static let flowAlreadyEnded = Self(rule: "flowAlreadyEnded")
  /// Finishing or cancelling a flow that never ran, or running a child flow from a flow that
  /// is not running.
  public static let flowNotRunning = Self(rule: "flowNotRunning")
  /// Running a flow whose first screen is already in a hierarchy: a flow's first screen is
  /// new.
  public static let flowScreenInHierarchy = Self(rule: "flowScreenInHierarchy")
  /// Running a flow that does not make a first screen (``Flow/makeFirstScreen()`` not
  /// overridden).
  public static let flowWithoutFirstScreen = Self(rule: "flowWithoutFirstScreen")
  /// Why a flow was cancelled: its parent flow ended while it was live.
  public static let flowParentEnded = Self(rule: "flowParentEnded")
  /// Why a flow was cancelled: its app controller stopped.
  public static let appStopped = Self(rule: "appStopped")
  /// Why a flow was cancelled: it cancelled itself (``Flow/cancel(removingScreens:animated:)``).
  public static let flowCancelled = Self(rule: "flowCancelled")
}
