@testable import Navigator

/// A non-forwarding container that behaves as UIKit asks of one: when it disappears, it
/// makes the children it showed disappear with it. Random operations drive its children
/// while it is on screen.
final class DrivingContainer: Screen {
  override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    for child in children where child.appearanceState != .disappeared {
      child.beginAppearanceTransition(false, animated: animated)
    }
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    for child in children where child.appearanceState == .disappearing {
      child.endAppearanceTransition()
    }
  }
}

/// The world a random-operation test acts on: a fixed pool of screens and windows that
/// share one journal, and the caller-side sequences UIKit asks for.
///
/// To extend it (navigation stacks, presentation), add screens or windows to the pool,
/// cases to ``RandomOperation``, a branch to ``apply(_:)``, rules to
/// ``OperationGenerator/foundation`` and checks to ``InvariantChecker``.
final class HierarchyWorld {
  let scheduler: ManualScheduler?
  let journal: Journal
  let windows: [Window]
  let screens: [ViewController]
  let errors = ErrorLog()

  init(manualScheduler: Bool, plainScreens: Int = 6, containers: Int = 2) {
    let scheduler = manualScheduler ? ManualScheduler() : nil
    self.scheduler = scheduler
    let timing: TransitionScheduler = scheduler.map { .manual($0) } ?? .immediate
    let journal = Journal(isEnabled: true)
    self.journal = journal
    windows = (0..<2).map { _ in Window(scheduler: timing, misusePolicy: .report, journal: journal) }
    screens =
      (0..<plainScreens).map { Screen("S\($0)") }
      + (plainScreens..<plainScreens + containers).map { DrivingContainer("K\($0)") }
    // Every screen starts as having been in the first window, so that all of its events
    // are journaled (screens that never joined a window journal nothing).
    for screen in screens { screen.adoptedWindow = windows[0] }
    for window in windows { errors.observe(window) }
  }

  func settle() { scheduler?.settle() }

  func index(of screen: ViewController?) -> Int? {
    guard let screen else { return nil }
    return screens.firstIndex { $0 === screen }
  }

  func name(_ index: Int?) -> String { index.map { screens[$0].title ?? "?" } ?? "nil" }

  func isAncestorOrSelf(_ candidate: ViewController, of screen: ViewController) -> Bool {
    var current: ViewController? = screen
    while let node = current {
      if node === candidate { return true }
      current = node.parent
    }
    return false
  }

  func rootWindow(of screen: ViewController) -> Window? {
    windows.first { $0.rootViewController === screen }
  }

  // MARK: Applying operations

  /// Performs `operation` as a correct caller would, then settles the scheduler.
  func apply(_ operation: RandomOperation) {
    switch operation {
    case .loadView(let index):
      screens[index].loadViewIfNeeded()
    case .addChild(let childIndex, let parentIndex, let addsView):
      let child = screens[childIndex]
      let parent = screens[parentIndex]
      if child.parent != nil { removeViewOfChild(child) }
      parent.addChild(child)
      if addsView { parent.view.addSubview(child.view) }
      child.didMove(toParent: parent)
    case .removeChild(let index):
      let child = screens[index]
      child.willMove(toParent: nil)
      removeViewOfChild(child)
      child.removeFromParent()
    case .addChildView(let index):
      let child = screens[index]
      child.parent?.view.addSubview(child.view)
    case .removeChildView(let index):
      removeViewOfChild(screens[index])
    case .setRoot(let window, let screen):
      windows[window].rootViewController = screen.map { screens[$0] }
    case .setHidden(let window, let hidden):
      windows[window].isHidden = hidden
    case .flickerVisibility(let window):
      windows[window].isHidden.toggle()
      windows[window].isHidden.toggle()
    case .beginAppearance(let index, let appearing, let animated):
      screens[index].beginAppearanceTransition(appearing, animated: animated)
    case .endAppearance(let index):
      screens[index].endAppearanceTransition()
    case .misuse(let attempt, _):
      apply(attempt)
    }
    settle()
  }

  private func apply(_ attempt: MisuseAttempt) {
    switch attempt {
    case .addChild(let child, let parent):
      screens[parent].addChild(screens[child])
    case .setRoot(let window, let screen):
      windows[window].rootViewController = screens[screen]
    case .addAncestorViewAsSubview(let screen, let depth):
      let view = screens[screen].view
      view.addSubview(superviewChain(of: view)[depth])
    case .endAppearance(let screen):
      screens[screen].endAppearanceTransition()
    }
  }

  /// The view and its superviews, innermost first.
  func superviewChain(of view: View) -> [View] {
    var chain: [View] = []
    var current: View? = view
    while let node = current {
      chain.append(node)
      current = node.superview
    }
    return chain
  }

  /// Takes a child's view out of its superview; a non-forwarding parent drives the child's
  /// disappearance itself, as UIKit asks of custom containers.
  private func removeViewOfChild(_ child: ViewController) {
    guard let view = child.viewIfLoaded, view.superview != nil else { return }
    let driven = child.parent.map { !$0.shouldAutomaticallyForwardAppearanceMethods } ?? false
    guard driven, child.appearanceState != .disappeared else {
      view.removeFromSuperview()
      return
    }
    child.beginAppearanceTransition(false, animated: false)
    view.removeFromSuperview()
    child.endAppearanceTransition()
  }
}
