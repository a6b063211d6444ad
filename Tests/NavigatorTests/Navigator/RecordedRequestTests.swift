import Navigator
import Testing

/// A navigator records what it was asked to do, as values.
@Suite struct RecordedRequestTests {
  @Test func aTestCanAssertWhatTheNavigatorWasAskedToDo() throws {
    let h = NavigatorHarness()
    h.navigator.isRecordingRequests = true
    let item = BarButtonItem(title: "Filter")
    h.home.navigationItem.rightBarButtonItem = item

    try h.navigator.tryPush(
      .type(CardForm.self), options: .init().passing(Card(last4: "4242")).animated(false))
    let receipt = try h.navigator.tryAddChild(
      .scene("receipt", in: mainStoryboard, as: Receipt.self), to: h.home)
    try h.navigator.tryRemoveChild(receipt)
    try h.navigator.tryPresentModal(
      .initialScene(of: mainStoryboard, as: CardForm.self), options: .init().embeddedInNavigationController())
    _ = try? h.navigator.tryPopover(
      .type(Receipt.self), anchor: .barButtonItem(item), options: .init().from(h.home))

    #expect(
      h.navigator.recordedRequests == [
        .init(.push, .type("CardForm"), data: Card(last4: "4242"), isAnimated: false),
        .init(
          .addChild, .scene(storyboard: "Main", identifier: "receipt", type: "Receipt"), from: h.home.screenID
        ),
        .init(.removeChild, .instance(receipt.screenID), from: h.home.screenID),
        .init(
          .presentModal, .scene(storyboard: "Main", identifier: nil, type: "CardForm"),
          embedding: "NavigationController"),
        .init(.popover, .type("Receipt"), anchor: .barButtonItem(item), from: h.home.screenID),
      ])
    #expect(
      h.navigator.recordedRequests.last?.description
        == "Request(popover, type(\"Receipt\"), anchor: barButtonItem(\"Filter\"), from: Home)")
    h.navigator.removeRecordedRequests()
    #expect(h.navigator.recordedRequests.isEmpty)
  }

  @Test func nothingIsRecordedUnlessAsked() throws {
    let h = NavigatorHarness()
    try h.navigator.tryPush(.type(CardForm.self))
    #expect(h.navigator.recordedRequests.isEmpty)
  }
}
