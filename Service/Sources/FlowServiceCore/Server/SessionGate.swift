import AppFlow

/// Keeps the requests of one session from overlapping across the service instances that
/// share its store, and this instance's copy of the session up to date.
///
/// The host already runs one session's calls one at a time within a process. With SQLite,
/// one process owns the database, so that is all it takes (``local``). With PostgreSQL,
/// several instances share the sessions: each request holds the session's row lock, and an
/// instance whose copy is older than the row drops it and restores the row
/// (``shared(_:_:)``); within an instance, a session's requests wait in its line
/// (``SessionLine``) before they take a connection.
enum SessionGate: Sendable {
  /// One instance: nothing to add to the host's own order.
  case local
  /// Instances sharing a PostgreSQL store, and this instance's line per session.
  case shared(PostgresSnapshotStore, SessionLine)

  /// Runs `body`, which works on session `id` through `host`, alone among the instances.
  ///
  /// When `body` throws an error that may have left this instance's copy ahead of the store
  /// (anything but a refusal, which changes nothing), the copy is dropped, so that the next
  /// request restores what the store has.
  func withSession<T: Sendable>(
    _ id: SessionID, host: SessionHost, _ body: () async throws -> T
  ) async throws -> T {
    guard case .shared(let store, let line) = self else { return try await body() }
    do {
      return try await line.withTurn(id) {
        try await locked(id, in: store, host: host, body)
      }
    } catch let error as ServiceError where error.status < 500 {
      throw error
    } catch {
      _ = try? await host.discard(id)
      throw error
    }
  }

  /// Runs `body` holding the session's row lock, after dropping this instance's copy when it
  /// is out of date.
  private func locked<T: Sendable>(
    _ id: SessionID, in store: PostgresSnapshotStore, host: SessionHost, _ body: () async throws -> T
  ) async throws -> T {
    try await store.withSessionLock(id) { state in
      if state != .current { try await host.discard(id) }
      if state == .stale {
        // Restores the row now, and drops what the restoration recorded: rebuilding an
        // instance's copy is not a navigation, and the streams don't carry it.
        try await host.withSession(id) { app in _ = SessionEvents.take(from: app) }
      }
      return try await body()
    }
  }

  /// Publishes the session's events: to this instance's streams at once, or, with
  /// PostgreSQL, through the database to every instance's (with the request's transaction
  /// when the session's lock is held).
  func publish(_ id: SessionID, _ texts: [String], to events: SessionEvents) async throws {
    guard !texts.isEmpty else { return }
    guard case .shared(let store, _) = self else { return events.publish(id, texts) }
    for payload in RelayMessage.payloads(id, texts) {
      try await store.notify(RelayMessage.channel, payload, about: id)
    }
  }

  /// Ends the streams of a removed session: this instance's, or every instance's.
  func close(_ id: SessionID, in events: SessionEvents) async {
    guard case .shared(let store, _) = self else { return events.close(id) }
    let payload = text(RelayMessage(session: id.rawValue, removed: true))
    do {
      try await store.notify(RelayMessage.channel, payload, about: id)
    } catch {
      // The session is gone; its streams here end at least.
      events.close(id)
    }
  }
}
