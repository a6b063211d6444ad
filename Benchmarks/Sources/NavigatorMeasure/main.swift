// Checks Navigator's performance targets side by side in one process.
//
//   swift run -c release --package-path Benchmarks NavigatorMeasure [--trials N]
//   NavigatorMeasure --profile model|baseline|model-stack|baseline-stack [count]
//     (one workload only, for callgrind: push+pop `count` times, or push `count` + popToRoot)
//   NavigatorMeasure --profile state-navigate|state-plan [count]
//     (`count` round trips to the nested target and back, or `count` plans to it)
//   NavigatorMeasure --profile state-navigate-stack|state-plan-stack|state-plan-stack-back [count]
//     (`count` round trips between [A, B, C] and the ten-screen stack, or `count` plans
//     either way)
//   NavigatorMeasure --profile state-read [count] [screens]
//     (`count` reads of the state of a `screens`-screen stack, 1,000 by default)
//   NavigatorMeasure --profile flow-finish|flow-pop|flow-baseline|flow-navigator [count]
//   NavigatorMeasure --profile deeplink|deeplink-url [count]
//     (`count` flows run and finished or popped, or push+pops in the same app; FlowTarget.swift)
//   NavigatorMeasure --profile recording-off|recording-on [count]
//     (`count` push+pops through an app's navigator, recording off or on; RecordingTarget.swift)
//   NavigatorMeasure --profile snapshot|snapshot-plain [count]
//     (`count` encodes + decodes of a typical session's snapshot, or of plain Codable structs)
//   NavigatorMeasure --profile match-1k|match-10k|match-miss-1k|match-miss-10k [count]
//     (`count` rounds of matching 16 URLs against 1,000 or 10,000 patterns, or 4 URLs that
//     match nothing; `-sections` before the size for the sections layout; URLMatching.swift)
//
// Exits with status 1 when a target is missed, the two workloads do not make the same
// callbacks, or a navigation to a state does not reach its target, so it is a real check.

import CMallocCounter
import NavigatorWorkloads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: Targets

/// Target 1: model push+pop within this factor of the hand-written stack.
let pushPopLimit = 1.25
/// Target 2: per-screen cost of 100,000 pushes + popToRoot within this factor of 10,000.
let scalingLimit = 1.3
/// Target 3 (issues "state", "speed"): plan and apply from the three-screen stack to the
/// ten-step nested target within this many push+pops of the same run.
let navigateLimit = 8.0
/// Target 3 (issue "speed"): plan and apply from `[A, B, C]` to the ten-screen stack
/// `[A, B, D … K]` within this many push+pops.
let stackNavigateLimit = 6.0
/// Target 4 (issues "state", "speed"): planning alone (`plan(to:)`, no change) within this
/// many push+pops, for each of the three plans (nested target, ten-screen stack, back).
let planLimit = 1.0
/// Target 5 (issue "state"): per-screen cost of reading a 10,000-screen stack's state within
/// this factor of a 1,000-screen stack's.
let readLimit = 1.3

// MARK: Arguments

