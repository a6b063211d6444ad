import Foundation
import Logging
import PostgresNIO
import Testing

@testable import FlowServiceCore

/// The PostgreSQL server the tests may use: `FLOW_SERVICE_POSTGRES_URL`, which
/// `Service/scripts/postgres.sh run DIR -- swift test` sets. Every test gets a database of
/// its own, made for it and dropped after it.
enum TestPostgres {
  /// The server's URL, when one is configured.
  static let url: String? = {
    guard let url = ProcessInfo.processInfo.environment["FLOW_SERVICE_POSTGRES_URL"], !url.isEmpty else {
      return nil
    }
    return url
  }()

  /// Why the PostgreSQL tests are skipped.
  static let unavailable: Comment =
    "no PostgreSQL server: FLOW_SERVICE_POSTGRES_URL is not set (Service/scripts/postgres.sh run DIR -- swift test sets it)"

  /// Runs `body` with the URL of a new, empty database, dropped afterwards.
  static func withDatabase<T>(_ body: (String) async throws -> T) async throws -> T {
    let url = try #require(url, unavailable)
    let name = "flow_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try await withClient(url) { client in
      _ = try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
    }
    var components = try #require(URLComponents(string: url))
    components.path = "/" + name
    let databaseURL = try #require(components.string)
    do {
      let value = try await body(databaseURL)
      try await drop(name, url)
      return value
    } catch {
      try? await drop(name, url)
      throw error
    }
  }

  private static func drop(_ name: String, _ url: String) async throws {
    try await withClient(url) { client in
      _ = try await client.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
    }
  }

  /// Runs `body` with a running client of `url`.
  static func withClient<T: Sendable>(
    _ url: String, _ body: (PostgresClient) async throws -> T
  ) async throws -> T {
    let client = PostgresClient(configuration: try PostgresURL.configuration(url))
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      return try await body(client)
    }
  }

  /// Runs `body` with a prepared store over `url` (an instance of its own: its own client).
  static func withStore<T: Sendable>(
    _ url: String, lockTimeout: Duration = .seconds(10), _ body: (PostgresSnapshotStore) async throws -> T
  ) async throws -> T {
    let store = PostgresSnapshotStore(
      configuration: try PostgresURL.configuration(url), lockTimeout: lockTimeout)
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await store.client.run() }
      defer { group.cancelAll() }
      try await store.prepare()
      return try await body(store)
    }
  }

  /// A service configuration over the PostgreSQL database `url`, with no idle eviction, and the
  /// test API key (the session key is kept in the database).
  static func configuration(_ url: String) -> ServiceConfiguration {
    ServiceConfiguration(
      hostname: "127.0.0.1", port: 0, postgresURL: url, idleTimeout: nil, apiKey: testAPIKey)
  }
}
