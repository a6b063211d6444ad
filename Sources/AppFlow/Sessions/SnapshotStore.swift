/// Where a ``SessionHost`` keeps its sessions' snapshots: opaque bytes by ``SessionID``.
///
/// AppFlow has two: ``InMemorySnapshotStore`` (the default) and ``DirectorySnapshotStore``
/// (a file per session). A database store (SQLite, PostgreSQL) fits the same shape: a
/// key-value table with a primary key, an upsert, a select, a delete and a key scan.
///
/// Requirements on every store:
/// - A save is all or nothing: once ``save(_:for:)`` returned, ``load(_:)`` gives those bytes
///   (or those of a later save), whatever crashes afterwards; until it returned, it gives
///   the previous bytes or the new ones, never a mix.
/// - What can't be read back as saved is a ``SnapshotStoreError``, never a crash and never
///   other bytes.
/// - Calls may come concurrently, for different sessions and for the same one; the host
///   itself never overlaps two calls for one session.
public protocol SnapshotStore: Sendable {
  /// Saves `snapshot` as the session's snapshot, replacing the one it had.
  ///
  /// - Parameters:
  ///   - snapshot: The bytes to keep.
  ///   - session: The session.
  /// - Throws: ``SnapshotStoreError`` when the snapshot could not be kept; the previous one,
  ///   if any, is then still there.
  func save(_ snapshot: [UInt8], for session: SessionID) async throws(SnapshotStoreError)

  /// The session's snapshot, or `nil` when none is saved.
  ///
  /// - Parameter session: The session.
  /// - Returns: The bytes last saved.
  /// - Throws: ``SnapshotStoreError`` when the snapshot can't be read back as it was saved.
  func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]?

  /// Removes the session's snapshot; nothing happens when it has none.
  ///
  /// - Parameter session: The session.
  /// - Throws: ``SnapshotStoreError`` when the snapshot could not be removed.
  func remove(_ session: SessionID) async throws(SnapshotStoreError)

  /// The sessions that have a snapshot, in ascending order.
  ///
  /// - Returns: Their identifiers.
  /// - Throws: ``SnapshotStoreError`` when the store can't be listed.
  func sessionIDs() async throws(SnapshotStoreError) -> [SessionID]
}
