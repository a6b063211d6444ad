import Navigator
import Testing

/// Dismissing through the navigator: what the origin presented, or the presentation it is in.
@Suite(.exhaustiveStages) struct NavigatorDismissTests {
  @Test func dismissingWhereNothingIsPresentedIsRefusedNamingTheScreenAndChangesNothing() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let home = try #require(stage.navigation.topViewController)
    let before = stage.tree
    var failure: NavigationError?
    #expect(throws: NavigationError.self) {
      try stage.navigator.tryDismiss(options: .init().onFailure { failure = $0 })
    }
    #expect(failure?.code == .invalidRequest)
    #expect(failure?.message == "Can't dismiss from Home: it presents no screen and is in no presentation.")
    #expect(failure?.screens == [home.screenID])
    #expect(stage.tree == before)
    stage.expect([])
  }

  @Test func fromThePresenterOrFromInsideThePresentationTheSheetIsDismissed() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let home = try #require(stage.navigation.topViewController)
    for fromInside in [false, true] {
      let before = stage.tree
      let sheet = try stage.navigator.tryPresentModal(.type(CardForm.self), options: .init().animated(false))
      var dismissed: [ViewController] = []
      stage.navigator.dismiss(
        options: .init().from(fromInside ? sheet : home).animated(false).onSuccess { dismissed.append($0) }
          .completion { dismissed.append($0) })
      #expect(dismissed.map(\.screenID) == [sheet.screenID, sheet.screenID])
      #expect(home.presentedViewController == nil)
      #expect(stage.tree == before)
      stage.discardEvents()  // a presentation and a dismissal: the presentation suites check their order
    }
  }
}
