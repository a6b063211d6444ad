import Navigator
import Testing

/// Screens the navigator created are released once they leave.
@Suite struct NavigatorLeakTests {
  @Test func pushedPresentedAndChildScreensAreReleasedAfterTheyLeave() throws {
    let h = NavigatorHarness()
    var pushed: WeakRef<CardForm>?
    var presented: WeakRef<Receipt>?
    var child: WeakRef<Tinted>?
    do {
      let form = try h.navigator.tryPush(
        .type(CardForm.self), options: .init().passing(Card(last4: "1")).completion { _ in }
      ) { _ in }
      pushed = WeakRef(form)
      let tile = try h.navigator.tryAddChild(.type(Tinted.self), to: form) { _ in }
      child = WeakRef(tile)
      try h.navigator.tryRemoveChild(tile)
      let sheet = try h.navigator.tryPresentModal(.type(Receipt.self)) { _ in }
      presented = WeakRef(sheet)
      sheet.dismiss(animated: false)
      try h.navigator.tryPop()
    }
    h.window.journal.removeAll()
    #expect(pushed?.object == nil)
    #expect(presented?.object == nil)
    #expect(child?.object == nil)
  }
}
