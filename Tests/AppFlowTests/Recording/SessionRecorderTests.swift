import AppFlow
import Navigator
import Testing

/// A recorder's start, its bound, and its end.
@Suite struct SessionRecorderTests {
  @Test func aStartedAppControllersLogStartsFromItsSnapshotAndReplaysFromIt() throws {
    let app = try makeRecordingShop()
    try app.start()
    app.navigate(to: Compose(productID: 6), animated: false)
    let recorder = try app.startRecording(recordingEvents: true)
    #expect(recorder.log.start == (try app.snapshot()))
    let sheet = try #require(app.rootNavigationController?.presentedViewController as? NavigationController)
    sheet.navigationBar.tapBackButton()
    app.navigate(to: Preview())
    let log = recorder.log
    #expect(
      log.inputs == [
        .tapBackButton(StatePath([.presented])), .navigateToRoute(AnyRoute(Preview()), animated: true),
      ])
    let fresh = try makeRecordingShop()
    let replayed = try log.replay(into: fresh)
    #expect(replayed.steps == log.steps)
    #expect(replayed.end == log.end)
    #expect(
      fresh.window.navigationState(keyedBy: AnyRoute.self)
        == app.window.navigationState(keyedBy: AnyRoute.self))
  }

  @Test func aBoundedLogStartsAgainFromASnapshotWhenFull() throws {
    let app = try makeRecordingShop()
    let recorder = try app.startRecording(limit: 2)
    try app.start()
    app.navigate(to: Product(id: 1), animated: false)
    #expect(recorder.log.start == nil)
    #expect(recorder.count == 2)
    app.navigate(to: Product(id: 2), animated: false)
    let snapshotAfterTwo = try makeRecordingShop()
    try snapshotAfterTwo.start()
    snapshotAfterTwo.navigate(to: Product(id: 1), animated: false)
    #expect(recorder.log.start == (try snapshotAfterTwo.snapshot()))
    #expect(recorder.log.inputs == [.navigateToRoute(AnyRoute(Product(id: 2)), animated: false)])
    app.rootNavigationController?.navigationBar.tapBackButton()
    app.navigate(to: Preview(), animated: false)
    #expect(recorder.log.inputs == [.navigateToRoute(AnyRoute(Preview()), animated: false)])
    #expect(recorder.log.start?.state == (try app.snapshot()).state.removingPresentationForTest)
    let fresh = try makeRecordingShop()
    try recorder.log.replay(into: fresh)
    #expect(
      fresh.window.navigationState(keyedBy: AnyRoute.self)
        == app.window.navigationState(keyedBy: AnyRoute.self))
  }

  @Test func aBoundedLogThatCannotSnapshotSaysSo() throws {
    let app = try makeRecordingShop()
    let recorder = try app.startRecording(limit: 1)
    try app.start()
    app.navigator.push(.instance(ViewController()))
    app.navigator.pop()
    #expect(recorder.log.start == nil)
    #expect(recorder.log.inputs.count == 2)
    guard case .unreplayable(let reason) = recorder.log.inputs.first else {
      Issue.record("the cut log does not start with an unreplayable input: \(recorder.log.inputs)")
      return
    }
    #expect(
      reason.hasPrefix("The log was cut at its bound and its start can't be snapshotted: unkeyedScreen"))
    #expect(recorder.log.inputs.last == .pop(from: nil, animated: true))
  }

  @Test func stoppingHandsBackTheLogAndRecordsNoMore() throws {
    let app = try makeRecordingShop()
    let recorder = try app.startRecording()
    try app.start()
    #expect(app.recorder === recorder)
    #expect(app.stopRecording() == SessionLog(steps: [.init(.start)]))
    #expect(app.recorder == nil)
    #expect(app.window.inputObserver == nil)
    app.navigate(to: Product(id: 1))
    #expect(recorder.log.inputs == [.start])
    #expect(app.stopRecording() == nil)
  }

  @Test func startingWithAScreenWithoutARouteIsASnapshotError() throws {
    let app = try makeRecordingShop()
    try app.start()
    app.navigator.push(.instance(ViewController()))
    let error = try #require(throws: SnapshotError.self) { try app.startRecording() }
    #expect(error.code == .unkeyedScreen)
    #expect(app.recorder == nil)
  }
}

extension NavigationState {
  /// The state without what its root presents.
  var removingPresentationForTest: NavigationState {
    var state = self
    state.root?.presentation = nil
    return state
  }
}
