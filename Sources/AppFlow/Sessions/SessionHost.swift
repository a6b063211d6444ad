/// Hosts many app controllers, one per session, each in its own isolation domain, with a
/// store for their snapshots.
///
/// ```swift
/// let host = SessionHost(
///   store: try DirectorySnapshotStore(directory: "/var/lib/shop/sessions"), codec: codec,
///   idleTimeout: .seconds(15 * 60)
/// ) {
///   AppController(window: Window(misusePolicy: .report), rootRoute: Catalog())
/// }
/// let id = try await host.create()
/// let top = try await host.withSession(id) { app in
///   app.open("shop://catalog/products/42")
///   return app.window.navigationState.description
/// }
/// _ = await host.evictIdle()              // from a timer: saves and releases idle sessions
/// ```
///
/// Each session lives in an actor of its own: its app controller is made inside it and
/// never leaves it, so sessions run in parallel on every core, and one session's misuse
/// (under `MisusePolicy.report`) never touches another. Calls into one session
/// run one at a time, in order; calls into different sessions overlap. The host's own
/// table is locked only to look a session up, never while a session works.
///
/// A session is live (its app controller in memory) or evicted (only its snapshot, in the
/// store). ``evict(_:)`` and ``evictIdle(savingFirst:)`` save a session and release everything it held;
/// the next call into it restores it from the store (a new app controller from `makeApp`,
/// started, then the codec's `restore`), in this host or in one made after a restart over
/// the same store.
public final class SessionHost: Sendable {
  /// Where the sessions' snapshots are kept.
  public let store: any SnapshotStore
  /// The time idleness is measured with.
  public let clock: any SessionClock
  /// How long a session stays live without a call before ``evictIdle(savingFirst:)`` evicts it; `nil`
  /// when it never does.
  public let idleTimeout: Duration?
  /// How sessions become bytes and back.
  let codec: SessionCodec
  /// Makes a session's app controller, inside the session's actor.
  let makeApp: @Sendable (SessionID) throws -> AppController
  /// The sessions the host holds, and how many of them are live.
  private let table = LockedValue(Table())

  private struct Table {
    var sessions: [SessionID: HostedSession] = [:]
    var liveCount = 0
  }

  /// How many idle sessions ``evictIdle(savingFirst:)`` saves at once.
  private static let evictionWidth = 32

  /// Creates a host with no sessions, whose sessions' app controllers all come from one
  /// factory.
  ///
  /// - Parameters:
  ///   - store: Where snapshots are kept; in memory by default.
  ///   - codec: How a session becomes bytes and back.
  ///   - clock: The time idleness is measured with; the continuous clock by default.
  ///   - idleTimeout: How long a session stays live without a call before ``evictIdle(savingFirst:)``
  ///     evicts it; `nil` (the default) when it never does.
  ///   - makeApp: Makes a session's app controller, inside the session's actor, when the
  ///     session is created or restored; the host starts it unless it is started. Give its
  ///     window `MisusePolicy.report`, so that a misuse doesn't stop the process.
  /// - Precondition: `idleTimeout`, when given, is positive.
  public convenience init(
    store: some SnapshotStore = InMemorySnapshotStore(), codec: SessionCodec,
    clock: some SessionClock = ContinuousSessionClock(), idleTimeout: Duration? = nil,
    makeApp: @escaping @Sendable () throws -> AppController
  ) {
    self.init(store: store, codec: codec, clock: clock, idleTimeout: idleTimeout) { _ in try makeApp() }
  }

  /// Creates a host with no sessions, whose factory makes each session's app controller
  /// knowing the session: to name its root after the user, or to log with its identifier.
  ///
  /// - Parameters:
  ///   - store: Where snapshots are kept; in memory by default.
  ///   - codec: How a session becomes bytes and back.
  ///   - clock: The time idleness is measured with; the continuous clock by default.
  ///   - idleTimeout: How long a session stays live without a call before ``evictIdle(savingFirst:)``
  ///     evicts it; `nil` (the default) when it never does.
  ///   - makeSessionApp: Makes the app controller of the session it is given, inside the
  ///     session's actor, when the session is created or restored; the host starts it
  ///     unless it is started.
  /// - Precondition: `idleTimeout`, when given, is positive.
  public init(
    store: some SnapshotStore = InMemorySnapshotStore(), codec: SessionCodec,
    clock: some SessionClock = ContinuousSessionClock(), idleTimeout: Duration? = nil,
    makeSessionApp: @escaping @Sendable (SessionID) throws -> AppController
  ) {
    precondition(idleTimeout.map { $0 > .zero } ?? true, "A session host's idle timeout must be positive.")
    self.store = store
    self.codec = codec
    self.clock = clock
    self.idleTimeout = idleTimeout
    self.makeApp = makeSessionApp
  }

  // MARK: Sessions

