import Navigator
import Testing

/// Screens the navigator created are released once they leave.
@Suite(.exhaustiveStages) struct NavigatorLeakTests {
  @Test func pushedPresentedAndChildScreensAreReleasedAfterTheyLeave() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    var pushed: WeakRef<CardForm>?
    var presented: WeakRef<Receipt>?
    var child: WeakRef<Tinted>?
    do {
      let form = try stage.navigator.tryPush(
        .type(CardForm.self), options: .init().passing(Card(last4: "1")).completion { _ in }
      ) { _ in }
      pushed = WeakRef(form)
      let tile = try stage.navigator.tryAddChild(.type(Tinted.self), to: form) { _ in }
      child = WeakRef(tile)
      try stage.navigator.tryRemoveChild(tile)
      let sheet = try stage.navigator.tryPresentModal(.type(Receipt.self)) { _ in }
      presented = WeakRef(sheet)
      sheet.dismiss(animated: false)
      try stage.navigator.tryPop()
    }
    stage.discardEvents()
    #expect(pushed?.object == nil)
    #expect(presented?.object == nil)
    #expect(child?.object == nil)
  }
}
