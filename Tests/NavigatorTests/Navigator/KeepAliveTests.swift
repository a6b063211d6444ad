import Navigator
import TestSupport
import Testing

/// Keep-alive caching: the same instance within its lifetime and a new one after it, the old
/// one released; the reuse hook before the data and `configure`; a kept screen on screen
/// refused with nothing changed; the least recently used evicted at the limit; one cache per
/// navigator.
@Suite(.exhaustiveStages) struct KeepAliveTests {
  /// Non-animated, kept for a minute, one screen per type.
  private let minute = NavigationOptions<Reusable>().animated(false).keepAlive(
    within: .duration(.seconds(60)))
  private let detailKey = KeepAliveKey(Reusable.self)

  @Test func aScreenAskedForAgainWithinItsLifetimeIsTheSameInstanceAndANewOneAfterIt() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let log = CallLog()
    let made = Counter()
    let detail = Destination<Reusable>.make {
      made.hit()
      return Reusable("Detail", log)
    }
    let cache = stage.navigator.keepAliveCache
    var first: WeakRef<Reusable>
    let firstID: ScreenID
    do {
      let screen = try stage.navigator.tryPush(detail, options: minute)
      first = WeakRef(screen)
      firstID = screen.screenID
    }
    stage.scheduler.settle()
    stage.navigation.popViewController(animated: false)
    stage.scheduler.settle()
    stage.scheduler.advance(by: .seconds(59))
    #expect(stage.take().cacheEvents == [.cacheStored(firstID, entry: 1, key: detailKey)])

    // 59 s after it left: the same instance.
    #expect(try stage.navigator.tryPush(detail, options: minute) === first.object)
    stage.scheduler.settle()
    stage.navigation.popViewController(animated: false)
    stage.scheduler.settle()
    #expect(stage.take().cacheEvents == [.cacheHit(firstID, entry: 1)])

    // Its time counts from the second departure (at 59 s): evicted the moment 60 s passed.
    stage.scheduler.advance(by: .seconds(59))
    #expect(stage.take() == [])
    stage.scheduler.advance(by: .seconds(1))
    #expect(stage.take() == [.cacheEvicted(firstID, entry: 1, .lifetimeEnded)])
    #expect(first.object == nil)
    #expect(cache.keys == [])

