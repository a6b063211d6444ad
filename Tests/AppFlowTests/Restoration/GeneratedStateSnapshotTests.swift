import AppFlow
import Navigator
import TestSupport
import Testing

/// Snapshot round trips over the states the navigation-state property test draws
/// (`StateGenerator`: plain and keyed stacks, chains of presentations in every style,
/// popovers at bar button items, the empty state), their keys made routes.
@Suite struct GeneratedStateSnapshotTests {
  /// The route of a plain screen: `S3`.
  struct Page: Route { var key: String }
  /// The route of a navigation controller: `Nav1`.
  struct Stack: Route { var key: String }

  final class PageScreen: ViewController {}

  /// A started session whose routes make a screen (with a right bar button item, for the
  /// popovers) for each key: a navigation controller for the `Nav` keys.
  static func makeSession() throws -> AppController {
    let app = AppController(window: Window(misusePolicy: .report)) { PageScreen() }
    func named(_ screen: ViewController, _ key: String) -> ViewController {
      screen.title = key
      screen.navigationItem.rightBarButtonItem = BarButtonItem(title: key)
      return screen
    }
    try app.routes.register(Page.self) { named(PageScreen(), $0.key) }
    try app.routes.register(Stack.self) { named(NavigationController(), $0.key) }
    try app.start()
    return app
  }

  /// The state with its keys made routes.
  static func routed(_ state: NavigationState<String>) -> NavigationState<AnyRoute> {
    state.mapKeys { key in key.hasPrefix("Nav") ? AnyRoute(Stack(key: key)) : AnyRoute(Page(key: key)) }
  }

  @Test(arguments: [1, 2, 3, 5, 8, 13] as [UInt64])
  func everyGeneratedStateRoundTripsThroughItsSnapshotAndARestoration(seed: UInt64) throws {
    var generator = StateGenerator(seed: seed)
    var restored = 0
    for round in 0..<50 {
      let state = Self.routed(generator.state())
      let snapshot = NavigationSnapshot(state: state)
      let app = try Self.makeSession()
      let bytes = try app.routes.encode(snapshot)
      #expect(try app.routes.decodeSnapshot(bytes) == snapshot, "seed \(seed), round \(round)")

      // Restored into a fresh session, the snapshot is reached, and snapshots back to itself.
      var result: Result<NavigationPlan<AnyRoute>, RestorationError>?
      app.restore(bytes) { outcome in
        #expect(result == nil, "the completion runs once")
        result = outcome
      }
      guard case .success = result else {
        Issue.record("seed \(seed), round \(round): \(String(describing: result)) restoring \(state)")
        continue
      }
      #expect(app.window.navigationState(keyedBy: AnyRoute.self) == state, "seed \(seed), round \(round)")
      #expect(try app.snapshot() == snapshot, "seed \(seed), round \(round)")
      restored += 1
    }
    #expect(restored == 50)
  }
}
