import Navigator
import Testing

/// Everything observable about a set of screens and windows, to prove a call changed nothing.
///
/// Reading it never loads a view.
struct HierarchySnapshot: Equatable {
  struct ScreenState: Equatable {
    var screen: ScreenID
    var parent: ScreenID?
    var children: [ScreenID]
    var appearance: ViewController.AppearanceState
    var isViewLoaded: Bool
    var superview: ObjectIdentifier?
    var subviews: [ObjectIdentifier]
  }

  struct WindowState: Equatable {
    var root: ScreenID?
    var isHidden: Bool
    var subviews: [ObjectIdentifier]
    var pendingRequests: [NavigationRequest]
    var isTransitioning: Bool
  }

  var screens: [ScreenState]
  var windows: [WindowState]

  init(screens: [ViewController], windows: [Window]) {
    self.screens = screens.map { screen in
      ScreenState(
        screen: screen.screenID,
        parent: screen.parent?.screenID,
        children: screen.children.map(\.screenID),
        appearance: screen.appearanceState,
        isViewLoaded: screen.isViewLoaded,
        superview: screen.viewIfLoaded?.superview.map(ObjectIdentifier.init),
        subviews: screen.viewIfLoaded?.subviews.map(ObjectIdentifier.init) ?? [])
    }
    self.windows = windows.map { window in
      WindowState(
        root: window.rootViewController?.screenID,
        isHidden: window.isHidden,
        subviews: window.subviews.map(ObjectIdentifier.init),
        pendingRequests: window.pendingRequests,
        isTransitioning: window.isTransitioning)
    }
  }
}

/// Runs a call that must be refused under ``MisusePolicy/report`` and checks the refusal:
/// one typed error with `code` whose message names every screen in `naming`, handed to the
/// handler of the window of `reporting`, nothing changed, and exactly one `.misuse` event
/// journaled by `reporting` and none by the other stages.
///
/// Every stage must have had its set-up's events checked or discarded before.
///
/// - Returns: The reported error, if there was exactly one.
@discardableResult
func expectReportedMisuse(
  _ code: NavigationError.Code,
  naming names: [String],
  screens: [ViewController],
  stages: [Stage],
  reporting: Stage,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ call: () -> Void
) -> NavigationError? {
  let windows = stages.map(\.window)
  let others = stages.filter { $0 !== reporting }
  for stage in stages {
    #expect(stage.take() == [], "the set-up left events unchecked", sourceLocation: sourceLocation)
  }
  let log = ErrorLog()
  log.observe(reporting.window)
  let before = HierarchySnapshot(screens: screens, windows: windows)
  call()
  #expect(HierarchySnapshot(screens: screens, windows: windows) == before, sourceLocation: sourceLocation)
  for other in others { other.expect([], sourceLocation: sourceLocation) }
  #expect(log.errors.count == 1, "the handler must run exactly once", sourceLocation: sourceLocation)
  guard log.errors.count == 1, let error = log.errors.first else { return nil }
  #expect(error.code == code, sourceLocation: sourceLocation)
  for name in names {
    #expect(
      error.message.contains(name), "message names \(name): \(error.message)", sourceLocation: sourceLocation)
  }
  reporting.expect([.misuse(error)], sourceLocation: sourceLocation)
  return error
}
