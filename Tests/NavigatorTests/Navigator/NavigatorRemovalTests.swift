import Navigator
import Testing

/// Removing a child named by an instance, a type or the scene it was made from.
@Suite(.exhaustiveStages) struct NavigatorRemovalTests {
  /// A catalogue of dashboard tiles.
  static let widgets = Storyboard(
    name: "Widgets", initialScene: "weather",
    scenes: [
      Storyboard.Scene("weather") { Receipt() },
      Storyboard.Scene("stocks") { Receipt() },
    ])

  @Test func aSceneNamesTheLastChildMadeFromIt() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let weather = try stage.navigator.tryAddChild(
      .scene("weather", in: Self.widgets, as: Receipt.self), to: stage.root)
    let stocks = try stage.navigator.tryAddChild(
      .scene("stocks", in: Self.widgets, as: Receipt.self), to: stage.root)
    weather.title = "Weather"
    stocks.title = "Stocks"
    stage.discardEvents()
    var completed: [ViewController] = []
    var succeeded: [ViewController] = []
    let removed = stage.navigator.removeChild(
      .scene("weather", in: Self.widgets, as: Receipt.self), from: stage.root,
      options: .init().onSuccess { succeeded.append($0) }.completion { completed.append($0) })
    #expect(removed === weather)
    #expect(succeeded.map(\.screenID) == [weather.screenID])
    #expect(completed.map(\.screenID) == [weather.screenID])
    #expect(stage.root.children.map(\.screenID) == [stocks.screenID])
    #expect(
      stage.take() == [
        .willMove(weather.screenID, toParent: nil),
        .viewWillDisappear(weather.screenID, animated: false),
        .viewDidDisappear(weather.screenID, animated: false),
        .didMove(weather.screenID, toParent: nil),
      ])
    // The initial scene is "weather" too: none is left.
    #expect(throws: NavigationError.self) {
      try stage.navigator.tryRemoveChild(.initialScene(of: Self.widgets, as: Receipt.self), from: stage.root)
    }
    #expect(
      try stage.navigator.tryRemoveChild(
        .scene("stocks", in: Self.widgets, as: Receipt.self), from: stage.root)
        === stocks)
    #expect(stage.root.children.isEmpty)
    stage.expect([
      .willMove(stocks, to: nil), .willDisappear(stocks), .didDisappear(stocks), .didMove(stocks, to: nil),
    ])
  }

  @Test func anEmbeddedSceneChildLeavesWithItsContainer() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let weather = try stage.navigator.tryAddChild(
      .initialScene(of: Self.widgets, as: Receipt.self), to: stage.root,
      options: .init().embedded(in: .container(named: "Card3D") { Card3D(content: $0) }))
    let card = try #require(weather.parent as? Card3D)
    let removed = try stage.navigator.tryRemoveChild(
      .scene("weather", in: Self.widgets, as: Receipt.self), from: stage.root)
    #expect(removed === weather)
    #expect(card.parent == nil)
    #expect(weather.parent === card)
    #expect(stage.root.children.isEmpty)
    stage.discardEvents()  // pitfall11 checks the order of adding and removing a child
  }

  @Test func aSceneChildAddedWithoutTheNavigatorIsNotFound() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let tile = try Self.widgets.instantiateViewController(withIdentifier: "weather", as: Receipt.self)
    stage.root.addChild(tile)
    stage.root.view.addSubview(tile.view)
    tile.didMove(toParent: stage.root)
    stage.discardEvents()
    let before = stage.tree
    var failure: NavigationError?
    let removed = stage.navigator.removeChild(
      .scene("weather", in: Self.widgets, as: Receipt.self), from: stage.root,
      options: .init().onFailure { failure = $0 })
    #expect(removed == nil)
    let expected = NavigationError(
      .invalidRequest,
      "Can't remove a child from scene \"weather\" of storyboard \"Widgets\" from Home: it has none.",
      screens: [stage.root.screenID])
    #expect(failure == expected)
    #expect(stage.errors.errors == [expected])
    #expect(stage.tree == before)
    stage.expect([.misuse(expected)])
  }

  @Test func anUnknownSceneIsRefusedBeforeAnySearch() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    #expect {
      try stage.navigator.tryRemoveChild(.scene("news", in: Self.widgets, as: Receipt.self), from: stage.root)
    } throws: { error in
      (error as? NavigationError)?.code == .sceneNotFound
    }
    stage.expect([])
  }

  @Test func anInstanceMustBeAChildOfTheContainer() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let tile = try stage.navigator.tryAddChild(.type(Receipt.self), to: stage.root)
    let other = Screen("Other")
    stage.discardEvents()
    #expect(
      throws: NavigationError(
        .invalidRequest, "Can't remove Other from Home: it is not its child.",
        screens: [other.screenID, stage.root.screenID])
    ) {
      try stage.navigator.tryRemoveChild(.instance(other), from: stage.root)
    }
    stage.expect([])
    #expect(try stage.navigator.tryRemoveChild(.instance(tile), from: stage.root) === tile)
    stage.expect([
      .willMove(tile, to: nil), .willDisappear(tile), .didDisappear(tile), .didMove(tile, to: nil),
    ])
  }

  @Test func aTypeNamesTheLastChildOfThatType() async throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let first = try stage.navigator.tryAddChild(.type(Receipt.self), to: stage.root)
    let second = try stage.navigator.tryAddChild(.type(Receipt.self), to: stage.root)
    let removed = try await stage.navigator.removeChildAndWait(.type(Receipt.self), from: stage.root)
    #expect(removed === second)
    #expect(stage.root.children.map(\.screenID) == [first.screenID])
    stage.discardEvents()  // pitfall11 checks the order of adding and removing a child
  }
}
