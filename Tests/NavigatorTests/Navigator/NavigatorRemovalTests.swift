import Navigator
import Testing

/// Removing a child named by an instance, a type or the scene it was made from.
@Suite struct NavigatorRemovalTests {
  /// A catalogue of dashboard tiles.
  static let widgets = Storyboard(
    name: "Widgets", initialScene: "weather",
    scenes: [
      Storyboard.Scene("weather") { Receipt() },
      Storyboard.Scene("stocks") { Receipt() },
    ])

  @Test func aSceneNamesTheLastChildMadeFromIt() throws {
    let h = NavigatorHarness()
    let weather = try h.navigator.tryAddChild(
      .scene("weather", in: Self.widgets, as: Receipt.self), to: h.home)
    let stocks = try h.navigator.tryAddChild(.scene("stocks", in: Self.widgets, as: Receipt.self), to: h.home)
    weather.title = "Weather"
    stocks.title = "Stocks"
    h.window.journal.removeAll()
    var completed: [ViewController] = []
    var succeeded: [ViewController] = []
    let removed = h.navigator.removeChild(
      .scene("weather", in: Self.widgets, as: Receipt.self), from: h.home,
      options: .init().onSuccess { succeeded.append($0) }
    ) { completed.append($0) }
    #expect(removed === weather)
    #expect(succeeded.map(\.screenID) == [weather.screenID])
    #expect(completed.map(\.screenID) == [weather.screenID])
    #expect(h.home.children.map(\.screenID) == [stocks.screenID])
    #expect(
      h.take() == [
        .willMove(weather.screenID, toParent: nil),
        .viewWillDisappear(weather.screenID, animated: false),
        .viewDidDisappear(weather.screenID, animated: false),
        .didMove(weather.screenID, toParent: nil),
      ])
    // The initial scene is "weather" too: none is left.
    #expect(throws: NavigationError.self) {
      try h.navigator.tryRemoveChild(.initialScene(of: Self.widgets, as: Receipt.self), from: h.home)
    }
    #expect(
      try h.navigator.tryRemoveChild(.scene("stocks", in: Self.widgets, as: Receipt.self), from: h.home)
        === stocks)
    #expect(h.home.children.isEmpty)
  }

  @Test func anEmbeddedSceneChildLeavesWithItsContainer() throws {
    let h = NavigatorHarness()
    let weather = try h.navigator.tryAddChild(
      .initialScene(of: Self.widgets, as: Receipt.self), to: h.home,
      options: .init().embedded(in: .container(named: "Card3D") { Card3D(content: $0) }))
    let card = try #require(weather.parent as? Card3D)
    let removed = try h.navigator.tryRemoveChild(
      .scene("weather", in: Self.widgets, as: Receipt.self), from: h.home)
    #expect(removed === weather)
    #expect(card.parent == nil)
    #expect(weather.parent === card)
    #expect(h.home.children.isEmpty)
  }

  @Test func aSceneChildAddedWithoutTheNavigatorIsNotFound() throws {
    let h = NavigatorHarness()
    let tile = try Self.widgets.instantiateViewController(withIdentifier: "weather", as: Receipt.self)
    h.home.addChild(tile)
    h.home.view.addSubview(tile.view)
    tile.didMove(toParent: h.home)
    h.window.journal.removeAll()
    let before = h.tree
    var failure: NavigationError?
    let removed = h.navigator.removeChild(
      .scene("weather", in: Self.widgets, as: Receipt.self), from: h.home,
      options: .init().onFailure { failure = $0 })
    #expect(removed == nil)
    let expected = NavigationError(
      .invalidRequest,
      "Can't remove a child from scene \"weather\" of storyboard \"Widgets\" from Home: it has none.",
      screens: [h.home.screenID])
    #expect(failure == expected)
    #expect(h.errors.errors == [expected])
    #expect(h.tree == before)
    #expect(h.events == [.misuse(expected)])
  }

  @Test func anUnknownSceneIsRefusedBeforeAnySearch() throws {
    let h = NavigatorHarness()
    #expect {
      try h.navigator.tryRemoveChild(.scene("news", in: Self.widgets, as: Receipt.self), from: h.home)
    } throws: { error in
      (error as? NavigationError)?.code == .sceneNotFound
    }
    #expect(h.events.isEmpty)
  }

  @Test func anInstanceMustBeAChildOfTheContainer() throws {
    let h = NavigatorHarness()
    let tile = try h.navigator.tryAddChild(.type(Receipt.self), to: h.home)
    let other = Screen("Other")
    h.window.journal.removeAll()
    #expect(
      throws: NavigationError(
        .invalidRequest, "Can't remove Other from Home: it is not its child.",
        screens: [other.screenID, h.home.screenID])
    ) {
      try h.navigator.tryRemoveChild(.instance(other), from: h.home)
    }
    #expect(h.events.isEmpty)
    #expect(try h.navigator.tryRemoveChild(.instance(tile), from: h.home) === tile)
  }

  @Test func aTypeNamesTheLastChildOfThatType() async throws {
    let h = NavigatorHarness()
    let first = try h.navigator.tryAddChild(.type(Receipt.self), to: h.home)
    let second = try h.navigator.tryAddChild(.type(Receipt.self), to: h.home)
    let removed = try await h.navigator.removeChild(.type(Receipt.self), from: h.home)
    #expect(removed === second)
    #expect(h.home.children.map(\.screenID) == [first.screenID])
  }
}
