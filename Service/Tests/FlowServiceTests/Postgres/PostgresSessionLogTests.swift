import AppFlow
import Testing

@testable import FlowServiceCore

/// Session logs kept in PostgreSQL: saved in the same row and statement as the snapshot.
@Suite(.enabled(if: TestPostgres.url != nil, TestPostgres.unavailable))
struct PostgresSessionLogTests {
  /// The tests' configuration over the PostgreSQL database `url`, its sessions recording logs.
  static func recording(_ url: String) -> ServiceConfiguration {
    var configuration = TestPostgres.configuration(url)
    configuration.sessionLogLimit = 100
    return configuration
  }

  @Test func aStoredLogSurvivesARestartAndGoesOn() async throws {
    try await TestPostgres.withDatabase { url in
      try await SessionLogTests.storedLogSurvivesARestart(Self.recording(url))
    }
  }

  @Test func anotherInstanceGoesOnWithTheLogTheFirstSaved() async throws {
    try await TestPostgres.withDatabase { url in
      let configuration = Self.recording(url)
      try await withService(configuration) { first in
        try await withService(configuration) { second in
          let id = try await first.createSession()
          try await first.open(id, "shop://catalog/products/5")
          let saved = try await SessionLogTests.log(first, id)
          let live = try await second.act(id, "push", url: "shop://catalog/products/6")
          let goneOn = try await SessionLogTests.log(second, id)
          #expect(
            goneOn.log.inputs.map(\.description) == [
              "start()", "open(\"shop://catalog/products/5\", animated: false)",
              "push(Product(id: 6), animated: false)",
            ])
          #expect(Array(goneOn.log.inputs.prefix(2)) == saved.log.inputs)
          #expect(try SessionLogTests.replayed(goneOn.log, id: id) == live)
        }
      }
    }
  }
}
