import Navigator
import Testing

/// Spec §6 and §0: root replacement and visibility, at every stop of the manual scheduler
/// and under the immediate one.
@Suite struct WindowTests {
  @Test func windowsStartHiddenAndNotKey() {
    let window = Window()
    #expect(window.isHidden)
    #expect(!window.isKeyWindow)
    #expect(window.rootViewController == nil)
    window.makeKeyAndVisible()
    #expect(!window.isHidden)
    #expect(window.isKeyWindow)
  }

  @Test func showingAWindowWithARootUnderTheManualScheduler() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    let root = Screen("Root")
    window.rootViewController = root
    expectJournal(window, [.load(root)])
    window.makeKeyAndVisible()
    expectJournal(window, [])
    #expect(root.appearanceState == .disappeared)
    scheduler.runLoopTurn()
    expectJournal(window, [.willAppear(root), .didAppear(root)])
    #expect(root.appearanceState == .appeared)
    scheduler.finishTransitions()
    expectJournal(window, [])
    #expect(!scheduler.hasPendingWork)
  }

  @Test func settingTheRootOfAVisibleWindowUnderTheManualScheduler() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    window.makeKeyAndVisible()
    let root = Screen("Root")
    window.rootViewController = root
    #expect(window.rootViewController === root)
    expectJournal(window, [.load(root)])
    scheduler.runLoopTurn()
    expectJournal(window, [.willAppear(root), .didAppear(root)])
    scheduler.finishTransitions()
    expectJournal(window, [])
  }

  @Test func replacingTheRootOfAVisibleWindowUnderTheManualScheduler() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    let old = Screen("Old")
    window.rootViewController = old
    window.makeKeyAndVisible()
    scheduler.settle()
    window.journal.removeAll()

    let new = Screen("New")
    window.rootViewController = new
    // The structure changed inside the call; the callbacks wait.
    #expect(window.rootViewController === new)
    #expect(new.view.superview === window)
    #expect(old.view.superview == nil)
    #expect(old.appearanceState == .appeared)
    #expect(new.appearanceState == .disappeared)
    #expect(window.isTransitioning)
    expectJournal(window, [.load(new)])

    scheduler.runLoopTurn()
    #expect(old.appearanceState == .disappeared)
    #expect(new.appearanceState == .appeared)
    expectJournal(window, [.willDisappear(old), .willAppear(new), .didDisappear(old), .didAppear(new)])

    scheduler.finishTransitions()
    expectJournal(window, [])
    #expect(!window.isTransitioning)
  }

  @Test func replacingTheRootOfAVisibleWindowUnderTheImmediateScheduler() {
    let window = journaledWindow()
    let old = Screen("Old")
    window.rootViewController = old
    window.makeKeyAndVisible()
    expectJournal(window, [.load(old), .willAppear(old), .didAppear(old)])
    let new = Screen("New")
    window.rootViewController = new
    expectJournal(
      window, [.load(new), .willDisappear(old), .willAppear(new), .didDisappear(old), .didAppear(new)])
    #expect(!window.isTransitioning)
  }

  @Test func replacingTheRootOfAHiddenWindowChangesStructureOnly() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    let old = Screen("Old")
    let new = Screen("New")
    window.rootViewController = old
    window.rootViewController = new
    #expect(window.rootViewController === new)
    #expect(window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(new.view)])
    #expect(!scheduler.hasPendingWork)
    scheduler.settle()
    expectJournal(window, [.load(old), .load(new)])
  }

  @Test func clearingTheRootOfAVisibleWindowMakesItDisappear() {
    let window = journaledWindow()
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    window.journal.removeAll()
    window.rootViewController = nil
    #expect(root.viewIfLoaded?.superview == nil)
    expectJournal(window, [.willDisappear(root), .didDisappear(root)])
  }

  @Test func settingTheSameRootAgainDoesNothing() {
    let window = journaledWindow()
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    window.journal.removeAll()
    window.rootViewController = root
    expectJournal(window, [])
  }

  @Test func hidingAndShowingTheWindowUnderTheManualScheduler() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    scheduler.settle()
    window.journal.removeAll()

    window.isHidden = true
    expectJournal(window, [])
    scheduler.runLoopTurn()
    expectJournal(window, [.willDisappear(root), .didDisappear(root)])
    scheduler.finishTransitions()
    expectJournal(window, [])

    window.isHidden = false
    expectJournal(window, [])
    scheduler.runLoopTurn()
    expectJournal(window, [.willAppear(root), .didAppear(root)])
    scheduler.finishTransitions()
    expectJournal(window, [])
  }

  @Test func hidingAndShowingTheWindowUnderTheImmediateScheduler() {
    let window = journaledWindow()
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    window.isHidden = true
    window.isHidden = false
    expectJournal(
      window,
      [
        .load(root), .willAppear(root), .didAppear(root), .willDisappear(root), .didDisappear(root),
        .willAppear(root), .didAppear(root),
      ])
  }

  @Test func visibilityChangesBeforeARunLoopTurnCoalesce() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    window.isHidden = true
    scheduler.settle()
    #expect(root.appearanceState == .disappeared)
    expectJournal(window, [.load(root)])

    window.makeKeyAndVisible()
    scheduler.runLoopTurn()
    window.isHidden = true
    window.isHidden = false
    scheduler.settle()
    #expect(root.appearanceState == .appeared)
    expectJournal(window, [.willAppear(root), .didAppear(root)])
  }

  @Test func replacingTheRootTwiceBeforeARunLoopTurn() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    let first = Screen("First")
    window.rootViewController = first
    window.makeKeyAndVisible()
    scheduler.settle()
    window.journal.removeAll()

    let second = Screen("Second")
    let third = Screen("Third")
    window.rootViewController = second
    window.rootViewController = third
    // The second request waits behind the first transition.
    #expect(window.rootViewController === second)
    #expect(window.pendingRequests == [.setRootViewController(third.screenID)])
    expectJournal(window, [.load(second)])

    scheduler.runLoopTurn()
    #expect(window.rootViewController === third)
    expectJournal(
      window,
      [.willDisappear(first), .willAppear(second), .didDisappear(first), .didAppear(second), .load(third)])
    scheduler.runLoopTurn()
    expectJournal(
      window, [.willDisappear(second), .willAppear(third), .didDisappear(second), .didAppear(third)])
    scheduler.finishTransitions()
    expectJournal(window, [])
    #expect(window.pendingRequests.isEmpty)
  }

  @Test func rootThatLeftAHiddenWindowBeforeAppearingGetsNoCallbacks() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    let old = Screen("Old")
    window.rootViewController = old
    window.makeKeyAndVisible()
    window.isHidden = true
    let new = Screen("New")
    window.rootViewController = new
    scheduler.settle()
    #expect(old.appearanceState == .disappeared)
    #expect(new.appearanceState == .disappeared)
    #expect(window.rootViewController === new)
    expectJournal(window, [.load(old), .load(new)])
  }
}