    // After it: a new instance, entry 2.
    let second = try stage.navigator.tryPush(detail, options: minute)
    stage.scheduler.settle()
    #expect(made.count == 2)
    #expect(stage.take().cacheEvents == [.cacheStored(second.screenID, entry: 2, key: detailKey)])
    #expect(cache.screen(for: detailKey) === second)
  }

  @Test func theReusedScreenHearsPrepareForReuseBeforeItsDataAndConfigure() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let log = CallLog()
    let detail = Destination<Reusable>.make { Reusable("Detail", log) }
    func show(_ data: Int) throws -> Reusable {
      try stage.navigator.tryPush(detail, options: minute.passing(data)) { _ in
        log.calls.append("configure(\(data))")
      }
    }
    let first = try show(1)
    let firstPush = stage.take()
    stage.navigation.popViewController(animated: false)
    stage.discardEvents()  // the pop is not the subject
    let second = try show(2)
    let secondPush = stage.take()

    #expect(second === first)
    #expect(
      log.calls == [
        "Detail.viewDidLoad", "Detail.receive(1)", "configure(1)",
        "Detail.prepareForReuse", "Detail.receive(2)", "configure(2)",
      ])
    let d = first.screenID
    #expect(Array(firstPush.prefix(2)) == [.cacheStored(d, entry: 1, key: detailKey), .viewDidLoad(d)])
    // The reused push journals what the first did, with the hit for the store and no load.
    #expect(secondPush == [.cacheHit(d, entry: 1)] + firstPush.dropFirst(2))
  }

  @Test func askingForAKeptScreenThatIsOnScreenIsATypedErrorAndChangesNothing() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let log = CallLog()
    let made = Counter()
    let detail = Destination<Reusable>.make {
      made.hit()
      return Reusable("Detail", log)
    }
    let shown = try stage.navigator.tryPush(detail, options: minute)
    #expect(stage.take().cacheEvents == [.cacheStored(shown.screenID, entry: 1, key: detailKey)])
    let screens: [ViewController] = [stage.navigation, stage.root, shown]
    let before = HierarchySnapshot(screens: screens, windows: [stage.window])
    let calls = log.calls
    var failures: [NavigationError] = []

    let error = #expect(throws: NavigationError.self) {
      try stage.navigator.tryPush(detail, options: minute.onFailure { failures.append($0) })
    }
    #expect(error?.code == .cachedScreenInHierarchy)
    #expect(
      error?.message
        == "Can't reuse Detail, kept alive as Reusable: it is a child of Nav; a kept screen is shown in one "
        + "place at a time.")
    #expect(error?.screens == [shown.screenID, stage.navigation.screenID])
    #expect(failures == [error].compactMap(\.self))
    #expect(stage.take() == [])
    #expect(HierarchySnapshot(screens: screens, windows: [stage.window]) == before)
    #expect(log.calls == calls)
    #expect(made.count == 1)
    #expect(stage.navigator.keepAliveCache.keys == [detailKey])

    // The plain form reports it under the window's policy, and changes nothing else.
    #expect(stage.navigator.push(detail, options: minute) == nil)
    #expect(stage.take() == [.misuse(try #require(error))])
    #expect(stage.errors.errors == [error].compactMap(\.self))
    #expect(HierarchySnapshot(screens: screens, windows: [stage.window]) == before)
  }

  @Test func theLimitEvictsTheLeastRecentlyUsedScreen() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let log = CallLog()
    let cache = stage.navigator.keepAliveCache
    #expect(cache.limit == 32)
    cache.limit = 2
    func key(_ name: String) -> KeepAliveKey { KeepAliveKey(Reusable.self, identifier: name) }
    /// Pushes and pops the screen kept under `name`.
    func visit(_ name: String) throws -> (WeakRef<Reusable>, ScreenID) {
      let screen = try stage.navigator.tryPush(
        .make { Reusable(name, log) },
        options: NavigationOptions().animated(false).keepAlive(within: .session, identifier: name))
      stage.navigation.popViewController(animated: false)
      return (WeakRef(screen), screen.screenID)
    }
    let (a, aID) = try visit("A")
    let (b, bID) = try visit("B")
    let (aAgain, _) = try visit("A")
    let (c, cID) = try visit("C")

    #expect(aAgain.object === a.object)
    #expect(a.object != nil && c.object != nil)
    #expect(b.object == nil)
    #expect(cache.keys == [key("A"), key("C")])
    #expect(
      stage.take().cacheEvents == [
        .cacheStored(aID, entry: 1, key: key("A")), .cacheStored(bID, entry: 2, key: key("B")),
        .cacheHit(aID, entry: 1), .cacheStored(cID, entry: 3, key: key("C")),
        .cacheEvicted(bID, entry: 2, .leastRecentlyUsed),
      ])

    cache.limit = 1
    #expect(stage.take() == [.cacheEvicted(aID, entry: 1, .leastRecentlyUsed)])
    #expect(a.object == nil)
    #expect(cache.keys == [key("C")])
  }

  @Test func twoNavigatorsShareNothing() throws {
    let one = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let two = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let log = CallLog()
    let detail = Destination<Reusable>.make { Reusable("Detail", log) }
    let kept = try one.navigator.tryPush(detail, options: minute)
    one.navigation.popViewController(animated: false)
    let other = try two.navigator.tryPush(detail, options: minute)
    two.navigation.popViewController(animated: false)

    #expect(other !== kept)
    #expect(one.navigator.keepAliveCache.screen(for: detailKey) === kept)
    #expect(two.navigator.keepAliveCache.screen(for: detailKey) === other)
    // A second navigator of the same window has a cache of its own.
    #expect(Navigator(window: one.window).keepAliveCache.keys == [])
    #expect(one.take().cacheEvents == [.cacheStored(kept.screenID, entry: 1, key: detailKey)])
    #expect(two.take().cacheEvents == [.cacheStored(other.screenID, entry: 1, key: detailKey)])
  }

  @Test func aRecordedRequestNamesItsKey() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let log = CallLog()
    stage.navigator.isRecordingRequests = true
    let identified = NavigationOptions<Reusable>().animated(false).keepAlive(within: .session, identifier: 7)
    try stage.navigator.tryPush(.make { Reusable("Detail", log) }, options: identified)
    let key = KeepAliveKey(Reusable.self, identifier: 7)
    #expect(
      stage.navigator.recordedRequests == [.init(.push, .type("Reusable"), isAnimated: false, keepAlive: key)]
    )
    #expect(
      "\(stage.navigator.recordedRequests[0])"
        == "Request(push, type(\"Reusable\"), animated: false, keepAlive: Reusable[7])")
    #expect("\(detailKey)" == "Reusable")
    stage.discardEvents()  // the request is the subject
  }

  @Test func keepAliveAndATransitioningDelegateKeepEachOtherInEitherOrder() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let transition = FixedTransition(duration: .seconds(1))
    stage.navigator.isRecordingRequests = true
    let base = NavigationOptions<Reusable>().animated(false)
    for options in [
      base.keepAlive(within: .session).transitioningDelegate(transition),
      base.transitioningDelegate(transition).keepAlive(within: .session),
    ] {
      #expect(options.transitioningDelegate === transition)
      let screen = try stage.navigator.tryPush(.make { Reusable("Detail", CallLog()) }, options: options)
      stage.navigation.popViewController(animated: false)
      #expect(stage.navigator.keepAliveCache.screen(for: detailKey) === screen)
    }
    #expect(stage.navigator.recordedRequests.map(\.keepAlive) == [detailKey, detailKey])
    #expect(transition.askedCount == 2)
    #expect(base.keepAlive(within: .session).transitioningDelegate == nil)
    stage.discardEvents()  // the options are the subject
  }
}
