import Navigator
import Testing

@testable import AppFlow

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

  @Test func aRecorderContinuingASavedLogKeepsItsStartAndStepsAndReplaysWhole() throws {
    let app = try makeRecordingShop()
    try app.start()
    app.navigate(to: Product(id: 1), animated: false)
    try app.startRecording(limit: 3)
    app.navigate(to: Product(id: 2), animated: false)
    let saved = try #require(app.stopRecording())
    let savedState = try app.snapshot()

    let restored = try makeRecordingShop()
    try restored.start()
    restored.restore(savedState, animated: false)
    let recorder = restored.startRecording(continuing: saved, limit: 3)
    restored.rootNavigationController?.navigationBar.tapBackButton()
    #expect(recorder.log.start == saved.start)
    #expect(
      recorder.log.inputs == [
        .navigateToRoute(AnyRoute(Product(id: 2)), animated: false), .tapBackButton(.root),
      ])
    let fresh = try makeRecordingShop()
    try recorder.log.replay(into: fresh)
    #expect(
      fresh.window.navigationState(keyedBy: AnyRoute.self)
        == restored.window.navigationState(keyedBy: AnyRoute.self))
    // Full at 3: the fourth input re-bases on a snapshot of now.
    restored.navigate(to: Preview(), animated: false)
    restored.navigate(to: Product(id: 3), animated: false)
    #expect(recorder.log.inputs == [.navigateToRoute(AnyRoute(Product(id: 3)), animated: false)])
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

  @Test func anAppControllerThatGoesTakesItsRecorderOffItsWindow() throws {
    let window = Window(misusePolicy: .report)
    var app: AppController? = AppController(window: window, rootRoute: Catalog())
    try app?.routes.register(Catalog.self) { RouteScreen($0) }
    try app?.start()
    try app?.startRecording()
    #expect(window.inputObserver != nil)
    app = nil
    #expect(window.inputObserver == nil)
    // An input the window receives now reaches no recorder (one would read a freed app).
    let root = try #require(window.rootViewController as? NavigationController)
    root.navigationBar.tapBackButton()
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

/// The recorder's compact store gives back every input as it was given.
@Suite struct CompactInputsTests {
  @Test func everyKindOfInputComesBackAsGiven() throws {
    let app = try makeRecordingShop()
    try app.start()
    app.navigate(to: Reviews(productID: 1), animated: false)
    let snapshot = try app.snapshot()
    let path = StatePath([.entry(1), .presented, .child(2)])
    let inputs: [RecordedInput] = [
      .start, .stop, .open(url: "shop://catalog", animated: true),
      .open(url: "shop://catalog", animated: false),
      .navigateToRoute(AnyRoute(Product(id: 1)), animated: false),
      .navigateToRoute(AnyRoute(Product(id: 1)), animated: true),
      .navigateToRoutes([AnyRoute(Catalog()), AnyRoute(Preview())], animated: true),
      .restore(snapshot, animated: true),
      .runFlow(tag: "Review", route: AnyRoute(Reviews(productID: 2)), presentation: .push, animated: false),
      .cancelFlow(at: [0, 2, 300], removingScreens: false, animated: false),
      .cancelFlow(at: [-1], removingScreens: true, animated: true),
      .navigate(to: app.window.navigationState(keyedBy: AnyRoute.self), animated: false),
      .push(AnyRoute(Compose(productID: 3)), from: nil, animated: true),
      .push(AnyRoute(Compose(productID: 3)), from: path, animated: false),
      .presentModal(AnyRoute(Preview()), style: .overFullScreen, from: .root, animated: false),
      .presentModal(
        AnyRoute(Reviews(productID: 2)), style: .pageSheet, embeddedInNavigationController: true, from: nil,
        animated: true),
      .dismiss(from: path, animated: false), .dismiss(from: nil, animated: true),
      .pop(from: path, animated: false), .pop(from: nil, animated: true),
      .removeChild(at: path, animated: true),
      .tapBackButton(.root), .tapBackButton(path), .beginInteractivePop(.root),
      .updateInteractivePop(.root, progress: 0.25), .updateInteractivePop(path, progress: -1.5),
      .cancelInteractivePop(.root), .finishInteractivePop(.root), .beginInteractiveDismissal(path),
      .cancelInteractiveDismissal(path), .finishInteractiveDismissal(path), .tapOutsidePopover,
      .answerPopDecision(at: .root, allowed: false), .answerPopDecision(at: path, allowed: true),
      .advance(.seconds(2)), .advance(.zero), .advance(.nanoseconds(1)), .runLoopTurn, .finishTransitions,
      .settle(limit: 3), .settle(limit: Int.max), .unreplayable("a reason"), .unreplayable("a reason"),
    ]
    var store = CompactInputs()
    for input in inputs { store.append(input) }
    #expect(store.inputs == inputs)
    #expect(store.count == inputs.count)
    store.replaceLast(with: .stop)
    #expect(store.inputs == inputs.dropLast() + [.stop])
    store.removeAll()
    #expect(store.inputs == [])
  }
}

/// A manual scheduler tells the recorders of its windows about its calls, and stops once
/// they stop recording.
@Suite struct SchedulerInputTests {
  @Test func aSchedulerTellsOnlyTheRecordersStillSet() throws {
    let scheduler = ManualScheduler()
    let first = try makeRecordingShop(scheduler: scheduler)
    let second = try makeRecordingShop(scheduler: scheduler)
    let firstRecorder = try first.startRecording()
    let secondRecorder = try second.startRecording()
    scheduler.runLoopTurn()
    #expect(second.stopRecording()?.inputs == [.runLoopTurn])
    scheduler.advance(by: .seconds(1))
    #expect(firstRecorder.log.inputs == [.runLoopTurn, .advance(.seconds(1))])
    #expect(secondRecorder.log.inputs == [.runLoopTurn])
  }
}
