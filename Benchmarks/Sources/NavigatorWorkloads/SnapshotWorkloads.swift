import AppFlow
import Foundation
import Navigator

/// A product's specifications, pushed on the product.
struct BenchSpecs: Route { var productID: Int }

/// A flow on the reviews sheet, registered for snapshots.
final class BenchReviewsFlow: Flow<Int> {
  let route: AnyRoute
  weak var table: RouteTable?
  init(_ route: AnyRoute, table: RouteTable) {
    self.route = route
    self.table = table
  }
  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let table else { throw NavigationError(.invalidRequest, "no route table") }
    return try table.makeScreen(for: route)
  }
}

/// Sessions (issue "sessions"): writing and reading the snapshot of a typical session (a
/// three-screen stack with a page sheet over it, one flow) against the same tree as plain
/// `Codable` structs, both with Foundation's JSON coders.
///
/// - ``snapshotRoundTrip(_:)``: `routes.encode(snapshot)` then `routes.decodeSnapshot(_:)`;
/// - ``plainRoundTrip(_:)``: `JSONEncoder().encode(PlainSnapshot)` then `JSONDecoder().decode`
///   of structs with the same fields, which write the same bytes.
public final class SnapshotWorkload {
  let app: AppController
  let snapshot: NavigationSnapshot
  let plain: PlainSnapshot
  /// The number of round trips whose result differed from the original (a failure).
  public private(set) var failures = 0

  /// Makes the session and its snapshot (not measured).
  public init() {
    let tally = Tally()
    app = AppController(rootRoute: BenchCatalog())
    try! app.routes.register(BenchCatalog.self) { _ in ModelScreen("Catalog", tally: tally) }
    try! app.routes.register(BenchProduct.self, parent: { _ in BenchCatalog() }) { _ in
      ModelScreen("Product", tally: tally)
    }
    try! app.routes.register(BenchSpecs.self, parent: { BenchProduct(id: $0.productID) }) { _ in
      ModelScreen("Specs", tally: tally)
    }
    try! app.routes.register(
      BenchReviews.self, presentation: .sheet(embeddedInNavigationController: true),
      parent: { BenchProduct(id: $0.productID) }
    ) { _ in ModelScreen("Reviews", tally: tally) }
    try! app.routes.registerFlow(BenchReviewsFlow.self) { [routes = app.routes] in BenchReviewsFlow($0, table: routes) }
    try! app.start()
    app.navigate(to: BenchSpecs(productID: 42), animated: false)
    let flow = BenchReviewsFlow(AnyRoute(BenchReviews(productID: 42)), table: app.routes)
    try! app.tryRun(flow, as: .sheet(embeddedInNavigationController: true), animated: false)
    snapshot = try! app.snapshot()
    plain = PlainSnapshot.typical
  }

  /// The snapshot's JSON, and the plain structs' (they are the same bytes).
  public var bytes: (snapshot: String, plain: String) {
    let plainEncoder = JSONEncoder()
    plainEncoder.outputFormatting = [.sortedKeys]
    return (
      String(decoding: try! app.routes.encode(snapshot), as: UTF8.self),
      String(decoding: try! plainEncoder.encode(plain), as: UTF8.self)
    )
  }

  /// Writes and reads the snapshot `iterations` times.
  @inline(never)
  public func snapshotRoundTrip(_ iterations: Int) {
    for _ in 0..<iterations {
      guard let bytes = try? app.routes.encode(snapshot), let read = try? app.routes.decodeSnapshot(bytes),
        read.flows.count == 1
      else {
        failures += 1
        continue
      }
    }
  }

  /// Writes and reads the plain structs `iterations` times.
  @inline(never)
  public func plainRoundTrip(_ iterations: Int) {
    for _ in 0..<iterations {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      guard let data = try? encoder.encode(plain), let read = try? JSONDecoder().decode(PlainSnapshot.self, from: data),
        read.flows?.count == 1
      else {
        failures += 1
        continue
      }
    }
  }
}

/// The snapshot's document as plain `Codable` structs: the baseline.
struct PlainSnapshot: Codable {
  struct Key: Codable {
    var route: String
    var value: [String: Int]
  }
  struct Node: Codable {
    var key: Key?
    var navigationController: Bool?
    var stack: [Node]?
    var presents: Presentation?
  }
  /// A class, so that a node can hold one (a struct can't contain itself).
  final class Presentation: Codable {
    let style: String
    let screen: Node
    init(style: String, screen: Node) {
      self.style = style
      self.screen = screen
    }
  }
  struct State: Codable {
    var root: Node?
  }
  struct FlowEntry: Codable {
    var flow: String
    var route: Key
  }

  var navigationSnapshot: Int
  var state: State
  var flows: [FlowEntry]?

  /// The typical session, as the snapshot workload shows it.
  static var typical: PlainSnapshot {
    let reviews = Key(route: "BenchReviews", value: ["productID": 42])
    return PlainSnapshot(
      navigationSnapshot: 1,
      state: State(
        root: Node(
          navigationController: true,
          stack: [
            Node(key: Key(route: "BenchCatalog", value: [:])),
            Node(key: Key(route: "BenchProduct", value: ["id": 42])),
            Node(key: Key(route: "BenchSpecs", value: ["productID": 42])),
          ],
          presents: Presentation(
            style: "pageSheet", screen: Node(navigationController: true, stack: [Node(key: reviews)])))),
      flows: [FlowEntry(flow: "BenchReviewsFlow", route: reviews)])
  }
}
