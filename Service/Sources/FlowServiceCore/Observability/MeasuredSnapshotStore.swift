import AppFlow

/// A store that times every save of the store it wraps into the metrics
/// (``ServiceMetrics/recordSave(duration:succeeded:)``), the idle sessions' saves among them,
/// and passes every other call through; it pages and counts with the wrapped store's own
/// queries when it has them.
struct MeasuredSnapshotStore: PagingSnapshotStore {
  /// The store that keeps the snapshots.
  let store: any SnapshotStore
  /// The metrics the saves are recorded in, and their clock.
  let observer: RequestObserver

  func save(_ snapshot: [UInt8], for session: SessionID) async throws(SnapshotStoreError) {
    let start = observer.now()
    do {
      try await store.save(snapshot, for: session)
    } catch {
      observer.metrics.recordSave(duration: observer.now() - start, succeeded: false)
      throw error
    }
    observer.metrics.recordSave(duration: observer.now() - start, succeeded: true)
  }

  func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]? {
    try await store.load(session)
  }

  func remove(_ session: SessionID) async throws(SnapshotStoreError) {
    try await store.remove(session)
  }

  func sessionIDs() async throws(SnapshotStoreError) -> [SessionID] {
    try await store.sessionIDs()
  }

  func sessions(after: SessionID?, limit: Int) async throws(SnapshotStoreError) -> [StoredSession] {
    try await SessionPage.sessions(of: store, after: after, limit: limit)
  }

  func sessionCount() async throws(SnapshotStoreError) -> Int {
    try await SessionPage.count(of: store)
  }
}