  /// Creates a session: makes its app controller inside the session's actor and starts it
  /// unless `makeApp` did.
  ///
  /// - Parameter id: The session's identifier; a new random one (``SessionID/random()``)
  ///   by default.
  /// - Returns: The session's identifier.
  /// - Throws: ``SessionError/Code/sessionExists`` when the host holds a session `id` or
  ///   the store has a snapshot of one; ``SessionError/Code/appFailed`` when making or
  ///   starting the app controller threw; ``SessionError/Code/storeFailed`` when the store
  ///   could not be asked.
  @discardableResult
  public func create(_ id: SessionID? = nil) async throws(SessionError) -> SessionID {
    if let id {
      while true {
        if case .done = try await session(id).create(checkingStore: true) { return id }
      }
    }
    while true {
      let id = SessionID.random()
      guard let session = newSession(id) else { continue }
      if case .done = try await session.create(checkingStore: false) { return id }
    }
  }

  /// Runs `body` with the session's app controller inside the session's actor, after the
  /// calls into the session that came before it; restores the session from the store first
  /// when it was evicted.
  ///
  /// - Parameters:
  ///   - id: The session.
  ///   - body: The work; it runs once, unless the session can't be found or restored.
  /// - Returns: What `body` returned.
  /// - Throws: ``SessionError/Code/unknownSession`` when neither the host nor the store has
  ///   the session; the errors of a restore (``SessionError/Code/restoreFailed``,
  ///   ``SessionError/Code/appFailed``, ``SessionError/Code/storeFailed``), in which case
  ///   `body` didn't run; ``SessionError/Code/cancelled`` when the calling task was
  ///   cancelled while the call waited for the session's turn (behind a restore, a save or
  ///   an eviction: `body` didn't run, and the calls behind it go on); what `body` threw.
  public func withSession<T: Sendable>(
    _ id: SessionID, _ body: @Sendable (AppController) throws -> T
  ) async throws -> T {
    while true {
      if case .done(let value) = try await session(id).run(body) { return value }
    }
  }

  /// Runs `body` with the session's app controller, then saves the session's snapshot into
  /// the store, in one turn of the session: ``withSession(_:_:)`` followed by ``save(_:)``
  /// without a second visit to the session, and with nothing of another call between them.
  ///
  /// `beforeSaving` runs with what `body` returned (to publish what the change did, in the
  /// same transaction as the save where the store has one); then the session's snapshot is
  /// made and saved. The session's later calls wait until the save is done, so that saves
  /// reach the store in the order of the changes.
  ///
  /// ```swift
  /// let top = try await host.change(id) { app in
  ///   app.open("shop://catalog/products/42")
  ///   return app.window.navigationState.description
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The session.
  ///   - body: The change; it runs once, unless the session can't be found or restored.
  ///     When it throws, nothing is saved and `beforeSaving` doesn't run.
  ///   - beforeSaving: Runs with what `body` returned, before the snapshot is made and
  ///     saved; when it throws, nothing is saved. Nothing by default.
  /// - Returns: What `body` returned.
  /// - Throws: The errors of ``withSession(_:_:)``; ``SessionError/Code/snapshotFailed`` or
  ///   ``SessionError/Code/storeFailed`` when the snapshot could not be made or saved (the
  ///   session stays live, changed); what `beforeSaving` threw.
  public func change<T: Sendable>(
    _ id: SessionID, _ body: @Sendable (AppController) throws -> T,
    beforeSaving: @Sendable (T) async throws -> Void = { _ in }
  ) async throws -> T {
    while true {
      if case .done(let value) = try await session(id).change(body, beforeSaving: beforeSaving) {
        return value
      }
    }
  }

  /// The session's snapshot: made by the codec when the session is live, read from the
  /// store when it is evicted.
  ///
  /// - Parameter id: The session.
  /// - Returns: The bytes.
  /// - Throws: ``SessionError/Code/unknownSession``, ``SessionError/Code/snapshotFailed``
  ///   or ``SessionError/Code/storeFailed``.
  public func snapshot(_ id: SessionID) async throws(SessionError) -> [UInt8] {
    while true {
      if case .done(let bytes) = try await session(id).snapshot() { return bytes }
    }
  }

  /// Saves the session's snapshot into the store; the session stays live. An evicted
  /// session's snapshot is in the store already.
  ///
  /// - Parameter id: The session.
  /// - Throws: ``SessionError/Code/unknownSession``, ``SessionError/Code/snapshotFailed``
  ///   or ``SessionError/Code/storeFailed``.
  public func save(_ id: SessionID) async throws(SessionError) {
    while true {
      if case .done = try await session(id).save() { return }
    }
  }

  /// Saves the session into the store, then releases everything it held: its app
  /// controller, window, screens and flows. The next call into it restores it. Evicting an
  /// evicted session does nothing.
  ///
  /// - Parameter id: The session.
  /// - Throws: ``SessionError/Code/unknownSession``, ``SessionError/Code/snapshotFailed``
  ///   or ``SessionError/Code/storeFailed``; the session then stays live.
  public func evict(_ id: SessionID) async throws(SessionError) {
    while true {
      if case .done = try await session(id).evict() { return }
    }
  }

