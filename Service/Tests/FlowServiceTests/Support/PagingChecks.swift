import AppFlow
import Foundation
import Testing

@testable import FlowServiceCore

/// The checks every store's pages pass: identifiers in byte order (`B` before `a`, whatever a
/// database's collation says), each page starting after its cursor, and a `next` only when a
/// session follows.
enum PagingChecks {
  /// The identifiers the checks save, in byte order.
  static let ids = try! ["B", "a", "a.1", "b", "b-2", "c"].map { try SessionID($0) }

  /// Saves ``ids`` in `store` (in another order), then reads it page by page.
  ///
  /// - Parameters:
  ///   - store: An empty store.
  ///   - keepsTimes: A Boolean value indicating whether the store keeps when each session was
  ///     saved (every entry has an ISO 8601 time then, none otherwise).
  static func check(
    _ store: any SnapshotStore, keepsTimes: Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    #expect(
      try await SessionPage.read(from: store, after: nil, limit: 2) == SessionPage(sessions: [], next: nil),
      sourceLocation: sourceLocation)
    for id in ids.reversed() { try await store.save([1], for: id) }

    var pages: [[SessionID]] = []
    var cursors: [SessionID?] = []
    var after: SessionID?
    repeat {
      let page = try await SessionPage.read(from: store, after: after, limit: 4)
      pages.append(page.sessions.map(\.id))
      cursors.append(page.next)
      for session in page.sessions {
        #expect(
          (session.updatedAt.map(isTime) ?? false) == keepsTimes, "\(session)", sourceLocation: sourceLocation
        )
      }
      after = page.next
    } while after != nil && pages.count < 5
    #expect(pages == [Array(ids[0..<4]), Array(ids[4...])], sourceLocation: sourceLocation)
    #expect(cursors == [ids[3], nil], sourceLocation: sourceLocation)

    // A page that ends exactly at the last session has no next one.
    let exact = try await SessionPage.read(from: store, after: ids[1], limit: 4)
    #expect(exact.sessions.map(\.id) == Array(ids[2...]), sourceLocation: sourceLocation)
    #expect(exact.next == nil, sourceLocation: sourceLocation)
    // A cursor that names no session still pages from where it would sort.
    let between = try await SessionPage.read(from: store, after: try SessionID("a.0"), limit: 1)
    #expect(between.sessions.map(\.id) == [ids[2]], sourceLocation: sourceLocation)
    #expect(between.next == ids[2], sourceLocation: sourceLocation)
    #expect(
      try await SessionPage.read(from: store, after: ids[5], limit: 3)
        == SessionPage(sessions: [], next: nil),
      sourceLocation: sourceLocation)
  }

  /// Whether `text` is a time as the stores write it: `2026-11-26T07:01:02.345Z`.
  private static func isTime(_ text: String) -> Bool {
    text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil
  }
}
