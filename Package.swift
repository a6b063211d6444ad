// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Navigator",
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
    // What both test targets share: the seeded generator and the random states.
    .target(name: "TestSupport", dependencies: ["Navigator"], path: "Tests/TestSupport"),
    .testTarget(name: "NavigatorTests", dependencies: ["Navigator", "TestSupport"]),
    .testTarget(
      name: "AppFlowTests", dependencies: ["AppFlow", "Navigator", "TestSupport"],
      // Golden snapshots, read by the tests from the source tree.
      exclude: ["Restoration/Golden"]),
    .testTarget(name: "FlowDemoTests", dependencies: ["FlowDemo"]),
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
