import AppFlow
import Testing

@testable import FlowServiceCore

/// The service's per-session tables give their memory back once their sessions are gone: a
/// dictionary keeps its capacity after removals, so each is rebuilt once mostly empty.
@Suite struct ChannelMemoryTests {
  @Test func releasedChannelsGiveBackTheirTable() throws {
    let events = SessionEvents()
    let ids = try (0..<5_000).map { try SessionID("s\($0)") }
    for id in ids {
      events.hold(id)
      events.publish(id, ["a"])
    }
    let full = events.capacity
    events.release(ids.dropLast(10))
    #expect(events.footprint == (10, 10))
    #expect(events.capacity < full / 8)
    events.release(ids.suffix(10))
    #expect(events.footprint == (0, 0))
    #expect(events.capacity <= 64)
  }

  @Test func closedStreamsGiveBackTheirTable() throws {
    let streams = EventStreamCount(limit: 10_000, sessionLimit: 1)
    let ids = try (0..<5_000).map { try SessionID("s\($0)") }
    for id in ids { #expect(streams.open(id) == nil) }
    let full = streams.capacity
    for id in ids { streams.close(id) }
    #expect(full > 4_096)
    #expect(streams.capacity <= 64)
  }

  @Test func theRecentEventsAreTheNewestInOrder() throws {
    let events = SessionEvents(recentLimit: 3)
    let id = try SessionID("s")
    events.hold(id)
    events.publish(id, ["a", ""])
    events.publish(id, ["Product(id: 42).viewDidLoad", "Größe ✓", String(repeating: "x", count: 300)])
    #expect(
      events.recent(id) == [
        SessionEvent(index: 2, event: "Product(id: 42).viewDidLoad"),
        SessionEvent(index: 3, event: "Größe ✓"),
        SessionEvent(index: 4, event: String(repeating: "x", count: 300)),
      ])
    #expect(events.footprint == (1, 3))
  }
}
