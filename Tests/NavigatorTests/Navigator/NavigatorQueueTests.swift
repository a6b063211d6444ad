import Navigator
import Testing

/// While a transition runs, a navigation waits in the window's queue; its hierarchy checks
/// and its configuration run when it starts.
@Suite(.exhaustiveStages) struct NavigatorQueueTests {
  @Test func aPresentationAskedDuringAPushWaitsAndStartsFromTheNewTop() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let receipt = try stage.navigator.tryPush(.type(Receipt.self))
    let configured = Counter()
    let form = try stage.navigator.tryPresentModal(.type(CardForm.self)) { _ in configured.hit() }
    #expect(stage.window.pendingRequests == [.present(form.screenID, from: receipt.screenID, animated: true)])
    #expect(configured.count == 0)
    #expect(!form.isViewLoaded)
    stage.scheduler.settle()
    #expect(configured.count == 1)
    #expect(form.presentingViewController === stage.navigation)
    #expect(form.appearanceState == .appeared)
    stage.discardEvents()  // StackQueueTests checks the order of queued requests
  }

  @Test func aWaitingNavigationWhoseNavigatorIsGoneIsRefusedWhenItsTurnComes() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    try stage.navigator.tryPush(.type(Receipt.self))
    var navigator: Navigator? = Navigator(window: stage.window)
    var failure: NavigationError?
    let made = try navigator!.tryPush(.type(CardForm.self), options: .init().onFailure { failure = $0 })
    #expect(
      stage.window.pendingRequests == [.push(made.screenID, onto: stage.navigation.screenID, animated: true)])
    weak let gone = navigator
    navigator = nil
    #expect(gone == nil)
    stage.scheduler.settle()
    #expect(failure?.code == .invalidRequest)
    #expect(
      failure?.message
        == "Can't run push(CardForm, onto: Nav, animated: true): the navigator that asked for it is gone.")
    #expect(stage.errors.errors == [failure!])
    #expect(stage.navigation.viewControllers.count == 2)
    #expect(stage.take().last == failure.map(NavigationEvent.misuse))
  }

  @Test func aQueuedNavigationRefusedWhenItRunsGoesToOnFailureAndTheMisusePolicy() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let form = CardForm()
    try stage.navigator.tryPush(.instance(form))
    var failure: NavigationError?
    let done = Counter()
    try stage.navigator.tryPush(.instance(form), options: .init().onFailure { failure = $0 }) { _ in
      done.hit()
    }
    #expect(failure == nil)
    stage.scheduler.settle()
    #expect(failure?.code == .duplicatePush)
    #expect(done.count == 0)
    #expect(stage.errors.errors == [failure!])
    #expect(stage.navigation.viewControllers.ids == [stage.root.screenID, form.screenID])
    #expect(stage.take().last == failure.map(NavigationEvent.misuse))
  }

  @MainActor
  @Test func theAsyncFormThrowsALateRefusal() async throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let form = CardForm()
    try stage.navigator.tryPush(.instance(form))
    let slot = ErrorSlot()
    let task = Task {
      do {
        _ = try await stage.navigator.pushAndWait(.instance(form))
      } catch {
        slot.error = error as? NavigationError
      }
    }
    await stage.yield { !stage.window.pendingRequests.isEmpty }
    stage.scheduler.settle()
    await task.value
    #expect(slot.error?.code == .duplicatePush)
    #expect(stage.take().last == slot.error.map(NavigationEvent.misuse))
  }

  @Test func underTheRejectPolicyABusyWindowRefusesAtOnce() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    stage.window.transitionRequestPolicy = .reject
    try stage.navigator.tryPush(.type(Receipt.self))
    stage.discardEvents()
    let before = stage.tree
    do {
      try stage.navigator.tryPush(.type(CardForm.self))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .transitionInProgress)
    }
    #expect(stage.tree == before)
    stage.expect([])
    #expect(stage.window.pendingRequests.isEmpty)
    stage.settleQuietly()
  }
}

/// Where a task leaves the error it caught.
final class ErrorSlot {
  var error: NavigationError?
}
