// Target 6 (issue "flows"): running and ending a flow that pushes one screen, against a
// plain push + pop of the same screen in the same app. Called from main.swift.

import CMallocCounter
import NavigatorWorkloads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Target 6 (issue "flows"): running and ending a flow that pushes one screen within this
/// factor of a plain push + pop of the same run (against both baselines).
let flowLimit = 1.5

/// `--profile flow-finish|flow-pop|flow-baseline|flow-navigator COUNT`: one workload alone,
/// for callgrind.
func profileFlows(_ which: String, _ iterations: Int) {
  let workload = FlowWorkload()
  switch which {
  case "flow-finish": workload.flowFinish(iterations)
  case "flow-pop": workload.flowPop(iterations)
  case "flow-baseline": workload.pushPop(iterations)
  case "flow-navigator": workload.navigatorPushPop(iterations)
  default:
    print("unknown profile \(which): flow-finish|flow-pop|flow-baseline|flow-navigator COUNT")
    exit(2)
  }
  let outcomes = workload.outcomes
  print(
    "\(which): \(iterations) iterations, \(workload.tally.count) callbacks, flows finished "
      + "\(outcomes.finished), dismissed \(outcomes.dismissed), other \(outcomes.other)")
}

/// Checks the flow workload, measures the four sides in alternating order and prints
/// section 6; returns the failures.
func measureFlows(trials: Int) -> [String] {
  var failures: [String] = []
  // The four sides, in the order of the table: the two baselines first.
  let flowSides: [(name: String, run: (FlowWorkload, Int) -> Void)] = [
    ("push + pop (nav. controller)", { $0.pushPop($1) }),
    ("push + pop (navigator)", { $0.navigatorPushPop($1) }),
    ("flow: run + finish", { $0.flowFinish($1) }),
    ("flow: run + pop", { $0.flowPop($1) }),
  ]
  let workload = FlowWorkload()
  print("6. flows (issue \"flows\"): run and end a flow that pushes one screen, in a started AppController")
  let problems = workload.check()
  print(
    "   check (outcomes, releases, 17 callbacks, flows as the navigator): \(problems.isEmpty ? "ok" : "FAILED")"
  )
  for problem in problems { failures.append("flows: \(problem)") }

  let iterations = 10_000
  for side in flowSides { side.run(workload, iterations) }  // warm-up
  var samples: [[Double]] = flowSides.map { _ in [] }
  for trial in 0..<trials {
    // Rotate the order, so drift on a shared machine hits every side alike.
    for offset in 0..<flowSides.count {
      let index = (trial + offset) % flowSides.count
      samples[index].append(nanoseconds { flowSides[index].run(workload, iterations) } / Double(iterations))
    }
  }
  let mallocIterations = 1_000
  let mallocs = flowSides.map { side in
    Double(allocations { side.run(workload, mallocIterations) }) / Double(mallocIterations)
  }
  let outcomes = workload.outcomes
  if outcomes.other != 0 {
    failures.append("flows: \(outcomes.other) flows ended neither finished nor popped")
  }
  if workload.depth != 1 || workload.liveFlowCount != 0 {
    failures.append("flows: the stack holds \(workload.depth) screens, \(workload.liveFlowCount) live flows")
  }

  print("   \(trials) trials × \(iterations) iterations each, rotating order, median ns per iteration")
  print(
    "   \(pad("", 30)) \(pad("ns", 9)) \(pad("min–max", 16)) \(pad("× nav.c.", 9)) \(pad("× navig.", 9)) \(pad("mallocs", 8))"
  )
  let medians = samples.map(median)
  for (index, side) in flowSides.enumerated() {
    print(
      "   \(pad(side.name, 30)) \(pad(format(medians[index]), 9)) "
        + "\(pad(format(samples[index].min()!) + "–" + format(samples[index].max()!), 16)) "
        + "\(pad(format(medians[index] / medians[0], 2) + "×", 9)) \(pad(format(medians[index] / medians[1], 2) + "×", 9)) "
        + "\(pad(format(mallocs[index], 1), 8))")
  }
  for index in 2..<flowSides.count {
    for base in 0..<2 {
      let ratio = medians[index] / medians[base]
      if ratio > flowLimit {
        failures.append(
          "\(flowSides[index].name) is \(format(ratio, 2))× \(flowSides[base].name) (target ≤ \(format(flowLimit, 2))×)"
        )
      }
    }
  }
  let worst = (2..<flowSides.count).map { medians[$0] / min(medians[0], medians[1]) }.max()!
  print(
    "   worst flow / push+pop: \(format(worst, 2))×  (target ≤ \(format(flowLimit, 2))×: "
      + "\(worst <= flowLimit ? "met" : "MISSED"))")
  print("")
  return failures
}
