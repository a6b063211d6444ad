import AppFlow
import Navigator
import Testing

/// The whole journal, with the flows' events, at each stop of the manual scheduler: after
/// the call, after a run-loop turn, after the transition.
@Suite struct FlowOrderTests {
  /// An app on a manual scheduler, journaling membership, with the events so far cleared.
  private func manualApp() throws -> (AppController, NamedScreen, ManualScheduler) {
    let scheduler = ManualScheduler()
    let (app, home) = try makeApp(scheduler: scheduler, membership: true)
    return (app, home, scheduler)
  }

  /// Compares the journal with `events` and clears it.
  private func expectJournal(
    _ app: AppController, _ events: [NavigationEvent], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(app.window.journal.events == events, sourceLocation: sourceLocation)
    app.window.journal.removeAll()
  }

  @Test func runningAFlowAsAnAnimatedPushThenFinishingIt() throws {
    let (app, home, scheduler) = try manualApp()
    let nav = try #require(app.rootNavigationController).screenID
    let log = EndLog()
    let flow = TestFlow("Email")
    app.run(flow, as: .push, onEnd: log.handler("Email"))
    let email = try #require(flow.firstScreen).screenID
    let (flowID, h) = (flow.id, home.screenID)
    #expect(flowID == FlowID(name: "Email", number: 1))
    // The structure changes in the call: the flow runs once its screen joined.
    expectJournal(
      app,
      [
        .viewDidLoad(email), .willPush(email, onto: nav, animated: true), .willMove(email, toParent: nav),
        .screenJoined(email), .flowStarted(flowID, firstScreen: email),
      ])
    #expect(flow.state == .running)
    scheduler.runLoopTurn()
    expectJournal(
      app,
      [
        .viewWillDisappear(h, animated: true), .viewWillAppear(email, animated: true),
        .willShow(email, in: nav, animated: true),
      ])
    scheduler.finishTransitions()
    expectJournal(
      app,
      [
        .viewDidDisappear(h, animated: true), .viewDidAppear(email, animated: true),
        .didShow(email, in: nav, animated: true), .didMove(email, toParent: nav),
        .didPush(email, onto: nav, animated: true), .completion(.push(email, onto: nav, animated: true)),
      ])
    #expect(flow.state == .running)

    // Finishing pops back to Home in one animated transition; the outcome comes last.
    flow.finish("done")
    expectJournal(
      app, [.willPopTo(h, in: nav, popping: [email], animated: true), .willMove(email, toParent: nil)])
    #expect(flow.state == .ending)
    scheduler.runLoopTurn()
    expectJournal(
      app,
      [
        .viewWillDisappear(email, animated: true), .viewWillAppear(h, animated: true),
        .willShow(h, in: nav, animated: true),
      ])
    #expect(flow.state == .ending)
    #expect(log.records == [])
    scheduler.finishTransitions()
    expectJournal(
      app,
      [
        .viewDidDisappear(email, animated: true), .viewDidAppear(h, animated: true),
        .didShow(h, in: nav, animated: true), .didMove(email, toParent: nil),
        .didPopTo(h, in: nav, popped: [email], animated: true),
        .screenLeft(email, exit: HierarchyExit(.poppedToScreen, removedScreen: email)),
        .flowEnded(flowID, .finished),
      ])
    #expect(log.records == [EndRecord(flow: "Email", ending: .finished("done"))])
    #expect(flow.state == .ended(.finished))
    #expect(flow.didEndCalls == [.finished("done")])
  }

  @Test func aSheetSwipeEndsTheChildThenItsParent() throws {
    let (app, _, scheduler) = try manualApp()
    let log = EndLog()
    let parent = TestFlow("Sign")
    app.run(parent, as: .sheet(embeddedInNavigationController: true), onEnd: log.handler("Sign"))
    scheduler.settle()
    let child = TestFlow("Terms")
    parent.run(child, as: .push, onEnd: log.handler("Terms"))
    scheduler.settle()
    app.window.journal.removeAll()
    let sign = try #require(parent.firstScreen).screenID
    let terms = try #require(child.firstScreen).screenID
    let sheet = try #require(parent.screens.first)
    #expect(parent.screens.map(\.screenID) == [sheet.screenID, sign])
    #expect(child.screens.map(\.screenID) == [terms])
    let (parentID, childID, n) = (parent.id, child.id, sheet.screenID)
    let controller = try #require(sheet.presentationController)

    #expect(controller.beginInteractiveDismissal())
    expectJournal(app, [.viewWillDisappear(n, animated: true), .viewWillDisappear(terms, animated: true)])
    scheduler.runLoopTurn()
    scheduler.finishTransitions()
    expectJournal(app, [])  // the swipe waits for the finger
    controller.finishInteractiveDismissal()
    #expect(sheet.presentingViewController == nil)
    expectJournal(app, [])
    #expect(parent.state == .running)
    #expect(child.state == .running)
    scheduler.runLoopTurn()
    expectJournal(app, [])
    scheduler.finishTransitions()
    let exit = HierarchyExit(.dismissed(.sheetSwipe), removedScreen: n)
    expectJournal(
      app,
      [
        .viewDidDisappear(n, animated: true), .viewDidDisappear(terms, animated: true),
        .screenLeft(terms, exit: exit), .flowEnded(childID, .replaced(exit)),
        .screenLeft(sign, exit: exit), .flowEnded(parentID, .dismissed(exit)),
        .screenLeft(n, exit: exit),
      ])
    #expect(
      log.records == [
        EndRecord(flow: "Terms", ending: .replaced(exit)), EndRecord(flow: "Sign", ending: .dismissed(exit)),
      ])
    #expect(app.flows.isEmpty)
  }
}
