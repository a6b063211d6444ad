import AppFlow
import Navigator
import Testing

/// A card's details: `Codable`, not `Hashable` (a request describes it; a log writes it as
/// JSON).
struct CardDetails: Codable, Equatable {
  var last4: String
  var limit: Int
}

/// A sticker: `Hashable`, not `Codable`, so a log can't write it.
struct Sticker: Hashable {
  var text: String
}

/// A screen that receives a card's details (registered as "card", made by the Wallet route
/// and by the Cards storyboard's "card" scene), titled after the card it received.
final class CardScreen: ViewController, InitializableScreen, DataReceiving {
  /// The details received, in order.
  var received: [CardDetails] = []
  func receive(_ data: CardDetails) {
    received.append(data)
    title = "Card \(data.last4)"
  }
}

/// A screen that receives a sticker (registered as "sticker").
final class StickerScreen: ViewController, InitializableScreen, DataReceiving {
  func receive(_ data: Sticker) { title = data.text }
}

/// The route of a wallet's card screen.
struct Wallet: Route {}

/// The Cards storyboard: "card" (initial).
let cardStoryboard = Storyboard(
  name: "Cards", initialScene: "card", scenes: [Storyboard.Scene("card") { CardScreen() }])

/// A container that holds its content in its view (registered as "Frame").
final class Frame: ViewController {
  init(content: ViewController) {
    super.init()
    title = "Frame"
    addChild(content)
    view.addSubview(content.view)
    content.didMove(toParent: self)
  }
}

/// The Frame container, as the calls embed screens in it.
var frame: Embedding { .container(named: "Frame") { Frame(content: $0) } }

/// Data passed to screens and containers registered by name: recorded beside the input,
/// written, read back and replayed with the same events and state, the screens receiving the
/// same data.
@Suite struct PassedDataReplayTests {
  static let visa = CardDetails(last4: "4242", limit: 500)
  static let amex = CardDetails(last4: "0005", limit: 900)

  /// The shop with the cards registered.
  static var cards: ShopVariation {
    var variation = ShopVariation()
    variation.registersCards = true
    return variation
  }

  /// The card screens of `window`'s tree, in the tree's order (a stack's screens, then what
  /// the top presents; a screen's children before it).
  static func cardScreens(_ window: Window) -> [CardScreen] {
    func walk(_ screen: ViewController?) -> [CardScreen] {
      guard let screen else { return [] }
      var found = screen.children.flatMap(walk)
      if let navigation = screen as? NavigationController {
        found = navigation.viewControllers.flatMap(walk)
      }
      if let card = screen as? CardScreen { found.append(card) }
      return found + walk(ScreenPathsForTest.ownPresented(screen))
    }
    return walk(window.rootViewController)
  }

  /// Replays `log` into a fresh shop with the cards; returns the shop.
  static func replayed(_ log: SessionLog) throws -> AppController {
    let fresh = try makeRecordingShop(variation: cards)
    _ = try fresh.routes.decodeSessionLog(try fresh.routes.encode(log)).replay(into: fresh)
    return fresh
  }

