// swift-tools-version: 6.3
import PackageDescription

let package = Package(
  name: "FlowService",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "FlowServiceCore", targets: ["FlowServiceCore"]),
    .executable(name: "FlowService", targets: ["FlowService"]),
  ],
  dependencies: [
    // The root package, by path; named, so that its identity does not depend on the clone's folder.
    .package(name: "Navigator", path: ".."),
    // No traits: with the defaults, SwiftPM reorders two flags between runs and rebuilds Hummingbird.
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    // Already in the graph through postgres-nio; named for HMAC (session secrets) and random keys.
    .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
  ],
  targets: [
    .target(
      name: "ShopApp",
      dependencies: [
        .product(name: "AppFlow", package: "Navigator"),
        .product(name: "Navigator", package: "Navigator"),
      ]),
    .target(
      name: "FlowServiceCore",
      dependencies: [
        "ShopApp",
        .product(name: "AppFlow", package: "Navigator"),
        .product(name: "Navigator", package: "Navigator"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]),
    .executableTarget(
      name: "FlowService",
      dependencies: [
        "FlowServiceCore",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]),
    // One open as the service makes it, without HTTP, for callgrind (README, "Requests").
    .executableTarget(name: "OpenMeasure", dependencies: ["FlowServiceCore"]),
    .testTarget(
      name: "FlowServiceTests",
      dependencies: [
        "FlowService",
        "FlowServiceCore",
        "ShopApp",
        .product(name: "AppFlow", package: "Navigator"),
        .product(name: "Navigator", package: "Navigator"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]),
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
