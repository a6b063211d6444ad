#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a mutex: the host's table of sessions and a manual clock's time, read and
/// changed from any task for a few instructions at a time, never across a suspension.
///
/// A POSIX mutex rather than `Synchronization.Mutex`, which needs macOS 15 where the
/// package sets no platform minimum; rather than an actor, because the host's table is read
/// on every call into a session, and a lock costs tens of nanoseconds where a hop to an
/// actor and back costs a suspension each way.
final class LockedValue<Value>: @unchecked Sendable {
  // Unchecked: every access to `value` holds `mutex`.
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates the lock around `value`.
  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let result = pthread_mutex_init(mutex, nil)
    precondition(result == 0, "pthread_mutex_init failed: \(result)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock; `body` must not suspend or call back
  /// into code that takes this lock.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
