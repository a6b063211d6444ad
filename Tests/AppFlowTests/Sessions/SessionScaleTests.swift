import AppFlow
import Navigator
import TestSupport
import Testing

/// 10,000 sessions in one host, driven at once from a task group: each sees only its own
/// screens and flows, and a random half is evicted and restored while the others run.
@Suite struct SessionScaleTests {
  /// What one session saw, from inside its own calls.
  struct Report: Equatable, Sendable {
    let number: Int
    let evicted: Bool
    let first: PageState
    let firstFlows: [String]
    let released: [String]
    let beforeSecond: PageState
    let flowsBeforeSecond: [String]
    let second: PageState
    let flowsAfterSecond: [String]
  }

  @Test func tenThousandSessionsStayIsolatedWhileARandomHalfIsEvictedAndRestored() async throws {
    let count = 10_000
    let host = SessionHost(codec: pageCodec) { id in makePageApp(id) }
    var generator = SplitMix64(seed: 0x5E55)
    let evicting = (0..<count).map { _ in generator.bool() }
    // Every session is driven by a child task of one group, at most `width` at a time (a
    // group's child bookkeeping grows with its live children, and would cost more than the
    // sessions): each eviction and restoration overlaps hundreds of other sessions' calls.
    let width = 500
    let reports = try await withThrowingTaskGroup(of: Report.self) { group in
      var reports: [Report] = []
      for number in 0..<count {
        if number >= width, let report = try await group.next() { reports.append(report) }
        group.addTask { try await Self.drive(host, number, evicting: evicting[number]) }
      }
      for try await report in group { reports.append(report) }
      return reports.sorted { $0.number < $1.number }
    }
    let expected = (0..<count).map { number in
      let id = sessionID("s\(number)")
      let first = PageState.stack(id, ["list", "detail"], sheet: "settings")
      return Report(
        number: number, evicted: evicting[number], first: first, firstFlows: ["s\(number)Flow#1"],
        released: [], beforeSecond: first, flowsBeforeSecond: evicting[number] ? [] : ["s\(number)Flow#1"],
        second: .stack(id, ["list", "detail", "more"]), flowsAfterSecond: [])
    }
    #expect(reports.count == count)
    #expect(reports == expected)
    #expect((4_800...5_200).contains(evicting.filter(\.self).count), "about half")
    #expect(await host.liveSessionCount == count)
    #expect(try await host.store.sessionIDs().count == evicting.filter(\.self).count)
  }

  /// One session's life: a three-screen stack with a flow's page sheet over it; eviction,
  /// for the chosen; then a call that reads the session as it was and takes the next step.
  private static func drive(_ host: SessionHost, _ number: Int, evicting: Bool) async throws -> Report {
    let id = sessionID("s\(number)")
    try await host.create(id)
    let (first, firstFlows, held) = try await host.withSession(id) { app in
      try app.navigator.tryNavigate(to: .stack(id, ["list", "detail"]), options: .init().animated(false))
      let flow = PageFlow(Page(id, "settings"))
      app.run(flow, as: .sheet(), animated: false)
      return (
        pageState(app), app.flows.allFlows.map(\.description), heldObjects(app) + [SendableWeak("flow", flow)]
      )
    }
    if evicting { try await host.evict(id) }
    let released = evicting ? alive(held) : []
    let (before, flowsBefore, second, flowsAfter) = try await host.withSession(id) { app in
      let before = (pageState(app), app.flows.allFlows.map(\.description))
      try app.navigator.tryNavigate(
        to: .stack(id, ["list", "detail", "more"]), options: .init().animated(false))
      return (before.0, before.1, pageState(app), app.flows.allFlows.map(\.description))
    }
    return Report(
      number: number, evicted: evicting, first: first, firstFlows: firstFlows, released: released,
      beforeSecond: before, flowsBeforeSecond: flowsBefore, second: second, flowsAfterSecond: flowsAfter)
  }
}
