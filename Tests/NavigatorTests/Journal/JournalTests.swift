import Navigator
import Testing

@Suite struct JournalTests {
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
    let window = Window()
    let root = Screen("Root")
    window.rootViewController = root
    window.journal.isEnabled = true
    window.makeKeyAndVisible()
    expectJournal(window, [.willAppear(root), .didAppear(root)])
  }

  @Test func removeAllKeepsRecording() {
    let window = journaledWindow()
    let root = Screen("Root")
    window.rootViewController = root
    window.journal.removeAll()
    #expect(window.journal.events.isEmpty)
    window.makeKeyAndVisible()
    expectJournal(window, [.willAppear(root), .didAppear(root)])
  }

  @Test func screensOutsideAnyWindowJournalNothingUntilTheyJoinOne() {
    let window = journaledWindow()
    let parent = Screen("Parent")
    let child = Screen("Child")
    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
    expectJournal(window, [])
    window.rootViewController = parent
    window.makeKeyAndVisible()
    expectJournal(window, [.willAppear(parent), .willAppear(child), .didAppear(parent), .didAppear(child)])
  }

  @Test func screensRememberTheLastWindowTheyWereIn() {
    let window = journaledWindow()
    let root = Screen("Root")
    let child = Screen("Child")
    window.rootViewController = root
    root.addChild(child)
    child.didMove(toParent: root)
    child.willMove(toParent: nil)
    child.removeFromParent()
    window.rootViewController = nil
    window.journal.removeAll()

    // Neither is in the window any more; their events still reach its journal.
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    expectJournal(window, [.willMove(child, to: root), .load(child), .didMove(child, to: root)])
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
      journal.events == [.load(a), .load(b), .willAppear(a), .didAppear(a), .willAppear(b), .didAppear(b)])
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

  @Test func screenIDsCompareByInstanceNotByName() {
    let first = Screen("Same")
    let second = Screen("Same")
    #expect(first.screenID != second.screenID)
    #expect(first.screenID == first.screenID)
    #expect(first.screenID.name == "Same")
    #expect(ViewController().screenID.name == "ViewController")
  }
}
