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
