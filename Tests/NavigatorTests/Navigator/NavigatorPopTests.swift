import Navigator
import Testing

/// Popping through the navigator: a guard's denial reaches `onFailure`.
@Suite(.exhaustiveStages) struct NavigatorPopTests {
  @Test func anAllowedPopRunsTheCompletionWithThePoppedScreen() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let form = try stage.navigator.tryPush(.type(CardForm.self))
    var popped: ViewController?
    let success = Counter()
    stage.navigator.pop(options: .init().onSuccess { _ in success.hit() }.completion { popped = $0 })
    #expect(popped === form)
    #expect(success.count == 1)
    #expect(stage.navigation.viewControllers.ids == [stage.root.screenID])
    stage.discardEvents()  // a push and a pop: StackOrderTests checks their order
  }

  @Test func aDeniedPopGoesToOnFailureAndChangesNothing() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let guarded = GuardedScreen("Guarded", answer: .deny)
    try stage.navigator.tryPush(.instance(guarded))
    stage.discardEvents()
    let before = stage.tree
    var failure: NavigationError?
    let done = Counter()
    stage.navigator.pop(options: .init().onFailure { failure = $0 }.completion { _ in done.hit() })
    #expect(failure?.code == .navigationDenied)
    #expect(failure?.message == "Guarded denied leaving Nav.")
    #expect(done.count == 0)
    #expect(guarded.decisions.count == 1)
    #expect(stage.tree == before)
    stage.expect([])
  }

  @Test func aGuardThatAnswersLaterStillReachesOnFailure() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let guarded = GuardedScreen("Guarded", answer: .later)
    try stage.navigator.tryPush(.instance(guarded))
    var failure: NavigationError?
    stage.navigator.pop(options: .init().onFailure { failure = $0 })
    #expect(failure == nil)
    guarded.decisions.first?.deny()
    #expect(failure?.code == .navigationDenied)
    #expect(stage.navigation.topViewController === guarded)
    stage.discardEvents()  // a push: StackOrderTests checks its order
  }

  @Test func poppingTheRootIsRefused() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    #expect(throws: NavigationError.self) { try stage.navigator.tryPop() }
    stage.expect([])
  }

  @Test func theAsyncPopThrowsTheDenialOrReturnsThePoppedScreen() async throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    try stage.navigator.tryPush(.instance(GuardedScreen("Guarded", answer: .deny)))
    do {
      try await stage.navigator.popAndWait()
      Issue.record("expected a denial")
    } catch {
      #expect(error.code == .navigationDenied)
    }
    let form = try stage.navigator.tryPush(.type(CardForm.self))
    let popped = try await stage.navigator.popAndWait()
    #expect(popped === form)
    stage.discardEvents()  // pushes and a pop: StackOrderTests checks their order
  }
}

/// Pops that wait behind a running transition, or are refused because one runs.
@Suite(.exhaustiveStages) struct NavigatorQueuedPopTests {
  @Test func twoPopsQueuedBehindATransitionPopTwoScreens() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let first = try stage.navigator.tryPush(.type(CardForm.self), options: .init().animated(false))
    stage.scheduler.settle()
    let second = try stage.navigator.tryPush(.type(Receipt.self))
    var popped: [ViewController] = []
    stage.navigator.pop(options: .init().completion { popped.append($0) })
    stage.navigator.pop(options: .init().completion { popped.append($0) })
    #expect(popped.isEmpty)
    #expect(stage.window.pendingRequests.count == 2)
    stage.scheduler.settle()
    #expect(popped.map(\.screenID) == [second.screenID, first.screenID])
    #expect(stage.navigation.viewControllers.ids == [stage.root.screenID])
    #expect(stage.errors.errors.isEmpty)
    stage.discardEvents()  // the popped screens are the subject; StackQueueTests checks queued orders
  }

  @Test func aQueuedPopThatFindsOnlyTheRootFailsWhenItRuns() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    try stage.navigator.tryPush(.type(CardForm.self))
    stage.navigator.pop()
    var failure: NavigationError?
    let done = Counter()
    stage.navigator.pop(options: .init().onFailure { failure = $0 }.completion { _ in done.hit() })
    stage.scheduler.settle()
    let expected = NavigationError(
      .invalidRequest, "Can't pop from Nav: only its root screen is left.",
      screens: [stage.navigation.screenID])
    #expect(failure == expected)
    #expect(stage.errors.errors == [expected])
    #expect(done.count == 0)
    #expect(stage.navigation.viewControllers.ids == [stage.root.screenID])
    #expect(stage.take().last == .misuse(expected))
  }

  @Test func theRejectPolicyRefusesAPopAtOnce() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    try stage.navigator.tryPush(.type(CardForm.self))
    stage.navigation.transitionRequestPolicy = .reject
    var failures: [NavigationError.Code] = []
    #expect {
      try stage.navigator.tryPop(options: .init().onFailure { failures.append($0.code) })
    } throws: { error in
      (error as? NavigationError)?.code == .transitionInProgress
    }
    #expect(failures == [.transitionInProgress])
    #expect(stage.window.pendingRequests.isEmpty)
    stage.scheduler.settle()
    #expect(stage.navigation.viewControllers.count == 2)
    stage.discardEvents()  // a push: StackOrderTests checks its order
  }
}
