import Navigator
import Testing

/// A plan that records its phases as completion events, so a test sees when each ran.
private struct RecordingPlan: TransitionPlan {
  let window: Window
  let screen: ViewController
  let isAnimated: Bool

  func willPhase() {
    screen.beginAppearance(true, animated: isAnimated, window: window)
  }

  func didPhase() {
    screen.endAppearance(window: window)
    window.journal.record(.completion(.setRootViewController(screen.screenID)))
  }
}

/// Spec §0: the three stops of the manual scheduler, for animated and non-animated plans.
@Suite struct ManualSchedulerTests {
  private func makeContainer() -> (ManualScheduler, Window, ManualContainer) {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    let container = ManualContainer("Container")
    window.rootViewController = container
    window.journal.removeAll()
    return (scheduler, window, container)
  }

  private func child(_ name: String, of container: ManualContainer) -> Screen {
    let child = Screen(name)
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    return child
  }

  @Test func animatedTransitionStopsAfterTheCallTheTurnAndTheFinish() {
    let (scheduler, window, container) = makeContainer()
    let child = child("Child", of: container)
    window.journal.removeAll()

    window.perform(RecordingPlan(window: window, screen: child, isAnimated: true))
    #expect(window.isTransitioning)
    #expect(scheduler.hasPendingWork)
    #expect(scheduler.runningTransitionCount == 0)
    expectJournal(window, [])

    scheduler.runLoopTurn()
    #expect(scheduler.runningTransitionCount == 1)
    #expect(child.appearanceState == .appearing)
    expectJournal(window, [.willAppear(child, animated: true)])

    scheduler.runLoopTurn()
    expectJournal(window, [])

    scheduler.finishTransitions()
    #expect(!scheduler.hasPendingWork)
    #expect(!window.isTransitioning)
    expectJournal(
      window, [.didAppear(child, animated: true), .completion(.setRootViewController(child.screenID))])
  }

  @Test func nonAnimatedTransitionFinishesOnTheTurn() {
    let (scheduler, window, container) = makeContainer()
    let child = child("Child", of: container)
    window.journal.removeAll()

    window.perform(RecordingPlan(window: window, screen: child, isAnimated: false))
    expectJournal(window, [])
    scheduler.runLoopTurn()
    expectJournal(
      window, [.willAppear(child), .didAppear(child), .completion(.setRootViewController(child.screenID))])
    #expect(!window.isTransitioning)
    scheduler.finishTransitions()
    expectJournal(window, [])
  }

  @Test func finishTransitionsLeavesUnstartedTransitionsAlone() {
    let (scheduler, window, container) = makeContainer()
    let child = child("Child", of: container)
    window.journal.removeAll()
    window.perform(RecordingPlan(window: window, screen: child, isAnimated: true))
    scheduler.finishTransitions()
    #expect(scheduler.hasPendingWork)
    expectJournal(window, [])
    scheduler.settle()
    expectJournal(
      window,
      [
        .willAppear(child, animated: true), .didAppear(child, animated: true),
        .completion(.setRootViewController(child.screenID)),
      ])
  }

  @Test func requestsQueuedBehindARunningTransitionStartAfterIt() {
    let (scheduler, window, container) = makeContainer()
    let child = child("Child", of: container)
    window.makeKeyAndVisible()
    scheduler.settle()
    window.journal.removeAll()

    window.perform(RecordingPlan(window: window, screen: child, isAnimated: true))
    let next = Screen("Next")
    window.rootViewController = next
    // Queued: the structure has not changed yet.
    #expect(window.rootViewController === container)
    #expect(window.pendingRequests == [.setRootViewController(next.screenID)])
    #expect(!next.isViewLoaded)
    scheduler.runLoopTurn()
    expectJournal(window, [.willAppear(child, animated: true)])
    scheduler.finishTransitions()
    #expect(window.rootViewController === next)
    #expect(window.pendingRequests.isEmpty)
    expectJournal(
      window,
      [.didAppear(child, animated: true), .completion(.setRootViewController(child.screenID)), .load(next)])
    scheduler.runLoopTurn()
    expectJournal(
      window, [.willDisappear(container), .willAppear(next), .didDisappear(container), .didAppear(next)])
    #expect(!scheduler.hasPendingWork)
  }

  @Test func oneSchedulerDrivesTwoWindowsInScheduleOrder() {
    let scheduler = ManualScheduler()
    let journal = Journal(isEnabled: true)
    let first = Window(scheduler: .manual(scheduler), journal: journal)
    let second = Window(scheduler: .manual(scheduler), journal: journal)
    let a = Screen("A")
    let b = Screen("B")
    first.rootViewController = a
    second.rootViewController = b
    second.makeKeyAndVisible()
    first.makeKeyAndVisible()
    #expect(journal.events == [.load(a), .load(b)])
    scheduler.runLoopTurn()
    #expect(
      journal.events == [.load(a), .load(b), .willAppear(b), .didAppear(b), .willAppear(a), .didAppear(a)])
  }

  @Test func immediateSchedulerDeliversInsideTheCall() {
    let window = journaledWindow()
    let container = ManualContainer("Container")
    window.rootViewController = container
    let child = Screen("Child")
    container.addChild(child)
    container.view.addSubview(child.view)
    window.journal.removeAll()
    window.perform(RecordingPlan(window: window, screen: child, isAnimated: true))
    #expect(!window.isTransitioning)
    expectJournal(
      window,
      [
        .willAppear(child, animated: true), .didAppear(child, animated: true),
        .completion(.setRootViewController(child.screenID)),
      ])
  }

  @Test func settleStopsAtItsLimit() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    window.isHidden = true
    window.isHidden = false
    scheduler.settle(limit: 1)
    #expect(scheduler.hasPendingWork)
    scheduler.settle()
    #expect(!scheduler.hasPendingWork)
    #expect(root.appearanceState == .appeared)
  }
}
