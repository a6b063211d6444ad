// Targets 7, 8 and 11 (issue "routes", issue "proof"): matching a URL against 1,000 and
// 10,000 registered patterns, and a URL that matches nothing (MatchingWorkloads). Called from
// main.swift.

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

/// Target 11: a URL that matches nothing within this factor of a match in the same table.
let missLimit = 1.0

/// Measures targets 7, 8 and 11, prints their table, and returns the targets missed.
///
/// Four tables (the resources and sections layouts, at 1,000 and 10,000 patterns); each trial
/// times a match and a miss in every one, in an order that rotates from trial to trial.
func measureURLMatching(trials: Int) -> [String] {
  let sizes = [1_000, 10_000]
  let layouts: [(name: String, layout: MatchWorkload.Layout)] = [
    ("resources", .resources), ("sections", .sections),
  ]
  // Index `2 * layout + size`: resources 1k, resources 10k, sections 1k, sections 10k.
  let workloads = layouts.flatMap { entry in
    sizes.map { MatchWorkload(patternCount: $0, layout: entry.layout) }
  }
  let rounds = 2_000
  let missRounds = rounds * 4  // 4 miss URLs a round against 16 URLs that match: the same number of URLs
  var failures: [String] = []
  for (size, workload) in zip(sizes, workloads) where !workload.check() {
    failures.append("a URL does not match its pattern among \(size) patterns")
  }
  for workload in workloads {  // warm-up
    _ = workload.match(rounds: rounds / 4)
    _ = workload.miss(rounds: missRounds / 4)
  }
  // Sample `2 * workload + kind`, kind 0 for a match and 1 for a miss: ns a URL.
  var samples: [[Double]] = Array(repeating: [], count: workloads.count * 2)
  var sink = 0
  for trial in 0..<trials {
    for step in 0..<samples.count {
      let index = (step + trial) % samples.count
      let workload = workloads[index / 2]
      var sum = 0
      if index % 2 == 0 {
        let elapsed = nanoseconds { sum = workload.match(rounds: rounds) }
        samples[index].append(elapsed / Double(rounds * workload.urls.count))
      } else {
        let elapsed = nanoseconds { sum = workload.miss(rounds: missRounds) }
        samples[index].append(elapsed / Double(missRounds * workload.missURLs.count))
      }
      sink &+= sum
    }
  }
  let medians = samples.map(median)
  let mallocs = workloads.map { workload in Double(allocations { _ = workload.match(rounds: 10) }) / 160 }
  let missMallocs = workloads.map { workload in Double(allocations { _ = workload.miss(rounds: 10) }) / 40 }
  let small = medians[0]
  let large = medians[2]
  let ratio = large / small
  print("5. URL matching: URLPatternTable.match against N registered patterns (issue \"routes\")")
  print(
    "   \(trials) trials each, median ns per URL, \(rounds) × 16 URLs that match or "
      + "\(missRounds) × 4 that match nothing per sample (checksum \(sink % 10))")
  print(
    "   \(pad("", 20)) \(pad("N=1,000", 10)) \(pad("N=10,000", 10)) \(pad("10k/1k", 9)) \(pad("mallocs/URL", 12))"
  )
  for (number, entry) in layouts.enumerated() {
    for (kind, name) in ["match", "miss"].enumerated() {
      let values = (0..<2).map { medians[2 * (2 * number + $0) + kind] }
      let allocated = kind == 0 ? mallocs[2 * number] : missMallocs[2 * number]
      print(
        "   \(pad(entry.name + " " + name, 20)) \(pad(format(values[0]), 10)) \(pad(format(values[1]), 10)) \(pad(format(values[1] / values[0], 2) + "×", 9)) \(pad(format(allocated, 1), 12))"
      )
    }
  }
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
  for (number, entry) in layouts.enumerated() {
    let missRatios = (0..<2).map { medians[2 * (2 * number + $0) + 1] / medians[2 * (2 * number + $0)] }
    let met = missRatios.allSatisfy { $0 <= missLimit }
    print(
      "   11. \(entry.name), a miss / a match: \(format(missRatios[0], 2))× at 1,000, "
        + "\(format(missRatios[1], 2))× at 10,000 (target ≤ \(format(missLimit, 2))×: \(met ? "met" : "MISSED"))"
    )
    for (size, missRatio) in zip(sizes, missRatios) where missRatio > missLimit {
      failures.append(
        "in the \(entry.name) layout at \(size) patterns, a miss costs \(format(missRatio, 2))× a match "
          + "(target ≤ \(format(missLimit, 2))×)")
    }
  }
  print("")
  return failures
}
