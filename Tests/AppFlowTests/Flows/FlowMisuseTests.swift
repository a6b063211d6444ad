import AppFlow
import Navigator
import Testing

/// Misuse of flows under ``MisusePolicy/report``: the typed error, only the misuse event in
/// the journal, and the hierarchy and the flow tree as they were.
@Suite struct FlowMisuseTests {
  /// Runs `body` (a call that does not throw) and checks that it reported exactly `error`
  /// and changed nothing else; then runs `tryBody` (the throwing form, when there is one)
  /// and checks that it threw the same error and changed nothing at all.
  private func expectMisuse(
    _ app: AppController, _ error: NavigationError, _ body: () -> Void,
    throwing tryBody: (() throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var handled: [NavigationError] = []
    app.window.misuseHandler = { handled.append($0) }
    defer { app.window.misuseHandler = nil }
    let (events, tree, hierarchy) = (app.window.journal.events, app.flows, app.window.hierarchyDescription())
    body()
    #expect(handled == [error], sourceLocation: sourceLocation)
    #expect(app.window.journal.events == events + [.misuse(error)], sourceLocation: sourceLocation)
    #expect(app.flows == tree, sourceLocation: sourceLocation)
    #expect(app.window.hierarchyDescription() == hierarchy, sourceLocation: sourceLocation)
    guard let tryBody else { return }
    app.window.journal.removeAll()
    #expect(throws: error, sourceLocation: sourceLocation) { try tryBody() }
    #expect(handled == [error], sourceLocation: sourceLocation)
    #expect(app.window.journal.events == [], sourceLocation: sourceLocation)
    #expect(app.flows == tree, sourceLocation: sourceLocation)
    #expect(app.window.hierarchyDescription() == hierarchy, sourceLocation: sourceLocation)
  }

  @Test func runningAFlowThatAlreadyRan() throws {
    let (app, _) = try makeApp()
    let log = EndLog()
    let flow = TestFlow("Email")
    app.run(flow, as: .push, animated: false, onEnd: log.handler("first"))
    let email = try #require(flow.firstScreen).screenID
    let error = NavigationError(
      .flowAlreadyRan, "Can't run Email#1: it already ran (running); a flow runs once.", screens: [email])
    expectMisuse(app, error) {
      app.run(flow, as: .sheet(), animated: false, onEnd: log.handler("second"))
    } throwing: {
      try app.tryRun(flow, as: .push, onEnd: log.handler("third"))
    }
    // As a child of another flow, too.
    let other = TestFlow("Other")
    app.run(other, as: .sheet(), animated: false)
    expectMisuse(app, error) { other.run(flow, as: .push, onEnd: log.handler("fourth")) }
    // The refused runs did not take the handler over.
    flow.finish("done", animated: false)
    #expect(log.records == [EndRecord(flow: "first", ending: .finished("done"))])
    let ended = NavigationError(
      .flowAlreadyRan, "Can't run Email#1: it already ran (ended(finished)); a flow runs once.")
    expectMisuse(app, ended) {
      app.run(flow, as: .push)
    } throwing: {
      try app.tryRun(flow, as: .push)
    }
    #expect(log.records.count == 1)
  }

  @Test func runningAFlowWhoseFirstScreenIsInAHierarchy() throws {
    let (app, home) = try makeApp()
    let nav = try #require(app.rootNavigationController).screenID
    let flow = TestFlow("Thief") { home }
    let error = NavigationError(
      .flowScreenInHierarchy,
      "Can't run Thief: its first screen Home is already in a hierarchy (a child of NavigationController); "
        + "a flow's first screen is new.", screens: [home.screenID, nav])
    var ended = false
    expectMisuse(app, error) {
      app.run(flow, as: .sheet(), animated: false) { _ in ended = true }
    } throwing: {
      try app.tryRun(flow, as: .push)
    }
    #expect(flow.state == .ready)
    #expect(flow.firstScreen == nil)
    #expect(!ended)
    // A refused run takes no number: the next flow is #1.
    let next = TestFlow("Next")
    app.run(next, as: .push, animated: false)
    #expect(next.id == FlowID(name: "Next", number: 1))
  }

  @Test func runningAFlowThatMakesNoFirstScreen() throws {
    let (app, _) = try makeApp()
    let flow = TestFlow("Empty") { nil }
    let error = NavigationError(
      .flowWithoutFirstScreen, "Empty does not make a first screen: override makeFirstScreen().")
    expectMisuse(app, error) {
      app.run(flow, as: .push)
    } throwing: {
      try app.tryRun(flow, as: .push)
    }
    #expect(flow.state == .ready)
  }

  @Test func finishingTwice() throws {
    let (app, _) = try makeApp()
    let log = EndLog()
    let flow = TestFlow("Email")
    app.run(flow, as: .push, animated: false, onEnd: log.handler("Email"))
    let email = try #require(flow.firstScreen).screenID
    flow.finish("first", animated: false)
    let error = NavigationError(
      .flowAlreadyEnded, "Can't finish Email#1: it already ended (finished); a flow ends once.")
    expectMisuse(app, error) {
      flow.finish("second")
    } throwing: {
      try flow.tryFinish("third")
    }
    let cancelError = NavigationError(
      .flowAlreadyEnded, "Can't cancel Email#1: it already ended (finished); a flow ends once.")
    expectMisuse(app, cancelError) {
      flow.cancel()
    } throwing: {
      try flow.tryCancel()
    }
    #expect(log.records == [EndRecord(flow: "Email", ending: .finished("first"))])
    #expect(email.description == "Email")
  }

  @Test func finishingTwiceWhileTheFirstRemovalRuns() throws {
    let scheduler = ManualScheduler()
    let (app, _) = try makeApp(scheduler: scheduler)
    let log = EndLog()
    let flow = TestFlow("Email")
    app.run(flow, as: .push, onEnd: log.handler("Email"))
    scheduler.settle()
    let email = try #require(flow.firstScreen).screenID
    flow.finish("first")
    app.window.journal.removeAll()
    #expect(flow.state == .ending)
    let error = NavigationError(
      .flowAlreadyEnded, "Can't finish Email#1: it is already ending; a flow ends once.", screens: [email])
    expectMisuse(app, error) {
      flow.finish("second")
    } throwing: {
      try flow.tryFinish("third")
    }
    scheduler.settle()
    #expect(log.records == [EndRecord(flow: "Email", ending: .finished("first"))])
  }

  @Test func finishingAFlowThatNeverRanThrows() {
    let flow = TestFlow("Idle")
    let error = NavigationError(.flowNotRunning, "Can't finish Idle#0: it never ran.")
    #expect(throws: error) { try flow.tryFinish("x") }
    #expect(throws: NavigationError(.flowNotRunning, "Can't cancel Idle#0: it never ran.")) {
      try flow.tryCancel()
    }
    #expect(flow.state == .ready)
  }

