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

    // Finishing pops back to Home in one animated transition (a plain pop: the flow's only
    // screen is on top); the outcome comes last.
    flow.finish("done")
    expectJournal(app, [.willPop(email, from: nav, animated: true), .willMove(email, toParent: nil)])
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
        .didPop(email, from: nav, animated: true),
        .screenLeft(email, exit: HierarchyExit(.popped(.programmatic), removedScreen: email)),
        .flowEnded(flowID, .finished),
      ])
    #expect(log.records == [EndRecord(flow: "Email", ending: .finished("done"))])
    #expect(flow.state == .ended(.finished))
    #expect(flow.didEndCalls == [.finished("done")])
  }

  @Test func finishingPopsTheFlowsOnlyScreenWithoutAskingItsPopGuard() throws {
    let (app, home, scheduler) = try manualApp()
    let nav = try #require(app.rootNavigationController).screenID
    let log = EndLog()
    let guarded = GuardedScreen("Email", answer: .deny)
    let flow = TestFlow("Email") { guarded }
    app.run(flow, as: .push, onEnd: log.handler("Email"))
    scheduler.settle()
    app.window.journal.removeAll()
    let (flowID, h, email) = (flow.id, home.screenID, guarded.screenID)

    // The flow decided to leave: its screen's guard is not asked, as for a pop-to.
    flow.finish("done", animated: false)
    scheduler.settle()
    expectJournal(
      app,
      [
        .willPop(email, from: nav, animated: false), .willMove(email, toParent: nil),
        .viewWillDisappear(email, animated: false), .viewWillAppear(h, animated: false),
        .willShow(h, in: nav, animated: false), .viewDidDisappear(email, animated: false),
        .viewDidAppear(h, animated: false), .didShow(h, in: nav, animated: false),
        .didMove(email, toParent: nil), .didPop(email, from: nav, animated: false),
        .screenLeft(email, exit: HierarchyExit(.popped(.programmatic), removedScreen: email)),
        .flowEnded(flowID, .finished),
      ])
    #expect(guarded.decisions.isEmpty)
    #expect(log.records == [EndRecord(flow: "Email", ending: .finished("done"))])
  }

  @Test func finishingAFlowWithTwoScreensPopsBackToTheScreenBelowItsFirst() throws {
    let (app, home, scheduler) = try manualApp()
    let nav = try #require(app.rootNavigationController).screenID
    let log = EndLog()
    let flow = TestFlow("Email")
    app.run(flow, as: .push, onEnd: log.handler("Email"))
    scheduler.settle()
    let password = NamedScreen("Password")
    #expect(try #require(flow.navigator).push(.instance(password)) === password)
    scheduler.settle()
    app.window.journal.removeAll()
    let email = try #require(flow.firstScreen).screenID
    let (flowID, h, p) = (flow.id, home.screenID, password.screenID)
    #expect(flow.screens.map(\.screenID) == [email, p])

    // Two screens: the finish pops back to Home, the screen below the first, in one
    // transition.
    flow.finish("done")
    expectJournal(
      app,
      [
        .willPopTo(h, in: nav, popping: [email, p], animated: true), .willMove(email, toParent: nil),
        .willMove(p, toParent: nil),
      ])
    scheduler.settle()
    expectJournal(
      app,
      [
        .viewWillDisappear(p, animated: true), .viewWillAppear(h, animated: true),
        .willShow(h, in: nav, animated: true), .viewDidDisappear(p, animated: true),
        .viewDidAppear(h, animated: true), .didShow(h, in: nav, animated: true),
        .didMove(email, toParent: nil),
        .didMove(p, toParent: nil), .didPopTo(h, in: nav, popped: [email, p], animated: true),
        .screenLeft(p, exit: HierarchyExit(.poppedToScreen, removedScreen: p)),
        .screenLeft(email, exit: HierarchyExit(.poppedToScreen, removedScreen: email)),
        .flowEnded(flowID, .finished),
      ])
    #expect(log.records == [EndRecord(flow: "Email", ending: .finished("done"))])
    #expect(flow.didEndCalls == [.finished("done")])
  }

  @Test func finishingWhileTheWindowIsBusyWaitsAsAPopToTheScreenBelow() throws {
    let (app, home, scheduler) = try manualApp()
    let nav = try #require(app.rootNavigationController).screenID
    let log = EndLog()
    let flow = TestFlow("Email")
    app.run(flow, as: .push, onEnd: log.handler("Email"))
    let email = try #require(flow.firstScreen).screenID
    let (flowID, h) = (flow.id, home.screenID)
    app.window.journal.removeAll()

    // The push still runs: the finish waits in the queue, as a pop-to (a waiting plain pop
    // would pop whatever is on top when its turn comes).
    flow.finish("done")
    #expect(app.window.pendingRequests == [.popTo(h, in: nav, animated: true)])
    #expect(flow.state == .ending)
    expectJournal(app, [])
    scheduler.settle()
    expectJournal(
      app,
      [
        .viewWillDisappear(h, animated: true), .viewWillAppear(email, animated: true),
        .willShow(email, in: nav, animated: true), .viewDidDisappear(h, animated: true),
        .viewDidAppear(email, animated: true), .didShow(email, in: nav, animated: true),
        .didMove(email, toParent: nav), .didPush(email, onto: nav, animated: true),
        .completion(.push(email, onto: nav, animated: true)),
        .willPopTo(h, in: nav, popping: [email], animated: true), .willMove(email, toParent: nil),
        .viewWillDisappear(email, animated: true), .viewWillAppear(h, animated: true),
        .willShow(h, in: nav, animated: true), .viewDidDisappear(email, animated: true),
        .viewDidAppear(h, animated: true), .didShow(h, in: nav, animated: true),
        .didMove(email, toParent: nil),
        .didPopTo(h, in: nav, popped: [email], animated: true),
        .screenLeft(email, exit: HierarchyExit(.poppedToScreen, removedScreen: email)),
        .flowEnded(flowID, .finished),
      ])
    #expect(log.records == [EndRecord(flow: "Email", ending: .finished("done"))])
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
