import AppFlow

/// Keeps the requests of one session from overlapping across the service instances that
/// share its store, and this instance's copy of the session up to date.
///
/// The host already runs one session's calls one at a time within a process. With SQLite,
/// one process owns the database, so that is all it takes (``local``). With PostgreSQL,
/// several instances share the sessions: each request holds the session's row lock, and an
/// instance whose copy is older than the row drops it and restores the row (``shared(_:)``).
enum SessionGate: Sendable {
  /// One instance: nothing to add to the host's own order.
  case local
  /// Instances sharing a PostgreSQL store.
  case shared(PostgresSnapshotStore)

  /// Whether this is the one-instance gate.
  var isLocal: Bool {
    if case .local = self { true } else { false }
  }

  /// Runs `body`, which works on session `id` through `host`, alone among the instances.
  ///
  /// When `body` throws an error that may have left this instance's copy ahead of the store
  /// (anything but a refusal, which changes nothing), the copy is dropped, so that the next
  /// request restores what the store has.
  func withSession<T: Sendable>(
    _ id: SessionID, host: SessionHost, _ body: () async throws -> T
  ) async throws -> T {
    guard case .shared(let store) = self else { return try await body() }
    do {
      return try await store.withSessionLock(id) { state in
        if state != .current { try await host.discard(id) }
        return try await body()
      }
    } catch let error as ServiceError where error.status < 500 {
      throw error
    } catch {
      _ = try? await host.discard(id)
      throw error
    }
  }
}
