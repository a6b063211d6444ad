/// The saves waiting for a store's single writer, and whether the writer is at work: the
/// state of a group commit.
///
/// A value owned under a lock; its mutating methods say what to do next, and the writer
/// around it does it. A save is queued (``enqueue(_:)``); the first one queued while the
/// writer is idle starts it. The writer takes every save queued so far as one batch
/// (``takeBatch()``), writes the batch in one transaction, answers each save, and takes the
/// next batch when saves came meanwhile (``continueOrIdle()``); when none did, it goes idle.
/// Saves that arrive while a batch commits wait for the next one, so under load a batch holds
/// about as many saves as arrived during one commit, and when alone a save is written at once.
struct GroupCommit<Save> {
  private enum State {
    /// No batch is being written, and nothing waits.
    case idle
    /// The writer is at work (or about to start); `queued` waits for its next batch.
    case writing(queued: [Save])
  }

  /// What the caller of ``enqueue(_:)`` does next.
  enum EnqueueAction: Equatable {
    /// Start the writer: it was idle.
    case startWriter
    /// Nothing: the writer will take the save with its next batch.
    case none
  }

  private var state = State.idle

  /// The number of saves waiting for a batch.
  var queuedCount: Int {
    switch state {
    case .idle: 0
    case .writing(let queued): queued.count
    }
  }

  /// A Boolean value indicating whether the writer is at work or about to start.
  var isWriting: Bool {
    if case .writing = state { return true }
    return false
  }

  /// Queues a save for the next batch, after the ones queued before it.
  ///
  /// - Parameter save: The save.
  /// - Returns: ``EnqueueAction/startWriter`` when the writer was idle and must be started.
  mutating func enqueue(_ save: Save) -> EnqueueAction {
    switch state {
    case .idle:
      state = .writing(queued: [save])
      return .startWriter
    case .writing(var queued):
      state = .idle  // Leaves `queued` uniquely referenced while it grows.
      queued.append(save)
      state = .writing(queued: queued)
      return .none
    }
  }

  /// Takes every save queued, in the order they came, as the writer's next batch.
  ///
  /// - Returns: The batch; `nil` when nothing is queued, and the writer is then idle.
  /// - Precondition: The writer is at work (``enqueue(_:)`` started it).
  mutating func takeBatch() -> [Save]? {
    guard case .writing(let queued) = state else {
      preconditionFailure("A group commit's batch was taken while its writer was idle.")
    }
    if queued.isEmpty {
      state = .idle
      return nil
    }
    state = .writing(queued: [])
    return queued
  }

  /// Ends the writer's batch: the writer goes on to take another when saves were queued
  /// while it wrote, and goes idle otherwise (so it needn't come back to find nothing).
  ///
  /// - Returns: `true` when saves wait and the writer must take another batch; `false` when
  ///   the writer is now idle, and the next save queued starts it.
  /// - Precondition: The writer is at work (``enqueue(_:)`` started it).
  mutating func continueOrIdle() -> Bool {
    guard case .writing(let queued) = state else {
      preconditionFailure("A group commit's batch ended while its writer was idle.")
    }
    if queued.isEmpty {
      state = .idle
      return false
    }
    return true
  }
}
