import AppFlow
import Navigator
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// AppFlow's half of the soak: `SOAK_STEPS` random flow, deep link, protection, cache and
/// clock operations (worlds of 300 steps, seeds from 1 on, the schedulers in turn), the flow
/// invariants checked after every step and every world stopped and checked for leaks. Off
/// unless `SOAK_STEPS` is set; README's "Testing your navigation" gives the command.
@Suite struct FlowSoakTests {
  static var steps: Int? { getenv("SOAK_STEPS").flatMap { Int(String(cString: $0)) } }

  @Test(.enabled(if: FlowSoakTests.steps != nil))
  func millionsOfRandomFlowStepsKeepEveryInvariant() throws {
    let total = (Self.steps ?? 0) / 2
    let start = ContinuousClock.now
    var done = 0
    var brokenWorlds: [String] = []
    var seed: UInt64 = 1
    while done < total {
      let run = try FlowRandomOperationTests.runWorld(seed: seed, manual: seed % 2 == 0, steps: 300)
      if !run.failures.isEmpty { brokenWorlds.append("seed \(seed): \(run.failures)") }
      done += run.operations.count
      seed += 1
    }
    let elapsed = (ContinuousClock.now - start).components
    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    print(
      "soak, flows: \(done) steps in \(seed - 1) worlds, \(Int(Double(done) / seconds)) steps/s, "
        + "peak RSS \(usage.ru_maxrss / 1024) MB, worlds with a violation: \(brokenWorlds.count)")
    #expect(brokenWorlds == [])
  }
}