  @Test func runningAChildFromAnEndedFlow() throws {
    let (app, _) = try makeApp()
    let parent = TestFlow("Parent")
    app.run(parent, as: .push, animated: false)
    parent.finish("done", animated: false)
    let child = TestFlow("Child")
    let error = NavigationError(
      .flowNotRunning, "Can't run Child#0 from Parent#1: Parent#1 is ended(finished), not running.")
    expectMisuse(app, error) {
      parent.run(child, as: .push)
    } throwing: {
      try parent.tryRun(child, as: .push)
    }
    #expect(child.state == .ready)
    #expect(app.flows.isEmpty)
  }

  @Test func runningAChildFromAFlowThatIsEnding() throws {
    let scheduler = ManualScheduler()
    let (app, _) = try makeApp(scheduler: scheduler)
    let parent = TestFlow("Parent")
    app.run(parent, as: .push)
    scheduler.settle()
    let screen = try #require(parent.firstScreen).screenID
    parent.finish("done")
    app.window.journal.removeAll()
    let child = TestFlow("Child")
    let error = NavigationError(
      .flowNotRunning, "Can't run Child#0 from Parent#1: Parent#1 is ending, not running.", screens: [screen])
    expectMisuse(app, error) {
      parent.run(child, as: .push)
    } throwing: {
      try parent.tryRun(child, as: .push)
    }
    scheduler.settle()
  }
}
