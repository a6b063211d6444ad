/// Whose turn it is in one session: the session's operations that suspend (a restore
/// waiting for the store, an eviction saving) hold the turn across their suspensions, so
/// that nothing else runs in the session meanwhile; the others wait, first come first
/// served.
///
/// A value owned by the session's actor; the actor resumes the continuation ``leave()``
/// hands back.
struct SessionTurns {
  /// The operations waiting for the turn, oldest first, each with its ticket; a waiter is
  /// resumed with `true` when it gets the turn, `false` when it gave up its place.
  private var waiting: [(ticket: UInt32, continuation: CheckedContinuation<Bool, Never>)] = []
  /// The last ticket handed out; it wraps, which is harmless: only the few operations
  /// waiting at once need tickets apart. (32 bits, next to the flag, so that the turns take
  /// two words of every session.)
  private var lastTicket: UInt32 = 0
  /// A Boolean value indicating whether an operation holds the turn.
  private(set) var isBusy = false

  /// The number of operations waiting for the turn.
  var waitingCount: Int { waiting.count }

  /// Takes the turn when it is free.
  ///
  /// - Returns: `true` when the caller has the turn; `false` when it must ``wait(_:_:)``.
  mutating func enter() -> Bool {
    if isBusy { return false }
    isBusy = true
    return true
  }

  /// A ticket for an operation about to wait, so that it can give up its place
  /// (``cancel(_:)``) before or after it is queued.
  mutating func newTicket() -> UInt32 {
    lastTicket &+= 1
    return lastTicket
  }

  /// Queues an operation that found the turn taken; ``leave()`` hands the turn to it.
  mutating func wait(_ ticket: UInt32, _ continuation: CheckedContinuation<Bool, Never>) {
    waiting.append((ticket, continuation))
  }

  /// Takes a waiting operation out of the queue.
  ///
  /// - Returns: Its continuation, for the caller to resume with `false`; `nil` when it is not
  ///   waiting (it has the turn already, or was never queued).
  mutating func cancel(_ ticket: UInt32) -> CheckedContinuation<Bool, Never>? {
    guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
    return waiting.remove(at: index).continuation
  }

  /// Gives up the turn.
  ///
  /// - Returns: The waiting operation that now has the turn, for the caller to resume with
  ///   `true`, or `nil` when none waits (the turn is then free).
  mutating func leave() -> CheckedContinuation<Bool, Never>? {
    precondition(isBusy, "A session's turn was left without being entered.")
    if waiting.isEmpty {
      isBusy = false
      return nil
    }
    let next = waiting.removeFirst().continuation
    // An emptied queue gives back its buffer: a live session holds none while nothing waits.
    if waiting.isEmpty { waiting = [] }
    return next
  }
}