var arguments = Array(CommandLine.arguments.dropFirst())
var trials = 15
var pushPopIterations = 20_000
if let index = arguments.firstIndex(of: "--trials"), index + 1 < arguments.count,
  let value = Int(arguments[index + 1])
{
  trials = max(1, value)
}
if let index = arguments.firstIndex(of: "--profile"), index + 1 < arguments.count {
  let which = arguments[index + 1]
  let iterations = index + 2 < arguments.count ? Int(arguments[index + 2]) ?? 100_000 : 100_000
  if which.hasPrefix("deeplink") {
    let workload = DeepLinkWorkload()
    workload.roundTrips(iterations, url: which == "deeplink-url")
    print(
      "\(which): \(iterations) round trips, \(workload.failures) failures, "
        + "\(workload.screenCount) screens at the end")
    exit(workload.failures == 0 ? 0 : 1)
  }
  if which.hasPrefix("match-") {
    profileURLMatching(which, iterations)
    exit(0)
  }
  if which.hasPrefix("snapshot") {
    profileSnapshots(which, iterations)
    exit(0)
  }
  if which.hasPrefix("flow-") {
    profileFlows(which, iterations)
    exit(0)
  }
  if which.hasPrefix("recording-") {
    profileRecording(which, iterations)
    exit(0)
  }
  if which.hasPrefix("state-") {
    switch which {
    case "state-navigate":
      let workload = StateNavigateWorkload()
      workload.roundTrips(iterations)
      print("\(which): \(iterations) × (to the target + back), \(workload.tally.count) callbacks")
    case "state-plan":
      let steps = StateNavigateWorkload().plans(iterations)
      print("\(which): \(iterations) plans of \(steps) steps")
    case "state-navigate-stack":
      let workload = StackStateWorkload()
      workload.roundTrips(iterations)
      print("\(which): \(iterations) × (to the ten-screen stack + back), \(workload.tally.count) callbacks")
    case "state-plan-stack":
      let steps = StackStateWorkload().plansToTen(iterations)
      print("\(which): \(iterations) plans of \(steps) steps")
    case "state-plan-stack-back":
      let workload = StackStateWorkload()
      workload.toTenScreens()
      let steps = workload.plansBack(iterations)
      print("\(which): \(iterations) plans of \(steps) steps")
    case "state-read":
      let screens = index + 3 < arguments.count ? Int(arguments[index + 3]) ?? 1_000 : 1_000
      let workload = StateReadWorkload(count: screens)
      let read = workload.read(iterations)
      print("\(which): \(iterations) reads of a \(read)-screen stack")
    default:
      print(
        "unknown profile \(which): state-navigate|state-plan|state-navigate-stack|state-plan-stack|"
          + "state-plan-stack-back|state-read COUNT [SCREENS]")
      exit(2)
    }
    exit(0)
  }
  let workload: any StackWorkload = which.hasPrefix("baseline") ? BaselineWorkload() : ModelWorkload()
  if which.hasSuffix("-stack") {
    workload.pushThenPopToRoot(count: iterations)
    print("\(which): push \(iterations) + popToRoot, \(workload.tally.count) callbacks")
  } else {
    workload.pushPop(iterations: iterations)
    print("\(which): \(iterations) push+pop, \(workload.tally.count) callbacks")
  }
  exit(0)
}

// MARK: Helpers

