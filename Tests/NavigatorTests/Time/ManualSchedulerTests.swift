import Testing

@testable import Navigator

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

/// The three stops of the manual scheduler, for animated and non-animated plans (behaviour
/// reference, "Schedulers").
@Suite(.exhaustiveStages) struct ManualSchedulerTests {
  /// A hidden window under the manual scheduler whose root is a custom container.
  private func makeContainer(sourceLocation: SourceLocation = #_sourceLocation) -> (Stage, ManualContainer) {
    let stage = Stage.hidden(misuse: .trap, sourceLocation: sourceLocation)
    let container = ManualContainer("Container")
    stage.window.rootViewController = container
    stage.expect([.load(container)], sourceLocation: sourceLocation)
    return (stage, container)
  }

  private func child(_ name: String, of container: ManualContainer) -> Screen {
    let child = Screen(name)
    container.addChild(child)
    container.view.addSubview(child.view)
    child.didMove(toParent: container)
    return child
  }

  @Test func animatedTransitionStopsAfterTheCallTheTurnAndTheFinish() {
    let (stage, container) = makeContainer()
    let (scheduler, window) = (stage.scheduler, stage.window)
    let child = child("Child", of: container)
    stage.expect([.willMove(child, to: container), .load(child), .didMove(child, to: container)])

    window.perform(RecordingPlan(window: window, screen: child, isAnimated: true))
    #expect(window.isTransitioning)
    #expect(scheduler.hasPendingWork)
    #expect(scheduler.runningTransitionCount == 0)
    stage.expect([])

    scheduler.runLoopTurn()
    #expect(scheduler.runningTransitionCount == 1)
    #expect(child.appearanceState == .appearing)
    stage.expect([.willAppear(child, animated: true)])

    scheduler.runLoopTurn()
    stage.expect([])

    scheduler.finishTransitions()
    #expect(!scheduler.hasPendingWork)
    #expect(!window.isTransitioning)
    stage.expect(
      [.didAppear(child, animated: true), .completion(.setRootViewController(child.screenID))])
  }

  @Test func nonAnimatedTransitionFinishesOnTheTurn() {
    let (stage, container) = makeContainer()
    let (scheduler, window) = (stage.scheduler, stage.window)
    let child = child("Child", of: container)
    stage.expect([.willMove(child, to: container), .load(child), .didMove(child, to: container)])

    window.perform(RecordingPlan(window: window, screen: child, isAnimated: false))
    stage.expect([])
    scheduler.runLoopTurn()
    stage.expect(
      [.willAppear(child), .didAppear(child), .completion(.setRootViewController(child.screenID))])
    #expect(!window.isTransitioning)
    scheduler.finishTransitions()
    stage.expect([])
  }

  @Test func finishTransitionsLeavesUnstartedTransitionsAlone() {
    let (stage, container) = makeContainer()
    let (scheduler, window) = (stage.scheduler, stage.window)
    let child = child("Child", of: container)
    stage.expect([.willMove(child, to: container), .load(child), .didMove(child, to: container)])
    window.perform(RecordingPlan(window: window, screen: child, isAnimated: true))
    scheduler.finishTransitions()
    #expect(scheduler.hasPendingWork)
    stage.expect([])
    scheduler.settle()
    stage.expect(
      [
        .willAppear(child, animated: true), .didAppear(child, animated: true),
        .completion(.setRootViewController(child.screenID)),
      ])
  }

  @Test func requestsQueuedBehindARunningTransitionStartAfterIt() {
    let (stage, container) = makeContainer()
    let (scheduler, window) = (stage.scheduler, stage.window)
    let child = child("Child", of: container)
    window.makeKeyAndVisible()
    scheduler.settle()
    // A container that does not forward appearance leaves its child alone.
    stage.expect([
      .willMove(child, to: container), .load(child), .didMove(child, to: container), .willAppear(container),
      .didAppear(container),
    ])

    window.perform(RecordingPlan(window: window, screen: child, isAnimated: true))
    let next = Screen("Next")
    window.rootViewController = next
    // Queued: the structure has not changed yet.
    #expect(window.rootViewController === container)
    #expect(window.pendingRequests == [.setRootViewController(next.screenID)])
    #expect(!next.isViewLoaded)
    scheduler.runLoopTurn()
    stage.expect([.willAppear(child, animated: true)])
    scheduler.finishTransitions()
    #expect(window.rootViewController === next)
    #expect(window.pendingRequests.isEmpty)
    stage.expect(
      [.didAppear(child, animated: true), .completion(.setRootViewController(child.screenID)), .load(next)])
    scheduler.runLoopTurn()
    stage.expect(
      [.willDisappear(container), .willAppear(next), .didDisappear(container), .didAppear(next)])
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
    #expect(journal.events == [.load(a), .joined(a), .load(b), .joined(b)])
    scheduler.runLoopTurn()
    #expect(
      journal.events == [
        .load(a), .joined(a), .load(b), .joined(b), .willAppear(b), .didAppear(b), .willAppear(a),
        .didAppear(a),
      ])
  }

  @Test func immediateSchedulerDeliversInsideTheCall() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let container = ManualContainer("Container")
    window.rootViewController = container
    let child = Screen("Child")
    container.addChild(child)
    container.view.addSubview(child.view)
    stage.expect([.load(container), .willMove(child, to: container), .load(child)])
    window.perform(RecordingPlan(window: window, screen: child, isAnimated: true))
    #expect(!window.isTransitioning)
    stage.expect(
      [
        .willAppear(child, animated: true), .didAppear(child, animated: true),
        .completion(.setRootViewController(child.screenID)),
      ])
  }

  @Test func settleStopsAtItsLimit() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
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
    // Hiding and showing before a turn coalesce into one appearance.
    stage.expect([.load(root), .willAppear(root), .didAppear(root)])
  }
}
