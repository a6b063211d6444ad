/// A ``SnapshotStore`` in memory, the ``SessionHost``'s default: snapshots last as long as
/// the store.
///
/// Use it in tests, and in services that evict idle sessions to save memory but need not
/// survive a restart (a snapshot is a few hundred bytes; a live session a few KiB).
public actor InMemorySnapshotStore: SnapshotStore {
  /// The snapshots, by session.
  private var snapshots: [SessionID: [UInt8]] = [:]

  /// Creates an empty store.
  public init() {}

  /// Keeps `snapshot` as the session's snapshot.
  ///
  /// - Parameters:
  ///   - snapshot: The bytes to keep.
  ///   - session: The session.
  public func save(_ snapshot: [UInt8], for session: SessionID) throws(SnapshotStoreError) {
    snapshots[session] = snapshot
  }

  /// The session's snapshot, or `nil` when none is saved.
  ///
  /// - Parameter session: The session.
  /// - Returns: The bytes last saved.
  public func load(_ session: SessionID) throws(SnapshotStoreError) -> [UInt8]? {
    snapshots[session]
  }

  /// Removes the session's snapshot, if any.
  ///
  /// - Parameter session: The session.
  public func remove(_ session: SessionID) throws(SnapshotStoreError) {
    snapshots[session] = nil
  }

  /// The sessions that have a snapshot, in ascending order.
  ///
  /// - Returns: Their identifiers.
  public func sessionIDs() throws(SnapshotStoreError) -> [SessionID] {
    snapshots.keys.sorted()
  }
}
