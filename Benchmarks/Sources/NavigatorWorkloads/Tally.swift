/// Counts the callbacks a workload receives and, when asked, records their order.
///
/// Every overridden callback in both workloads calls ``note(_:)``: that is the trivial
/// work that keeps the calls from being optimised away, and the log proves both
/// workloads make the same callbacks in the same order.
public final class Tally {
  /// The number of callbacks received.
  public private(set) var count = 0
  /// The callbacks received, in order; `nil` (not recorded) while measuring.
  public var log: [String]?

  /// Creates a tally that counts without logging.
  public init() {}

  /// Counts one callback, and logs it if logging is on.
  @inline(__always)
  func note(_ event: @autoclosure () -> String) {
    count &+= 1
    if log != nil { log!.append(event()) }
  }
}
