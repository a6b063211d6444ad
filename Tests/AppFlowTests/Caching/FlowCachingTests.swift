import AppFlow
import Navigator
import Testing

/// `Lifetime.untilEnd(of:)` and the session: a flow's end expires the screens it kept alive,
/// before its outcome is delivered; a flow that ended or is gone ends the lifetime at once;
/// the app controller's end ends the session.
@Suite struct FlowCachingTests {
  private let key = KeepAliveKey(NamedScreen.self)

  /// Pushes a screen named Cart with `navigator`, kept for `lifetime`, and pops it; returns
  /// a weak reference to it and its identifier.
  private func visitCart(_ navigator: Navigator, within lifetime: Lifetime) throws -> (Weak, ScreenID) {
    let cart = try navigator.tryPush(
      .make { NamedScreen("Cart") }, options: NavigationOptions().animated(false).keepAlive(within: lifetime))
    cart.navigationController?.popViewController(animated: false)
    return (Weak("Cart", cart), cart.screenID)
  }

  @Test(arguments: ["finish", "pop"])
  func aFlowsEndExpiresTheScreensItKeptAliveBeforeItsOutcome(end: String) throws {
    let (app, _) = try makeApp()
    let cache = app.navigator.keepAliveCache
    let flow = TestFlow("Shop")
    var keptAtOutcome: [Bool] = []
    try app.tryRun(flow, as: .push, animated: false) { [key] _ in keptAtOutcome.append(cache.contains(key)) }
    let first = try #require(flow.firstScreen).screenID
    let (cart, cartID) = try visitCart(try #require(flow.navigator), within: .untilEnd(of: flow))
    #expect(cache.keys == [key])
    #expect(cart.object != nil)

    let ending: FlowEnding
    if end == "finish" {
      try flow.tryFinish("done", animated: false)
      ending = .finished
    } else {
      app.rootNavigationController?.popViewController(animated: false)
      ending = .dismissed(HierarchyExit(.popped(.programmatic), removedScreen: first))
    }
    #expect(cart.object == nil)
    #expect(keptAtOutcome == [false])
    #expect(
      app.window.journal.events.notes == [
        .flowStarted(flow.id, firstScreen: first), .cacheStored(cartID, entry: 1, key: key),
        .flowEnded(flow.id, ending), .cacheEvicted(cartID, entry: 1, .lifetimeEnded),
      ])
  }

  @Test func aFlowThatIsGoneOrEndedAlreadyEndsTheLifetimeAtOnce() throws {
    let (app, _) = try makeApp()
    let cache = app.navigator.keepAliveCache
    var never: TestFlow? = TestFlow("Never")
    let (first, firstID) = try visitCart(app.navigator, within: .untilEnd(of: never!))
    #expect(cache.keys == [key])
    never = nil  // it never ran, and goes: its lifetimes end with it
    #expect(first.object == nil)
    #expect(
      app.window.journal.events.cacheEvents == [
        .cacheStored(firstID, entry: 1, key: key), .cacheEvicted(firstID, entry: 1, .lifetimeEnded),
      ])

    let ended = TestFlow("Ended")
    try app.tryRun(ended, as: .push, animated: false)
    try ended.tryFinish("done", animated: false)
    app.window.journal.removeAll()
    let (second, secondID) = try visitCart(app.navigator, within: .untilEnd(of: ended))
    #expect(second.object == nil)
    #expect(cache.keys == [])
    #expect(
      app.window.journal.events.cacheEvents == [
        .cacheStored(secondID, entry: 2, key: key), .cacheEvicted(secondID, entry: 2, .lifetimeEnded),
      ])
  }

  @Test func theSessionEndsWithTheAppControllerEvenIfItsNavigatorLivesOn() throws {
    var app: AppController? = try makeApp().0
    let window = try #require(app?.window)
    let navigator = try #require(app?.navigator)
    let (cart, cartID) = try visitCart(navigator, within: .session)
    #expect(cart.object != nil)
    app = nil
    #expect(cart.object == nil)
    #expect(navigator.keepAliveCache.keys == [])
    #expect(
      window.journal.events.cacheEvents == [
        .cacheStored(cartID, entry: 1, key: key), .cacheEvicted(cartID, entry: 1, .sessionEnded),
      ])
  }
}
