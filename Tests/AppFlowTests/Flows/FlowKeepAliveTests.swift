import AppFlow
import Navigator
import Testing

/// Moves that end where they started keep every flow alive: a cancelled back swipe, a
/// denied pop (sync and async), a pop guard still deciding, a cancelled sheet swipe.
@Suite struct FlowKeepAliveTests {
  enum Move: String, CaseIterable, CustomTestStringConvertible {
    case cancelledBackSwipe, deniedPop, deniedPopLater, popStillDeciding, cancelledSheetSwipe
    var testDescription: String { rawValue }
  }

  /// Runs F1 … F`depth`: pushed onto the root stack, or, for a sheet swipe, F1 as a sheet
  /// in its own stack and the deeper ones pushed onto it. The top flow's first screen is a
  /// guarded screen answering `answer`.
  private func runFlows(
    _ depth: Int, sheet: Bool, answer: GuardedScreen.Answer, app: AppController, log: EndLog
  ) throws -> [TestFlow] {
    var flows: [TestFlow] = []
    for level in 1...depth {
      let name = "F\(level)"
      let flow = TestFlow(name) { level == depth ? GuardedScreen(name, answer: answer) : NamedScreen(name) }
      let presentation: FlowPresentation =
        sheet && level == 1 ? .sheet(embeddedInNavigationController: true) : .push
      if let parent = flows.last {
        try parent.tryRun(flow, as: presentation, animated: false, onEnd: log.handler(name))
      } else {
        try app.tryRun(flow, as: presentation, animated: false, onEnd: log.handler(name))
      }
      flows.append(flow)
    }
    return flows
  }

  @Test(arguments: Move.allCases, 1...3)
  func aMoveThatEndsWhereItStartedKeepsEveryFlowRunning(move: Move, depth: Int) throws {
    let (app, _) = try makeApp()
    let log = EndLog()
    let answer: GuardedScreen.Answer =
      switch move {
      case .deniedPop: .deny
      case .deniedPopLater, .popStillDeciding: .later
      case .cancelledBackSwipe, .cancelledSheetSwipe: .allow
      }
    let flows = try runFlows(depth, sheet: move == .cancelledSheetSwipe, answer: answer, app: app, log: log)
    let top = try #require(flows.last?.firstScreen(as: GuardedScreen.self))
    let stack = try #require(top.navigationController)
    let treeBefore = app.flows
    let screensBefore = flows.map { $0.screens.map(\.screenID) }
    switch move {
    case .cancelledBackSwipe:
      stack.beginInteractivePop()
      stack.updateInteractivePop(progress: 0.3)
      stack.cancelInteractivePop()
    case .deniedPop:
      stack.navigationBar.tapBackButton()
      #expect(top.decisions.map(\.isAllowed) == [false])
    case .deniedPopLater, .popStillDeciding:
      stack.navigationBar.tapBackButton()
      #expect(top.decisions.map(\.isAllowed) == [nil])
      if move == .deniedPopLater { top.decisions[0].deny() }
    case .cancelledSheetSwipe:
      let controller = try #require(stack.presentationController)
      #expect(controller.beginInteractiveDismissal())
      controller.cancelInteractiveDismissal()
    }
    #expect(log.records == [])
    #expect(flows.map(\.state) == Array(repeating: .running, count: depth))
    #expect(flows.allSatisfy { $0.didEndCalls.isEmpty && $0.firstScreen?.isInWindowHierarchy == true })
    #expect(app.flows == treeBefore)
    #expect(flows.map { $0.screens.map(\.screenID) } == screensBefore)
    #expect(!app.window.journal.events.contains { "\($0)".contains("ended") })

    // The same flows do end when the move goes through: the checks above could fail.
    let exit: HierarchyExit
    switch move {
    case .popStillDeciding:
      top.decisions[0].allow()
      exit = HierarchyExit(.popped(.backButton), removedScreen: top.screenID)
    case .cancelledBackSwipe, .deniedPop, .deniedPopLater:
      #expect(stack.popViewController(animated: false, ignoringPopGuard: true) === top)
      exit = HierarchyExit(.popped(.programmatic), removedScreen: top.screenID)
    case .cancelledSheetSwipe:
      let controller = try #require(stack.presentationController)
      #expect(controller.beginInteractiveDismissal())
      controller.finishInteractiveDismissal()
      exit = HierarchyExit(.dismissed(.sheetSwipe), removedScreen: stack.screenID)
    }
    let ended = move == .cancelledSheetSwipe ? flows.reversed() : [flows.last!]
    let expected = ended.map {
      EndRecord(
        flow: $0.name,
        ending: $0 === flows[0] || move != .cancelledSheetSwipe ? .dismissed(exit) : .replaced(exit))
    }
    #expect(log.records == expected)
  }

  @Test func aChildFlowEndingByItsOwnPopLeavesItsParentRunning() throws {
    let (app, _) = try makeApp()
    let log = EndLog()
    let parent = TestFlow("Parent")
    app.run(
      parent, as: .sheet(embeddedInNavigationController: true), animated: false, onEnd: log.handler("Parent"))
    let child = TestFlow("Child")
    parent.run(child, as: .push, animated: false, onEnd: log.handler("Child"))
    let childScreen = try #require(child.firstScreen)
    let stack = try #require(childScreen.navigationController)
    stack.navigationBar.tapBackButton()
    #expect(
      log.records == [
        EndRecord(
          flow: "Child",
          ending: .dismissed(HierarchyExit(.popped(.backButton), removedScreen: childScreen.screenID)))
      ])
    #expect(parent.state == .running)
    #expect(parent.children.isEmpty)
    #expect(parent.screens.map(\.screenID) == [stack.screenID, parent.firstScreen!.screenID])
    #expect(app.flows.allFlows == [parent.id])
    parent.finish("done", animated: false)
    #expect(
      log.records.map(\.description) == [
        "Child: dismissed(popped(backButton) of Child)", "Parent: finished(done)",
      ])
  }
}
