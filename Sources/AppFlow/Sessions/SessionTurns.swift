/// Whose turn it is in one session: the session's operations that suspend (a restore
/// waiting for the store, an eviction saving) hold the turn across their suspensions, so
/// that nothing else runs in the session meanwhile; the others wait, first come first
/// served.
///
/// A value owned by the session's actor; the actor resumes the continuation ``leave()``
/// hands back.
struct SessionTurns {
  /// A Boolean value indicating whether an operation holds the turn.
  private(set) var isBusy = false
  /// The operations waiting for the turn, oldest first.
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Takes the turn when it is free.
  ///
  /// - Returns: `true` when the caller has the turn; `false` when it must ``wait(_:)``.
  mutating func enter() -> Bool {
    if isBusy { return false }
    isBusy = true
    return true
  }

  /// Queues an operation that found the turn taken; ``leave()`` hands the turn to it.
  mutating func wait(_ continuation: CheckedContinuation<Void, Never>) {
    waiting.append(continuation)
  }

  /// Gives up the turn.
  ///
  /// - Returns: The waiting operation that now has the turn, for the caller to resume, or
  ///   `nil` when none waits (the turn is then free).
  mutating func leave() -> CheckedContinuation<Void, Never>? {
    precondition(isBusy, "A session's turn was left without being entered.")
    if waiting.isEmpty {
      isBusy = false
      return nil
    }
    return waiting.removeFirst()
  }
}
