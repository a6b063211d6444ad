import AppFlow
import Navigator
import Testing

/// A screen that asks before it is popped and answers as told: at once, or later (the test
/// answers the decision it keeps).
final class AskingScreen: ViewController, PopConfirming {
  let answer: Bool?
  var decision: PopDecision?
  init(_ route: some Route, answer: Bool?) {
    self.answer = answer
    super.init()
    title = "\(route)"
  }
  func confirmPop(_ decision: PopDecision) {
    if let answer { decision.answer(answer) } else { self.decision = decision }
  }
}

/// A screen that pushes Compose from its own `viewDidAppear(_:)` the first time it appears:
/// a consequence, which a recorder leaves out.
final class EagerScreen: ViewController {
  weak var app: AppController?
  var pushed = false
  init(_ route: some Route, app: AppController) {
    self.app = app
    super.init()
    title = "\(route)"
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    guard !pushed, let app, let screen = try? app.routes.makeScreen(for: AnyRoute(Compose(productID: 1)))
    else {
      return
    }
    pushed = true
    app.navigator.push(.instance(screen), options: NavigationOptions().animated(false))
  }
}

/// Pushed by the eager screen's own code.
struct Eager: Route {}

/// A flow whose first screen is a route's screen.
final class ReviewFlow: Flow<String> {
  let route: AnyRoute
  weak var table: RouteTable?
  init(_ route: AnyRoute, table: RouteTable) {
    self.route = route
    self.table = table
  }
  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let table else { throw NavigationError(.invalidRequest, "no table") }
    return try table.makeScreen(for: route)
  }
}

/// What a recorded shop's replay may make differently, for planted divergences.
struct ShopVariation {
  /// The prefix of Product screens' titles.
  var productTitle = ""
  /// How Product's pop guard answers: at once (`true`, `false`) or later (`nil`).
  var productGuard: Bool?? = .none
  /// A Boolean value indicating whether the tag "tip" names NoteScreen rather than TipScreen.
  var swapsTipForNote = false
  /// A Boolean value indicating whether the shop registers the screens that receive data
  /// and the Frame container (`CardScreen` as "card", `StickerScreen`, the Wallet route,
  /// the Cards storyboard, the container "Frame").
  var registersCards = false
}

/// A screen with no route, made from its type (registered as "tip") or from the shop's
/// storyboard.
final class TipScreen: ViewController, InitializableScreen {
  override func viewDidLoad() {
    super.viewDidLoad()
    // Two subviews, for children and popovers placed in a view by its path.
    view.addSubview(View())
    view.subviews[0].addSubview(View())
  }
}

/// A screen with no route, made from the shop's storyboard (its initial scene, "note").
final class NoteScreen: ViewController, InitializableScreen {}

/// A screen type no route table registers.
final class UnregisteredScreen: ViewController, InitializableScreen {}

/// The shop's storyboard: "note" (initial) and "tip".
let shopStoryboard = Storyboard(
  name: "Shop", initialScene: "note",
  scenes: [Storyboard.Scene("note") { NoteScreen() }, Storyboard.Scene("tip") { TipScreen() }])

/// A shop for recording, not started: Catalog (`shop://catalog`) at the root with a
/// Filters popover on its right bar item; Product (`shop://catalog/products/<int:id>`)
/// pushed, asking before it is popped when `variation.productGuard` says so; Reviews in a
/// page sheet in a navigation controller, Compose pushed on it; Preview full screen; Eager
/// pushed, which pushes Compose itself. A Review flow is registered for snapshots; TipScreen
/// (tag "tip") and the Shop storyboard for session logs.
func makeRecordingShop(
  scheduler: ManualScheduler? = nil, variation: ShopVariation = ShopVariation()
) throws -> AppController {
  let window = Window(scheduler: scheduler.map { .manual($0) } ?? .immediate, misusePolicy: .report)
  let app = AppController(window: window, rootRoute: Catalog())
  let routes = app.routes
  try routes.register(Catalog.self, url: "shop://catalog") { route in
    let screen = RouteScreen(route)
    screen.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Filters")]
    return screen
  }
  try routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() }) {
    route in
    let screen: ViewController =
      switch variation.productGuard {
      case .none: RouteScreen(route)
      case .some(let answer): AskingScreen(route, answer: answer)
      }
    screen.title = variation.productTitle + "\(route)"
    return screen
  }
  try routes.register(
    Reviews.self, presentation: .sheet(embeddedInNavigationController: true),
    parent: { Product(id: $0.productID) }
  ) { RouteScreen($0) }
  try routes.register(Compose.self, parent: { Reviews(productID: $0.productID) }) { RouteScreen($0) }
  try routes.register(
    Filters.self, presentation: .popover(at: .barButtonItem(.right, index: 0)), parent: { _ in Catalog() }
  ) { RouteScreen($0) }
  try routes.register(Preview.self, presentation: .fullScreen(), parent: { _ in Catalog() }) {
    RouteScreen($0)
  }
  try routes.register(Eager.self, parent: { _ in Catalog() }) { [unowned app] in EagerScreen($0, app: app) }
  try routes.registerFlow(ReviewFlow.self, tag: "Review") { [unowned app] route in
    ReviewFlow(route, table: app.routes)
  }
  if variation.swapsTipForNote {
    try routes.registerScreen(NoteScreen.self, tag: "tip")
  } else {
    try routes.registerScreen(TipScreen.self, tag: "tip")
  }
  try routes.registerStoryboard(shopStoryboard)
  if variation.registersCards {
    try routes.registerScreen(CardScreen.self, tag: "card")
    try routes.registerScreen(StickerScreen.self, tag: "sticker")
    try routes.register(Wallet.self, parent: { _ in Catalog() }) { _ in CardScreen() }
    try routes.registerStoryboard(cardStoryboard)
    try routes.registerContainer(named: "Frame") { Frame(content: $0) }
  }
  return app
}

