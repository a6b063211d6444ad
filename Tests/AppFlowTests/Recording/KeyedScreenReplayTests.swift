import AppFlow
import Navigator
import Testing

/// Screens made from registered types and scenes, popovers and children: recorded by their
/// keys and places, written, read back and replayed into a fresh shop with the same events,
/// input for input, and the same state.
@Suite struct KeyedScreenReplayTests {
  @Test func pushesAndPresentationsOfTypesAndScenesRoundTrip() throws {
    let log = try expectRoundTrip(
      inputs: [
        "start()", "push(type(\"tip\"))", "push(initialScene(of: \"Shop\"), animated: false)",
        "presentModal(scene(\"note\", in: \"Shop\"), style: formSheet, in: NavigationController)",
        "push(scene(\"tip\", in: \"Shop\"), from: root.presented)", "dismiss()",
      ]
    ) { app in
      try app.start()
      app.navigator.push(.type(TipScreen.self))
      app.navigator.push(
        .initialScene(of: shopStoryboard, as: NoteScreen.self), options: .init().animated(false))
      app.navigator.presentModal(
        .scene("note", in: shopStoryboard, as: NoteScreen.self), style: .formSheet,
        options: .init().embedded(in: .navigationController))
      let sheet = try #require(app.rootNavigationController?.presentedViewController)
      app.navigator.push(.scene("tip", in: shopStoryboard, as: TipScreen.self), options: .init().from(sheet))
      app.navigator.dismiss()
    }
    #expect(log.end == "NavigationController\n  [0] Catalog()\n  [1] TipScreen\n  [2] NoteScreen")
  }

