import Testing

@testable import Navigator

/// A stack replacement calls its screens borrowed from the move's arrays, with no retain
/// (`forEachBorrowed`): the arrays hold them for the whole move, even once nothing else does.
@Suite struct StackBorrowedScreensTests {
  @Test func screensOnlyTheMoveHoldsHearEveryCallbackAndAreFreedAfterIt() {
    let window = Window()
    let log = ContainmentLog()
    let navigation = NavigationController(rootViewController: LoggingScreen("A", log))
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    log.calls = []
    weak var b: LoggingScreen?
    weak var c: LoggingScreen?
    do {
      let made = [LoggingScreen("B", log), LoggingScreen("C", log)]
      (b, c) = (made[0], made[1])
      navigation.setViewControllers(made, animated: false)
    }
    // Only the stack holds B and C now; the replacement takes them out, and from then on
    // only the move's array of removed screens holds them.
    navigation.setViewControllers([LoggingScreen("D", log)], animated: false)
    #expect(
      log.calls == [
        "A willMove nil", "B willMove stack", "C willMove stack", "A didMove nil", "B didMove stack",
        "C didMove stack",
        "B willMove nil", "C willMove nil", "D willMove stack", "B didMove nil", "C didMove nil",
        "D didMove stack",
      ])
    #expect(b == nil)
    #expect(c == nil)
    #expect(navigation.viewControllers.map(\.title) == ["D"])
  }
}

/// Where ``LoggingScreen`` writes, so that its calls outlive it.
private final class ContainmentLog {
  var calls: [String] = []
}

/// A screen that logs its containment callbacks into a log it does not own.
private final class LoggingScreen: ViewController {
  let log: ContainmentLog

  init(_ name: String, _ log: ContainmentLog) {
    self.log = log
    super.init()
    title = name
  }

  override func willMove(toParent parent: ViewController?) {
    super.willMove(toParent: parent)
    log.calls.append("\(title ?? "") willMove \(parent == nil ? "nil" : "stack")")
  }

  override func didMove(toParent parent: ViewController?) {
    super.didMove(toParent: parent)
    log.calls.append("\(title ?? "") didMove \(parent == nil ? "nil" : "stack")")
  }
}