/// Records `session` on a fresh recording shop with events, checks the inputs recorded,
/// writes and reads the log back, replays it into another fresh shop, and checks that the
/// replay recorded the same log and that both windows show the same tree (as text: a screen
/// with no route is named by its identity, which no other window's screen has); returns the
/// log.
@discardableResult
func expectRoundTrip(
  scheduler: ManualScheduler? = nil, replayScheduler: ManualScheduler? = nil,
  variation: ShopVariation = ShopVariation(), inputs expected: [String],
  sourceLocation: SourceLocation = #_sourceLocation, _ session: (AppController) throws -> Void
) throws -> SessionLog {
  let app = try makeRecordingShop(scheduler: scheduler, variation: variation)
  let recorder = try app.startRecording(recordingEvents: true)
  try session(app)
  let log = recorder.log
  #expect(log.inputs.map(\.description) == expected, sourceLocation: sourceLocation)
  let bytes = try app.routes.encode(log)
  // The window holds its scheduler weakly: this one lives until the end of the function.
  let secondScheduler = replayScheduler ?? scheduler.map { _ in ManualScheduler() }
  defer { withExtendedLifetime(secondScheduler) {} }
  let fresh = try makeRecordingShop(scheduler: secondScheduler, variation: variation)
  let decoded = try fresh.routes.decodeSessionLog(bytes)
  #expect(decoded == log, sourceLocation: sourceLocation)
  let replayed = try decoded.replay(into: fresh)
  #expect(replayed == log, sourceLocation: sourceLocation)
  #expect(
    fresh.window.navigationState(keyedBy: AnyRoute.self).description
      == app.window.navigationState(keyedBy: AnyRoute.self).description,
    sourceLocation: sourceLocation)
  return log
}

/// Records `session` on `makeShop(space)` with events, where `space` answers at once as
/// `atOnce` says (`nil`: later, through its kept `decide`s), checks the inputs recorded, writes
/// and reads the log back, replays it into `makeShop` of a fresh space answering the same way,
/// and checks that the replay recorded the same log and shows the same tree; returns the log
/// and the replay's app controller and space.
@discardableResult
func expectRoundTrip(
  makeShop: (LateSpace) throws -> AppController, atOnce: ProtectionDecision? = nil, inputs expected: [String],
  sourceLocation: SourceLocation = #_sourceLocation, _ session: (AppController, LateSpace) throws -> Void
) throws -> (log: SessionLog, app: AppController, space: LateSpace) {
  let space = LateSpace()
  space.answerAtOnce = atOnce
  let app = try makeShop(space)
  let recorder = try app.startRecording(recordingEvents: true)
  try session(app, space)
  let log = recorder.log
  #expect(log.inputs.map(\.description) == expected, sourceLocation: sourceLocation)
  let freshSpace = LateSpace()
  freshSpace.answerAtOnce = atOnce
  let fresh = try makeShop(freshSpace)
  let decoded = try fresh.routes.decodeSessionLog(try app.routes.encode(log))
  #expect(decoded == log, sourceLocation: sourceLocation)
  let replayed = try decoded.replay(into: fresh)
  #expect(replayed == log, sourceLocation: sourceLocation)
  #expect(Replayed.tree(fresh) == Replayed.tree(app), sourceLocation: sourceLocation)
  return (log, fresh, freshSpace)
}

/// The message of the `corrupt` error that `app`'s route table throws for a log holding the
/// one input `input` (JSON text).
func corruptLogMessage(_ app: AppController, input: String) throws -> String {
  let text = #"{"inputs":["# + input + #"],"sessionLog":1}"#
  let error = try #require(throws: SessionLogError.self) {
    try app.routes.decodeSessionLog(Array(text.utf8))
  }
  #expect(error.code == .corrupt)
  return error.message
}
