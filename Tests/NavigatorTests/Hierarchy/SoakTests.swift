import Navigator
import TestSupport
import Testing

/// The engine's half of the soak: `SOAK_STEPS` random hierarchy operations (worlds of 1,000
/// steps, seeds from 1 on, the schedulers in turn), every invariant checked after every step.
/// Off unless `SOAK_STEPS` is set; README's "Testing your navigation" gives the command and its
/// figures.
@Suite struct SoakTests {
  @Test(.enabled(if: Soak.steps != nil))
  func millionsOfRandomStepsKeepEveryInvariant() {
    let total = (Soak.steps ?? 0) / 2
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
    print(Soak.report("engine", steps: done, worlds: seed - 1, since: start, violations: brokenWorlds))
    #expect(brokenWorlds == 0)
  }
}
