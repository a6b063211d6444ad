import AppFlow
import Navigator
import TestSupport
import Testing

@Suite struct RestorationTests {
  typealias State = NavigationState<AnyRoute>

  /// Decides by route description: `decisions["Reviews(productID: 42)"]`; allows the rest,
  /// and records what it was asked, in order.
  final class Delegate: StateRestorationDelegate {
    var decisions: [String: RestorationDecision]
    var asked: [String] = []
    init(_ decisions: [String: RestorationDecision]) { self.decisions = decisions }
    func restoration(of route: AnyRoute, at path: StatePath) -> RestorationDecision {
      asked.append("\(route) at \(path)")
      return decisions["\(route)"] ?? .allow
    }
  }

  private func state(_ app: AppController) -> State { app.window.navigationState(keyedBy: AnyRoute.self) }

  private func key(_ route: some Route) -> AnyRoute { AnyRoute(route) }

  /// The snapshot of a shop showing Catalog → Product 42 with Reviews 42 → Compose 42 in a sheet.
  private func deepSnapshot() throws -> NavigationSnapshot {
    let app = try makeShop()
    app.navigate(to: Compose(productID: 42), animated: false)
    return try app.snapshot()
  }

  private func restore(
    _ snapshot: NavigationSnapshot, into app: AppController, _ delegate: Delegate?
  ) -> Result<Int, RestorationError>? {
    var result: Result<Int, RestorationError>?
    app.restore(snapshot, delegate: delegate) { outcome in
      #expect(result == nil, "the completion runs once")
      result = outcome.map(\.steps.count)
    }
    return result
  }

  @Test func theDelegateIsAskedForEveryScreenInOrder() throws {
    let app = try makeShop()
    let delegate = Delegate([:])
    #expect(restore(try deepSnapshot(), into: app, delegate) == .success(2))
    #expect(
      delegate.asked == [
        "Catalog() at root[0]", "Product(id: 42) at root[1]", "Reviews(productID: 42) at root.presented[0]",
        "Compose(productID: 42) at root.presented[1]",
      ])
  }

  @Test func rejectingCutsThePathAtTheScreen() throws {
    let sheetCut = try makeShop()
    #expect(
      restore(try deepSnapshot(), into: sheetCut, Delegate(["Compose(productID: 42)": .reject]))
        == .success(2))
    #expect(
      state(sheetCut)
        == State(
          root: .stack(
            [.screen(key(Catalog())), .screen(key(Product(id: 42)))],
            presenting: .sheet(.stack([.screen(key(Reviews(productID: 42)))])))))

    let stackCut = try makeShop()
    #expect(
      restore(try deepSnapshot(), into: stackCut, Delegate(["Product(id: 42)": .reject])) == .success(0))
    #expect(
      state(stackCut) == State(root: .stack([.screen(key(Catalog()))])), "what sat above Product goes too")

    let rootCut = try makeShop()
    #expect(restore(try deepSnapshot(), into: rootCut, Delegate(["Catalog()": .reject])) == .success(0))
    #expect(state(rootCut) == State(root: .stack([.screen(key(Catalog()))])), "the session stays at its root")
  }

  @Test func replacingSwapsTheRoute() throws {
    let app = try makeShop()
    let delegate = Delegate(["Compose(productID: 42)": .replace(Compose(productID: 7))])
    #expect(restore(try deepSnapshot(), into: app, delegate) == .success(2))
    #expect(
      state(app).root?.presentation?.screen
        == .stack([.screen(key(Reviews(productID: 42))), .screen(key(Compose(productID: 7)))]))
  }

  @Test func protectingWaitsForTheSignInThenRestoresEverything() throws {
    let app = try makeShop()
    let space = TestSpace(.signedIn)
    let delegate = Delegate(["Reviews(productID: 42)": .protect(space)])
    let snapshot = try deepSnapshot()
    var result: Result<Int, RestorationError>?
    app.restore(snapshot, delegate: delegate) { result = $0.map(\.steps.count) }
    #expect(result == nil, "it waits for the sign-in")
    #expect(state(app).root?.entries == [.screen(key(Catalog()))], "nothing restored yet")
    #expect(app.liveFlows.map(\.name) == ["SignInFlow"])
    #expect(space.asked == ["Reviews(productID: 42)"])
    space.signIns[0].finish("alice", animated: false)
    #expect(result == .success(2))
    #expect(state(app) == snapshot.state)
  }

  @Test func aDeniedProtectionStopsThePathBeforeItsScreen() throws {
    for answer in [SpaceAnswer.denied, .signInCancelled, .signInFailed] {
      let app = try makeShop()
      let space = TestSpace(answer)
      var result: Result<Int, RestorationError>?
      app.restore(try deepSnapshot(), delegate: Delegate(["Reviews(productID: 42)": .protect(space)])) {
        result = $0.map(\.steps.count)
      }
      try space.endSignIn(in: app)
      #expect(result == .success(1), "\(answer)")
      #expect(
        state(app) == State(root: .stack([.screen(key(Catalog())), .screen(key(Product(id: 42)))])),
        "\(answer)")
    }
  }

  @Test func aRouteProtectedScreenIsNeverMadeBeforeItsProtectionAllows() throws {
    let source = try makeVaultApp(space: TestSpace(.allowed), log: MadeLog())
    source.open("vault://lobby/vault/7", animated: false)
    let bytes = try source.encodeSnapshot()
    for answer in SpaceAnswer.allCases {
      let log = MadeLog()
      let space = TestSpace(answer)
      let app = try makeVaultApp(space: space, log: log)
      var result: Result<Int, RestorationError>?
      app.restore(bytes) { result = $0.map(\.steps.count) }
      if answer.signsIn {
        #expect(log.events == [], "\(answer): nothing made while signing in")
        try space.endSignIn(in: app)
      }
      #expect(result == .success(answer.lets ? 1 : 0), "\(answer)")
      let shown = app.rootNavigationController?.viewControllers.map { $0.title ?? "?" }
      #expect(shown == (answer.lets ? ["Lobby", "Vault", "VaultItem7"] : ["Lobby"]), "\(answer)")
      #expect(
        log.events
          == (answer.lets
            ? ["Vault.init", "VaultItem7.init", "Vault.viewDidLoad", "VaultItem7.viewDidLoad"] : []),
        "\(answer)")
    }
  }

  @Test(arguments: [1, 7, 42, 2024] as [UInt64])
  func snapshotThenRestoreReachesTheSameStateForRandomStates(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let routes: [(Int) -> any Route] = [
      { _ in Catalog() }, { Product(id: $0) }, { Reviews(productID: $0) }, { Compose(productID: $0) },
      { _ in Preview() }, { _ in Filters() },
    ]
    var checked = 0
    for _ in 0..<40 {
      let app = try makeShop()
      for _ in 0..<(1 + rng.index(below: 3)) {
        let route = rng.element(of: routes)!(rng.index(below: 3))
        app.navigate(to: route, animated: false)
      }
      let snapshot = try app.snapshot()
      let bytes = try app.routes.encode(snapshot)
      #expect(try app.routes.decodeSnapshot(bytes) == snapshot)
      let fresh = try makeShop()
      var restored = false
      fresh.restore(bytes) { restored = (try? $0.get()) != nil }
      #expect(restored, "seed \(seed): \(snapshot)")
      #expect(state(fresh) == snapshot.state, "seed \(seed)")
      checked += 1
    }
    #expect(checked == 40)
  }
}
