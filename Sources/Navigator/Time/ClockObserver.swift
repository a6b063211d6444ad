/// Hears a ``ManualScheduler``'s clock advance: the keep-alive caches whose durations it
/// measures, so that ``ManualScheduler/advance(by:)`` evicts expired screens at once.
protocol ClockObserver: AnyObject {
  /// The clock moved forward (``ManualScheduler/now`` is the new time), after the
  /// transitions that finished delivered their callbacks.
  func clockDidAdvance()
}

/// A weakly held clock observer.
struct WeakClockObserver {
  weak var value: (any ClockObserver)?
}
