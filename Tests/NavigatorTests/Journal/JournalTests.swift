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

  /// Every event and request prints its own text, written part by part into one string:
  /// names with characters beyond ASCII, and texts longer than the writer's scratch space.
  @Test func everyEventAndRequestPrintsItsText() {
    let nav = Screen("Nav").screenID
    let home = Screen("Café ☕️").screenID
    let detail = ViewController().screenID
    let many = (0..<40).map { Screen("Screen number \($0)").screenID }
    let manyText = "[" + (0..<40).map { "Screen number \($0)" }.joined(separator: ", ") + "]"
    let exit = HierarchyExit(.popped(.backButton), removedScreen: detail)
    let error = NavigationError(.invalidRequest, String(repeating: "too long ", count: 40))
    let requests: [NavigationRequest] = [
      .setRootViewController(home), .setRootViewController(nil), .updateWindowAppearance(visible: false),
      .push(detail, onto: nav, animated: true), .pop(from: nav, animated: false),
      .popTo(home, in: nav, animated: true), .popToRoot(in: nav, animated: false),
      .setViewControllers([home, detail], in: nav, animated: true),
      .present(detail, from: home, animated: true),
      .dismiss(home, animated: false),
      .navigate(to: "Nav[Café ☕️]", steps: ["push A onto root", "pop to root"], animated: true),
      .navigate(to: "(no root)", steps: [], animated: false),
    ]
    #expect(
      requests.map(\.description) == [
        "setRootViewController(Café ☕️)", "setRootViewController(nil)",
        "updateWindowAppearance(visible: false)",
        "push(ViewController, onto: Nav, animated: true)", "pop(from: Nav, animated: false)",
        "popTo(Café ☕️, in: Nav, animated: true)", "popToRoot(in: Nav, animated: false)",
        "setViewControllers([Café ☕️, ViewController], in: Nav, animated: true)",
        "present(ViewController, from: Café ☕️, animated: true)", "dismiss(Café ☕️, animated: false)",
        "navigate(to: Nav[Café ☕️], steps: [push A onto root; pop to root], animated: true)",
        "navigate(to: (no root), steps: [], animated: false)",
      ])
    let events: [NavigationEvent] = [
      .willShow(home, in: nav, animated: true), .didShow(home, in: nav, animated: false),
      .willPush(detail, onto: nav, animated: true), .didPush(detail, onto: nav, animated: true),
      .willPop(detail, from: nav, animated: false), .didPop(detail, from: nav, animated: false),
      .didPopTo(home, in: nav, popped: [detail], animated: true),
      .willPopToRoot(in: nav, popping: many, animated: true),
      .didSetViewControllers(many, in: nav, animated: false),
      .navigationBarHidden(true, in: nav), .toolbarHidden(false, in: nav), .pushBlock(home),
      .popBlock(detail),
      .interactivePopBegan(detail, in: nav), .interactivePopCancelled(detail, in: nav),
      .interactivePopFinished(detail, in: nav), .adaptivePresentationStyle(home, answer: .none),
      .presentationShouldDismiss(home), .presentationWillDismiss(home), .presentationDidDismiss(home),
      .presentationDidAttemptToDismiss(home), .popoverShouldDismiss(home), .popoverDidDismiss(home),
      .screenJoined(home), .screenLeft(detail, exit: exit), .misuse(error),
      .completion(.setViewControllers(many, in: nav, animated: true)),
      .note(JournalNote(kind: "flow", text: "flow.started(Checkout)")),
    ]
    #expect(
      events.map(\.description) == [
        "Nav.willShow(Café ☕️, animated: true)", "Nav.didShow(Café ☕️, animated: false)",
        "Nav.willPush(ViewController, animated: true)", "Nav.didPush(ViewController, animated: true)",
        "Nav.willPop(ViewController, animated: false)", "Nav.didPop(ViewController, animated: false)",
        "Nav.didPopTo(Café ☕️, popped: [ViewController], animated: true)",
        "Nav.willPopToRoot(popping: \(manyText), animated: true)",
        "Nav.didSetViewControllers(\(manyText), animated: false)",
        "Nav.navigationBarHidden(true)", "Nav.toolbarHidden(false)", "Café ☕️.pushBlock",
        "ViewController.popBlock",
        "Nav.interactivePopBegan(ViewController)", "Nav.interactivePopCancelled(ViewController)",
        "Nav.interactivePopFinished(ViewController)", "Café ☕️.adaptivePresentationStyle -> none",
        "Café ☕️.presentationControllerShouldDismiss", "Café ☕️.presentationControllerWillDismiss",
        "Café ☕️.presentationControllerDidDismiss", "Café ☕️.presentationControllerDidAttemptToDismiss",
        "Café ☕️.popoverShouldDismiss", "Café ☕️.popoverDidDismiss", "Café ☕️.joined",
        "ViewController.left(popped(backButton) of ViewController)",
        "misuse[invalidRequest]: \(String(repeating: "too long ", count: 40))",
        "completion(setViewControllers(\(manyText), in: Nav, animated: true))", "flow.started(Checkout)",
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