  @Test func pushesAndModalsWithDataAndAContainerRoundTrip() throws {
    var recorded: [CardScreen] = []
    let log = try expectRoundTrip(
      variation: Self.cards,
      inputs: [
        "start()",
        #"push(type("card"), animated: false) with [passing: {"last4":"4242","limit":500}]"#,
        #"presentModal(initialScene(of: "Cards"), style: formSheet) with [passing: {"last4":"0005","limit":900}, in: "Frame"]"#,
        "dismiss(animated: false)",
        #"push(Wallet(), animated: false) with [passing: {"last4":"0005","limit":900}, in: "Frame"]"#,
        #"presentModal(Wallet(), in: NavigationController) with [passing: {"last4":"4242","limit":500}]"#,
      ]
    ) { app in
      try app.start()
      recorded.append(
        try #require(
          app.navigator.push(.type(CardScreen.self), options: .init().animated(false).passing(Self.visa))))
      app.navigator.presentModal(
        .initialScene(of: cardStoryboard, as: CardScreen.self), style: .formSheet,
        options: .init().passing(Self.amex).embedded(in: frame))
      app.navigator.dismiss(options: .init().animated(false))
      let wallet = try #require(try app.routes.makeScreen(for: AnyRoute(Wallet())) as? CardScreen)
      app.navigator.push(
        .instance(wallet), options: .init().animated(false).passing(Self.amex).embedded(in: frame))
      let sheet = try #require(try app.routes.makeScreen(for: AnyRoute(Wallet())) as? CardScreen)
      app.navigator.presentModal(
        .instance(sheet), options: .init().passing(Self.visa).embedded(in: .navigationController))
      recorded += [wallet, sheet]
    }
    #expect(
      log.end
        == "NavigationController\n  [0] Catalog()\n  [1] Card 4242\n  [2] Frame\n    child 0: Wallet()\n"
        + "  presents automatic:\n    NavigationController\n      [0] Wallet()")
    #expect(recorded.map(\.received) == [[Self.visa], [Self.amex], [Self.visa]])
    let fresh = try Self.replayed(log)
    #expect(Self.cardScreens(fresh.window).map(\.received) == [[Self.visa], [Self.amex], [Self.visa]])
    #expect(Self.cardScreens(fresh.window).map(\.title) == ["Card 4242", "Card 0005", "Card 4242"])
  }

  /// A space that lets every navigation through at once.
  final class OpenSpace: ProtectionSpace {
    var name: String { "Open" }
    func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
      decide(.allow)
    }
  }

  @Test func aProtectedPushOfAGivenScreenKeepsItsData() throws {
    let space = OpenSpace()
    let app = try makeRecordingShop(variation: Self.cards)
    try app.routes.registerProtection(space)
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    let wallet = try #require(try app.routes.makeScreen(for: AnyRoute(Wallet())) as? CardScreen)
    app.navigator.push(
      .instance(wallet), options: .init().animated(false).passing(Self.visa).protect(with: space))
    let log = recorder.log
    #expect(
      log.inputs.map(\.description) == [
        "start()",
        #"protected(push(Wallet(), animated: false) with [passing: {"last4":"4242","limit":500}], by: Open)"#,
      ])
    #expect(wallet.received == [Self.visa])
    let fresh = try makeRecordingShop(variation: Self.cards)
    try fresh.routes.registerProtection(OpenSpace())
    let replayed = try fresh.routes.decodeSessionLog(try app.routes.encode(log)).replay(into: fresh)
    #expect(replayed == log)
    #expect(Self.cardScreens(fresh.window).map(\.received) == [[Self.visa]])
  }

  @Test func popoversAndChildrenWithDataAndAContainerRoundTrip() throws {
    let log = try expectRoundTrip(
      variation: Self.cards,
      inputs: [
        "start()",
        #"popover(type("card"), anchor: barButtonItem(right, 0, of: root[0])) with [passing: {"last4":"4242","limit":500}, in: "Frame"]"#,
        "tapOutsidePopover()",
        #"addChild(scene("card", in: "Cards"), to: root[0]) with [passing: {"last4":"0005","limit":900}]"#,
        #"addChild(type("card"), to: root[0]) with [in: "Frame"]"#,
        #"addChild(type("card"), to: root[0], in: NavigationController) with [passing: {"last4":"4242","limit":500}]"#,
      ]
    ) { app in
      try app.start()
      let catalog = try #require(app.rootNavigationController?.topViewController)
      app.navigator.popover(
        .type(CardScreen.self), anchor: .barButtonItem(catalog.navigationItem.rightBarButtonItems[0]),
        options: .init().passing(Self.visa).embedded(in: frame))
      app.window.tapOutsidePopover()
      app.navigator.addChild(
        .scene("card", in: cardStoryboard, as: CardScreen.self), to: catalog,
        options: .init().passing(Self.amex))
      app.navigator.addChild(.type(CardScreen.self), to: catalog, options: .init().embedded(in: frame))
      app.navigator.addChild(
        .type(CardScreen.self), to: catalog,
        options: .init().passing(Self.visa).embedded(in: .navigationController))
    }
    #expect(
      log.end
        == "NavigationController\n  [0] Catalog()\n    child 0: Card 0005\n    child 1: Frame\n"
        + "      child 0: CardScreen\n    child 2: NavigationController\n      [0] Card 4242")
    let fresh = try Self.replayed(log)
    #expect(Self.cardScreens(fresh.window).map(\.received) == [[Self.amex], [], [Self.visa]])
  }

  @Test func theLogWritesTheDataAsJSONAndTheContainerByName() throws {
    let app = try makeRecordingShop(variation: Self.cards)
    let log = SessionLog(steps: [
      .init(
        .withOptions(
          .pushScreen(.type("card"), from: nil, animated: false), data: #"{"last4":"4242","limit":500}"#,
          container: "Frame")),
      .init(
        .withOptions(
          .presentModal(AnyRoute(Wallet()), style: nil, from: nil, animated: true), data: nil,
          container: "Frame")),
    ])
    let bytes = try app.routes.encode(log)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"inputs":[{"animated":false,"container":"Frame","data":"{\"last4\":\"4242\",\"limit\":500}","#
        + #""input":"pushScreen","screen":{"type":"card"}},"#
        + #"{"container":"Frame","input":"presentModal","route":{"route":"Wallet","value":{}}}],"sessionLog":1}"#
    )
    #expect(try app.routes.decodeSessionLog(bytes) == log)
  }

  @Test func dataOrAContainerWhereNoneGoesDoesNotRead() throws {
    let routes = try makeRecordingShop(variation: Self.cards).routes
    func error(_ input: String) -> SessionLogError? {
      do {
        _ = try routes.decodeSessionLog(Array(#"{"sessionLog":1,"inputs":[\#(input)]}"#.utf8))
        return nil
      } catch {
        return error
      }
    }
    #expect(
      error(#"{"input":"pop","data":"{}"}"#)
        == SessionLogError(
          .corrupt,
          "The pop input at .inputs[0] has \"data\" or \"container\"; only push, presentModal, pushScreen, "
            + "presentModalScreen, popover and addChild inputs pass data or embed in a container."))
    #expect(
      error(#"{"input":"presentModalScreen","screen":{"type":"card"},"embedded":true,"container":"Frame"}"#)
        == SessionLogError(
          .corrupt,
          "The presentModalScreen input at .inputs[0] embeds its screen both in a navigation controller and in "
            + "the container \"Frame\"; a screen is in one container."))
    #expect(
      error(#"{"input":"pushScreen","screen":{"type":"card"},"data":7}"#)?.code == .corrupt)
  }

  @Test func dataThatIsNotCodableAndContainersNotRegisteredAreUnreplayable() throws {
    let app = try makeRecordingShop(variation: Self.cards)
    try app.start()
    let recorder = try app.startRecording()
    let loose = Embedding.container(named: "Loose") { Frame(content: $0) }
    app.navigator.push(
      .type(StickerScreen.self), options: .init().animated(false).passing(Sticker(text: "hi")))
    app.navigator.presentModal(.type(CardScreen.self), options: .init().embedded(in: loose))
    app.navigator.dismiss(options: .init().animated(false))
    let wallet = try #require(try app.routes.makeScreen(for: AnyRoute(Wallet())) as? CardScreen)
    app.navigator.push(.instance(wallet), options: .init().embedded(in: loose))
    #expect(
      recorder.log.inputs == [
        .unreplayable(
          "Request(push, type(\"StickerScreen\"), data: Sticker(text: \"hi\"), animated: false): the data passed "
            + "to StickerScreen, of type Sticker, is not Codable; only Codable data is recorded"),
        .unreplayable(
          "Request(presentModal, type(\"CardScreen\"), in: Loose): the container \"Loose\" is not registered for "
            + "session logs; register its factory with RouteTable.registerContainer(named:_:) under the name "
            + "given to Embedding.container(named:_:)"),
        .dismiss(from: nil, animated: false),
        .unreplayable(
          "Request(push, CardScreen, in: Loose): the container \"Loose\" is not registered for session logs; "
            + "register its factory with RouteTable.registerContainer(named:_:) under the name given to "
            + "Embedding.container(named:_:)"),
      ])
  }

  @Test func anUnknownContainerOrDataThatDoesNotReadIsATypedError() throws {
    func error(_ input: RecordedInput) throws -> ReplayError {
      let log = SessionLog(steps: [.init(.start), .init(input)])
      return try #require(throws: ReplayError.self) {
        try log.replay(into: try makeRecordingShop(variation: Self.cards))
      }
    }
    let container = try error(
      .withOptions(.pushScreen(.type("card"), from: nil, animated: true), data: nil, container: "Gone"))
    #expect(container.code == .missingTarget)
    #expect(
      container.message
        == #"Input 1, push(type("card")) with [in: "Gone"]: no container is registered with the name "Gone" "#
        + "(RouteTable.registerContainer(named:_:)).")
    let data = try error(
      .withOptions(
        .pushScreen(.type("card"), from: nil, animated: true), data: #"{"last4":1}"#, container: nil))
    #expect(data.code == .badLog)
    #expect(
      data.message
        == #"Input 1, push(type("card")) with [passing: {"last4":1}]: its data {"last4":1} doesn't read as the "#
        + "CardDetails CardScreen receives: Expected to decode String but found number instead. (at .last4).")
    let route = try error(
      .withOptions(.push(AnyRoute(Wallet()), from: nil, animated: true), data: "[]", container: nil))
    #expect(route.code == .badLog)
    #expect(
      route.message
        == #"Input 1, push(Wallet()) with [passing: []]: its data [] doesn't read as the CardDetails CardScreen "#
        + "receives: Expected to decode Dictionary<String, Any> but found an array instead. (at the top).")
    let none = try error(
      .withOptions(.pushScreen(.type("tip"), from: nil, animated: true), data: "{}", container: nil))
    #expect(none.code == .badLog)
    #expect(
      none.message
        == #"Input 1, push(type("tip")) with [passing: {}]: it passes data to a TipScreen, which receives none."#
    )
  }

  @Test func registeringAContainerTwiceIsRefusedAndChangesNothing() throws {
    let routes = RouteTable()
    try routes.registerContainer(named: "Frame") { Frame(content: $0) }
    #expect(throws: RouteError.duplicateScreen("container \"Frame\"")) {
      try routes.registerContainer(named: "Frame") { $0 }
    }
    #expect(throws: RouteError.duplicateScreen("container \"NavigationController\"")) {
      try routes.registerContainer(named: "NavigationController") { $0 }
    }
    #expect(routes.containerNames == ["Frame"])
    #expect(routes.storyboardNames == [])
    var shared = SharedRouteTable<Int>()
    try shared.registerContainer(named: "Frame") { Frame(content: $0) }
    #expect(throws: RouteError.duplicateScreen("container \"Frame\"")) {
      try shared.registerContainer(named: "Frame") { $0 }
    }
    let app = AppController(window: Window(), rootRoute: Catalog(), routes: shared, context: 1)
    #expect(app.routes.containerNames == ["Frame"])
  }

  @Test func theFirstRegisteredFactoryStillMakesTheContainer() throws {
    // A refused second registration leaves the first factory: the replay embeds in a Frame.
    let app = try makeRecordingShop(variation: Self.cards)
    #expect(throws: RouteError.duplicateScreen("container \"Frame\"")) {
      try app.routes.registerContainer(named: "Frame") { $0 }
    }
    let log = SessionLog(steps: [
      .init(.start),
      .init(
        .withOptions(.pushScreen(.type("card"), from: nil, animated: false), data: nil, container: "Frame")),
    ])
    _ = try log.replay(into: app)
    #expect(
      app.rootNavigationController?.viewControllers.map { "\(type(of: $0))" } == ["RouteScreen", "Frame"])
    #expect(
      app.rootNavigationController?.viewControllers.last?.children.map { "\(type(of: $0))" } == ["CardScreen"]
    )
  }
}
