// A libFuzzer target: snapshots come from a store, so reading any bytes as a snapshot must
// give a snapshot or a SnapshotError, never a trap; a snapshot that reads must write back to
// bytes that read to the same snapshot; and restoring it into a started app must complete
// exactly once, reaching the snapshot's state or leaving the window as it was. A trap (a
// crash, a sanitizer report, or a failed check below) is a finding.

import AppFlow
import Navigator

struct Catalog: Route {}
struct Product: Route { var id: Int }
struct Reviews: Route { var productID: Int }
struct Compose: Route { var productID: Int }
struct Search: Route { var query: String }
struct Filters: Route {}
struct Preview: Route {}

/// A screen named by its route.
final class RouteScreen: ViewController {
  init(_ route: some Route) {
    super.init()
    title = "\(route)"
  }
}

/// A started shop, as the restoration tests have it, with misuse reported.
func makeShop() -> AppController {
  let app = AppController(window: Window(misusePolicy: .report), rootRoute: Catalog())
  do {
    let routes = app.routes
    try routes.register(Catalog.self) { route in
      let screen = RouteScreen(route)
      screen.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Filters")]
      return screen
    }
    try routes.register(Product.self, parent: { _ in Catalog() }) { RouteScreen($0) }
    try routes.register(
      Reviews.self, presentation: .sheet(embeddedInNavigationController: true), parent: { Product(id: $0.productID) }
    ) { RouteScreen($0) }
    try routes.register(Compose.self, parent: { Reviews(productID: $0.productID) }) { RouteScreen($0) }
    try routes.register(Search.self, parent: { _ in Catalog() }) { RouteScreen($0) }
    try routes.register(
      Filters.self, presentation: .popover(at: .barButtonItem(.right, index: 0)), parent: { _ in Catalog() }
    ) { RouteScreen($0) }
    try routes.register(Preview.self, presentation: .fullScreen(), parent: { _ in Catalog() }) { RouteScreen($0) }
    try app.start()
  } catch {
    fatalError("the fuzzer's shop does not start: \(error)")
  }
  return app
}

/// libFuzzer's entry point: reads the bytes as a snapshot, writes it back, and restores it.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer asks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let app = makeShop()
  let snapshot: NavigationSnapshot
  do {
    snapshot = try app.routes.decodeSnapshot(bytes)
  } catch {
    return 0
  }
  do {
    let written = try app.routes.encode(snapshot)
    let again = try app.routes.decodeSnapshot(written)
    precondition(again == snapshot, "a snapshot read back differs: \(snapshot) vs \(again)")
  } catch {
    preconditionFailure("a snapshot that reads doesn't write back: \(error)")
  }
  let before = app.window.navigationState(keyedBy: AnyRoute.self)
  var completions = 0
  app.restore(snapshot) { result in
    completions += 1
    switch result {
    case .success:
      let now = app.window.navigationState(keyedBy: AnyRoute.self)
      precondition(now == snapshot.state, "restored \(now), not \(snapshot.state)")
    case .failure:
      let now = app.window.navigationState(keyedBy: AnyRoute.self)
      precondition(now == before, "a refused restoration changed the window: \(now)")
    }
  }
  precondition(completions == 1, "the restoration completed \(completions) times")
  app.stop()
  return 0
}
