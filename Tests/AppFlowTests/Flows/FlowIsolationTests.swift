import AppFlow
import Navigator
import Testing

/// One session: an app controller inside its own actor, running flows.
private actor Session {
  private let app: AppController
  private var outcomes: [String] = []

  init(number: Int) {
    app = AppController(window: Window(misusePolicy: .report)) { StepScreen("Home\(number)") }
  }

  /// Starts the app, runs `count` flows one after the other, finishing each, then stops.
  func work(count: Int) throws -> [String] {
    try app.start()
    for index in 0..<count {
      let flow = OneScreenFlow("Step\(index)")
      app.run(flow, as: index.isMultiple(of: 2) ? .push : .sheet(), animated: false) {
        [unowned self] outcome in
        outcomes.append("\(outcome.ending)")
      }
      outcomes.append("\(flow.id)")
      flow.finish("\(index)", animated: false)
    }
    app.stop()
    return outcomes
  }
}

@Suite struct FlowIsolationTests {
  @Test func appControllersInSeparateActorsRunFlowsInParallelWithoutSharingState() async throws {
    let results = try await withThrowingTaskGroup(of: [String].self) { group in
      for number in 0..<8 {
        group.addTask { try await Session(number: number).work(count: 50) }
      }
      var results: [[String]] = []
      for try await result in group { results.append(result) }
      return results
    }
    // Every session numbered its own flows from 1: no counter is shared between sessions.
    let expected = (0..<50).flatMap { ["Step\($0)Flow#\($0 + 1)", "finished"] }
    #expect(results == Array(repeating: expected, count: 8))
  }
}
