import AppFlow
import Navigator
import TestSupport
import Testing

/// AppFlow's half of the soak: `SOAK_STEPS` random flow, deep link, protection, cache and
/// clock operations (worlds of 300 steps, seeds from 1 on, the schedulers in turn), the flow
/// invariants checked after every step and every world stopped and checked for leaks. Off
/// unless `SOAK_STEPS` is set; README's "Testing your navigation" gives the command.
@Suite struct FlowSoakTests {
  @Test(.enabled(if: Soak.steps != nil))
  func millionsOfRandomFlowStepsKeepEveryInvariant() throws {
    let total = (Soak.steps ?? 0) / 2
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
    print(Soak.report("flows", steps: done, worlds: seed - 1, since: start, violations: brokenWorlds.count))
    #expect(brokenWorlds == [])
  }
}
