import AppFlow

/// Keeps the requests of one session from overlapping across the service instances that
/// share its store, and this instance's copy of the session up to date.
///
/// The host already runs one session's calls one at a time within a process. With SQLite,
/// one process owns the database, so that is all it takes (``local``). With PostgreSQL,
/// several instances share the sessions (``shared(_:_:)``): a change of a session whose row
/// version this instance knows is made in memory and saved only over that version, in one
/// statement (``withChange(_:host:_:)``); when another instance saved the session since, the
/// instance drops its copy and makes the change again under the session's row lock. Every
/// other request holds the row lock, and an instance whose copy is older than the row drops
/// it and restores the row. Within an instance, a session's requests wait in its line
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

  /// Runs `body`, a change of session `id` through `host` that saves the session last, alone
  /// among the instances, and publishes its events once, only if its save commits.
  ///
  /// When this instance knows the version of the session's row, `body` runs without the
  /// row lock, and its save writes only over that version, with its events, in one
  /// statement (``PostgresSnapshotStore/withCheckedSave(_:_:)``). When that save finds the
  /// row changed by another instance, nothing of the attempt is written or published: the
  /// copy it changed is dropped, and `body` runs again under the row lock, on the restored
  /// row. A refusal (an error under 500) from a copy that may be out of date is asked again
  /// under the lock, so that no request is answered from an old copy. When this instance
  /// knows no version of the row, `body` runs under the lock at once.
  func withChange<T: Sendable>(
    _ id: SessionID, host: SessionHost, _ body: () async throws -> T
  ) async throws -> T {
    guard case .shared(let store, let line) = self else { return try await body() }
    do {
      return try await line.withTurn(id) {
        if store.knowsVersion(of: id) {
          do {
            if case .done(let value) = try await store.withCheckedSave(id, body) { return value }
            // Lost: the store forgot the version, so the lock finds the copy stale and
            // replaces it.
          } catch let error as ServiceError where error.status < 500 {
            // Refused by this instance's copy: asked again under the lock.
          }
        }
        return try await locked(id, in: store, host: host, body)
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
    let payload = RelayMessage(session: id.rawValue, removed: true).json
    do {
      try await store.notify(RelayMessage.channel, payload, about: id)
    } catch {
      // The session is gone; its streams here end at least.
      events.close(id)
    }
  }
}
