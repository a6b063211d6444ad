// A libFuzzer target: session logs come from files and stores, so reading any bytes as a
// log must give a log or a SessionLogError, never a trap; a log that reads must write back to
// bytes that read to the same log; and replaying it into a fresh app controller must return
// or throw a ReplayError, never trap. A trap (a crash, a sanitizer report, or a failed check
// below) is a finding.

import AppFlow
import Navigator

struct Catalog: Route {}
struct Product: Route { var id: Int }
struct Reviews: Route { var productID: Int }
struct Compose: Route { var productID: Int }
struct Preview: Route {}
struct Filters: Route {}

/// A screen named by its route.
final class RouteScreen: ViewController {
  init(_ route: some Route) {
    super.init()
    title = "\(route)"
  }
}

/// A screen with no route: registered for session logs as "tip", and the storyboard's
/// "tip" scene; two subviews deep, for popovers and children placed in a view.
final class TipScreen: ViewController, InitializableScreen {
  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(View())
    view.subviews[0].addSubview(View())
  }
}

/// The storyboard's initial scene, "note".
final class NoteScreen: ViewController, InitializableScreen {}

/// The shop's storyboard, registered for session logs.
let shopStoryboard = Storyboard(
  name: "Shop", initialScene: "note",
  scenes: [Storyboard.Scene("note") { NoteScreen() }, Storyboard.Scene("tip") { TipScreen() }])

/// A card's details, passed to a card screen and written in a log as JSON.
struct CardDetails: Codable {
  var last4: String
  var limit: Int
}

/// A screen that receives a card's details: registered for session logs as "card".
final class CardScreen: ViewController, InitializableScreen, DataReceiving {
  func receive(_ data: CardDetails) { title = "Card \(data.last4)" }
}

/// A container that holds its content in its view: registered for session logs as "Frame".
final class Frame: ViewController {
  init(content: ViewController) {
    super.init()
    addChild(content)
    view.addSubview(content.view)
    content.didMove(toParent: self)
  }
}

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

/// The shop's protection space for navigator calls protected by their options ("Gate"): it
/// allows, denies and waits for a late answer in turn, so that replays reach every path.
final class Gate: ProtectionSpace {
  private var asked = 0
  private var kept: [(ProtectionDecision) -> Void] = []
  var name: String { "Gate" }
  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    asked += 1
    switch asked % 3 {
    case 0: decide(.allow)
    case 1: decide(.deny("closed"))
    default: kept.append(decide)
    }
  }
}

/// A shop, not started, with misuse reported, on a manual scheduler: a stack, a sheet in a
/// navigation controller, a popover at a bar button item, a full-screen presentation, a
/// flow registered for snapshots, and screen types (one receiving data), a storyboard and a
/// container registered for logs.
func makeShop(_ scheduler: ManualScheduler) -> AppController {
  let app = AppController(
    window: Window(scheduler: .manual(scheduler), misusePolicy: .report), rootRoute: Catalog())
  do {
    let routes = app.routes
    try routes.register(Catalog.self, url: "shop://catalog") { route in
      let screen = RouteScreen(route)
      screen.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Filters")]
      return screen
    }
    try routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() }) {
      RouteScreen($0)
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
    try routes.registerFlow(ReviewFlow.self, tag: "Review") { [unowned app] route in
      ReviewFlow(route, table: app.routes)
    }
    try routes.registerScreen(TipScreen.self, tag: "tip")
    try routes.registerScreen(CardScreen.self, tag: "card")
    try routes.registerStoryboard(shopStoryboard)
    try routes.registerProtection(Gate())
    try routes.registerContainer(named: "Frame") { Frame(content: $0) }
  } catch {
    fatalError("the fuzzer's shop does not register its routes: \(error)")
  }
  return app
}

/// libFuzzer's entry point: reads the bytes as a session log, writes it back, and replays it.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer asks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let scheduler = ManualScheduler()
  let app = makeShop(scheduler)
  let log: SessionLog
  do {
    log = try app.routes.decodeSessionLog(bytes)
  } catch {
    return 0
  }
  do {
    let written = try app.routes.encode(log)
    let again = try app.routes.decodeSessionLog(written)
    precondition(again == log, "a log read back differs: \(log) vs \(again)")
  } catch {
    preconditionFailure("a log that reads doesn't write back: \(error)")
  }
  do {
    try log.replay(into: app)
  } catch {
    // A divergence, an unreplayable input or a missing target: what a replay may say.
    _ = error.code
  }
  app.stop()
  scheduler.settle()
  return 0
}