func nanoseconds(_ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  body()
  let elapsed = clock.now - start
  return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func allocations(_ body: () -> Void) -> UInt64 {
  let before = cmc_allocation_count()
  body()
  return cmc_allocation_count() - before
}

func format(_ value: Double, _ digits: Int = 1) -> String {
  var text = String(Int((value * pow(10, Double(digits))).rounded()))
  if digits > 0 {
    while text.count <= digits { text = "0" + text }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
  }
  return text
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

var failures: [String] = []

// MARK: Same callbacks, same order

do {
  let model = ModelWorkload()
  let baseline = BaselineWorkload()
  model.tally.log = []
  baseline.tally.log = []
  model.pushPop(iterations: 1)
  baseline.pushPop(iterations: 1)
  let expected = [
    "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "willShow(B)",
    "A.viewDidDisappear", "B.viewDidAppear", "didShow(B)", "B.didMove(nav)",
    "B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear", "willShow(A)",
    "B.viewDidDisappear", "A.viewDidAppear", "didShow(A)", "B.didMove(nil)",
  ]
  print("Callbacks of one push+pop (behaviour reference: Push, Pop), both workloads:")
  print("  " + expected.joined(separator: " → "))
  if model.tally.log! != expected { failures.append("model callbacks differ: \(model.tally.log!)") }
  if baseline.tally.log! != expected { failures.append("baseline callbacks differ: \(baseline.tally.log!)") }
  print(
    "  model: \(model.tally.log! == expected ? "same" : "DIFFERENT"), "
      + "hand-written: \(baseline.tally.log! == expected ? "same" : "DIFFERENT")")
  print("")
}

// MARK: 1. push + pop, model vs hand-written

let model = ModelWorkload()
let baseline = BaselineWorkload()
// Warm-up: caches, lazy runtime metadata, the allocator's free lists.
for _ in 0..<2 {
  model.pushPop(iterations: pushPopIterations)
  baseline.pushPop(iterations: pushPopIterations)
}
var modelSamples: [Double] = []
var baselineSamples: [Double] = []
for trial in 0..<trials {
  // Alternate which goes first, so drift on a shared machine hits both alike.
  if trial % 2 == 0 {
    modelSamples.append(
      nanoseconds { model.pushPop(iterations: pushPopIterations) } / Double(pushPopIterations))
    baselineSamples.append(
      nanoseconds { baseline.pushPop(iterations: pushPopIterations) } / Double(pushPopIterations))
  } else {
    baselineSamples.append(
      nanoseconds { baseline.pushPop(iterations: pushPopIterations) } / Double(pushPopIterations))
    modelSamples.append(
      nanoseconds { model.pushPop(iterations: pushPopIterations) } / Double(pushPopIterations))
  }
}
let allocationIterations = 1_000
let modelAllocations =
  Double(allocations { model.pushPop(iterations: allocationIterations) }) / Double(allocationIterations)
let baselineAllocations =
  Double(allocations { baseline.pushPop(iterations: allocationIterations) }) / Double(allocationIterations)
let modelPushPop = median(modelSamples)
let baselinePushPop = median(baselineSamples)
let pushPopRatio = modelPushPop / baselinePushPop
precondition(model.depth == 1 && baseline.depth == 1)

let countsNote = cmc_is_active() != 0 ? "" : " (allocation counting needs glibc; shown as 0)"
print("1. push + pop of a new screen, visible window, delegate, default configuration")
print("   \(trials) trials × \(pushPopIterations) iterations each, median; min–max in brackets\(countsNote)")
print("   \(pad("", 14)) \(pad("ns/push+pop", 12)) \(pad("min–max", 16)) \(pad("mallocs", 8))")
print(
  "   \(pad("Navigator", 14)) \(pad(format(modelPushPop), 12)) \(pad(format(modelSamples.min()!) + "–" + format(modelSamples.max()!), 16)) \(pad(format(modelAllocations), 8))"
)
print(
  "   \(pad("hand-written", 14)) \(pad(format(baselinePushPop), 12)) \(pad(format(baselineSamples.min()!) + "–" + format(baselineSamples.max()!), 16)) \(pad(format(baselineAllocations), 8))"
)
let pushPopVerdict = pushPopRatio <= pushPopLimit ? "met" : "MISSED"
print(
  "   ratio Navigator / hand-written: \(format(pushPopRatio, 2))×  (target ≤ \(format(pushPopLimit, 2))×: \(pushPopVerdict))"
)
if pushPopRatio > pushPopLimit {
  failures.append(
    "push+pop is \(format(pushPopRatio, 2))× the hand-written stack (target ≤ \(format(pushPopLimit, 2))×)")
}
print("")

// MARK: 2. push N then popToRoot, 10,000 vs 100,000

func perScreen(_ workload: any StackWorkload, _ count: Int) -> Double {
  let time = nanoseconds { workload.pushThenPopToRoot(count: count) }
  precondition(workload.depth == 1)
  return time / Double(count)
}

var scalingSamples: [String: [Double]] = [:]
let sizes = [10_000, 100_000]
let sides: [(String, any StackWorkload)] = [("Navigator", model), ("hand-written", baseline)]
for (_, workload) in sides {
  for size in sizes { _ = perScreen(workload, size) }  // warm-up
}
for trial in 0..<trials {
  for size in (trial % 2 == 0 ? sizes : sizes.reversed()) {
    for (name, workload) in sides {
      scalingSamples["\(name) \(size)", default: []].append(perScreen(workload, size))
    }
  }
}
var scalingAllocations: [String: Double] = [:]
for (name, workload) in sides {
  for size in sizes {
    scalingAllocations["\(name) \(size)"] =
      Double(allocations { workload.pushThenPopToRoot(count: size) }) / Double(size)
  }
}

print("2. push N new screens then popToRoot, visible window, default configuration")
print("   \(trials) trials each, median ns per screen (create + push + share of popToRoot + release)")
print(
  "   \(pad("", 14)) \(pad("N=10,000", 10)) \(pad("N=100,000", 10)) \(pad("100k/10k", 9)) \(pad("mallocs/screen", 15))"
)
var scalingRatio = 0.0
for (name, _) in sides {
  let small = median(scalingSamples["\(name) 10000"]!)
  let large = median(scalingSamples["\(name) 100000"]!)
  let ratio = large / small
  if name == "Navigator" { scalingRatio = ratio }
  print(
    "   \(pad(name, 14)) \(pad(format(small), 10)) \(pad(format(large), 10)) \(pad(format(ratio, 2) + "×", 9)) \(pad(format(scalingAllocations["\(name) 100000"]!), 15))"
  )
}
let scalingVerdict = scalingRatio <= scalingLimit ? "met" : "MISSED"
print(
  "   Navigator per-screen ratio 100,000 / 10,000: \(format(scalingRatio, 2))×  (target ≤ \(format(scalingLimit, 2))×: \(scalingVerdict))"
)
if scalingRatio > scalingLimit {
  failures.append(
    "per-screen cost at 100,000 is \(format(scalingRatio, 2))× that at 10,000 (target ≤ \(format(scalingLimit, 2))×)"
  )
}
print("")

// MARK: 3. navigation to a state, against push + pop

let state = StateNavigateWorkload()
let stateStates = state.states
print("3. navigation to a state (issue \"state\"): plan and apply, and plan alone")
print("   start:  \(stateStates.start)")
print("   target: \(stateStates.target)")
print("   plan from the start:")
for (index, line) in state.planToTarget.enumerated() { print("     \(index + 1). \(line)") }
let stateProblems = state.check()
for problem in stateProblems { failures.append("navigation to a state: \(problem)") }
let stackState = StackStateWorkload()
for problem in stackState.check() { failures.append("navigation to the ten-screen stack: \(problem)") }
let roundTrips = 50
let plansPerTrial = 100
let referencePushPops = 5_000
// Warm-up.
state.roundTrips(roundTrips)
state.plans(plansPerTrial)
stackState.roundTrips(roundTrips)
stackState.plansToTen(plansPerTrial)
var referenceSamples: [Double] = []
var toTargetSamples: [Double] = []
var backSamples: [Double] = []
var planSamples: [Double] = []
var toTenSamples: [Double] = []
var fromTenSamples: [Double] = []
var planTenSamples: [Double] = []
var planFromTenSamples: [Double] = []
@MainActor func measureReference() {
  referenceSamples.append(
    nanoseconds { model.pushPop(iterations: referencePushPops) } / Double(referencePushPops))
}
for trial in 0..<trials {
  if trial % 2 == 0 { measureReference() }
  var toTarget = 0.0
  var back = 0.0
  var toTen = 0.0
  var fromTen = 0.0
  // Each workload's round trips run in a loop of their own, as the reference's push + pops do
  // and as the instruction counts are taken: interleaving the two workloads would time each
  // navigation with the other's code and objects in the caches.
  for _ in 0..<roundTrips {
    toTarget += nanoseconds { state.toTarget() }
    back += nanoseconds { state.back() }
  }
  for _ in 0..<roundTrips {
    toTen += nanoseconds { stackState.toTenScreens() }
    fromTen += nanoseconds { stackState.backToStart() }
  }
  toTargetSamples.append(toTarget / Double(roundTrips))
  backSamples.append(back / Double(roundTrips))
  toTenSamples.append(toTen / Double(roundTrips))
  fromTenSamples.append(fromTen / Double(roundTrips))
  planSamples.append(nanoseconds { state.plans(plansPerTrial) } / Double(plansPerTrial))
  planTenSamples.append(nanoseconds { stackState.plansToTen(plansPerTrial) } / Double(plansPerTrial))
  stackState.toTenScreens()
  planFromTenSamples.append(nanoseconds { stackState.plansBack(plansPerTrial) } / Double(plansPerTrial))
  stackState.backToStart()
  if trial % 2 == 1 { measureReference() }
}
let toTargetAllocations = Double(allocations { state.toTarget() })
let backAllocations = Double(allocations { state.back() })
let planAllocations = Double(allocations { state.plans(10) }) / 10
let toTenAllocations = Double(allocations { stackState.toTenScreens() })
let planFromTenAllocations = Double(allocations { stackState.plansBack(10) }) / 10
let fromTenAllocations = Double(allocations { stackState.backToStart() })
let planTenAllocations = Double(allocations { stackState.plansToTen(10) }) / 10
let referencePushPop = median(referenceSamples)
print(
  "   \(trials) trials, median ns; each trial \(roundTrips) round trips of each kind (each half timed on its "
    + "own), \(plansPerTrial) plans of each kind, and \(referencePushPops) push+pop of workload 1 as the "
    + "reference")
print(
  "   \(pad("", 30)) \(pad("ns", 10)) \(pad("min–max", 18)) \(pad("× push+pop", 11)) \(pad("mallocs", 8))")
@MainActor func stateRow(_ name: String, _ samples: [Double], _ mallocs: Double?) {
  let value = median(samples)
  print(
    "   \(pad(name, 30)) \(pad(format(value, 0), 10)) \(pad(format(samples.min()!, 0) + "–" + format(samples.max()!, 0), 18)) \(pad(format(value / referencePushPop, 2) + "×", 11)) \(pad(mallocs.map { format($0, 0) } ?? "", 8))"
  )
}
stateRow("push + pop (reference)", referenceSamples, modelAllocations)
stateRow("to the nested target", toTargetSamples, toTargetAllocations)
stateRow("back to the start", backSamples, backAllocations)
stateRow(
  "nested round trip", zip(toTargetSamples, backSamples).map { $0 + $1 },
  toTargetAllocations + backAllocations)
stateRow("to the ten-screen stack", toTenSamples, toTenAllocations)
stateRow("back from it", fromTenSamples, fromTenAllocations)
stateRow("plan: nested target", planSamples, planAllocations)
stateRow("plan: ten-screen stack", planTenSamples, planTenAllocations)
stateRow("plan: back from it", planFromTenSamples, planFromTenAllocations)
/// Prints a ratio to push + pop against its limit, and records a miss.
@MainActor func checkStateRatio(_ name: String, _ samples: [Double], limit: Double) {
  let ratio = median(samples) / referencePushPop
  print(
    "   \(name) / push+pop: \(format(ratio, 2))×  (target ≤ \(format(limit, 0))×: "
      + "\(ratio <= limit ? "met" : "MISSED"))")
  if ratio > limit {
    failures.append("\(name) costs \(format(ratio, 2))× a push+pop (target ≤ \(format(limit, 0))×)")
  }
}
checkStateRatio("navigating to the nested target", toTargetSamples, limit: navigateLimit)
checkStateRatio("navigating to the ten-screen stack", toTenSamples, limit: stackNavigateLimit)
checkStateRatio("planning the nested target", planSamples, limit: planLimit)
checkStateRatio("planning the ten-screen stack", planTenSamples, limit: planLimit)
checkStateRatio("planning the way back from it", planFromTenSamples, limit: planLimit)
print("")

// MARK: 4. reading the state of a 1,000- and a 10,000-screen stack

let readSizes = [1_000, 10_000]
let readScreensPerSample = 20_000
let readers = readSizes.map { StateReadWorkload(count: $0) }
for reader in readers { reader.read(readScreensPerSample / reader.count) }  // warm-up
var readSamples: [[Double]] = readSizes.map { _ in [] }
for trial in 0..<trials {
  for index in (trial % 2 == 0 ? [0, 1] : [1, 0]) {
    let reader = readers[index]
    let reads = readScreensPerSample / reader.count
    readSamples[index].append(
      nanoseconds { precondition(reader.read(reads) == reader.count) } / Double(reads * reader.count))
  }
}
let readAllocations = readers.map { reader in Double(allocations { reader.read(1) }) / Double(reader.count) }
print("4. window.navigationState(keyedBy:) of a stack of N screens (read and released)")
print("   \(trials) trials each, median ns per screen, \(readScreensPerSample) screens read per sample")
print(
  "   \(pad("", 14)) \(pad("N=1,000", 10)) \(pad("N=10,000", 10)) \(pad("10k/1k", 9)) \(pad("mallocs/screen", 15))"
)
let readSmall = median(readSamples[0])
let readLarge = median(readSamples[1])
let readRatio = readLarge / readSmall
print(
  "   \(pad("Navigator", 14)) \(pad(format(readSmall), 10)) \(pad(format(readLarge), 10)) \(pad(format(readRatio, 2) + "×", 9)) \(pad(format(readAllocations[1], 2), 15))"
)
print(
  "   per-screen ratio 10,000 / 1,000: \(format(readRatio, 2))×  (target ≤ \(format(readLimit, 2))×: "
    + "\(readRatio <= readLimit ? "met" : "MISSED"))")
if readRatio > readLimit {
  failures.append(
    "reading the state costs \(format(readRatio, 2))× per screen at 10,000 screens than at 1,000 (target ≤ \(format(readLimit, 2))×)"
  )
}
print("")

// MARK: 6. flows (FlowTarget.swift)

failures += measureFlows(trials: trials)
// MARK: 5. URL matching (targets 7, 8 and 11, in URLMatching.swift)

failures += measureURLMatching(trials: trials)

// MARK: 9. snapshots (SnapshotTarget.swift)

failures += measureSnapshots(trials: trials)

// MARK: 10. recording (RecordingTarget.swift)

failures += measureRecording(trials: trials)

if failures.isEmpty {
  print("All targets met.")
} else {
  print("Targets missed:")
  for failure in failures { print("  - \(failure)") }
  exit(1)
}
