import Navigator
import Testing

/// Popping through the navigator: a guard's denial reaches `onFailure`.
@Suite struct NavigatorPopTests {
  @Test func anAllowedPopRunsTheCompletionWithThePoppedScreen() throws {
    let h = NavigatorHarness()
    let form = try h.navigator.tryPush(.type(CardForm.self))
    var popped: ViewController?
    let success = Counter()
    h.navigator.pop(options: .init().onSuccess { _ in success.hit() }) { popped = $0 }
    #expect(popped === form)
    #expect(success.count == 1)
    #expect(h.navigation.viewControllers.ids == [h.home.screenID])
  }

  @Test func aDeniedPopGoesToOnFailureAndChangesNothing() throws {
    let h = NavigatorHarness()
    let guarded = GuardedScreen("Guarded", answer: .deny)
    try h.navigator.tryPush(.instance(guarded))
    h.window.journal.removeAll()
    let before = h.tree
    var failure: NavigationError?
    let done = Counter()
    h.navigator.pop(options: .init().onFailure { failure = $0 }) { _ in done.hit() }
    #expect(failure?.code == .navigationDenied)
    #expect(failure?.message == "Guarded denied leaving Nav.")
    #expect(done.count == 0)
    #expect(guarded.decisions.count == 1)
    #expect(h.tree == before)
    #expect(h.events.isEmpty)
  }

  @Test func aGuardThatAnswersLaterStillReachesOnFailure() throws {
    let h = NavigatorHarness()
    let guarded = GuardedScreen("Guarded", answer: .later)
    try h.navigator.tryPush(.instance(guarded))
    var failure: NavigationError?
    h.navigator.pop(options: .init().onFailure { failure = $0 })
    #expect(failure == nil)
    guarded.decisions.first?.deny()
    #expect(failure?.code == .navigationDenied)
    #expect(h.navigation.topViewController === guarded)
  }

  @Test func poppingTheRootIsRefused() {
    let h = NavigatorHarness()
    #expect(throws: NavigationError.self) { try h.navigator.tryPop() }
    #expect(h.events.isEmpty)
  }

  @Test func theAsyncPopThrowsTheDenialOrReturnsThePoppedScreen() async throws {
    let h = NavigatorHarness()
    try h.navigator.tryPush(.instance(GuardedScreen("Guarded", answer: .deny)))
    do {
      try await h.navigator.pop()
      Issue.record("expected a denial")
    } catch {
      #expect(error.code == .navigationDenied)
    }
    let form = try h.navigator.tryPush(.type(CardForm.self))
    let popped = try await h.navigator.pop()
    #expect(popped === form)
  }
}

/// Pops that wait behind a running transition, or are refused because one runs.
@Suite struct NavigatorQueuedPopTests {
  @Test func twoPopsQueuedBehindATransitionPopTwoScreens() throws {
    let h = NavigatorHarness(manual: true)
    let first = try h.navigator.tryPush(.type(CardForm.self), options: .init().animated(false))
    h.scheduler.settle()
    let second = try h.navigator.tryPush(.type(Receipt.self))
    var popped: [ViewController] = []
    h.navigator.pop { popped.append($0) }
    h.navigator.pop { popped.append($0) }
    #expect(popped.isEmpty)
    #expect(h.window.pendingRequests.count == 2)
    h.scheduler.settle()
    #expect(popped.map(\.screenID) == [second.screenID, first.screenID])
    #expect(h.navigation.viewControllers.ids == [h.home.screenID])
    #expect(h.errors.errors.isEmpty)
  }

  @Test func aQueuedPopThatFindsOnlyTheRootFailsWhenItRuns() throws {
    let h = NavigatorHarness(manual: true)
    try h.navigator.tryPush(.type(CardForm.self))
    h.navigator.pop()
    var failure: NavigationError?
    let done = Counter()
    h.navigator.pop(options: .init().onFailure { failure = $0 }) { _ in done.hit() }
    h.scheduler.settle()
    let expected = NavigationError(
      .invalidRequest, "Can't pop from Nav: only its root screen is left.", screens: [h.navigation.screenID])
    #expect(failure == expected)
    #expect(h.errors.errors == [expected])
    #expect(done.count == 0)
    #expect(h.navigation.viewControllers.ids == [h.home.screenID])
  }

  @Test func theRejectPolicyRefusesAPopAtOnce() throws {
    let h = NavigatorHarness(manual: true)
    try h.navigator.tryPush(.type(CardForm.self))
    h.navigation.transitionRequestPolicy = .reject
    var failures: [NavigationError.Code] = []
    #expect {
      try h.navigator.tryPop(options: .init().onFailure { failures.append($0.code) })
    } throws: { error in
      (error as? NavigationError)?.code == .transitionInProgress
    }
    #expect(failures == [.transitionInProgress])
    #expect(h.window.pendingRequests.isEmpty)
    h.scheduler.settle()
    #expect(h.navigation.viewControllers.count == 2)
  }
}
