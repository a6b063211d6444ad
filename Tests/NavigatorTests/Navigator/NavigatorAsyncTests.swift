import Navigator
import Testing

/// The async forms return once the navigation finished, or throw.
@Suite struct NavigatorAsyncTests {
  @Test func everyAsyncFormReturnsAfterTheNavigationFinished() async throws {
    let h = NavigatorHarness()
    let form = try await h.navigator.push(.type(CardForm.self))
    #expect(form.appearanceState == .appeared)
    #expect(h.events.last == .completion(.push(form.screenID, onto: h.navigation.screenID, animated: true)))

    let tile = try await h.navigator.addChild(.type(Receipt.self), to: form)
    #expect(tile.parent === form)
    let removed = try await h.navigator.removeChild(tile)
    #expect(removed.parent == nil)

    let sheet = try await h.navigator.presentModal(.type(Receipt.self))
    #expect(sheet.appearanceState == .appeared)
    sheet.dismiss(animated: false)

    let popover = try await h.navigator.popover(.type(Tinted.self), anchor: .view(form.view, rect: .zero))
    #expect(popover.popoverPresentationController?.isShownAsPopover == true)
  }

  @Test func anAsyncFormThrowsTheTypedError() async {
    let h = NavigatorHarness()
    do {
      _ = try await h.navigator.push(.scene("nowhere", in: mainStoryboard, as: CardForm.self))
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .sceneNotFound)
      #expect(
        error.message == "Storyboard \"Main\" doesn't contain a view controller with identifier \"nowhere\".")
    }
    #expect(h.events.isEmpty)
  }

  @MainActor
  @Test func underAManualSchedulerTheAsyncFormWaitsForTheTransition() async throws {
    let h = NavigatorHarness(manual: true)
    let slot = Slot()
    let task = Task { slot.form = try await h.navigator.push(.type(CardForm.self)) }
    await h.yield { h.scheduler.hasPendingWork }
    #expect(h.scheduler.hasPendingWork)
    let pushed = try #require(h.navigation.topViewController as? CardForm)
    #expect(pushed.appearanceState == .disappeared)
    h.scheduler.settle()
    try await task.value
    let form = try #require(slot.form)
    #expect(form === pushed)
    #expect(form.appearanceState == .appeared)
  }
}

/// Where a task leaves the screen it awaited.
final class Slot {
  var form: CardForm?
}
