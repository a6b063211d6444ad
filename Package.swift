// swift-tools-version: 6.3
import PackageDescription

let package = Package(
  name: "Navigator",
  // What AppFlow's clocks and durations need (`Duration`, `ContinuousClock`); the rest of both
  // libraries needs no more. Linux needs no minimum.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Navigator", targets: ["Navigator"]),
    .library(name: "AppFlow", targets: ["AppFlow"]),
    .executable(name: "FlowDemo", targets: ["FlowDemo"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "Navigator"),
    .target(name: "AppFlow", dependencies: ["Navigator"]),
    .executableTarget(name: "FlowDemo", dependencies: ["Navigator", "AppFlow"]),
    // What the test targets share: the seeded generator, the random states and the temporary
    // directories removed when their test ends.
    .target(name: "TestSupport", dependencies: ["Navigator"], path: "Tests/TestSupport"),
    .testTarget(name: "NavigatorTests", dependencies: ["Navigator", "TestSupport"]),
    .testTarget(
      name: "AppFlowTests", dependencies: ["AppFlow", "Navigator", "TestSupport"],
      // Golden snapshots and recorded session logs, read by the tests from the source tree.
      exclude: ["Restoration/Golden", "Recording/RecordedLogs"]),
    // The committed transcripts, the playground script, and the playground's recorded session
    // logs with their scripts, read by the tests from the source tree.
    .testTarget(
      name: "FlowDemoTests", dependencies: ["FlowDemo", "AppFlow", "Navigator", "TestSupport"],
      exclude: ["Transcripts", "RecordedLogs"]),
    // The API conventions, checked by the compiler: every verb in each of its forms, called from
    // a synchronous function, an async function, a synchronous closure inside an async function
    // (the tests) and top-level code with `await` (the executable), with its result type checked.
    .target(
      name: "APIConventionSupport", dependencies: ["AppFlow", "Navigator"], path: "Tests/APIConventionSupport"
    ),
    .testTarget(name: "APIConventionTests", dependencies: ["APIConventionSupport", "AppFlow", "Navigator"]),
    .executableTarget(
      name: "APIConventionTopLevel", dependencies: ["APIConventionSupport", "AppFlow", "Navigator"],
      path: "Tests/APIConventionTopLevel"),
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
