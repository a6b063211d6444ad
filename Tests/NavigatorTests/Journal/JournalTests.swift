import Navigator
import Testing

@Suite(.exhaustiveStages) struct JournalTests {
  @Test func aDisabledJournalRecordsNothing() {
    let window = Window()
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    #expect(!window.journal.isEnabled)
    #expect(window.journal.events.isEmpty)
    #expect(root.appearanceState == .appeared)
  }

  @Test func switchingTheJournalOnRecordsFromThenOn() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    window.journal.isEnabled = false  // as a new window's journal is
    let root = Screen("Root")
    window.rootViewController = root
    window.journal.isEnabled = true
    window.makeKeyAndVisible()
    stage.expect([.willAppear(root), .didAppear(root)])
  }

  @Test func removeAllKeepsRecording() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let root = Screen("Root")
    window.rootViewController = root
    stage.discardEvents()
    #expect(window.journal.events.isEmpty)
    window.makeKeyAndVisible()
    stage.expect([.willAppear(root), .didAppear(root)])
  }

  @Test func screensOutsideAnyWindowJournalNothingUntilTheyJoinOne() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let parent = Screen("Parent")
    let child = Screen("Child")
    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
    stage.expect([])
    window.rootViewController = parent
    window.makeKeyAndVisible()
    stage.expect([.willAppear(parent), .willAppear(child), .didAppear(parent), .didAppear(child)])
  }

  @Test func screensRememberTheLastWindowTheyWereIn() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let root = Screen("Root")
    let child = Screen("Child")
    window.rootViewController = root
    root.addChild(child)
    child.didMove(toParent: root)
    child.willMove(toParent: nil)
    child.removeFromParent()
    window.rootViewController = nil
    stage.discardEvents()

    // Neither is in the window any more; their events still reach its journal.
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    stage.expect([.willMove(child, to: root), .load(child), .didMove(child, to: root)])
  }

  @Test func windowsSharingAJournalInterleaveInOrder() {
    let journal = Journal(isEnabled: true)
    let first = Window(journal: journal)
    let second = Window(journal: journal)
    let a = Screen("A")
    let b = Screen("B")
    first.rootViewController = a
    second.rootViewController = b
    first.makeKeyAndVisible()
    second.makeKeyAndVisible()
    #expect(
      journal.events == [
        .load(a), .joined(a), .load(b), .joined(b), .willAppear(a), .didAppear(a), .willAppear(b),
        .didAppear(b),
      ])
  }

  @Test func eventDescriptionsAreReadable() {
    let screen = Screen("Home")
    let parent = Screen("Nav")
    let events: [NavigationEvent] = [
      .load(screen), .willAppear(screen, animated: true), .didAppear(screen), .willDisappear(screen),
      .didDisappear(screen), .willMove(screen, to: parent), .didMove(screen, to: nil),
      .completion(.updateWindowAppearance(visible: true)),
    ]
    #expect(
      events.map(\.description) == [
        "Home.viewDidLoad", "Home.viewWillAppear(animated: true)", "Home.viewDidAppear(animated: false)",
        "Home.viewWillDisappear(animated: false)", "Home.viewDidDisappear(animated: false)",
        "Home.willMove(toParent: Nav)", "Home.didMove(toParent: nil)",
        "completion(updateWindowAppearance(visible: true))",
      ])
  }

  /// Events that name a list of screens print their names, never their addresses: a
  /// journal prints the same in every run.
  @Test func eventsNamingScreensListPrintNamesOnly() {
    let (nav, home, detail) = (Screen("Nav").screenID, Screen("Home").screenID, Screen("Detail").screenID)
    let events: [NavigationEvent] = [
      .willPopTo(home, in: nav, popping: [detail], animated: true),
      .didPopToRoot(in: nav, popped: [home, detail], animated: false),
      .willSetViewControllers([home, detail], in: nav, animated: true),
    ]
    #expect(
      events.map(\.description) == [
        "Nav.willPopTo(Home, popping: [Detail], animated: true)",
        "Nav.didPopToRoot(popped: [Home, Detail], animated: false)",
        "Nav.willSetViewControllers([Home, Detail], animated: true)",
      ])
  }

  @Test func screenIDsCompareByInstanceNotByName() {
    let first = Screen("Same")
    let second = Screen("Same")
    #expect(first.screenID != second.screenID)
    #expect(first.screenID == first.screenID)
    #expect(first.screenID.name == "Same")
    #expect(ViewController().screenID.name == "ViewController")
  }
}
