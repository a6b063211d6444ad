import Navigator
import TestSupport
import Testing

/// Every navigation that makes a screen looks the cache up: push, modal presentation,
/// popover and child containment, from a factory or a scene; a given instance is kept as it
/// is; an embedded screen comes back in a new container; a refused navigation keeps nothing.
@Suite(.exhaustiveStages) struct KeepAlivePathTests {
  enum Path: String, CaseIterable, CustomTestStringConvertible {
    case push, presentModal, popover, addChild
    var testDescription: String { rawValue }
  }

  private let key = KeepAliveKey(Reusable.self)

  /// Shows `destination` by `path`, kept for the session.
  private func show(
    _ destination: Destination<Reusable>, by path: Path, on stage: Stage,
    options: NavigationOptions<Reusable> = NavigationOptions()
  ) throws -> Reusable {
    let options = options.animated(false).keepAlive(within: .session)
    let navigator = stage.navigator
    switch path {
    case .push: return try navigator.tryPush(destination, options: options)
    case .presentModal: return try navigator.tryPresentModal(destination, options: options)
    case .popover:
      return try navigator.tryPopover(
        destination, anchor: .view(stage.root.view, rect: .zero), options: options)
    case .addChild: return try navigator.tryAddChild(destination, to: stage.root, options: options)
    }
  }

  /// Takes the screen `path` showed away again.
  private func remove(_ screen: ViewController, by path: Path, on stage: Stage) throws {
    switch path {
    case .push: stage.navigation.popViewController(animated: false)
    case .presentModal, .popover: screen.presentingViewController?.dismiss(animated: false)
    case .addChild: try stage.navigator.tryRemoveChild(screen)
    }
  }

  @Test(arguments: Path.allCases)
  func everyPathReusesTheKeptScreen(path: Path) throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let made = Counter()
    let detail = Destination<Reusable>.make {
      made.hit()
      return Reusable("Detail", CallLog())
    }
    let first = try show(detail, by: path, on: stage)
    try remove(first, by: path, on: stage)
    #expect(!first.isInWindowHierarchy && first.parent == nil && first.presentingViewController == nil)
    let second = try show(detail, by: path, on: stage)
    #expect(second === first)
    #expect(second.isInWindowHierarchy)
    #expect(made.count == 1)
    let id = first.screenID
    #expect(stage.take().cacheEvents == [.cacheStored(id, entry: 1, key: key), .cacheHit(id, entry: 1)])
  }

  @Test func aSceneIsKeptUnderItsScreenType() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let options = NavigationOptions<CardForm>().animated(false).keepAlive(within: .session)
    let card = Destination<CardForm>.scene("card", in: mainStoryboard)
    let first = try stage.navigator.tryPush(card, options: options)
    stage.navigation.popViewController(animated: false)
    let second = try stage.navigator.tryPush(card, options: options)
    #expect(second === first)
    #expect(first.viewDidLoadCount == 1)
    let key = KeepAliveKey(CardForm.self)
    #expect(
      stage.take().cacheEvents == [
        .cacheStored(first.screenID, entry: 1, key: key), .cacheHit(first.screenID, entry: 1),
      ])
  }

  @Test func anEmbeddedScreenComesBackInANewContainer() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let detail = Destination<Reusable>.make { Reusable("Detail", CallLog()) }
    let embedded = NavigationOptions<Reusable>().embedded(in: .navigationController)
    let first = try show(detail, by: .presentModal, on: stage, options: embedded)
    let oldContainer = WeakRef(try #require(first.navigationController))
    first.navigationController?.presentingViewController?.dismiss(animated: false)
    #expect(oldContainer.object == nil)  // released: the kept screen has no parent any more
    let second = try show(detail, by: .presentModal, on: stage, options: embedded)
    #expect(second === first)
    let container = try #require(second.navigationController)
    #expect(container.viewControllers.count == 1 && container.viewControllers[0] === second)
    #expect(container.presentingViewController != nil)
    let id = first.screenID
    #expect(stage.take().cacheEvents == [.cacheStored(id, entry: 1, key: key), .cacheHit(id, entry: 1)])
  }

  @Test func aGivenInstanceIsKeptAndANavigationThatWouldMakeOneFindsIt() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let given = Reusable("Given", CallLog())
    let made = Counter()
    _ = try show(.instance(given), by: .push, on: stage)
    stage.navigation.popViewController(animated: false)
    let found = try show(
      .make {
        made.hit(); return Reusable("New", CallLog())
      }, by: .push, on: stage)
    #expect(found === given)
    #expect(made.count == 0)
    let id = given.screenID
    #expect(stage.take().cacheEvents == [.cacheStored(id, entry: 1, key: key), .cacheHit(id, entry: 1)])
  }

  @Test func aRefusedNavigationKeepsNothing() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let refused = Destination<Reusable>.make {
      let screen = Reusable("Detail", CallLog())
      screen.modalPresentationStyle = .none
      return screen
    }
    #expect(throws: NavigationError.self) {
      try stage.navigator.tryPresentModal(refused, options: NavigationOptions().keepAlive(within: .session))
    }
    #expect(stage.navigator.keepAliveCache.keys == [])
    #expect(stage.take() == [])
  }

  @Test func aNavigationThatDoesNotKeepItsScreenAliveLeavesTheCacheAlone() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let detail = Destination<Reusable>.make { Reusable("Detail", CallLog()) }
    let kept = try show(detail, by: .push, on: stage)
    stage.navigation.popViewController(animated: false)
    let plain = try stage.navigator.tryPush(detail, options: NavigationOptions().animated(false))
    #expect(plain !== kept)
    #expect(stage.navigator.keepAliveCache.screen(for: key) === kept)
    #expect(stage.take().cacheEvents == [.cacheStored(kept.screenID, entry: 1, key: key)])
  }
}
