import AppFlow
import Navigator
import Testing

/// Flows under a protection: run once allowed, cancelled when denied or orphaned.
@Suite struct ProtectionFlowTests {
  /// A flow protected by a space, its first screen logged.
  final class GuardedFlow: Flow<String> {
    let space: TestSpace
    let log: MadeLog
    let screenName: String
    init(_ name: String, _ space: TestSpace, _ log: MadeLog) {
      screenName = name
      self.space = space
      self.log = log
    }
    override var protection: (any ProtectionSpace)? { space }
    override func makeFirstScreen() throws(NavigationError) -> ViewController {
      LoggedScreen(screenName, log: log)
    }
  }

  @Test func aChildFlowRunsAfterTheSignInUnderItsParent() throws {
    let space = TestSpace(.signedIn)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log)
    let parent = TestFlow("Parent")
    app.run(parent, as: .push, animated: false)
    let log2 = EndLog()
    let child = GuardedFlow("Child", space, log)
    parent.run(child, as: .push, animated: false, onEnd: log2.handler("Child"))
    #expect(child.state == .ready && log.events == [])
    try space.endSignIn(in: app)
    #expect(child.state == .running)
    #expect(child.parent === parent)
    #expect(app.flows.description.contains("Child"))
    #expect(log.events == ["Child.init", "Child.viewDidLoad"])
    #expect(log2.records == [])
    #expect(
      notes(app) == [
        "Parent#1.started(Parent)",
        "SignIn.asked(GuardedFlow's first screen)",
        "SignIn.required(GuardedFlow's first screen)",
        "SignInFlow#2.started(SignIn)",
        "SignInFlow#2.ended(finished)",
        "SignIn.allowed(GuardedFlow's first screen)",
        "GuardedFlow#3.started(Child)",
      ])
  }

  @Test func aChildWhoseParentEndedWhileItsProtectionDecidedIsCancelled() throws {
    let space = TestSpace(SpaceAnswer.silent)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log)
    let parent = TestFlow("Parent")
    let ends = EndLog()
    app.run(parent, as: .push, animated: false, onEnd: ends.handler("Parent"))
    let child = GuardedFlow("Child", space, log)
    parent.run(child, as: .push, animated: false, onEnd: ends.handler("Child"))
    parent.finish("done", animated: false)
    #expect(
      ends.records == [
        EndRecord(flow: "Child", ending: .cancelled(.flowParentEnded)),
        EndRecord(flow: "Parent", ending: .finished("done")),
      ], "the waiting child ends first, when its parent ends")
    space.pending[0](.allow)
    #expect(ends.records.count == 2, "a late answer changes nothing")
    #expect(log.events == [], "the child's first screen was never made")
    #expect(app.liveFlows.isEmpty)
  }

  @Test func stoppingTheAppCancelsAFlowWaitingForItsProtection() throws {
    let space = TestSpace(SpaceAnswer.silent)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log)
    let ends = EndLog()
    let flow = GuardedFlow("Waiting", space, log)
    app.run(flow, as: .push, animated: false, onEnd: ends.handler("Waiting"))
    app.stop()
    #expect(ends.records == [EndRecord(flow: "Waiting", ending: .cancelled(.appStopped))])
    space.pending[0](.allow)
    #expect(ends.records.count == 1)
    #expect(log.events == [])
  }

  @Test func tryRunTakesOnlyAnAnswerGivenAtOnce() throws {
    let space = TestSpace(.signedIn)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log)
    let flow = GuardedFlow("Guarded", space, log)
    do {
      try app.tryRun(flow, as: .push)
      Issue.record("tryRun should throw")
    } catch {
      #expect(error.code == .protectionPending)
    }
    #expect(flow.state == .ready, "a try form that can't wait leaves the flow ready to run")
    #expect(app.liveFlows.isEmpty && log.events == [])
    let denied = GuardedFlow("Denied", TestSpace(.denied), log)
    #expect(throws: NavigationError.self) { try app.tryRun(denied, as: .push) }
    #expect(denied.state == .ready, "a try form throws; the flow did not run")
    let allowed = GuardedFlow("Allowed", TestSpace(.allowed), log)
    try app.tryRun(allowed, as: .push, animated: false)
    #expect(allowed.state == .running)
    #expect(log.events == ["Allowed.init", "Allowed.viewDidLoad"])
  }
}
