// Targets 7 and 8 (issue "routes"): matching a URL against 1,000 and 10,000 registered
// patterns (MatchingWorkloads). Called from main.swift.

import MatchingWorkloads

/// Target 7: median ns to match one URL against 1,000 registered patterns.
let matchLimit = 2_000.0
/// Target 8: matching against 10,000 patterns within this factor of 1,000.
let matchScalingLimit = 1.3

/// Runs `match-1k` or `match-10k` alone for callgrind: `count` rounds of the 16 URLs; or
/// `match-miss-1k` or `match-miss-10k`: `count` rounds of the 4 URLs that match nothing;
/// with `-sections` before the size (`match-sections-10k`, `match-miss-sections-10k`), in a
/// table of one section per pattern.
func profileURLMatching(_ which: String, _ count: Int) {
  let workload = MatchWorkload(
    patternCount: which.hasSuffix("10k") ? 10_000 : 1_000,
    layout: which.contains("-sections") ? .sections : .resources)
  if which.hasPrefix("match-miss") {
    print("\(which): \(count) × 4 misses, sum \(workload.miss(rounds: count))")
  } else {
    print("\(which): \(count) × 16 matches, sum \(workload.match(rounds: count))")
  }
}

/// Measures targets 7 and 8, prints their table, and returns the targets missed.
func measureURLMatching(trials: Int) -> [String] {
  let sizes = [1_000, 10_000]
  let workloads = sizes.map { MatchWorkload(patternCount: $0) }
  let rounds = 2_000
  var failures: [String] = []
  for (size, workload) in zip(sizes, workloads) where !workload.check() {
    failures.append("a URL does not match its pattern among \(size) patterns")
  }
  for workload in workloads { _ = workload.match(rounds: rounds / 4) }  // warm-up
  var samples: [[Double]] = sizes.map { _ in [] }
  var sink = 0
  for trial in 0..<trials {
    for index in (trial % 2 == 0 ? [0, 1] : [1, 0]) {
      let workload = workloads[index]
      var sum = 0
      let elapsed = nanoseconds { sum = workload.match(rounds: rounds) }
      sink &+= sum
      samples[index].append(elapsed / Double(rounds * workload.urls.count))
    }
  }
  let mallocs = workloads.map { workload in Double(allocations { _ = workload.match(rounds: 10) }) / 160 }
  let small = median(samples[0])
  let large = median(samples[1])
  let ratio = large / small
  print("5. URL matching: URLPatternTable.match against N registered patterns (issue \"routes\")")
  print(
    "   \(trials) trials each, median ns per match, \(rounds) × 16 URLs per sample (checksum \(sink % 10))")
  print(
    "   \(pad("", 14)) \(pad("N=1,000", 10)) \(pad("N=10,000", 10)) \(pad("10k/1k", 9)) \(pad("mallocs/match", 14))"
  )
  print(
    "   \(pad("match", 14)) \(pad(format(small), 10)) \(pad(format(large), 10)) \(pad(format(ratio, 2) + "×", 9)) \(pad(format(mallocs[0], 1), 14))"
  )
  print(
    "   7. 1,000 patterns: \(format(small)) ns (target < \(format(matchLimit, 0)) ns: \(small < matchLimit ? "met" : "MISSED"))"
  )
  print(
    "   8. 10,000 / 1,000: \(format(ratio, 2))×  (target ≤ \(format(matchScalingLimit, 2))×: "
      + "\(ratio <= matchScalingLimit ? "met" : "MISSED"))")
  if small >= matchLimit {
    failures.append(
      "matching against 1,000 patterns takes \(format(small)) ns (target < \(format(matchLimit, 0)) ns)")
  }
  if ratio > matchScalingLimit {
    failures.append(
      "matching against 10,000 patterns costs \(format(ratio, 2))× 1,000 (target ≤ \(format(matchScalingLimit, 2))×)"
    )
  }
  print("")
  return failures
}
