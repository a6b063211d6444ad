import AppFlow
import Navigator
import Testing

/// A flow ends exactly once, however re-entrant the handlers its end calls: every way a flow
/// can start ending, asked again from a handler that runs while it ends.
@Suite struct FlowReentrancyTests {
  /// The flows' `ended` events in the journal, in order.
  private func endings(_ app: AppController) -> [String] {
    app.window.journal.events.map { "\($0)" }.filter { $0.contains(".ended(") }
  }

  /// A parent flow with a child pushed on it; `onChildEnd` runs in the child's handler.
  private func parentAndChild(
    _ app: AppController, log: EndLog, onChildEnd: @escaping (TestFlow) -> Void
  ) -> (TestFlow, TestFlow) {
    let parent = TestFlow("Parent")
    app.run(parent, as: .push, animated: false, onEnd: log.handler("Parent"))
    let child = TestFlow("Child")
    parent.run(child, as: .push, animated: false) { [unowned parent] outcome in
      log.handler("Child")(outcome)
      onChildEnd(parent)
    }
    return (parent, child)
  }

  @Test func aParentEndingWithoutItsScreensIsNotFinishedByAChildsHandler() throws {
    let (app, _) = try makeApp()
    var refused: [NavigationError] = []
    app.window.misuseHandler = { refused.append($0) }
    let log = EndLog()
    let (parent, _) = parentAndChild(app, log: log) { parent in parent.finish("late", removingScreens: false)
    }
    parent.cancel(removingScreens: false)
    #expect(
      log.records.map(\.description) == [
        "Child: cancelled(flowParentEnded)", "Parent: cancelled(flowCancelled)",
      ])
    #expect(parent.didEndCalls.count == 1)
    #expect(
      endings(app) == [
        "Child#2.ended(cancelled(flowParentEnded))", "Parent#1.ended(cancelled(flowCancelled))",
      ])
    #expect(refused.map(\.code) == [.flowAlreadyEnded])
    #expect(refused.first?.message == "Can't finish Parent#1: it is already ending; a flow ends once.")
  }

  @Test func everyWayOfEndingAParentAgainFromAChildsHandlerIsRefusedOrIgnored() throws {
    let attempts: [(String, (AppController, TestFlow) -> Void)] = [
      ("finish", { _, parent in parent.finish("late") }),
      ("cancel", { _, parent in parent.cancel() }),
      ("tryFinish", { _, parent in _ = try? parent.tryFinish("late", removingScreens: false) }),
      ("tryCancel", { _, parent in _ = try? parent.tryCancel(removingScreens: false) }),
      ("stop", { app, _ in app.stop() }),
      (
        "pop the parent's screen",
        { app, _ in app.rootNavigationController?.popToRootViewController(animated: false) }
      ),
    ]
    for (name, attempt) in attempts {
      for removingScreens in [false, true] {
        let (app, _) = try makeApp()
        let log = EndLog()
        let (parent, child) = parentAndChild(app, log: log) { [unowned app] parent in attempt(app, parent) }
        parent.cancel(removingScreens: removingScreens, animated: false)
        #expect(parent.didEndCalls.count == 1, "\(name), removing screens: \(removingScreens)")
        #expect(child.didEndCalls.count == 1, "\(name), removing screens: \(removingScreens)")
        // Once each, the child first; a stop that comes while the parent waits for its
        // screens to leave ends it as stopped instead.
        let expectedParent = name == "stop" && removingScreens ? "appStopped" : "flowCancelled"
        #expect(
          endings(app) == [
            "Child#2.ended(cancelled(flowParentEnded))", "Parent#1.ended(cancelled(\(expectedParent)))",
          ],
          "\(name), removing screens: \(removingScreens)")
        #expect(app.flows.isEmpty, "\(name), removing screens: \(removingScreens)")
      }
    }
  }

  @Test func aParentEndedFromAGrandchildsHandlerEndsOnceAfterTheChildHasEnded() throws {
    let (app, _) = try makeApp()
    let log = EndLog()
    let parent = TestFlow("Parent")
    app.run(parent, as: .push, animated: false, onEnd: log.handler("Parent"))
    let child = TestFlow("Child")
    parent.run(child, as: .push, animated: false, onEnd: log.handler("Child"))
    let grandchild = TestFlow("Grandchild")
    child.run(grandchild, as: .push, animated: false) { outcome in
      log.handler("Grandchild")(outcome)
      parent.cancel(removingScreens: false)
    }
    child.cancel(removingScreens: false)
    #expect(
      log.records.map(\.description) == [
        "Grandchild: cancelled(flowParentEnded)", "Child: cancelled(flowCancelled)",
        "Parent: cancelled(flowCancelled)",
      ])
    #expect([parent, child, grandchild].map(\.didEndCalls.count) == [1, 1, 1])
    #expect(app.flows.isEmpty)
  }
}
