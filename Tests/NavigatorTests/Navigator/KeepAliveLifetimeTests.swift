import Navigator
import TestSupport
import Testing

/// How each lifetime ends, and every other way a kept screen is let go: the cache drops its
/// reference at once (weak references go nil) and the journal records it.
@Suite(.exhaustiveStages) struct KeepAliveLifetimeTests {
  private let key = KeepAliveKey(Reusable.self)

  /// Pushes a new reusable screen named Detail, kept for `lifetime`, and pops it; returns a
  /// weak reference to it and its identifier.
  private func visit(
    _ stage: Stage, _ navigator: Navigator? = nil, within lifetime: Lifetime, _ log: CallLog = CallLog()
  ) throws -> (WeakRef<Reusable>, ScreenID) {
    let screen = try (navigator ?? stage.navigator).tryPush(
      .make { Reusable("Detail", log) },
      options: NavigationOptions().animated(false).keepAlive(within: lifetime))
    stage.scheduler.settle()
    stage.navigation.popViewController(animated: false)
    stage.scheduler.settle()
    return (WeakRef(screen), screen.screenID)
  }

  @Test func aScreenOnScreenNeverExpires() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let cache = stage.navigator.keepAliveCache
    let detail: WeakRef<Reusable>
    let id: ScreenID
    do {
      let screen = try stage.navigator.tryPush(
        .make { Reusable("Detail", CallLog()) },
        options: NavigationOptions().animated(false).keepAlive(within: .duration(.seconds(1))))
      (detail, id) = (WeakRef(screen), screen.screenID)
    }
    stage.scheduler.settle()
    stage.scheduler.advance(by: .seconds(100))
    #expect(cache.keys == [key])
    stage.navigation.popViewController(animated: false)
    stage.scheduler.settle()
    stage.scheduler.advance(by: .milliseconds(500))
    #expect(cache.keys == [key])
    #expect(stage.take().cacheEvents == [.cacheStored(id, entry: 1, key: key)])
    stage.scheduler.advance(by: .milliseconds(500))
    #expect(stage.take() == [.cacheEvicted(id, entry: 1, .lifetimeEnded)])
    #expect(detail.object == nil)
  }

  @Test func underTheImmediateSchedulerAnExpiredScreenGoesOnTheCachesNextUse() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let cache = stage.navigator.keepAliveCache
    let (brief, briefID) = try visit(stage, within: .duration(.seconds(0)))
    #expect(brief.object != nil)  // nothing read the cache since it left
    #expect(stage.take().cacheEvents == [.cacheStored(briefID, entry: 1, key: key)])
    #expect(cache.keys == [])
    #expect(stage.take() == [.cacheEvicted(briefID, entry: 1, .lifetimeEnded)])
    #expect(brief.object == nil)

    let (hour, hourID) = try visit(stage, within: .duration(.seconds(3600)))
    cache.purgeExpired()
    #expect(cache.count == 1)
    #expect(hour.object != nil)
    #expect(stage.take().cacheEvents == [.cacheStored(hourID, entry: 2, key: key)])
  }

  @Test func aSessionLifetimeOutlivesAnyDuration() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil))
    let (kept, id) = try visit(stage, within: .session)
    stage.scheduler.advance(by: .seconds(1_000_000_000))
    #expect(stage.navigator.keepAliveCache.keys == [key])
    #expect(kept.object != nil)
    #expect(stage.take().cacheEvents == [.cacheStored(id, entry: 1, key: key)])
  }

  @Test func aLifetimeEndingEndsItsScreenWhenItCallsTheKillClosure() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let signOut = SignOut()
    let (first, firstID) = try visit(stage, within: .until(signOut))
    #expect(signOut.kills.count == 1)
    signOut.signOut()
    #expect(first.object == nil)
    #expect(
      stage.take().cacheEvents == [
        .cacheStored(firstID, entry: 1, key: key), .cacheEvicted(firstID, entry: 1, .lifetimeEnded),
      ])

    // A closure that comes again, or late, ends nothing but its own screen.
    let (second, secondID) = try visit(stage, within: .until(signOut))
    signOut.kills[0]()
    #expect(second.object != nil)
    signOut.kills[1]()
    #expect(second.object == nil)
    signOut.kills[1]()
    #expect(
      stage.take().cacheEvents == [
        .cacheStored(secondID, entry: 2, key: key), .cacheEvicted(secondID, entry: 2, .lifetimeEnded),
      ])
    #expect("\(Lifetime.until(signOut))" == "until(SignOut)")
    #expect("\(Lifetime.duration(.seconds(60)))" == "duration(.seconds(60.0))")
    #expect("\(Lifetime.session)" == "session")
  }

  @Test func aLifetimeThatEndedAlreadyEndsAtOnce() throws {
    final class Over: LifetimeEnding {
      func die(_ kill: @escaping () -> Void) { kill() }
    }
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let (screen, id) = try visit(stage, within: .until(Over()))
    #expect(screen.object == nil)
    #expect(
      stage.take().cacheEvents == [
        .cacheStored(id, entry: 1, key: key), .cacheEvicted(id, entry: 1, .lifetimeEnded),
      ]
    )
  }

  @Test func removingAndTheNavigatorsEndReleaseEveryScreen() throws {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    var navigator: Navigator? = Navigator(window: stage.window)
    let other = KeepAliveKey(Reusable.self, identifier: "other")
    func visitOther() throws -> (WeakRef<Reusable>, ScreenID) {
      let screen = try navigator!.tryPush(
        .make { Reusable("Other", CallLog()) },
        options: NavigationOptions().animated(false).keepAlive(within: .session, identifier: "other"))
      stage.navigation.popViewController(animated: false)
      return (WeakRef(screen), screen.screenID)
    }
    let (a, aID) = try visit(stage, navigator, within: .session)
    let (b, bID) = try visitOther()
    navigator!.keepAliveCache.remove(key)
    #expect(a.object == nil && b.object != nil)
    navigator!.keepAliveCache.removeAll()
    #expect(b.object == nil)
    #expect(
      stage.take().cacheEvents == [
        .cacheStored(aID, entry: 1, key: key), .cacheStored(bID, entry: 2, key: other),
        .cacheEvicted(aID, entry: 1, .removed), .cacheEvicted(bID, entry: 2, .removed),
      ])

    let (c, cID) = try visit(stage, navigator, within: .session)
    let (d, dID) = try visitOther()
    navigator = nil
    #expect(c.object == nil && d.object == nil)
    #expect(
      stage.take().cacheEvents == [
        .cacheStored(cID, entry: 3, key: key), .cacheStored(dID, entry: 4, key: other),
        .cacheEvicted(cID, entry: 3, .sessionEnded), .cacheEvicted(dID, entry: 4, .sessionEnded),
      ])
  }
}