  @Test func popoversRoundTripWithTheirAnchors() throws {
    let log = try expectRoundTrip(
      inputs: [
        "start()", "popover(type(\"tip\"), anchor: barButtonItem(right, 0, of: root[0]))",
        "tapOutsidePopover()",
        "popover(scene(\"note\", in: \"Shop\"), anchor: view(of: root[0], path: [], rect: (1.0, 2.0, 3.0, 4.0)), "
          + "keepsPopoverOnCompactWidth: true, in: NavigationController, animated: false)",
        "dismiss(animated: false)", "push(type(\"tip\"), animated: false)",
        "popover(Filters(), anchor: view(of: root[1], path: [0, 0], rect: (0.0, 0.0, 5.0, 5.0)))",
      ]
    ) { app in
      try app.start()
      let catalog = try #require(app.rootNavigationController?.topViewController)
      app.navigator.popover(
        .type(TipScreen.self), anchor: .barButtonItem(catalog.navigationItem.rightBarButtonItems[0]))
      app.window.tapOutsidePopover()
      app.navigator.popover(
        .scene("note", in: shopStoryboard, as: NoteScreen.self),
        anchor: .view(catalog.view, rect: Rect(x: 1, y: 2, width: 3, height: 4)),
        keepsPopoverOnCompactWidth: true,
        options: .init().animated(false).embedded(in: .navigationController))
      app.navigator.dismiss(options: .init().animated(false))
      let tip = try #require(app.navigator.push(.type(TipScreen.self), options: .init().animated(false)))
      app.navigator.popover(
        .instance(try app.routes.makeScreen(for: AnyRoute(Filters()))),
        anchor: .view(tip.view.subviews[0].subviews[0], rect: Rect(x: 0, y: 0, width: 5, height: 5)))
    }
    #expect(
      log.end
        == "NavigationController\n  [0] Catalog()\n  [1] TipScreen\n  presents popover at rect (0, 0, 5, 5) in "
        + "subview [0, 0] of TipScreen:\n    Filters()")
  }

  @Test func childrenRoundTripInTheirContainersAndViews() throws {
    let log = try expectRoundTrip(
      inputs: [
        "start()", "addChild(type(\"tip\"), to: root[0])",
        "addChild(initialScene(of: \"Shop\"), to: root[0].child(0), in: view [0, 0])",
        "addChild(scene(\"tip\", in: \"Shop\"), to: root[0], in: NavigationController)",
        "removeChild(initialScene(of: \"Shop\"), from: root[0].child(0))",
        "removeChild(type(\"tip\"), from: root[0])",
        "removeChild(at: root[0].child(0))",
      ]
    ) { app in
      try app.start()
      let catalog = try #require(app.rootNavigationController?.topViewController)
      let tip = try #require(app.navigator.addChild(.type(TipScreen.self), to: catalog))
      app.navigator.addChild(
        .initialScene(of: shopStoryboard, as: NoteScreen.self), to: tip, in: tip.view.subviews[0].subviews[0])
      app.navigator.addChild(
        .scene("tip", in: shopStoryboard, as: TipScreen.self), to: catalog,
        options: .init().embedded(in: .navigationController))
      app.navigator.removeChild(.initialScene(of: shopStoryboard, as: NoteScreen.self), from: tip)
      app.navigator.removeChild(.type(TipScreen.self), from: catalog)
      let embedded = try #require(catalog.children.first as? NavigationController)
      app.navigator.removeChild(.instance(embedded), from: catalog)
    }
    #expect(log.end == "NavigationController\n  [0] Catalog()")
  }

  @Test func theLogWritesScreensAnchorsAndContainersByKeysAndPaths() throws {
    let app = try makeRecordingShop()
    let first = StatePath([.entry(0)])
    let log = SessionLog(steps: [
      .init(.pushScreen(.type("tip"), from: StatePath([.presented]), animated: false)),
      .init(
        .presentModalScreen(
          .scene(storyboard: "Shop", identifier: "note"), style: .pageSheet,
          embeddedInNavigationController: true,
          from: nil, animated: true)),
      .init(
        .popover(
          .route(AnyRoute(Filters())), anchor: .barButtonItem(.right, index: 0, of: first),
          keepsPopoverOnCompactWidth: true, from: nil, animated: true)),
      .init(
        .popover(
          .type("tip"), anchor: .view(of: first, path: [1], rect: Rect(x: 0, y: 0, width: 10, height: 10)),
          from: nil, animated: true)),
      .init(.addChild(.scene(storyboard: "Shop", identifier: nil), to: first, in: [0])),
      .init(.removeChildScreen(.type("tip"), from: first)),
    ])
    let bytes = try app.routes.encode(log)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"inputs":[{"animated":false,"from":"root.presented","input":"pushScreen","screen":{"type":"tip"}},"#
        + #"{"embedded":true,"input":"presentModalScreen","screen":{"scene":"note","storyboard":"Shop"},"#
        + #""style":"pageSheet"},{"anchor":{"barButtonItem":{"index":0,"of":"root[0]","side":"right"}},"#
        + #""input":"popover","keepsPopover":true,"screen":{"route":"Filters","value":{}}},"#
        + #"{"anchor":{"view":{"of":"root[0]","path":[1],"rect":{"height":10,"width":10,"x":0,"y":0}}},"#
        + #""input":"popover","screen":{"type":"tip"}},"#
        + #"{"input":"addChild","screen":{"storyboard":"Shop"},"to":"root[0]","view":[0]},"#
        + #"{"from":"root[0]","input":"removeChildScreen","screen":{"type":"tip"}}],"sessionLog":1}"#)
    #expect(try app.routes.decodeSessionLog(bytes) == log)
  }

  @Test func aLogNamingAnUnknownKeyOrABadAnchorDoesNotRead() throws {
    let routes = try makeRecordingShop().routes
    func error(_ input: String) -> SessionLogError? {
      let bytes = Array(#"{"sessionLog":1,"inputs":[\#(input)]}"#.utf8)
      do {
        _ = try routes.decodeSessionLog(bytes)
        return nil
      } catch {
        return error
      }
    }
    #expect(
      error(#"{"input":"pushScreen","screen":{"type":"gone"}}"#)
        == SessionLogError(
          .unknownScreen,
          "The screen at .inputs[0].screen is of the type \"gone\", which the route table doesn't know; known: tip "
            + "(RouteTable.registerScreen(_:tag:))."))
    #expect(
      error(#"{"input":"addChild","screen":{"storyboard":"Main"},"to":"root"}"#)
        == SessionLogError(
          .unknownScreen,
          "The screen at .inputs[0].screen is from the storyboard \"Main\", which the route table doesn't know; "
            + "known: Shop (RouteTable.registerStoryboard(_:))."))
    #expect(
      error(#"{"input":"pushScreen","screen":{"type":"tip","storyboard":"Shop"}}"#)
        == SessionLogError(
          .corrupt,
          "The screen at .inputs[0].screen names type and storyboard; a screen is a route, a \"type\", or a "
            + "\"storyboard\" with an optional \"scene\"."))
    #expect(
      error(#"{"input":"popover","screen":{"type":"tip"}}"#)
        == SessionLogError(.corrupt, "The popover input at .inputs[0] has no \"anchor\"."))
    #expect(
      error(#"{"input":"popover","screen":{"type":"tip"},"anchor":{}}"#)
        == SessionLogError(
          .corrupt,
          "The anchor at .inputs[0].anchor has both or neither of \"barButtonItem\" and \"view\"; an anchor has "
            + "exactly one."))
    #expect(
      error(#"{"input":"addChild","screen":{"type":"tip"},"to":"root","view":[-1]}"#)
        == SessionLogError(
          .corrupt, "The addChild input at .inputs[0] names the view [-1]; a view's indices are not negative."
        ))
    #expect(
      error(#"{"input":"removeChildScreen","screen":{"type":"tip"}}"#)
        == SessionLogError(
          .corrupt, "The removeChildScreen input at .inputs[0] has no \"from\" (its container's path)."))
  }

  @Test func aReplayWhoseRegistrationsDifferDiverges() throws {
    let app = try makeRecordingShop()
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    app.navigator.push(.type(TipScreen.self), options: .init().animated(false))
    var variation = ShopVariation()
    variation.swapsTipForNote = true
    let error = try #require(throws: ReplayError.self) {
      try recorder.log.replay(into: try makeRecordingShop(variation: variation))
    }
    #expect(error.code == .divergence)
    #expect(
      error.divergence
        == ReplayDivergence(
          inputIndex: 1, input: .pushScreen(.type("tip"), from: nil, animated: false), eventIndex: 0,
          expected: "TipScreen.viewDidLoad", actual: "NoteScreen.viewDidLoad"))
  }

  @Test func aMissingAnchorContainerOrRegistrationIsATypedError() throws {
    let root = StatePath([.entry(0)])
    func error(_ input: RecordedInput) throws -> ReplayError {
      let log = SessionLog(steps: [.init(.start), .init(input)])
      return try #require(throws: ReplayError.self) { try log.replay(into: try makeRecordingShop()) }
    }
    let item = try error(
      .popover(.type("tip"), anchor: .barButtonItem(.left, index: 0, of: root), from: nil, animated: true))
    #expect(item.code == .missingTarget)
    #expect(
      item.message
        == "Input 1, popover(type(\"tip\"), anchor: barButtonItem(left, 0, of: root[0])): the screen at root[0] has "
        + "no left bar button item at index 0.")
    let view = try error(
      .popover(
        .type("tip"), anchor: .view(of: root, path: [2], rect: Rect(x: 0, y: 0, width: 1, height: 1)),
        from: nil, animated: true))
    #expect(
      view.message
        == "Input 1, popover(type(\"tip\"), anchor: view(of: root[0], path: [2], rect: (0.0, 0.0, 1.0, 1.0))): the "
        + "view of Catalog() has no subview at [2].")
    let container = try error(.addChild(.type("tip"), to: StatePath([.entry(3)]), in: nil))
    #expect(
      container.message
        == "Input 1, addChild(type(\"tip\"), to: root[3]): it names root[3], where the replayed window has no screen."
    )
    let type = try error(.pushScreen(.type("gone"), from: nil, animated: true))
    #expect(type.code == .missingTarget)
    #expect(
      type.message
        == "Input 1, push(type(\"gone\")): no screen type is registered with the tag \"gone\" "
        + "(RouteTable.registerScreen(_:tag:)).")
    let storyboard = try error(.addChild(.scene(storyboard: "Main", identifier: "x"), to: root, in: nil))
    #expect(
      storyboard.message
        == "Input 1, addChild(scene(\"x\", in: \"Main\"), to: root[0]): no storyboard is registered with the name "
        + "\"Main\" (RouteTable.registerStoryboard(_:)).")
  }

  @Test func screensWithoutAKeyAreUnreplayableAndSayWhatToRegister() throws {
    let app = try makeRecordingShop()
    try app.start()
    let recorder = try app.startRecording()
    let other = Storyboard(name: "Other", scenes: [Storyboard.Scene("x") { TipScreen() }])
    app.navigator.push(.type(UnregisteredScreen.self), options: .init().animated(false))
    app.navigator.push(.make { TipScreen() }, options: .init().animated(false))
    app.navigator.presentModal(.scene("x", in: other, as: TipScreen.self))
    app.navigator.popover(.type(TipScreen.self), anchor: .barButtonItem(BarButtonItem(title: "Loose")))
    app.navigator.addChild(
      .type(TipScreen.self), to: try #require(app.rootNavigationController?.topViewController),
      options: .init().embedded(in: .container(named: "Card") { $0 }))
    // The pushes above were made, though not recorded so that they replay: the top is a TipScreen.
    #expect(
      recorder.log.inputs == [
        .unreplayable(
          "Request(push, type(\"UnregisteredScreen\"), animated: false): the screen type UnregisteredScreen is not "
            + "registered for session logs; register it with RouteTable.registerScreen(_:tag:)"),
        .unreplayable(
          "Request(push, type(\"TipScreen\"), animated: false): a screen made by a closure (Destination.make) can't "
            + "be made again; show .type(TipScreen.self) with the type registered "
            + "(RouteTable.registerScreen(_:tag:)), a scene of a registered storyboard, or a route's screen"),
        .unreplayable(
          "Request(presentModal, scene(storyboard: \"Other\", identifier: Optional(\"x\"), type: \"TipScreen\")): "
            + "storyboard \"Other\" is not registered for session logs; register it with "
            + "RouteTable.registerStoryboard(_:)"),
        .unreplayable(
          "Request(popover, type(\"TipScreen\"), anchor: barButtonItem(\"Loose\")): its anchor can't be named: bar "
            + "button item \"Loose\" that no screen holds"),
        .unreplayable(
          "Request(addChild, type(\"TipScreen\"), in: Card, from: TipScreen): the container \"Card\" is not "
            + "registered for session logs; register its factory with RouteTable.registerContainer(named:_:) under "
            + "the name given to Embedding.container(named:_:)"),
      ])
  }

  @Test func aSceneAskedForTheWrongTypeIsUnreplayable() throws {
    let app = try makeRecordingShop()
    try app.start()
    let recorder = try app.startRecording()
    app.navigator.push(.scene("note", in: shopStoryboard, as: TipScreen.self))
    app.navigator.push(
      .scene("tip", in: shopStoryboard, as: ViewController.self), options: .init().animated(false))
    #expect(
      recorder.log.inputs == [
        .unreplayable(
          "Request(push, scene(storyboard: \"Shop\", identifier: Optional(\"note\"), type: \"TipScreen\")): scene "
            + "\"note\" makes a NoteScreen, not the TipScreen asked for; a scene refused for its type is not "
            + "recorded"),
        .pushScreen(.scene(storyboard: "Shop", identifier: "tip"), from: nil, animated: false),
      ])
  }

  @Test func registeringAKeyTwiceIsRefused() throws {
    let routes = RouteTable()
    try routes.registerScreen(TipScreen.self, tag: "tip")
    #expect(throws: RouteError.duplicateScreen("tip")) {
      try routes.registerScreen(NoteScreen.self, tag: "tip")
    }
    #expect(throws: RouteError.duplicateScreen("again")) {
      try routes.registerScreen(TipScreen.self, tag: "again")
    }
    try routes.registerStoryboard(shopStoryboard)
    #expect(throws: RouteError.duplicateScreen("storyboard \"Shop\"")) {
      try routes.registerStoryboard(shopStoryboard)
    }
    #expect(routes.screenTags == ["tip"])
    #expect(routes.storyboardNames == ["Shop"])
    var shared = SharedRouteTable<Int>()
    try shared.registerScreen(NoteScreen.self)
    try shared.registerStoryboard(shopStoryboard)
    let app = AppController(window: Window(), rootRoute: Catalog(), routes: shared, context: 1)
    #expect(app.routes.screenTags == ["NoteScreen"])
    #expect(app.routes.storyboardNames == ["Shop"])
  }
}
