import Navigator
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The engine's half of the soak: `SOAK_STEPS` random hierarchy operations (worlds of 1,000
/// steps, seeds from 1 on, the schedulers in turn), every invariant checked after every step.
/// Off unless `SOAK_STEPS` is set; README's "Testing your navigation" gives the command and its
/// figures.
@Suite struct SoakTests {
  static var steps: Int? { getenv("SOAK_STEPS").flatMap { Int(String(cString: $0)) } }

  @Test(.enabled(if: SoakTests.steps != nil))
  func millionsOfRandomStepsKeepEveryInvariant() {
    let total = (Self.steps ?? 0) / 2
    let start = ContinuousClock.now
    var done = 0
    var brokenWorlds = 0
    var seed: UInt64 = 1
    while done < total {
      let steps = min(1_000, total - done)
      let checked = runRandomOperations(seed: seed, steps: steps, manualScheduler: seed % 2 == 0)
      if checked < steps { brokenWorlds += 1 }
      done += steps
      seed += 1
    }
    let seconds = (ContinuousClock.now - start).inSecondsForSoak
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    print(
      "soak, engine: \(done) steps in \(seed - 1) worlds, \(Int(Double(done) / seconds)) steps/s, "
        + "peak RSS \(usage.ru_maxrss / 1024) MB, worlds with a violation: \(brokenWorlds)")
    #expect(brokenWorlds == 0)
  }
}

extension Duration {
  /// The duration in seconds, for the soak's report.
  fileprivate var inSecondsForSoak: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }
}
