import AppFlow
import Navigator
import Testing

/// Isolation and order: calls into one session never overlap (evictions included), and one
/// session's misuse shows in its own journal only. (That a call into one session never waits
/// for another's turn is in ``SessionTurnTests``.)
@Suite struct SessionConcurrencyTests {
  private func makeHost(journal: Bool = false) -> SessionHost {
    SessionHost(codec: pageCodec) { id in makePageApp(id, journal: journal) }
  }

  @Test func callsIntoOneSessionRunOneAtATime() async throws {
    let host = makeHost()
    let id = sessionID("one")
    try await host.create(id)
    let occupancy = Occupancy()
    let names = (0..<64).map { "p\($0)" }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for name in names {
        group.addTask {
          try await host.withSession(id) { app in
            occupancy.enter()
            defer { occupancy.leave() }
            let top = app.rootNavigationController!.topViewController!
            app.rootNavigationController!.pushViewController(PageScreen(Page(id, name)), animated: false)
            // Had another call come in meanwhile, the top would have moved under us.
            #expect(app.rootNavigationController!.viewControllers.dropLast().last === top)
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(occupancy.entered == 64)
    #expect(occupancy.most == 1)
    let pages = try await host.withSession(id) { pageState($0).pages.map(\.name) }
    #expect(pages.first == "home")
    #expect(pages.dropFirst().sorted() == names.sorted())
  }

  @Test func evictionsBetweenCallsIntoOneSessionLoseNothing() async throws {
    let host = makeHost()
    let id = sessionID("churn")
    try await host.create(id)
    let occupancy = Occupancy()
    let names = (0..<100).map { "p\($0)" }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, name) in names.enumerated() {
        group.addTask {
          try await host.withSession(id) { app in
            occupancy.enter()
            defer { occupancy.leave() }
            app.rootNavigationController!.pushViewController(PageScreen(Page(id, name)), animated: false)
          }
        }
        if index.isMultiple(of: 5) { group.addTask { try await host.evict(id) } }
      }
      try await group.waitForAll()
    }
    #expect(occupancy.entered == 100)
    #expect(occupancy.most == 1)
    let pages = try await host.withSession(id) { pageState($0).pages.map(\.name) }
    #expect(pages.first == "home")
    #expect(pages.dropFirst().sorted() == names.sorted())
    #expect(await host.liveSessionCount == 1)
  }

  @Test func aSessionsMisuseShowsInItsOwnJournalOnly() async throws {
    let host = makeHost(journal: true)
    let ids = (0..<100).map { sessionID("m\($0)") }
    for id in ids { try await host.create(id) }
    // Even sessions misuse (push their home again), odd ones push a page; all at once.
    let journals = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
      for (index, id) in ids.enumerated() {
        group.addTask {
          let events = try await host.withSession(id) { app in
            app.window.journal.removeAll()
            Self.work(app, id, misuse: index.isMultiple(of: 2))
            return app.window.journal.events.map(\.description)
          }
          return (index, events)
        }
      }
      return try await group.reduce(into: [Int: [String]]()) { $0[$1.0] = $1.1 }
    }
    // The same work on an app controller of its own, outside any host, gives each journal.
    let expected = ids.enumerated().map { index, id in
      let app = makePageApp(id, journal: true)
      try! app.start()
      app.window.journal.removeAll()
      Self.work(app, id, misuse: index.isMultiple(of: 2))
      return app.window.journal.events.map(\.description)
    }
    #expect(ids.indices.map { journals[$0] ?? [] } == expected)
    #expect(
      expected[0] == [
        "misuse[duplicatePush]: Pushing the same view controller instance more than once is not supported: "
          + "m0/home is already in the stack of NavigationController."
      ])
    #expect(!expected[1].isEmpty && !expected[1].contains { $0.hasPrefix("misuse") })
  }

  /// Pushes the session's home again (a misuse) or a new page.
  private static func work(_ app: AppController, _ id: SessionID, misuse: Bool) {
    let navigation = app.rootNavigationController!
    let screen = misuse ? navigation.viewControllers[0] : PageScreen(Page(id, "next"))
    navigation.pushViewController(screen, animated: false)
  }
}
