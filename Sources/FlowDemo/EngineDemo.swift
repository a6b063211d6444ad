import Navigator

extension Demo {
  /// What the engine shows of itself: requests that wait, as values, in order; and every
  /// screen that joins or leaves the hierarchy, with how it left.
  static func engineJourney(into output: Transcript) {
    let scheduler = ManualScheduler()
    let window = Window(scheduler: .manual(scheduler))
    window.journal.isEnabled = true
    window.journal.recordsMembership = false  // the observer below says it instead
    let navigation = NavigationController(rootViewController: DemoScreen("Feed"))
    navigation.title = "Social"
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    scheduler.settle()
    window.journal.removeAll()
    let exits = ExitListener(output)
    window.addHierarchyObserver(exits)

    output.step("Post is pushed, animated; Profile and a pop are asked for while it moves")
    let post = DemoScreen("Post")
    navigation.pushViewController(post, animated: true)
    navigation.pushViewController(DemoScreen("Profile"), animated: true)
    navigation.popViewController(animated: true)
    output.line("   structure already changed: \(names(navigation.viewControllers))")
    for request in window.pendingRequests { output.line("   waiting: \(request)") }
    scheduler.settle()
    window.journal.removeAll()
    output.line("   settled: \(names(navigation.viewControllers))")
    output.line()

    output.step("A back swipe that is cancelled, then one that is committed")
    navigation.beginInteractivePop()
    navigation.cancelInteractivePop()
    scheduler.settle()
    output.line("   (cancelled: Post stays, nothing left)")
    navigation.beginInteractivePop()
    navigation.finishInteractivePop()
    scheduler.settle()
    output.line()

    output.step("Compose is presented as a sheet, then swiped down")
    let compose = DemoScreen("Compose")
    compose.modalPresentationStyle = .pageSheet
    navigation.present(compose, animated: true)
    scheduler.settle()
    compose.presentationController?.beginInteractiveDismissal()
    compose.presentationController?.finishInteractiveDismissal()
    scheduler.settle()
    output.line()

    output.step("A new root replaces the stack: every screen in it leaves")
    window.rootViewController = DemoScreen("SignIn")
    scheduler.settle()
    window.journal.removeAll()
    output.line()
    withExtendedLifetime(exits) {}
  }

  /// The screens' names, in order.
  private static func names(_ screens: [ViewController]) -> String {
    screens.map(\.screenID.name).joined(separator: ", ")
  }
}

/// Says in the transcript which screens join and leave a window's hierarchy, and how.
final class ExitListener: HierarchyObserver {
  /// Where it says what it heard.
  private let output: Transcript

  /// A listener that writes to `output`.
  init(_ output: Transcript) {
    self.output = output
  }

  /// Says that a screen joined the hierarchy.
  func window(_ window: Window, didAdd screen: ViewController) {
    output.line("   + \(screen.screenID) joined")
  }

  /// Says that a screen left the hierarchy, and how.
  func window(_ window: Window, didRemove screen: ViewController, exit: HierarchyExit) {
    output.line("   - \(screen.screenID) left: \(exit)")
  }
}
