import AppFlow
import Navigator
import Testing

/// Under ``MisusePolicy/trap`` (the default), each misuse of a flow stops the process.
@Suite struct FlowTrapTests {
  @Test func runningAFlowThatAlreadyRanTraps() async {
    await #expect(processExitsWith: .failure) {
      let app = AppController { NamedScreen("Home") }
      try app.start()
      let flow = TestFlow("Email")
      app.run(flow, as: .push, animated: false)
      app.run(flow, as: .push, animated: false)
    }
  }

  @Test func runningAFlowWhoseFirstScreenIsInAHierarchyTraps() async {
    await #expect(processExitsWith: .failure) {
      let app = AppController { NamedScreen("Home") }
      let nav = try app.start()
      app.run(TestFlow("Thief") { nav.topViewController }, as: .push, animated: false)
    }
  }

  @Test func runningAFlowThatMakesNoFirstScreenTraps() async {
    await #expect(processExitsWith: .failure) {
      let app = AppController { NamedScreen("Home") }
      try app.start()
      app.run(TestFlow("Empty") { nil }, as: .push, animated: false)
    }
  }

  @Test func finishingTwiceTraps() async {
    await #expect(processExitsWith: .failure) {
      let app = AppController { NamedScreen("Home") }
      try app.start()
      let flow = TestFlow("Email")
      app.run(flow, as: .push, animated: false)
      flow.finish("first", animated: false)
      flow.finish("second", animated: false)
    }
  }

  @Test func finishingAFlowThatNeverRanTraps() async {
    await #expect(processExitsWith: .failure) {
      TestFlow("Idle").finish("x")
    }
  }

  @Test func runningAChildFromAnEndedFlowTraps() async {
    await #expect(processExitsWith: .failure) {
      let app = AppController { NamedScreen("Home") }
      try app.start()
      let parent = TestFlow("Parent")
      app.run(parent, as: .push, animated: false)
      parent.cancel(animated: false)
      parent.run(TestFlow("Child"), as: .push)
    }
  }

  @Test func theSameCallsUsedWellDoNotExit() async {
    await #expect(processExitsWith: .success) {
      let app = AppController { NamedScreen("Home") }
      try app.start()
      let parent = TestFlow("Parent")
      app.run(parent, as: .push, animated: false)
      parent.run(TestFlow("Child"), as: .push, animated: false)
      parent.finish("once", animated: false)
      app.stop()
    }
  }
}
