#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the soak tests share: how many steps the environment asks for, and the report line.
package enum Soak {
  /// The soak's steps, from `SOAK_STEPS`; `nil` (the soak is off) when it is not set.
  package static var steps: Int? { getenv("SOAK_STEPS").flatMap { Int(String(cString: $0)) } }

  /// The report of one half of the soak: its steps and worlds, the rate since `start`, the
  /// process's peak resident memory, and the worlds with a violation.
  package static func report(
    _ name: String, steps: Int, worlds: UInt64, since start: ContinuousClock.Instant, violations: Int
  ) -> String {
    let elapsed = (ContinuousClock.now - start).components
    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return "soak, \(name): \(steps) steps in \(worlds) worlds, \(Int(Double(steps) / seconds)) steps/s, "
      + "peak RSS \(usage.ru_maxrss / 1024) MB, worlds with a violation: \(violations)"
  }
}
