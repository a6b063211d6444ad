// Recording (issue 31): push + pop through an app's navigator with recording off and on (a
// log bounded at 100 inputs), side by side. Called from main.swift.

import CMallocCounter
import NavigatorWorkloads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 31: push + pop with recording on within this factor of the same push + pop with
/// recording off.
let recordingLimit = 1.3

/// `--profile recording-off|recording-on COUNT`: one side alone, for callgrind.
func profileRecording(_ which: String, _ iterations: Int) {
  let recording: Bool
  switch which {
  case "recording-off": recording = false
  case "recording-on": recording = true
  default:
    print("unknown profile \(which): recording-off|recording-on COUNT")
    exit(2)
  }
  let workload = RecordingWorkload(recording: recording)
  workload.pushPop(iterations)
  print(
    "\(which): \(iterations) push+pop, \(workload.tally.count) callbacks, "
      + "\(workload.recordedInputs.map { "\($0) inputs in the log" } ?? "no recorder")")
}

/// Checks the recording workload, measures both sides in alternating order and prints
/// section 10; returns the failures.
func measureRecording(trials: Int) -> [String] {
  var failures: [String] = []
  let sides = [
    (name: "push + pop, recording off", workload: RecordingWorkload(recording: false)),
    (name: "push + pop, recording on", workload: RecordingWorkload(recording: true)),
  ]
  print(
    "10. recording (issue 31): push + pop through an app's navigator, recording off and on (100 inputs kept)")
  let problems = sides.flatMap { side in side.workload.check().map { "\(side.name): \($0)" } }
  print(
    "   check (back at the root; the bounded log alternates push and pop and replays): \(problems.isEmpty ? "ok" : "FAILED")"
  )
  failures += problems.map { "recording: \($0)" }

  let iterations = 10_000
  for side in sides { side.workload.pushPop(iterations) }  // warm-up
  var samples: [[Double]] = sides.map { _ in [] }
  for trial in 0..<trials {
    // Alternate the order, so drift on a shared machine hits both sides alike.
    for offset in 0..<sides.count {
      let index = (trial + offset) % sides.count
      samples[index].append(nanoseconds { sides[index].workload.pushPop(iterations) } / Double(iterations))
    }
  }
  let mallocIterations = 1_000
  let mallocs = sides.map { side in
    Double(allocations { side.workload.pushPop(mallocIterations) }) / Double(mallocIterations)
  }
  print("   \(trials) trials × \(iterations) iterations each, alternating order, median ns per iteration")
  print("   \(pad("", 30)) \(pad("ns", 9)) \(pad("min–max", 16)) \(pad("× off", 9)) \(pad("mallocs", 8))")
  let medians = samples.map(median)
  for (index, side) in sides.enumerated() {
    print(
      "   \(pad(side.name, 30)) \(pad(format(medians[index]), 9)) "
        + "\(pad(format(samples[index].min()!) + "–" + format(samples[index].max()!), 16)) "
        + "\(pad(format(medians[index] / medians[0], 2) + "×", 9)) \(pad(format(mallocs[index], 1), 8))")
  }
  let ratio = medians[1] / medians[0]
  print(
    "   recording on / off: \(format(ratio, 2))×  (target ≤ \(format(recordingLimit, 2))×: "
      + "\(ratio <= recordingLimit ? "met" : "MISSED"))")
  if ratio > recordingLimit {
    failures.append(
      "push + pop with recording on is \(format(ratio, 2))× recording off (target ≤ \(format(recordingLimit, 2))×)"
    )
  }
  print("")
  return failures
}
