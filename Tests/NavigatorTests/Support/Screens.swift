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

/// A screen that asks for confirmation before it is popped, and answers as told.
final class GuardedScreen: ViewController, PopConfirming {
  enum Answer { case allow, deny, later }
  var answer: Answer
  var decisions: [PopDecision] = []

  init(_ name: String, answer: Answer) {
    self.answer = answer
    super.init()
    title = name
  }

  func confirmPop(_ decision: PopDecision) {
    decisions.append(decision)
    switch answer {
    case .allow: decision.allow()
    case .deny: decision.deny()
    case .later: break
    }
  }
}

/// Records which presentation flags were set while each callback ran.
final class FlagProbe: ViewController {
  var log: [String] = []

  init(_ name: String) {
    super.init()
    title = name
  }

  override func viewWillAppear(_ animated: Bool) {
    log.append("willAppear presented=\(isBeingPresented) dismissed=\(isBeingDismissed)")
  }
  override func viewDidAppear(_ animated: Bool) {
    log.append("didAppear presented=\(isBeingPresented) dismissed=\(isBeingDismissed)")
  }
  override func viewWillDisappear(_ animated: Bool) {
    log.append("willDisappear presented=\(isBeingPresented) dismissed=\(isBeingDismissed)")
  }
  override func viewDidDisappear(_ animated: Bool) {
    log.append("didDisappear presented=\(isBeingPresented) dismissed=\(isBeingDismissed)")
  }
}
