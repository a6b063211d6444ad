import AppFlow
import PostgresNIO
import Testing

@testable import FlowServiceCore

/// PostgreSQL connection URLs: read into a client's configuration, or refused without their
/// password.
@Suite struct PostgresURLTests {
  @Test func aPostgresURLBecomesAClientConfiguration() throws {
    let full = try PostgresURL.configuration(
      "postgresql://shop:s%40cret@db.internal:6543/orders?sslmode=disable")
    #expect(
      [full.host, "\(full.port ?? 0)", full.username, full.password, full.database]
        == ["db.internal", "6543", "shop", "s@cret", "orders"])
    let short = try PostgresURL.configuration("postgres://shop@db")
    #expect(
      [short.host, "\(short.port ?? 0)", short.username, short.database] == ["db", "5432", "shop", "shop"])
    #expect(short.password == nil)
  }

  @Test func aBadPostgresURLIsNamedWithoutItsPassword() {
    func problem(_ url: String) -> String {
      do {
        _ = try PostgresURL.configuration(url)
        return "read"
      } catch {
        return error.message
      }
    }
    #expect(problem("mysql://a@b/c") == "'mysql://a@b/c' is not a postgres:// URL.")
    #expect(problem("postgres:///c") == "'postgres:///c' names no host.")
    #expect(problem("postgres://:secret@db/c") == "'postgres://:***@db/c' names no user.")
    #expect(
      problem("postgres://a:secret@db/c?sslmode=verify-full")
        == "'postgres://a:***@db/c?sslmode=verify-full' has sslmode 'verify-full'; the modes are disable, prefer, require."
    )
    #expect(PostgresURL.redacted("postgres://a:secret@db/c") == "postgres://a:***@db/c")
    #expect(PostgresURL.redacted("postgres://a@db/c") == "postgres://a@db/c")
  }

  @Test func aServiceOverABadPostgresURLIsNotBuilt() {
    let configuration = ServiceConfiguration(postgresURL: "postgres://nobody")
    #expect {
      _ = try buildApplication(configuration: configuration)
    } throws: { error in
      let error = error as? SnapshotStoreError
      return error?.code == ServiceConfiguration.invalidPostgresURL
        && error?.message == "Can't use the PostgreSQL URL: 'postgres://nobody' names no user."
    }
  }
}
