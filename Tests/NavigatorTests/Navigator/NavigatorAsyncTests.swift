import Navigator
import Testing

/// The async forms return once the navigation finished, or throw.
@Suite(.exhaustiveStages) struct NavigatorAsyncTests {
  @Test func everyAsyncFormReturnsAfterTheNavigationFinished() async throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let form = try await stage.navigator.pushAndWait(.type(CardForm.self))
    #expect(form.appearanceState == .appeared)
    #expect(
      stage.take().last == .completion(.push(form.screenID, onto: stage.navigation.screenID, animated: true)))

    let tile = try await stage.navigator.addChildAndWait(.type(Receipt.self), to: form)
    #expect(tile.parent === form)
    let removed = try await stage.navigator.removeChildAndWait(tile)
    #expect(removed.parent == nil)

    let sheet = try await stage.navigator.presentModalAndWait(.type(Receipt.self))
    #expect(sheet.appearanceState == .appeared)
    sheet.dismiss(animated: false)

    let popover = try await stage.navigator.popoverAndWait(
      .type(Tinted.self), anchor: .view(form.view, rect: .zero))
    #expect(popover.popoverPresentationController?.isShownAsPopover == true)
    stage.discardEvents()  // every kind of navigation: other suites check each order
  }

  @Test func anAsyncFormThrowsTheTypedError() async {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    do {
      _ = try await stage.navigator.pushAndWait(.scene("nowhere", in: mainStoryboard, as: CardForm.self))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .sceneNotFound)
      #expect(
        error.message == "Storyboard \"Main\" doesn't contain a view controller with identifier \"nowhere\".")
    }
    stage.expect([])
  }

  @MainActor
  @Test func underAManualSchedulerTheAsyncFormWaitsForTheTransition() async throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let slot = Slot()
    let task = Task { slot.form = try await stage.navigator.pushAndWait(.type(CardForm.self)) }
    await stage.yield { stage.scheduler.hasPendingWork }
    #expect(stage.scheduler.hasPendingWork)
    let pushed = try #require(stage.navigation.topViewController as? CardForm)
    #expect(pushed.appearanceState == .disappeared)
    stage.scheduler.settle()
    try await task.value
    let form = try #require(slot.form)
    #expect(form === pushed)
    #expect(form.appearanceState == .appeared)
    stage.discardEvents()  // a push: StackOrderTests checks its order
  }
}

/// Where a task leaves the screen it awaited.
final class Slot {
  var form: CardForm?
}
