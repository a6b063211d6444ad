import Navigator
import Testing

/// A navigator records what it was asked to do, as values.
@Suite(.exhaustiveStages) struct RecordedRequestTests {
  @Test func aTestCanAssertWhatTheNavigatorWasAskedToDo() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    stage.navigator.isRecordingRequests = true
    let item = BarButtonItem(title: "Filter")
    stage.root.navigationItem.rightBarButtonItem = item

    try stage.navigator.tryPush(
      .type(CardForm.self), options: .init().passing(Card(last4: "4242")).animated(false))
    let receipt = try stage.navigator.tryAddChild(
      .scene("receipt", in: mainStoryboard, as: Receipt.self), to: stage.root)
    try stage.navigator.tryRemoveChild(receipt)
    try stage.navigator.tryPresentModal(
      .initialScene(of: mainStoryboard, as: CardForm.self),
      options: .init().embedded(in: .navigationController))
    _ = try? stage.navigator.tryPopover(
      .type(Receipt.self), anchor: .barButtonItem(item), options: .init().from(stage.root))

    #expect(
      stage.navigator.recordedRequests == [
        .init(.push, .type("CardForm"), data: Card(last4: "4242"), isAnimated: false),
        .init(
          .addChild, .scene(storyboard: "Main", identifier: "receipt", type: "Receipt"),
          from: stage.root.screenID
        ),
        .init(.removeChild, .instance(receipt.screenID), from: stage.root.screenID),
        .init(
          .presentModal, .scene(storyboard: "Main", identifier: nil, type: "CardForm"),
          embedding: "NavigationController"),
        .init(.popover, .type("Receipt"), anchor: .barButtonItem(item), from: stage.root.screenID),
      ])
    #expect(
      stage.navigator.recordedRequests.last?.description
        == "Request(popover, type(\"Receipt\"), anchor: barButtonItem(\"Filter\"), from: Home)")
    stage.navigator.removeRecordedRequests()
    #expect(stage.navigator.recordedRequests.isEmpty)
    stage.discardEvents()  // the requests are the subject; other suites check each order
  }

  @Test func nothingIsRecordedUnlessAsked() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    try stage.navigator.tryPush(.type(CardForm.self))
    #expect(stage.navigator.recordedRequests.isEmpty)
    stage.discardEvents()  // a plain push: other suites check its order
  }
}