  /// Releases the session without saving it: its app controller, window, screens and flows
  /// go, and the store keeps the snapshot it had. The next call into the session restores it
  /// from that snapshot.
  ///
  /// For hosts that share their store with other processes: when another process saved a
  /// newer snapshot, this host's live copy is out of date, and must be dropped rather than
  /// saved over the newer one.
  ///
  /// - Parameter id: The session.
  /// - Returns: Whether the session was live; `false` when the host didn't hold it (the store
  ///   is not asked).
  /// - Throws: ``SessionError/Code/cancelled`` when the calling task was cancelled while the
  ///   call waited for the session's turn.
  @discardableResult
  public func discard(_ id: SessionID) async throws(SessionError) -> Bool {
    while let session = table.withLock({ $0.sessions[id] }) {
      if case .done(let wasLive) = try await session.discard() { return wasLive }
    }
    return false
  }

  /// Evicts every live session whose last call ended ``idleTimeout`` or longer ago on
  /// ``clock``, and in which no call runs or waits.
  ///
  /// A session whose snapshot could not be saved stays live and is not listed; call
  /// ``evict(_:)`` to see the error.
  ///
  /// - Parameter savingFirst: Whether each session is saved before it is released (the
  ///   default). Pass `false` when every change is saved as it completes, so that the store
  ///   holds each session's latest state already: the sessions are then released without
  ///   another save, which a host sharing its store with other processes needs, since one of
  ///   them may have saved a newer snapshot of a session this host still holds.
  /// - Returns: The sessions evicted, in ascending order; none when ``idleTimeout`` is `nil`.
  @discardableResult
  public func evictIdle(savingFirst: Bool = true) async -> [SessionID] {
    guard let idleTimeout else { return [] }
    let now = clock.now
    var sessions = table.withLock { Array($0.sessions.values) }.makeIterator()
    var evicted: [SessionID] = []
    await withTaskGroup(of: SessionID?.self) { group in
      func evictNext() -> Bool {
        guard let session = sessions.next() else { return false }
        group.addTask {
          await session.evictIfIdle(now: now, timeout: idleTimeout, saving: savingFirst) ? session.id : nil
        }
        return true
      }
      for _ in 0..<Self.evictionWidth where !evictNext() { break }
      while let result = await group.next() {
        if let result { evicted.append(result) }
        _ = evictNext()
      }
    }
    return evicted.sorted()
  }

  /// Removes the session: its snapshot from the store, and its app controller if it is live.
  ///
  /// - Parameter id: The session.
  /// - Throws: ``SessionError/Code/unknownSession``, or ``SessionError/Code/storeFailed``
  ///   (the session is then as it was).
  public func remove(_ id: SessionID) async throws(SessionError) {
    while true {
      if case .done = try await session(id).remove() { return }
    }
  }

  /// How many sessions are live: their app controllers in memory.
  public var liveSessionCount: Int {
    get async { table.withLock { $0.liveCount } }
  }

  /// Returns a Boolean value indicating whether the host holds session `id` in memory: its
  /// app controller is live (or being made, restored or released); a session that is only
  /// in the store is not held.
  ///
  /// - Parameter id: The session.
  /// - Returns: `true` when the host holds the session.
  public func holds(_ id: SessionID) async -> Bool {
    table.withLock { $0.sessions[id] != nil }
  }

  /// The number of operations waiting for the turn of session `id`; 0 when the host
  /// doesn't hold it (for tests).
  func waitingForTurn(_ id: SessionID) async -> Int {
    guard let session = table.withLock({ $0.sessions[id] }) else { return 0 }
    return await session.waitingForTurn
  }

  // MARK: The table

  /// The session `id` in the table, added (vacant) when the host doesn't hold it.
  private func session(_ id: SessionID) -> HostedSession {
    table.withLock { table in
      if let session = table.sessions[id] { return session }
      let session = HostedSession(id: id, host: self)
      table.sessions[id] = session
      return session
    }
  }

  /// A new, vacant session `id`, or `nil` when the host holds one.
  private func newSession(_ id: SessionID) -> HostedSession? {
    table.withLock { table in
      guard table.sessions[id] == nil else { return nil }
      let session = HostedSession(id: id, host: self)
      table.sessions[id] = session
      return session
    }
  }

  /// Takes a retired session out of the table, and gives back the table's memory once it
  /// is mostly empty: a dictionary keeps its capacity after removals, so that without it,
  /// evicting 100,000 sessions would leave their buckets (megabytes) allocated.
  func forget(_ session: HostedSession) {
    table.withLock { table in
      guard table.sessions[session.id] === session else { return }
      table.sessions[session.id] = nil
      table.sessions.shrinkIfSparse()
    }
  }

  /// Counts a session that became live.
  func sessionBecameLive() {
    table.withLock { $0.liveCount += 1 }
  }

  /// Counts a live session that was evicted or removed.
  func sessionLeftMemory() {
    table.withLock { $0.liveCount -= 1 }
  }
}
