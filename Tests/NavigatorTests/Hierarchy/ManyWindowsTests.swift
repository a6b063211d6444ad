import Navigator
import Testing

/// One session: a window and its screens, created and used only inside this actor.
private actor Session {
  let index: Int

  init(index: Int) {
    self.index = index
  }

  /// Builds a hierarchy, exercises it and checks its own journal.
  ///
  /// - Returns: `true` when the journal held exactly the expected events.
  func run() -> Bool {
    let scheduler = ManualScheduler()
    let window = Window(
      scheduler: index.isMultiple(of: 2) ? .immediate : .manual(scheduler), misusePolicy: .report)
    window.journal.isEnabled = true
    let first = Screen("First\(index)")
    let child = Screen("Child\(index)")
    let second = Screen("Second\(index)")
    window.rootViewController = first
    window.makeKeyAndVisible()
    scheduler.settle()
    first.addChild(child)
    first.view.addSubview(child.view)
    child.didMove(toParent: first)
    child.addChild(first)
    window.rootViewController = second
    scheduler.settle()
    let misuse = window.journal.events.compactMap { event -> NavigationError? in
      if case .misuse(let error) = event { return error }
      return nil
    }
    let expected: [NavigationEvent] =
      [
        .load(first), .joined(first), .willAppear(first), .didAppear(first), .willMove(child, to: first),
        .joined(child), .load(child), .willAppear(child), .didAppear(child), .didMove(child, to: first),
      ] + misuse.map(NavigationEvent.misuse) + [
        .load(second), .joined(second), .willDisappear(first), .willDisappear(child), .willAppear(second),
        .didDisappear(first), .didDisappear(child), .didAppear(second),
        .left(child, .rootReplaced, of: first), .left(first, .rootReplaced),
      ]
    #expect(misuse.map(\.code) == [.containmentCycle])
    #expect(window.journal.events == expected)
    return misuse.count == 1 && window.journal.events == expected
  }
}

@Suite struct ManyWindowsTests {
  @Test func thousandsOfIndependentWindowsRunConcurrently() async {
    let sessionCount = 1_200
    let passed = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<sessionCount {
        group.addTask { await Session(index: index).run() }
      }
      var passed = 0
      for await ok in group where ok { passed += 1 }
      return passed
    }
    #expect(passed == sessionCount)
  }
}
