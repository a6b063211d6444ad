// Target 9 (issue "sessions"): writing and reading the snapshot of a typical session against
// the same tree as plain Codable structs, both with Foundation's JSON coders. Called from
// main.swift.

import NavigatorWorkloads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Target 9: a snapshot's encode + decode within this factor of plain `Codable` structs'.
let snapshotLimit = 2.0

/// `--profile snapshot|snapshot-plain COUNT`: one side alone, for callgrind.
func profileSnapshots(_ which: String, _ iterations: Int) {
  let workload = SnapshotWorkload()
  if which == "snapshot-plain" { workload.plainRoundTrip(iterations) } else { workload.snapshotRoundTrip(iterations) }
  print("\(which): \(iterations) round trips, \(workload.failures) failures")
}

/// Measures both sides in alternating order and prints section 9; returns the failures.
func measureSnapshots(trials: Int) -> [String] {
  let workload = SnapshotWorkload()
  let bytes = workload.bytes
  print("9. snapshots (issue \"sessions\"): encode + decode of a typical session, JSON")
  print("   snapshot: \(bytes.snapshot)")
  print("   plain:    \(bytes.plain)")
  let iterations = 2_000
  workload.snapshotRoundTrip(200)
  workload.plainRoundTrip(200)
  var samples: [[Double]] = [[], []]
  for trial in 0..<trials {
    for side in (trial % 2 == 0 ? [0, 1] : [1, 0]) {
      samples[side].append(
        nanoseconds {
          if side == 0 { workload.snapshotRoundTrip(iterations) } else { workload.plainRoundTrip(iterations) }
        } / Double(iterations))
    }
  }
  let snapshot = median(samples[0])
  let plain = median(samples[1])
  let ratio = snapshot / plain
  print("   \(trials) trials × \(iterations) round trips, median ns per encode + decode")
  print("   \(pad("NavigationSnapshot", 20)) \(pad(format(snapshot, 0), 10))")
  print("   \(pad("plain Codable", 20)) \(pad(format(plain, 0), 10))")
  print(
    "   ratio: \(format(ratio, 2))×  (target ≤ \(format(snapshotLimit, 1))×: \(ratio <= snapshotLimit ? "met" : "MISSED"))")
  print("")
  var failures: [String] = []
  if workload.failures > 0 { failures.append("snapshots: \(workload.failures) round trips failed") }
  if ratio > snapshotLimit {
    failures.append("a snapshot's encode + decode costs \(format(ratio, 2))× plain Codable (target ≤ 2×)")
  }
  return failures
}
