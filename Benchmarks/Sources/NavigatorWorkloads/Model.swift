import Navigator

/// A Navigator screen whose overrides do the same trivial work as ``BaselineScreen``.
final class ModelScreen: ViewController {
  let name: String
  let tally: Tally

  init(_ name: String, tally: Tally) {
    self.name = name
    self.tally = tally
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tally.note("\(name).viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    tally.note("\(name).viewWillAppear")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    tally.note("\(name).viewDidAppear")
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    tally.note("\(name).viewWillDisappear")
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    tally.note("\(name).viewDidDisappear")
  }
  override func willMove(toParent parent: ViewController?) {
    super.willMove(toParent: parent)
    tally.note("\(name).willMove(\(parent == nil ? "nil" : "nav"))")
  }
  override func didMove(toParent parent: ViewController?) {
    super.didMove(toParent: parent)
    tally.note("\(name).didMove(\(parent == nil ? "nil" : "nav"))")
  }
}

final class ModelDelegate: NavigationControllerDelegate {
  let tally: Tally
  init(tally: Tally) { self.tally = tally }

  func navigationController(
    _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool
  ) {
    tally.note("willShow(\((viewController as? ModelScreen)?.name ?? "?"))")
  }
  func navigationController(
    _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool
  ) {
    tally.note("didShow(\((viewController as? ModelScreen)?.name ?? "?"))")
  }
}
