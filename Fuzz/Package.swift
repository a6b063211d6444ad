// swift-tools-version: 6.3
import PackageDescription

// Fuzz targets, a package of their own so that the root package's build and tests never see
// them. Each target is a libFuzzer entry point (`LLVMFuzzerTestOneInput`) with no `main`:
// build with `-sanitize=fuzzer,address -parse-as-library` (see README.md).
let package = Package(
  name: "NavigatorFuzz",
  dependencies: [.package(name: "Navigator", path: "..")],
  targets: [
    .executableTarget(
      name: "DecodeStateFuzzer",
      dependencies: [.product(name: "Navigator", package: "Navigator")]
    ),
    .executableTarget(
      name: "MatchURLFuzzer",
      dependencies: [.product(name: "AppFlow", package: "Navigator")]
    ),
    .executableTarget(
      name: "DecodeSessionLogFuzzer",
      dependencies: [
        .product(name: "AppFlow", package: "Navigator"), .product(name: "Navigator", package: "Navigator"),
      ]
    ),
    .executableTarget(
      name: "RestoreSnapshotFuzzer",
      dependencies: [
        .product(name: "AppFlow", package: "Navigator"), .product(name: "Navigator", package: "Navigator"),
      ]
    ),
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
