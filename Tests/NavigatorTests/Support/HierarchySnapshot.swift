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
/// handler of `reportingWindow`, nothing changed, and exactly one `.misuse` event appended to
/// the journal of `reportingWindow`.
///
/// - Returns: The reported error, if there was exactly one.
@discardableResult
func expectReportedMisuse(
  _ code: NavigationError.Code,
  naming names: [String],
  screens: [ViewController],
  windows: [Window],
  reportingWindow: Window,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ call: () -> Void
) -> NavigationError? {
  let log = ErrorLog()
  log.observe(reportingWindow)
  let before = HierarchySnapshot(screens: screens, windows: windows)
  let eventsBefore = reportingWindow.journal.events
  let otherEventsBefore = windows.filter { $0 !== reportingWindow }.map(\.journal.events)
  call()
  #expect(HierarchySnapshot(screens: screens, windows: windows) == before, sourceLocation: sourceLocation)
  #expect(
    windows.filter { $0 !== reportingWindow }.map(\.journal.events) == otherEventsBefore,
    sourceLocation: sourceLocation)
  #expect(log.errors.count == 1, "the handler must run exactly once", sourceLocation: sourceLocation)
  guard log.errors.count == 1, let error = log.errors.first else { return nil }
  #expect(error.code == code, sourceLocation: sourceLocation)
  for name in names {
    #expect(
      error.message.contains(name), "message names \(name): \(error.message)", sourceLocation: sourceLocation)
  }
  #expect(reportingWindow.journal.events == eventsBefore + [.misuse(error)], sourceLocation: sourceLocation)
  return error
}
