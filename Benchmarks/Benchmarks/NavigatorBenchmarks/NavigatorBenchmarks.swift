// package-benchmark suite: `swift package --package-path Benchmarks benchmark`.
//
// Each benchmark builds its hierarchy outside the measurement; one iteration is 1,000
// push+pop (scaling factor kilo), so the table's per-iteration figures are per push+pop.
// The plain check with a pass/fail exit status is the NavigatorMeasure executable.

import Benchmark
import NavigatorWorkloads

#if canImport(Glibc)
  import Glibc
#endif

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .instructions, .mallocCountTotal, .throughput],
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 1_000)

  // 1. push + pop of a new screen, Navigator vs a hand-written stack, side by side.
  Benchmark("push+pop Navigator") { benchmark in
    let workload = ModelWorkload()
    benchmark.startMeasurement()
    workload.pushPop(iterations: benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
    blackHole(workload.tally.count)
  }
  Benchmark("push+pop hand-written") { benchmark in
    let workload = BaselineWorkload()
    benchmark.startMeasurement()
    workload.pushPop(iterations: benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
    blackHole(workload.tally.count)
  }
  // The ratio itself, measured in one run: both sides alternate, 20 rounds of 1,000 each.
  Benchmark(
    "push+pop ratio Navigator/hand-written",
    configuration: .init(
      metrics: [.custom("ratio ×100", polarity: .prefersSmaller, useScalingFactor: false)],
      scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 15)
  ) { benchmark in
    let model = ModelWorkload()
    let baseline = BaselineWorkload()
    var modelTime = Duration.zero
    var baselineTime = Duration.zero
    let clock = ContinuousClock()
    for _ in 0..<20 {
      modelTime += clock.measure { model.pushPop(iterations: 1_000) }
      baselineTime += clock.measure { baseline.pushPop(iterations: 1_000) }
    }
    benchmark.measurement(.custom("ratio ×100"), Int((modelTime / baselineTime * 100).rounded()))
  }

  // 2. push N screens then popToRoot. One iteration is the whole run (scaling factor one:
  // package-benchmark has no factor of 10,000), so divide by N for the cost per screen.
  for count in [10_000, 100_000] {
    Benchmark(
      "push \(count) + popToRoot Navigator (whole run)",
      configuration: .init(scalingFactor: .one, maxIterations: 50)
    ) { benchmark in
      let workload = ModelWorkload()
      benchmark.startMeasurement()
      workload.pushThenPopToRoot(count: count)
      benchmark.stopMeasurement()
      blackHole(workload.tally.count)
    }
  }
  // The per-screen ratio itself, 100,000 against 10,000, measured in one run.
  Benchmark(
    "push+popToRoot per-screen ratio 100k/10k",
    configuration: .init(
      metrics: [.custom("ratio ×100", polarity: .prefersSmaller, useScalingFactor: false)],
      scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 10)
  ) { benchmark in
    let workload = ModelWorkload()
    let clock = ContinuousClock()
    let small = clock.measure { workload.pushThenPopToRoot(count: 10_000) } / 10_000
    let large = clock.measure { workload.pushThenPopToRoot(count: 100_000) } / 100_000
    benchmark.measurement(.custom("ratio ×100"), Int((large / small * 100).rounded()))
  }

  // 3. Navigation to a state (issue "state"): from the three-screen stack to the ten-step
  // nested target (plan + apply) and back, and planning alone. One iteration is one
  // navigation (scaling factor one); the way back (or there) runs outside the measurement.
  let stateConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .instructions, .mallocCountTotal],
    scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 2_000)
  Benchmark("state: to the nested target (plan+apply)", configuration: stateConfiguration) { benchmark in
    let workload = StateNavigateWorkload()
    benchmark.startMeasurement()
    workload.toTarget()
    benchmark.stopMeasurement()
    workload.back()
  }
  Benchmark("state: back to the start (plan+apply)", configuration: stateConfiguration) { benchmark in
    let workload = StateNavigateWorkload()
    workload.toTarget()
    benchmark.startMeasurement()
    workload.back()
    benchmark.stopMeasurement()
  }
  Benchmark("state: plan alone (plan(to:))", configuration: stateConfiguration) { benchmark in
    let workload = StateNavigateWorkload()
    benchmark.startMeasurement()
    workload.plans(benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
  }
  // The ratios to push + pop, measured in one run: 5 rounds of 20 navigations there and
  // back (each half timed), 20 plans and 1,000 push+pop.
  Benchmark(
    "state: to the target, plan alone / push+pop",
    configuration: .init(
      metrics: [
        .custom("to the target / push+pop ×100", polarity: .prefersSmaller, useScalingFactor: false),
        .custom("plan / push+pop ×100", polarity: .prefersSmaller, useScalingFactor: false),
      ],
      scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 10)
  ) { benchmark in
    let state = StateNavigateWorkload()
    let model = ModelWorkload()
    let clock = ContinuousClock()
    var toTarget = Duration.zero
    var plans = Duration.zero
    var pushPops = Duration.zero
    for _ in 0..<5 {
      for _ in 0..<20 {
        toTarget += clock.measure { state.toTarget() }
        state.back()
      }
      plans += clock.measure { state.plans(20) }
      pushPops += clock.measure { model.pushPop(iterations: 1_000) }
    }
    let pushPop = pushPops / 5_000
    benchmark.measurement(
      .custom("to the target / push+pop ×100"), Int((toTarget / 100 / pushPop * 100).rounded()))
    benchmark.measurement(.custom("plan / push+pop ×100"), Int((plans / 100 / pushPop * 100).rounded()))
  }

  // 4. Reading the state of a stack of N screens (read and released). One iteration is one
  // read (scaling factor one): divide by N for the cost per screen.
  for count in [1_000, 10_000] {
    Benchmark(
      "state: read a \(count)-screen stack (whole read)",
      configuration: .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal], scalingFactor: .one, maxIterations: 200)
    ) { benchmark in
      let workload = StateReadWorkload(count: count)
      benchmark.startMeasurement()
      blackHole(workload.read(1))
      benchmark.stopMeasurement()
    }
  }
  // The per-screen ratio itself, 10,000 against 1,000, measured in one run.
  Benchmark(
    "state: read per-screen ratio 10k/1k",
    configuration: .init(
      metrics: [.custom("ratio ×100", polarity: .prefersSmaller, useScalingFactor: false)],
      scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 10)
  ) { benchmark in
    let small = StateReadWorkload(count: 1_000)
    let large = StateReadWorkload(count: 10_000)
    let clock = ContinuousClock()
    let smallTime = clock.measure { small.read(10) } / 10_000
    let largeTime = clock.measure { large.read(1) } / 10_000
    benchmark.measurement(.custom("ratio ×100"), Int((largeTime / smallTime * 100).rounded()))
  }

  // 6. Flows (issue "flows"): run a flow that pushes one screen and end it (finish, or a pop
  // of its screen), against push + pop through the same app's navigation controller and its
  // navigator. 1,000 iterations per benchmark iteration (scaling factor kilo).
  let flowSides: [(String, @Sendable (FlowWorkload, Int) -> Void)] = [
    ("push+pop (nav. controller)", { $0.pushPop($1) }),
    ("push+pop (navigator)", { $0.navigatorPushPop($1) }),
    ("run + finish", { $0.flowFinish($1) }),
    ("run + pop", { $0.flowPop($1) }),
  ]
  for (name, run) in flowSides {
    Benchmark("flow: \(name)") { benchmark in
      let workload = FlowWorkload()
      benchmark.startMeasurement()
      run(workload, benchmark.scaledIterations.count)
      benchmark.stopMeasurement()
      blackHole(workload.tally.count)
    }
  }
  // The ratios to push + pop through the navigation controller, measured in one run.
  Benchmark(
    "flow: run + finish, run + pop / push+pop",
    configuration: .init(
      metrics: [
        .custom("finish / push+pop ×100", polarity: .prefersSmaller, useScalingFactor: false),
        .custom("pop / push+pop ×100", polarity: .prefersSmaller, useScalingFactor: false),
      ],
      scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 10)
  ) { benchmark in
    let workload = FlowWorkload()
    let clock = ContinuousClock()
    var times = [Duration](repeating: .zero, count: 3)
    for _ in 0..<10 {
      times[0] += clock.measure { workload.pushPop(1_000) }
      times[1] += clock.measure { workload.flowFinish(1_000) }
      times[2] += clock.measure { workload.flowPop(1_000) }
    }
    benchmark.measurement(.custom("finish / push+pop ×100"), Int((times[1] / times[0] * 100).rounded()))
    benchmark.measurement(.custom("pop / push+pop ×100"), Int((times[2] / times[0] * 100).rounded()))
  }
}
