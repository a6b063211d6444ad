import Navigator
import Testing

/// While a transition runs, a navigation waits in the window's queue; its hierarchy checks
/// and its configuration run when it starts.
@Suite struct NavigatorQueueTests {
  @Test func aPresentationAskedDuringAPushWaitsAndStartsFromTheNewTop() throws {
    let h = NavigatorHarness(manual: true)
    let receipt = try h.navigator.tryPush(.type(Receipt.self))
    let configured = Counter()
    let form = try h.navigator.tryPresentModal(.type(CardForm.self)) { _ in configured.hit() }
    #expect(h.window.pendingRequests == [.present(form.screenID, from: receipt.screenID, animated: true)])
    #expect(configured.count == 0)
    #expect(!form.isViewLoaded)
    h.scheduler.settle()
    #expect(configured.count == 1)
    #expect(form.presentingViewController === h.navigation)
    #expect(form.appearanceState == .appeared)
  }

  @Test func aQueuedNavigationRefusedWhenItRunsGoesToOnFailureAndTheMisusePolicy() throws {
    let h = NavigatorHarness(manual: true)
    let form = CardForm()
    try h.navigator.tryPush(.instance(form))
    var failure: NavigationError?
    let done = Counter()
    try h.navigator.tryPush(.instance(form), options: .init().onFailure { failure = $0 }) { _ in done.hit() }
    #expect(failure == nil)
    h.scheduler.settle()
    #expect(failure?.code == .duplicatePush)
    #expect(done.count == 0)
    #expect(h.errors.errors == [failure!])
    #expect(h.navigation.viewControllers.ids == [h.home.screenID, form.screenID])
  }

  @MainActor
  @Test func theAsyncFormThrowsALateRefusal() async throws {
    let h = NavigatorHarness(manual: true)
    let form = CardForm()
    try h.navigator.tryPush(.instance(form))
    let slot = ErrorSlot()
    let task = Task {
      do {
        _ = try await h.navigator.push(.instance(form))
      } catch {
        slot.error = error as? NavigationError
      }
    }
    await h.yield { !h.window.pendingRequests.isEmpty }
    h.scheduler.settle()
    await task.value
    #expect(slot.error?.code == .duplicatePush)
  }

  @Test func underTheRejectPolicyABusyWindowRefusesAtOnce() throws {
    let h = NavigatorHarness(manual: true)
    h.window.transitionRequestPolicy = .reject
    try h.navigator.tryPush(.type(Receipt.self))
    h.window.journal.removeAll()
    let before = h.tree
    do {
      try h.navigator.tryPush(.type(CardForm.self))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .transitionInProgress)
    }
    #expect(h.tree == before)
    #expect(h.events.isEmpty)
    #expect(h.window.pendingRequests.isEmpty)
    h.scheduler.settle()
  }
}

/// Where a task leaves the error it caught.
final class ErrorSlot {
  var error: NavigationError?
}
