/// The time a ``SessionHost`` measures idleness with: injectable, so that tests decide when
/// a session has been idle long enough (``ManualSessionClock``).
public protocol SessionClock: Sendable {
  /// The time elapsed since the clock's origin; it never goes back.
  var now: Duration { get }
}

/// The real clock: `ContinuousClock`'s time since the clock was made, which keeps counting
/// while the system sleeps.
public struct ContinuousSessionClock: SessionClock {
  /// The instant the clock was made.
  private let origin: ContinuousClock.Instant

  /// Creates a clock whose origin is now.
  public init() {
    origin = .now
  }

  /// The time since the clock was made.
  public var now: Duration { .now - origin }
}

/// A clock that moves only when told to, for tests: its time starts at zero.
///
/// ```swift
/// let clock = ManualSessionClock()
/// let host = SessionHost(codec: codec, clock: clock, idleTimeout: .seconds(60)) { makeApp() }
/// clock.advance(by: .seconds(61))
/// let evicted = await host.evictIdle()
/// ```
public final class ManualSessionClock: SessionClock {
  /// The time since the origin.
  private let time: LockedValue<Duration>

  /// Creates a clock at `start`.
  ///
  /// - Parameter start: The clock's time; zero by default.
  public init(start: Duration = .zero) {
    time = LockedValue(start)
  }

  /// The clock's time.
  public var now: Duration { time.withLock { $0 } }

  /// Moves the clock forward.
  ///
  /// - Parameter duration: How far; a negative duration is refused.
  /// - Precondition: `duration` is zero or positive: a session clock never goes back.
  public func advance(by duration: Duration) {
    precondition(duration >= .zero, "A session clock never goes back: can't advance by \(duration).")
    time.withLock { $0 += duration }
  }
}
