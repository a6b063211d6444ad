import Navigator
import Testing

/// Root replacement and visibility (behaviour reference, "The window" and "Time"), at every
/// stop of the manual scheduler and under the immediate one.
@Suite(.exhaustiveStages) struct WindowTests {
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
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    let root = Screen("Root")
    window.rootViewController = root
    stage.expect([.load(root)])
    window.makeKeyAndVisible()
    stage.expect([])
    #expect(root.appearanceState == .disappeared)
    scheduler.runLoopTurn()
    stage.expect([.willAppear(root), .didAppear(root)])
    #expect(root.appearanceState == .appeared)
    scheduler.finishTransitions()
    stage.expect([])
    #expect(!scheduler.hasPendingWork)
  }

  @Test func settingTheRootOfAVisibleWindowUnderTheManualScheduler() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    window.makeKeyAndVisible()
    let root = Screen("Root")
    window.rootViewController = root
    #expect(window.rootViewController === root)
    stage.expect([.load(root)])
    scheduler.runLoopTurn()
    stage.expect([.willAppear(root), .didAppear(root)])
    scheduler.finishTransitions()
    stage.expect([])
  }

  @Test func replacingTheRootOfAVisibleWindowUnderTheManualScheduler() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    let old = Screen("Old")
    window.rootViewController = old
    window.makeKeyAndVisible()
    scheduler.settle()
    stage.discardEvents()

    let new = Screen("New")
    window.rootViewController = new
    // The structure changed inside the call; the callbacks wait.
    #expect(window.rootViewController === new)
    #expect(new.view.superview === window)
    #expect(old.view.superview == nil)
    #expect(old.appearanceState == .appeared)
    #expect(new.appearanceState == .disappeared)
    #expect(window.isTransitioning)
    stage.expect([.load(new)])

    scheduler.runLoopTurn()
    #expect(old.appearanceState == .disappeared)
    #expect(new.appearanceState == .appeared)
    stage.expect([.willDisappear(old), .willAppear(new), .didDisappear(old), .didAppear(new)])

    scheduler.finishTransitions()
    stage.expect([])
    #expect(!window.isTransitioning)
  }

  @Test func replacingTheRootOfAVisibleWindowUnderTheImmediateScheduler() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let old = Screen("Old")
    window.rootViewController = old
    window.makeKeyAndVisible()
    stage.expect([.load(old), .willAppear(old), .didAppear(old)])
    let new = Screen("New")
    window.rootViewController = new
    stage.expect(
      [.load(new), .willDisappear(old), .willAppear(new), .didDisappear(old), .didAppear(new)])
    #expect(!window.isTransitioning)
  }

  @Test func replacingTheRootOfAHiddenWindowChangesStructureOnly() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    let old = Screen("Old")
    let new = Screen("New")
    window.rootViewController = old
    window.rootViewController = new
    #expect(window.rootViewController === new)
    #expect(window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(new.view)])
    #expect(!scheduler.hasPendingWork)
    scheduler.settle()
    stage.expect([.load(old), .load(new)])
  }

  @Test func clearingTheRootOfAVisibleWindowMakesItDisappear() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    stage.discardEvents()
    window.rootViewController = nil
    #expect(root.viewIfLoaded?.superview == nil)
    stage.expect([.willDisappear(root), .didDisappear(root)])
  }

  @Test func settingTheSameRootAgainDoesNothing() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    stage.discardEvents()
    window.rootViewController = root
    stage.expect([])
  }

  @Test func hidingAndShowingTheWindowUnderTheManualScheduler() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    scheduler.settle()
    stage.discardEvents()

    window.isHidden = true
    stage.expect([])
    scheduler.runLoopTurn()
    stage.expect([.willDisappear(root), .didDisappear(root)])
    scheduler.finishTransitions()
    stage.expect([])

    window.isHidden = false
    stage.expect([])
    scheduler.runLoopTurn()
    stage.expect([.willAppear(root), .didAppear(root)])
    scheduler.finishTransitions()
    stage.expect([])
  }

  @Test func hidingAndShowingTheWindowUnderTheImmediateScheduler() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    window.isHidden = true
    window.isHidden = false
    stage.expect(
      [
        .load(root), .willAppear(root), .didAppear(root), .willDisappear(root), .didDisappear(root),
        .willAppear(root), .didAppear(root),
      ])
  }

  @Test func visibilityChangesBeforeARunLoopTurnCoalesce() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    window.isHidden = true
    scheduler.settle()
    #expect(root.appearanceState == .disappeared)
    stage.expect([.load(root)])

    window.makeKeyAndVisible()
    scheduler.runLoopTurn()
    window.isHidden = true
    window.isHidden = false
    scheduler.settle()
    #expect(root.appearanceState == .appeared)
    stage.expect([.willAppear(root), .didAppear(root)])
  }

  @Test func replacingTheRootTwiceBeforeARunLoopTurn() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    let first = Screen("First")
    window.rootViewController = first
    window.makeKeyAndVisible()
    scheduler.settle()
    stage.discardEvents()

    let second = Screen("Second")
    let third = Screen("Third")
    window.rootViewController = second
    window.rootViewController = third
    // The second request waits behind the first transition.
    #expect(window.rootViewController === second)
    #expect(window.pendingRequests == [.setRootViewController(third.screenID)])
    stage.expect([.load(second)])

    scheduler.runLoopTurn()
    #expect(window.rootViewController === third)
    stage.expect(
      [.willDisappear(first), .willAppear(second), .didDisappear(first), .didAppear(second), .load(third)])
    scheduler.runLoopTurn()
    stage.expect(
      [.willDisappear(second), .willAppear(third), .didDisappear(second), .didAppear(third)])
    scheduler.finishTransitions()
    stage.expect([])
    #expect(window.pendingRequests.isEmpty)
  }

  @Test func rootThatLeftAHiddenWindowBeforeAppearingGetsNoCallbacks() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
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
    stage.expect([.load(old), .load(new)])
  }
}
