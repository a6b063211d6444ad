import AppFlow

/// A stored session, as the lists of sessions show it.
struct StoredSession: Hashable, Sendable {
  /// The session's identifier.
  var id: SessionID
  /// When its snapshot was last saved, in ISO 8601 (UTC, milliseconds); `nil` when the store
  /// doesn't keep it.
  var updatedAt: String?

  /// Creates a stored session.
  ///
  /// - Parameters:
  ///   - id: The session's identifier.
  ///   - updatedAt: When its snapshot was last saved.
  init(id: SessionID, updatedAt: String? = nil) {
    self.id = id
    self.updatedAt = updatedAt
  }
}

/// A store that lists its sessions a page at a time, and counts them, with queries of its own,
/// without reading every identifier.
protocol PagingSnapshotStore: SnapshotStore {
  /// Up to `limit` sessions whose identifiers sort after `after` (from the first when `nil`),
  /// in ascending order of their identifiers (byte order).
  ///
  /// - Parameters:
  ///   - after: The identifier to start after, or `nil`.
  ///   - limit: The most sessions to return, at least 1.
  /// - Returns: The sessions.
  /// - Throws: `SnapshotStoreError` when the store can't be listed.
  func sessions(after: SessionID?, limit: Int) async throws(SnapshotStoreError) -> [StoredSession]

  /// How many sessions have a snapshot (one `COUNT` query).
  ///
  /// - Returns: The count.
  /// - Throws: `SnapshotStoreError` when the store can't be counted.
  func sessionCount() async throws(SnapshotStoreError) -> Int
}

/// One page of the stored sessions, in ascending order of their identifiers.
struct SessionPage: Hashable, Sendable {
  /// The page's sessions.
  var sessions: [StoredSession]
  /// The cursor of the next page (the last identifier of this one), or `nil` when this page
  /// is the last.
  var next: SessionID?

  /// The largest page a request may ask for.
  static let maximumLimit = 500
  /// The page size when a request names none.
  static let defaultLimit = 50

  /// Reads a page of `store`: with the store's own query when it pages
  /// (``PagingSnapshotStore``), otherwise from its whole list, in memory.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - after: The cursor: the page starts after this identifier (from the first when `nil`).
  ///   - limit: The page size, at least 1.
  /// - Returns: The page; its `next` is `nil` when no session follows it.
  /// - Throws: `SnapshotStoreError` when the store can't be listed.
  static func read(
    from store: any SnapshotStore, after: SessionID?, limit: Int
  ) async throws(SnapshotStoreError) -> SessionPage {
    // One more than the page, to know whether another page follows.
    var sessions = try await Self.sessions(of: store, after: after, limit: limit + 1)
    guard sessions.count > limit else { return SessionPage(sessions: sessions, next: nil) }
    sessions.removeLast(sessions.count - limit)
    return SessionPage(sessions: sessions, next: sessions.last?.id)
  }

  /// Up to `limit` sessions of `store` after `after`: with the store's own query when it pages
  /// (``PagingSnapshotStore``), otherwise from its whole list, in memory.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - after: The identifier to start after, or `nil` for the first.
  ///   - limit: The most sessions to return, at least 1.
  /// - Returns: The sessions, in ascending order of their identifiers.
  /// - Throws: `SnapshotStoreError` when the store can't be listed.
  static func sessions(
    of store: any SnapshotStore, after: SessionID?, limit: Int
  ) async throws(SnapshotStoreError) -> [StoredSession] {
    if let store = store as? any PagingSnapshotStore {
      return try await store.sessions(after: after, limit: limit)
    }
    let ids = try await store.sessionIDs()
    let start = after.map { after in ids.firstIndex { $0 > after } ?? ids.endIndex } ?? ids.startIndex
    return ids[start...].prefix(limit).map { StoredSession(id: $0) }
  }

  /// How many sessions `store` holds: with the store's own query when it has one
  /// (``PagingSnapshotStore``), otherwise from its whole list.
  ///
  /// - Parameter store: The store.
  /// - Returns: The count.
  /// - Throws: `SnapshotStoreError` when the store can't be counted.
  static func count(of store: any SnapshotStore) async throws(SnapshotStoreError) -> Int {
    if let store = store as? any PagingSnapshotStore { return try await store.sessionCount() }
    return try await store.sessionIDs().count
  }
}
