// swift-tools-version: 6.3
import PackageDescription

// Benchmarks for Navigator, in their own package so that the library keeps
// `dependencies: []` (as swift-log, swift-nio and TCA do).
//
// - `NavigatorBenchmarks`: package-benchmark suite, `swift package benchmark`.
// - `NavigatorMeasure`: a plain release executable that checks the performance
//   targets side by side in one process, `swift run -c release NavigatorMeasure`.
// - `SessionMemory`: resident bytes per hosted session, `swift run -c release SessionMemory`.
// - `SessionThroughput`: navigation operations per second through a SessionHost.
let package = Package(
  name: "NavigatorBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    // Named, because a path package is otherwise identified by its folder name.
    .package(name: "Navigator", path: ".."),
    .package(
      url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1",
      traits: ["MallocInterposer"]),
  ],
  targets: [
    // The workloads both runners measure: the model and a hand-written baseline.
    .target(
      name: "NavigatorWorkloads",
      dependencies: [
        .product(name: "Navigator", package: "Navigator"),
        .product(name: "AppFlow", package: "Navigator"),
      ]),
    // URL matching against generated tables of patterns (AppFlow), for NavigatorMeasure.
    .target(
      name: "MatchingWorkloads",
      dependencies: [.product(name: "AppFlow", package: "Navigator")]),
    // Counts calls to malloc and friends for NavigatorMeasure (glibc only).
    .target(name: "CMallocCounter"),
    .executableTarget(
      name: "NavigatorMeasure",
      dependencies: ["NavigatorWorkloads", "CMallocCounter", "MatchingWorkloads"]),
    // glibc's heap in use (mallinfo2), for SessionMemory.
    .target(name: "CHeapInUse"),
    // Resident bytes per session hosted by AppFlow's SessionHost (glibc only).
    .executableTarget(
      name: "SessionMemory",
      dependencies: [
        "CHeapInUse",
        .product(name: "Navigator", package: "Navigator"),
        .product(name: "AppFlow", package: "Navigator"),
      ]),
    // Navigation operations per second through a SessionHost, 10,000 sessions.
    .executableTarget(
      name: "SessionThroughput",
      dependencies: [
        .product(name: "Navigator", package: "Navigator"),
        .product(name: "AppFlow", package: "Navigator"),
      ]),
    .executableTarget(
      name: "NavigatorBenchmarks",
      dependencies: [
        "NavigatorWorkloads",
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/NavigatorBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(contentsOf: [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  ])
  target.swiftSettings = settings
}
