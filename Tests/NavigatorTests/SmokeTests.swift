import Navigator
import Testing

final class Screen: ViewController {
  init(_ name: String) {
    super.init()
    title = name
  }
}

@Suite struct SmokeTests {
  @Test func windowShowsRootWithChild() {
    let scheduler = ManualScheduler()
    let window = Window(scheduler: .manual(scheduler))
    window.journal.isEnabled = true
    let root = Screen("Root")
    let child = Screen("Child")
    window.rootViewController = root
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    window.makeKeyAndVisible()
    #expect(
      window.journal.events == [
        .viewDidLoad(root.screenID),
        .willMove(child.screenID, toParent: root.screenID),
        .viewDidLoad(child.screenID),
        .didMove(child.screenID, toParent: root.screenID),
      ])
    window.journal.removeAll()
    scheduler.runLoopTurn()
    #expect(
      window.journal.events == [
        .viewWillAppear(root.screenID, animated: false),
        .viewWillAppear(child.screenID, animated: false),
        .viewDidAppear(root.screenID, animated: false),
        .viewDidAppear(child.screenID, animated: false),
      ])
  }
}
