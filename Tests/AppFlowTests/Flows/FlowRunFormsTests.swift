import AppFlow
import Navigator
import Testing

/// Where a task leaves the outcome it awaited.
final class OutcomeSlot {
  var outcomes: [FlowOutcome<String>] = []
}

/// The throwing and async forms of `run`, and a queued run refused when it runs.
@Suite struct FlowRunFormsTests {
  @Test func tryRunShowsTheFlowAndThrowsNothingWhenAccepted() throws {
    let (app, home) = try makeApp()
    let log = EndLog()
    let parent = TestFlow("Parent")
    try app.tryRun(
      parent, as: .fullScreen(embeddedInNavigationController: true), onEnd: log.handler("Parent"))
    let child = TestFlow("Child")
    try parent.tryRun(child, as: .push, onEnd: log.handler("Child"))
    #expect(home.presentedViewController === parent.screens.first)
    #expect(child.firstScreen?.navigationController === parent.screens.first)
    #expect(
      app.flows.description == """
        Parent#1 running, first screen Parent, modal(fullScreen, embedded)
        └─ Child#2 running, first screen Child, push
        """)
    try child.tryCancel(animated: false)
    try parent.tryFinish("done", animated: false)
    #expect(log.records.map(\.description) == ["Child: cancelled(flowCancelled)", "Parent: finished(done)"])
  }

  @MainActor
  @Test func theAsyncFormReturnsTheOutcomeAfterAFinishFromATask() async throws {
    let (app, _) = try makeApp()
    let flow = TestFlow("Email")
    let slot = OutcomeSlot()
    let task = Task { slot.outcomes.append(try await app.runAndWait(flow, as: .push)) }
    while flow.state != .running { await Task.yield() }
    #expect(slot.outcomes.isEmpty)
    #expect(app.flows.allFlows == [flow.id])
    flow.finish("done")
    try await task.value
    #expect(slot.outcomes == [.finished("done")])
  }

  @MainActor
  @Test func theAsyncFormReturnsTheOutcomeAfterAPop() async throws {
    let (app, _) = try makeApp()
    let parent = TestFlow("Parent")
    let child = TestFlow("Child")
    let slot = OutcomeSlot()
    app.run(parent, as: .sheet(embeddedInNavigationController: true), animated: false) { _ in }
    let task = Task { slot.outcomes.append(try await parent.runAndWait(child, as: .push)) }
    while child.state != .running { await Task.yield() }
    #expect(slot.outcomes.isEmpty)
    let screen = try #require(child.firstScreen)
    screen.navigationController?.navigationBar.tapBackButton()
    try await task.value
    #expect(
      slot.outcomes == [.dismissed(HierarchyExit(.popped(.backButton), removedScreen: screen.screenID))])
    #expect(parent.state == .running)
  }

  @MainActor
  @Test func theAsyncFormThrowsARefusalBeforeAnythingChanges() async throws {
    let (app, _) = try makeApp()
    let events = app.window.journal.events
    do {
      _ = try await app.runAndWait(TestFlow("Empty") { nil }, as: .push)
      Issue.record("expected a refusal")
    } catch {
      #expect(error.code == .flowWithoutFirstScreen)
    }
    #expect(app.window.journal.events == events)
    #expect(app.flows.isEmpty)
  }

  @Test func aQueuedRunRefusedWhenItRunsEndsCancelledWithTheNavigationsError() throws {
    let scheduler = ManualScheduler()
    let (app, _) = try makeApp(scheduler: scheduler)
    var handled: [NavigationError] = []
    app.window.misuseHandler = { handled.append($0) }
    let log = EndLog()
    let first = TestFlow("First")
    app.run(first, as: .push, onEnd: log.handler("First"))
    #expect(app.window.isTransitioning)
    let container = try #require(first.firstScreen)
    // Queued behind the push: a pop that takes the anchor away, then the popover flow.
    app.rootNavigationController!.popViewController(animated: true)
    let second = TestFlow("Second")
    app.run(second, as: .popover(at: .view(container.view, rect: .zero)), onEnd: log.handler("Second"))
    #expect(second.state == .starting)
    #expect(
      app.flows.description == """
        First#1 running, first screen First, push
        Second#2 starting, first screen Second, popover
        """)
    #expect(log.records == [])
    scheduler.settle()
    let refusal = try #require(handled.first)
    #expect(handled.map(\.code) == [.popoverAnchorNotInWindow])
    #expect(
      log.records == [
        EndRecord(
          flow: "First",
          ending: .dismissed(HierarchyExit(.popped(.programmatic), removedScreen: container.screenID))),
        EndRecord(flow: "Second", ending: .cancelled(refusal.code)),
      ])
    #expect(second.state == .ended(.cancelled(refusal)))
    #expect(second.firstScreen == nil)
    #expect(app.flows.isEmpty)
  }
}

extension AppController {
  /// The texts of the flow events in the journal, in order.
  var journalNotes: [String] {
    window.journal.events.compactMap { event in
      if case .note(let note) = event { note.text } else { nil }
    }
  }
}

/// The waiting forms of finishing and cancelling a flow.
@Suite struct FlowEndFormsTests {
  @MainActor
  @Test func finishAndWaitReturnsTheOutcomeOnceTheScreensLeftAfterTheHandlerHeardIt() async throws {
    let scheduler = ManualScheduler()
    let (app, home) = try makeApp(scheduler: scheduler)
    let log = EndLog()
    let flow = TestFlow("Email")
    app.run(flow, as: .push, animated: false, onEnd: log.handler("Email"))
    scheduler.settle()
    let slot = OutcomeSlot()
    let task = Task { slot.outcomes.append(try await flow.finishAndWait("done")) }
    await Task.yield()
    while flow.state == .running { await Task.yield() }
    #expect(slot.outcomes.isEmpty)
    #expect(log.records == [])
    scheduler.settle()
    try await task.value
    #expect(slot.outcomes == [.finished("done")])
    #expect(log.records.map(\.description) == ["Email: finished(done)"])
    #expect(app.rootNavigationController?.topViewController === home)
  }

  @Test func aRefusedFinishAndWaitThrowsAndTheFlowKeepsItsHandler() async throws {
    let (app, _) = try makeApp()
    let log = EndLog()
    let flow = TestFlow("Email")
    await #expect(throws: NavigationError.self) { try await flow.cancelAndWait() }
    app.run(flow, as: .push, animated: false, onEnd: log.handler("Email"))
    let cancelled = try await flow.cancelAndWait(animated: false)
    #expect(Ending(cancelled) == .cancelled(.flowCancelled))
    await #expect(throws: NavigationError.self) { try await flow.finishAndWait("late") }
    #expect(log.records.map(\.description) == ["Email: cancelled(flowCancelled)"])
  }
}
