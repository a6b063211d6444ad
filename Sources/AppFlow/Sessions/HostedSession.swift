import Navigator

/// One session of a ``SessionHost``: its isolation domain, and the app controller that
/// lives and dies inside it.
///
/// The host's table holds one of these per session it has in memory, and per session an
/// operation is bringing in from the store. Each one goes through three phases: vacant
/// (nothing loaded: made for an operation on a session the host doesn't hold), live (its
/// app controller made or restored), retired (evicted, removed, or found unknown: out of the
/// table for good). An operation that finds it retired returns ``Attempt/retry`` and the
/// host looks the session up again, so that a session is never live in two actors.
///
/// Operations that suspend hold the session's turn (``SessionTurns``); the others run at
/// once when the turn is free, so a call into a live session costs one hop.
actor HostedSession {
  /// An operation's result, or word that the session retired before the operation's turn.
  enum Attempt<Value: Sendable>: Sendable {
    case done(Value)
    case retry
  }

  private enum Phase {
    case vacant
    case live(AppController)
    case retired
  }

  /// The session.
  nonisolated let id: SessionID
  /// The host, which holds this actor in its table while it is not retired.
  private unowned let host: SessionHost
  private var phase = Phase.vacant
  private var turns = SessionTurns()
  /// When the last call into the session ended, or when it became live.
  private var lastUsed = Duration.zero

  init(id: SessionID, host: SessionHost) {
    self.id = id
    self.host = host
  }

  // MARK: Operations

  /// Runs `body` with the app controller, bringing the session back from the store first
  /// when it is not live.
  func run<T: Sendable>(_ body: @Sendable (AppController) throws -> T) async throws -> Attempt<T> {
    if !turns.isBusy, case .live(let app) = phase { return .done(try use(app, body)) }
    try await enterTurn()
    defer { leaveTurn() }
    switch phase {
    case .retired: return .retry
    case .live(let app): return .done(try use(app, body))
    case .vacant: return .done(try use(try await restore(), body))
    }
  }

  /// Runs `body` with the app controller, then, unless it threw, `beforeSaving` with its
  /// result, then saves the session's snapshot, all in one turn (so that saves land in the
  /// order of the changes); brings the session back from the store first when it is not live.
  func change<T: Sendable>(
    _ body: @Sendable (AppController) throws -> T, beforeSaving: @Sendable (T) async throws -> Void
  ) async throws -> Attempt<T> {
    try await enterTurn()
    defer { leaveTurn() }
    let app: AppController
    switch phase {
    case .retired: return .retry
    case .live(let live): app = live
    case .vacant: app = try await restore()
    }
    let value = try use(app, body)
    try await beforeSaving(value)
    try await store(encode(app))
    return .done(value)
  }

  /// Makes the session's app controller; refused when the host holds the session or, when
  /// `checkingStore`, when the store has a snapshot of it.
  func create(checkingStore: Bool) async throws(SessionError) -> Attempt<Void> {
    try await enterTurn()
    defer { leaveTurn() }
    switch phase {
    case .retired: return .retry
    case .live: throw SessionError(.sessionExists, "Session '\(id)' exists: the host holds it.", session: id)
    case .vacant:
      if checkingStore, try await load() != nil {
        throw SessionError(
          .sessionExists, "Session '\(id)' exists: the store has a snapshot of it.", session: id)
      }
      becomeLive(try makeApp())
      return .done(())
    }
  }

  /// The session's snapshot: made by the codec when it is live, read from the store when not.
  func snapshot() async throws(SessionError) -> Attempt<[UInt8]> {
    try await enterTurn()
    defer { leaveTurn() }
    switch phase {
    case .retired: return .retry
    case .live(let app): return .done(try encode(app))
    case .vacant:
      guard let bytes = try await load() else { throw SessionError.unknown(id) }
      return .done(bytes)
    }
  }

  /// Saves the session's snapshot into the store when it is live; when it is not, its
  /// snapshot is in the store already.
  func save() async throws(SessionError) -> Attempt<Void> {
    try await enterTurn()
    defer { leaveTurn() }
    switch phase {
    case .retired: return .retry
    case .live(let app): try await store(encode(app))
    case .vacant: guard try await load() != nil else { throw SessionError.unknown(id) }
    }
    return .done(())
  }

  /// Saves the session (unless `saving` is `false`), then retires it, releasing its app
  /// controller; when `idle` is given, only if the session has been idle since
  /// `idle.now - idle.timeout`.
  ///
  /// - Returns: Whether the session was live and is now evicted.
  func evict(
    idle: (now: Duration, timeout: Duration)? = nil, saving: Bool = true
  ) async throws(SessionError) -> Attempt<Bool> {
    try await enterTurn()
    defer { leaveTurn() }
    switch phase {
    case .retired: return .retry
    case .vacant:
      if idle == nil, try await load() == nil { throw SessionError.unknown(id) }
      return .done(false)
    case .live(let app):
      if let idle, idle.now - lastUsed < idle.timeout { return .done(false) }
      if saving { try await store(encode(app)) }
      retire()
      return .done(true)
    }
  }

  /// Evicts the session if it is live, no call is running or waiting in it, and its last
  /// call ended `timeout` or longer before `now`; saves it first when `saving`.
  ///
  /// - Returns: Whether the session was evicted; `false` too when saving it failed (it then
  ///   stays live).
  func evictIfIdle(now: Duration, timeout: Duration, saving: Bool) async -> Bool {
    guard !turns.isBusy, case .live = phase, now - lastUsed >= timeout else { return false }
    guard case .done(true) = try? await evict(idle: (now, timeout), saving: saving) else { return false }
    return true
  }

  /// Retires the session without saving it, releasing its app controller if it is live.
  ///
  /// - Returns: Whether the session was live.
  func discard() async throws(SessionError) -> Attempt<Bool> {
    try await enterTurn()
    defer { leaveTurn() }
    switch phase {
    case .retired: return .retry
    case .vacant: return .done(false)
    case .live:
      retire()
      return .done(true)
    }
  }

  /// Removes the session's snapshot from the store, then retires the session.
  func remove() async throws(SessionError) -> Attempt<Void> {
    try await enterTurn()
    defer { leaveTurn() }
    switch phase {
    case .retired: return .retry
    case .vacant: guard try await load() != nil else { throw SessionError.unknown(id) }
    case .live: break
    }
    do {
      try await host.store.remove(id)
    } catch {
      throw SessionError.store(error, "remove", id)
    }
    retire()
    return .done(())
  }

  // MARK: Phases

  /// Runs `body`, then notes the time the session was last used.
  private func use<T>(_ app: AppController, _ body: (AppController) throws -> T) rethrows -> T {
    defer { lastUsed = host.clock.now }
    return try body(app)
  }

  /// Makes an app controller and restores the session's snapshot into it.
  ///
  /// - Throws: ``SessionError/Code/unknownSession`` when the store has no snapshot (the
  ///   session stays vacant, and retires with its turn); the store's and the factory's
  ///   errors; ``SessionError/Code/restoreFailed`` when the codec threw (the session is
  ///   then live, as the codec left it).
  private func restore() async throws(SessionError) -> AppController {
    guard let bytes = try await load() else { throw SessionError.unknown(id) }
    let app = try makeApp()
    becomeLive(app)
    do {
      try host.codec.restore(app, bytes)
    } catch {
      throw SessionError(
        .restoreFailed,
        "Can't restore session '\(id)' from its \(bytes.count)-byte snapshot: \(SessionError.text(of: error)). "
          + "The session is live where the codec left it.",
        session: id)
    }
    return app
  }

  private func becomeLive(_ app: AppController) {
    phase = .live(app)
    lastUsed = host.clock.now
    host.sessionBecameLive()
  }

  /// Leaves the host's table for good, releasing the app controller if there is one.
  private func retire() {
    if case .live = phase { host.sessionLeftMemory() }
    phase = .retired
    host.forget(self)
  }

  // MARK: Turns

  /// Takes the session's turn, waiting behind the operations before it.
  ///
  /// - Throws: ``SessionError/Code/cancelled`` when the calling task is cancelled while it
  ///   waits: it gives up its place, and the operation does nothing.
  private func enterTurn() async throws(SessionError) {
    if turns.enter() { return }
    let ticket = turns.newTicket()
    let granted = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        if Task.isCancelled {
          continuation.resume(returning: false)
        } else {
          turns.wait(ticket, continuation)
        }
      }
    } onCancel: {
      Task { await self.giveUpWaiting(ticket) }
    }
    guard granted else {
      throw SessionError(
        .cancelled, "The call into session '\(id)' was cancelled while it waited for its turn.", session: id)
    }
  }

  /// The number of operations waiting for the session's turn (for tests).
  var waitingForTurn: Int { turns.waitingCount }

  /// Takes a cancelled operation out of the queue, if it is still waiting.
  private func giveUpWaiting(_ ticket: UInt32) {
    turns.cancel(ticket)?.resume(returning: false)
  }

  /// Gives the turn to the next operation; a session that is still vacant then retires, so
  /// that the table keeps no session that isn't live.
  private func leaveTurn() {
    if case .vacant = phase { retire() }
    turns.leave()?.resume(returning: true)
  }

  // MARK: The host's parts

  private func makeApp() throws(SessionError) -> AppController {
    let app: AppController
    do {
      app = try host.makeApp(id)
    } catch {
      throw SessionError(
        .appFailed, "Can't make the app controller of session '\(id)': \(SessionError.text(of: error))",
        session: id)
    }
    if !app.isStarted {
      do {
        try app.start()
      } catch {
        throw SessionError(
          .appFailed, "Can't start the app controller of session '\(id)': \(error.message)", session: id)
      }
    }
    return app
  }

  private func encode(_ app: AppController) throws(SessionError) -> [UInt8] {
    do {
      return try host.codec.snapshot(app)
    } catch {
      throw SessionError(
        .snapshotFailed, "Can't snapshot session '\(id)': \(SessionError.text(of: error))", session: id)
    }
  }

  private func load() async throws(SessionError) -> [UInt8]? {
    do {
      return try await host.store.load(id)
    } catch {
      throw SessionError.store(error, "load", id)
    }
  }

  private func store(_ bytes: [UInt8]) async throws(SessionError) {
    do {
      try await host.store.save(bytes, for: id)
    } catch {
      throw SessionError.store(error, "save", id)
    }
  }
}
