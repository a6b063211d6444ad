import AppFlow
import Navigator

struct Catalog: Route {}
struct Product: Route { var id: Int }
struct Reviews: Route { var productID: Int }
struct Compose: Route { var productID: Int }
struct Filters: Route {}
struct Unknown: Route {}
/// Pushed on a screen presented outside a navigation controller: a chain that can't be.
struct Note: Route {}
struct Preview: Route {}

/// A screen named by its route's description.
final class RouteScreen: ViewController {
  let route: String
  init(_ route: some Route) {
    self.route = "\(route)"
    super.init()
    title = self.route
  }
}

/// A screen that refuses to be popped.
final class StubbornScreen: ViewController, PopConfirming {
  init(_ route: some Route) {
    super.init()
    title = "\(route)"
  }
  func confirmPop(_ decision: PopDecision) { decision.deny() }
}

/// A started shop app: Catalog at the root; Product pushed; Reviews in a page sheet inside
/// a navigation controller, Compose pushed on it; Filters a popover on Catalog's right bar
/// button; Preview full screen, alone; Note pushed on Preview (an impossible chain).
func makeShop(
  scheduler: ManualScheduler? = nil, stubbornProduct: Bool = false
) throws -> AppController {
  let window = Window(scheduler: scheduler.map { .manual($0) } ?? .immediate, misusePolicy: .report)
  let app = AppController(window: window, rootRoute: Catalog())
  let routes = app.routes
  try routes.register(Catalog.self) { route in
    let screen = RouteScreen(route)
    screen.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Filters")]
    return screen
  }
  try routes.register(Product.self, parent: { _ in Catalog() }) { route in
    stubbornProduct ? StubbornScreen(route) : RouteScreen(route)
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
  try routes.register(Note.self, parent: { _ in Preview() }) { RouteScreen($0) }
  try app.start()
  scheduler?.settle()
  return app
}
