import AppFlow
import Navigator
import Testing

/// Flows shown as popovers and as children, and taps outside a popover on a given view:
/// recorded with their anchors, containers and views named by their places in the window,
/// written, read back and replayed with the same events and the same state.
@Suite struct FlowPresentationRecordingTests {
  private let root = StatePath([.entry(0)])

  @Test func aFlowShownAsAPopoverRoundTripsWithItsAnchor() throws {
    var outcomes: [String] = []
    let log = try expectRoundTrip(
      inputs: [
        "start()", "run(Review on Reviews(productID: 1), as: popover(barButtonItem(right, 0, of: root[0])))",
        "finishFlow(at: 0, output: \"read\")",
        "run(Review on Compose(productID: 2), as: popover(view(of: root[0], path: [], rect: (1.0, 2.0, 3.0, 4.0)), "
          + "keepsPopoverOnCompactWidth, embedded), animated: false)",
        "tapOutsidePopover()",
      ]
    ) { app in
      try app.start()
      let catalog = try #require(app.rootNavigationController?.topViewController)
      let reviews = ReviewFlow(AnyRoute(Reviews(productID: 1)), table: app.routes)
      app.run(reviews, as: .popover(at: .barButtonItem(catalog.navigationItem.rightBarButtonItems[0]))) {
        outcomes.append("\($0)")
      }
      reviews.finish("read")
      let compose = ReviewFlow(AnyRoute(Compose(productID: 2)), table: app.routes)
      app.run(
        compose,
        as: .popover(
          at: .view(catalog.view, rect: Rect(x: 1, y: 2, width: 3, height: 4)),
          keepsPopoverOnCompactWidth: true,
          embeddedInNavigationController: true),
        animated: false
      ) { outcomes.append("\($0)") }
      app.window.tapOutsidePopover()
    }
    #expect(outcomes == ["finished(\"read\")", "dismissed(dismissed(tapOutside) of NavigationController)"])
    #expect(log.end == "NavigationController\n  [0] Catalog()")
    #expect(
      log.steps[1].events == [
        "Reviews(productID: 1).viewDidLoad", "Reviews(productID: 1).joined",
        "ReviewFlow#1.started(Reviews(productID: 1))", "Reviews(productID: 1).viewWillAppear(animated: true)",
        "Reviews(productID: 1).viewDidAppear(animated: true)",
        "completion(present(Reviews(productID: 1), from: Catalog(), animated: true))",
      ])
  }

  @Test func aFlowShownAsAChildRoundTripsInItsContainerAndView() throws {
    let log = try expectRoundTrip(
      inputs: [
        "start()", "run(Review on Preview(), as: child(of: root[0]))", "push(type(\"tip\"), animated: false)",
        "run(Review on Compose(productID: 1), as: child(of: root[1], in: [0, 0]), animated: false)",
        "cancelFlow(at: 1)", "finishFlow(at: 0, output: \"seen\", removingScreens: false)",
      ]
    ) { app in
      try app.start()
      let catalog = try #require(app.rootNavigationController?.topViewController)
      let preview = ReviewFlow(AnyRoute(Preview()), table: app.routes)
      app.run(preview, as: .child(of: catalog))
      let tip = try #require(app.navigator.push(.type(TipScreen.self), options: .init().animated(false)))
      let compose = ReviewFlow(AnyRoute(Compose(productID: 1)), table: app.routes)
      app.run(compose, as: .child(of: tip, in: tip.view.subviews[0].subviews[0]), animated: false)
      #expect(compose.firstScreen?.view.superview === tip.view.subviews[0].subviews[0])
      compose.cancel()
      preview.finish("seen", removingScreens: false)
    }
    #expect(log.end == "NavigationController\n  [0] Catalog()\n    child 0: Preview()\n  [1] TipScreen")
  }

  @Test func aFlowRunInsideAFlowAsAPopoverOrAChildRoundTrips() throws {
    try expectRoundTrip(
      inputs: [
        "start()", "run(Review on Reviews(productID: 3), as: push)",
        "run(Review on Compose(productID: 3), as: child(of: root[1]), in: 0)",
        "run(Review on Preview(), as: popover(view(of: root[1].child(0), path: [], rect: (0.0, 0.0, 8.0, 8.0))), "
          + "in: 0.0, animated: false)",
        "finishFlow(at: 0.0.0, output: \"seen\")", "cancelFlow(at: 0.0)",
      ]
    ) { app in
      try app.start()
      let parent = ReviewFlow(AnyRoute(Reviews(productID: 3)), table: app.routes)
      app.run(parent, as: .push)
      let reviews = try #require(parent.firstScreen)
      let child = ReviewFlow(AnyRoute(Compose(productID: 3)), table: app.routes)
      parent.run(child, as: .child(of: reviews))
      let compose = try #require(child.firstScreen)
      let grandchild = ReviewFlow(AnyRoute(Preview()), table: app.routes)
      try child.tryRun(
        grandchild, as: .popover(at: .view(compose.view, rect: Rect(x: 0, y: 0, width: 8, height: 8))),
        animated: false)
      grandchild.finish("seen")
      child.cancel()
    }
  }

  @Test func aFlowWhosePresentationCantBeNamedIsUnreplayableWithItsReason() throws {
    let app = try makeRecordingShop()
    try app.start()
    let recorder = try app.startRecording()
    let flow = ReviewFlow(AnyRoute(Preview()), table: app.routes)
    app.run(flow, as: .popover(at: .view(app.window, rect: .zero)), animated: false)
    #expect(
      recorder.log.inputs == [
        .unreplayable("run(ReviewFlow, as: popover): its anchor can't be named: a view that no screen owns")
      ])
  }

  /// An app controller whose root is a Review flow on Catalog, not started.
  private func makeFlowRootedApp() throws -> AppController {
    final class Table { weak var app: AppController? }
    let table = Table()
    let app = AppController(
      window: Window(scheduler: .immediate, misusePolicy: .report),
      rootFlow: ReviewFlow(AnyRoute(Catalog()), table: table.app!.routes))
    table.app = app
    try app.routes.register(Catalog.self) { RouteScreen($0) }
    try app.routes.register(Preview.self, parent: { _ in Catalog() }) { RouteScreen($0) }
    try app.routes.registerFlow(ReviewFlow.self, tag: "Review") { [unowned app] route in
      ReviewFlow(route, table: app.routes)
    }
    return app
  }

  @Test func aRootFlowRunsAtStartAndItsChildRunsAsAPopoverReplay() throws {
    let app = try makeFlowRootedApp()
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    let root = try #require(app.rootFlow as? ReviewFlow)
    let catalog = try #require(root.firstScreen)
    let preview = ReviewFlow(AnyRoute(Preview()), table: app.routes)
    root.run(preview, as: .popover(at: .view(catalog.view, rect: Rect(x: 0, y: 0, width: 1, height: 1))))
    preview.finish("seen", animated: false)
    let log = recorder.log
    #expect(
      log.inputs.map(\.description) == [
        "start()",
        "run(Review on Preview(), as: popover(view(of: root[0], path: [], rect: (0.0, 0.0, 1.0, 1.0))), in: 0)",
        "finishFlow(at: 0.0, output: \"seen\", animated: false)",
      ])
    let fresh = try makeFlowRootedApp()
    let decoded = try fresh.routes.decodeSessionLog(try app.routes.encode(log))
    #expect(try decoded.replay(into: fresh) == log)
    #expect(fresh.rootFlow is ReviewFlow)
    #expect(Replayed.tree(fresh) == "NavigationController\n  [0] Catalog()")
  }

  // MARK: Taps on a given view

  @Test func aTapOutsideAPopoverOnAGivenViewRoundTrips() throws {
    let log = try expectRoundTrip(
      inputs: [
        "start()", "popover(type(\"tip\"), anchor: barButtonItem(right, 0, of: root[0]))",
        "tapOutsidePopover(on: view(of: root.presented, path: [0, 0]))",
        "tapOutsidePopover(on: view(of: root[0], path: []))",
      ]
    ) { app in
      try app.start()
      let catalog = try #require(app.rootNavigationController?.topViewController)
      let tip = try #require(
        app.navigator.popover(
          .type(TipScreen.self), anchor: .barButtonItem(catalog.navigationItem.rightBarButtonItems[0])))
      // A tap inside the popover leaves it; one on the screen below dismisses it.
      #expect(app.window.tapOutsidePopover(on: tip.view.subviews[0].subviews[0]) == false)
      #expect(app.window.tapOutsidePopover(on: catalog.view))
    }
    #expect(log.steps[2].events == [])
    #expect(
      log.steps[3].events == [
        "TipScreen.viewWillDisappear(animated: true)", "TipScreen.viewDidDisappear(animated: true)",
        "TipScreen.left(dismissed(tapOutside) of TipScreen)",
      ])
    #expect(log.end == "NavigationController\n  [0] Catalog()")
  }

  @Test func aTapIsWrittenWithItsScreensPathAndItsViewsIndices() throws {
    let app = try makeRecordingShop()
    let log = SessionLog(steps: [
      .init(.tapOutsidePopoverOnView(of: StatePath([.entry(0), .presented]), path: [1, 0])),
      .init(.tapOutsidePopoverOnView(of: root, path: [])),
    ])
    let bytes = try app.routes.encode(log)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"inputs":[{"input":"tapOutsidePopoverOnView","path":"root[0].presented","view":[1,0]},"#
        + #"{"input":"tapOutsidePopoverOnView","path":"root[0]","view":[]}],"sessionLog":1}"#)
    #expect(try app.routes.decodeSessionLog(bytes) == log)
  }

  @Test func aTapOnAViewTheReplayDoesNotHaveIsAMissingTarget() throws {
    func message(_ input: RecordedInput) throws -> String {
      let log = SessionLog(steps: [.init(.start), .init(input)])
      let error = try #require(throws: ReplayError.self) { try log.replay(into: try makeRecordingShop()) }
      #expect(error.code == .missingTarget)
      return error.message
    }
    #expect(
      try message(.tapOutsidePopoverOnView(of: root, path: [2]))
        == "Input 1, tapOutsidePopover(on: view(of: root[0], path: [2])): the view of Catalog() has no subview at "
        + "[2].")
    #expect(
      try message(.tapOutsidePopoverOnView(of: StatePath([.entry(3)]), path: []))
        == "Input 1, tapOutsidePopover(on: view(of: root[3], path: [])): it names root[3], where the replayed "
        + "window has no screen.")
  }

  @Test func aTapOnAViewNoScreenInTheWindowOwnsIsUnreplayableWithItsReason() throws {
    let app = try makeRecordingShop()
    try app.start()
    let recorder = try app.startRecording()
    let loose = try app.routes.makeScreen(for: AnyRoute(Preview()))
    loose.loadViewIfNeeded()
    app.window.tapOutsidePopover(on: app.window)
    app.window.tapOutsidePopover(on: View())
    app.window.tapOutsidePopover(on: loose.view)
    #expect(
      recorder.log.inputs == [
        .unreplayable("tapOutsidePopover(on: a view): the view is in no screen's view"),
        .unreplayable("tapOutsidePopover(on: a view): the view is in no screen's view"),
        .unreplayable("tapOutsidePopover(on: a view of Preview()): Preview() is in no window"),
      ])
  }

  // MARK: Reading

  @Test func aFlowsPopoverAndChildAreWrittenAndReadBack() throws {
    let app = try makeRecordingShop()
    let log = SessionLog(steps: [
      .init(
        .runFlow(
          tag: "Review", route: AnyRoute(Preview()),
          presentation: .popover(
            .barButtonItem(.right, index: 0, of: root), keepsPopoverOnCompactWidth: true,
            embeddedInNavigationController: true),
          animated: false)),
      .init(
        .runFlow(
          tag: "Review", route: AnyRoute(Preview()),
          presentation: .popover(
            .view(of: root, path: [1], rect: Rect(x: 0, y: 0, width: 2, height: 2)),
            keepsPopoverOnCompactWidth: false,
            embeddedInNavigationController: false),
          animated: true)),
      .init(
        .runChildFlow(
          parent: [0], tag: "Review", route: AnyRoute(Preview()), presentation: .child(of: root, in: [0, 1]),
          animated: true)),
      .init(
        .runFlow(
          tag: "Review", route: AnyRoute(Preview()), presentation: .child(of: root, in: nil), animated: true)),
    ])
    let bytes = try app.routes.encode(log)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"inputs":[{"anchor":{"barButtonItem":{"index":0,"of":"root[0]","side":"right"}},"animated":false,"#
        + #""embedded":true,"input":"runFlow","keepsPopover":true,"presentation":"popover","#
        + #""route":{"route":"Preview","value":{}},"tag":"Review"},"#
        + #"{"anchor":{"view":{"of":"root[0]","path":[1],"rect":{"height":2,"width":2,"x":0,"y":0}}},"#
        + #""input":"runFlow","presentation":"popover","route":{"route":"Preview","value":{}},"tag":"Review"},"#
        + #"{"input":"runChildFlow","parent":[0],"presentation":"child","route":{"route":"Preview","value":{}},"#
        + #""tag":"Review","to":"root[0]","view":[0,1]},"#
        + #"{"input":"runFlow","presentation":"child","route":{"route":"Preview","value":{}},"tag":"Review","#
        + #""to":"root[0]"}],"sessionLog":1}"#)
    #expect(try app.routes.decodeSessionLog(bytes) == log)
    #expect(
      log.inputs.map(\.description) == [
        "run(Review on Preview(), as: popover(barButtonItem(right, 0, of: root[0]), keepsPopoverOnCompactWidth, "
          + "embedded), animated: false)",
        "run(Review on Preview(), as: popover(view(of: root[0], path: [1], rect: (0.0, 0.0, 2.0, 2.0))))",
        "run(Review on Preview(), as: child(of: root[0], in: [0, 1]), in: 0)",
        "run(Review on Preview(), as: child(of: root[0]))",
      ])
  }

  @Test func aBadPresentationOrTapIsATypedErrorNamingTheRule() throws {
    let app = try makeRecordingShop()
    func message(_ input: String) throws -> String { try corruptLogMessage(app, input: input) }
    let flow = #""route":{"route":"Preview","value":{}},"tag":"Review""#
    #expect(
      try message(#"{"input":"runFlow","presentation":"popover","# + flow + "}")
        == "The runFlow input at .inputs[0] shows a popover with no \"anchor\".")
    #expect(
      try message(#"{"input":"runChildFlow","parent":[0],"presentation":"child","# + flow + "}")
        == "The runChildFlow input at .inputs[0] shows a child with no \"to\" (its container's path).")
    #expect(
      try message(#"{"input":"runFlow","presentation":"child","to":"root","view":[0,-1],"# + flow + "}")
        == "The runFlow input at .inputs[0] names the view [0, -1]; a view's indices are not negative.")
    #expect(
      try message(#"{"input":"runFlow","presentation":"popover","anchor":{},"# + flow + "}")
        == "The anchor at .inputs[0].anchor has both or neither of \"barButtonItem\" and \"view\"; an anchor has "
        + "exactly one.")
    #expect(
      try message(#"{"input":"runFlow","presentation":"sideways","# + flow + "}")
        == "The runFlow input at .inputs[0] has the unknown presentation \"sideways\".")
    #expect(
      try message(#"{"input":"runFlow","# + flow + "}")
        == "The runFlow input at .inputs[0] has no \"presentation\".")
    #expect(
      try message(#"{"input":"tapOutsidePopoverOnView","path":"root[0]"}"#)
        == "The tapOutsidePopoverOnView input at .inputs[0] has no \"view\".")
    #expect(
      try message(#"{"input":"tapOutsidePopoverOnView","view":[0]}"#)
        == "The tapOutsidePopoverOnView input at .inputs[0] has no \"path\".")
    #expect(
      try message(#"{"input":"tapOutsidePopoverOnView","path":"root[0]","view":[-2]}"#)
        == "The tapOutsidePopoverOnView input at .inputs[0] names the view [-2]; a view's indices are not "
        + "negative.")
  }

  // MARK: Replays that differ

  @Test func aFlowsMissingAnchorOrContainerIsAMissingTarget() throws {
    func message(_ presentation: RecordedFlowPresentation) throws -> String {
      let log = SessionLog(steps: [
        .init(.start),
        .init(
          .runFlow(tag: "Review", route: AnyRoute(Preview()), presentation: presentation, animated: true)),
      ])
      let fresh = try makeRecordingShop()
      let error = try #require(throws: ReplayError.self) { try log.replay(into: fresh) }
      #expect(error.code == .missingTarget)
      // Nothing ran.
      #expect(fresh.flows.isEmpty)
      return error.message
    }
    #expect(
      try message(
        .popover(
          .barButtonItem(.left, index: 0, of: root), keepsPopoverOnCompactWidth: false,
          embeddedInNavigationController: false))
        == "Input 1, run(Review on Preview(), as: popover(barButtonItem(left, 0, of: root[0]))): the screen at root[0] "
        + "has no left bar button item at index 0.")
    #expect(
      try message(.child(of: root, in: [4]))
        == "Input 1, run(Review on Preview(), as: child(of: root[0], in: [4])): the view of Catalog() has no subview "
        + "at [4].")
    #expect(
      try message(.child(of: StatePath([.entry(2)]), in: nil))
        == "Input 1, run(Review on Preview(), as: child(of: root[2])): it names root[2], where the replayed window "
        + "has no screen.")
  }

  @Test func aTapWhoseReplayDismissesWhereTheSessionDidNotDiverges() throws {
    let app = try makeRecordingShop()
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    let catalog = try #require(app.rootNavigationController?.topViewController)
    let tip = try #require(
      app.navigator.popover(
        .type(TipScreen.self), anchor: .barButtonItem(catalog.navigationItem.rightBarButtonItems[0])))
    app.window.tapOutsidePopover(on: tip.view)
    var log = recorder.log
    // Planted: the replay taps the screen below, which dismisses the popover.
    log.steps[2].input = .tapOutsidePopoverOnView(of: root, path: [])
    let error = try #require(throws: ReplayError.self) { try log.replay(into: try makeRecordingShop()) }
    #expect(error.code == .divergence)
    #expect(
      error.message
        == "The replay differs at event 0 of input 2, tapOutsidePopover(on: view(of: root[0], path: [])):\n"
        + "  expected: (nothing more)\n  actual:   TipScreen.viewWillDisappear(animated: true)")
  }
}
