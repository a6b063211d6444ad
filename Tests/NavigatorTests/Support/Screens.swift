import Navigator

/// A screen with a readable name, so journals and messages read well.
class Screen: ViewController {
  init(_ name: String) {
    super.init()
    title = name
  }
}

/// A custom container that drives its children itself (forwarding off).
final class ManualContainer: Screen {
  override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}

/// A screen that counts how often its view was built and records its transition flags.
final class ProbeScreen: Screen {
  private(set) var loadViewCount = 0
  private(set) var viewDidLoadCount = 0
  /// `isMovingToParent`, `isMovingFromParent`, `isBeingPresented`, `isBeingDismissed` as
  /// seen inside each appearance callback.
  private(set) var flagsSeenInCallbacks: [[Bool]] = []
  let customView: View?

  init(_ name: String, customView: View? = nil) {
    self.customView = customView
    super.init(name)
  }

  override func loadView() {
    loadViewCount += 1
    if let customView { view = customView } else { super.loadView() }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    viewDidLoadCount += 1
  }

  override func viewWillAppear(_ animated: Bool) { recordFlags() }
  override func viewDidAppear(_ animated: Bool) { recordFlags() }
  override func viewWillDisappear(_ animated: Bool) { recordFlags() }
  override func viewDidDisappear(_ animated: Bool) { recordFlags() }

  private func recordFlags() {
    flagsSeenInCallbacks.append([isMovingToParent, isMovingFromParent, isBeingPresented, isBeingDismissed])
  }
}

/// A weak reference, for leak checks.
struct WeakRef<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

/// Collects the errors a window's misuse handler receives.
final class ErrorLog {
  private(set) var errors: [NavigationError] = []

  /// Installs itself as the handler of every given window.
  func observe(_ windows: Window...) {
    for window in windows { window.misuseHandler = { [unowned self] error in errors.append(error) } }
  }

  func removeAll() { errors.removeAll() }
}
