import AppFlow
import Navigator
import Testing

@testable import FlowServiceCore
@testable import ShopApp

@Suite struct EndpointTests {
  @Test func healthAnswersOK() async throws {
    try await withNewService { client, _ in
      let answer = try await client.get("/health")
      #expect(answer == Answer(status: 200, contentType: "application/json", body: "{\"status\":\"ok\"}"))
    }
  }

  @Test func aNewSessionShowsTheCatalogAndIsStored() async throws {
    try await withNewService { client, database in
      let answer = try await client.post("/sessions")
      #expect(answer.status == 201)
      let id = try answer.decoded(CreatedSession.self).id
      #expect(id.count == 32)
      #expect(try await client.state(id) == Expected.state(id, Expected.stack([Expected.catalog])))
      #expect(try await SQLiteSnapshotStore(path: database).sessionIDs() == [try SessionID(id)])
    }
  }

  @Test func openingADeepLinkAnswersTheNewState() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      let expected = Expected.state(id, Expected.stack([Expected.catalog, Expected.product(42)]))
      #expect(try await client.open(id, "shop://catalog/products/42") == expected)
      #expect(try await client.state(id) == expected)
      let cart = Expected.state(
        id, Expected.stack([Expected.catalog], presents: Expected.sheet([Expected.cart])))
      #expect(try await client.open(id, "shop://cart") == cart)
    }
  }

  @Test func picturesAreTheEnginesRenderings() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      try await client.open(id, "shop://cart")
      let state = NavigationState<AnyRoute>(
        root: .stack(
          [.screen(AnyRoute(Catalog()))],
          presenting: .sheet(.stack([.screen(AnyRoute(Cart()))]))))
      let text = "text/plain; charset=utf-8"
      #expect(
        try await client.get("/sessions/\(id)?format=text")
          == Answer(status: 200, contentType: text, body: state.description + "\n"))
      #expect(
        try await client.get("/sessions/\(id)?format=mermaid")
          == Answer(status: 200, contentType: text, body: state.mermaid + "\n"))
      #expect(
        try await client.get("/sessions/\(id)?format=dot")
          == Answer(status: 200, contentType: text, body: state.dot + "\n"))
      #expect(
        try await client.get("/sessions/\(id)?format=svg").decoded(ErrorBody.self)
          == ErrorBody(
            code: "unknownFormat", message: "Unknown format 'svg'; the formats are text, mermaid, dot."))
    }
  }

  @Test func deletingASessionForgetsIt() async throws {
    try await withNewService { client, database in
      let id = try await client.createSession()
      #expect(try await client.delete("/sessions/\(id)") == Answer(status: 204, contentType: nil, body: ""))
      let answer = try await client.get("/sessions/\(id)")
      #expect(answer.status == 404)
      #expect(
        try answer.decoded(ErrorBody.self)
          == ErrorBody(
            code: "unknownSession",
            message: "No session '\(id)': the host does not hold it and its store has no snapshot of it."))
      #expect(try await SQLiteSnapshotStore(path: database).sessionIDs() == [])
    }
  }

  @Test func sessionsRunInParallel() async throws {
    try await withNewService { client, _ in
      let ids = try await withThrowingTaskGroup(of: (Int, String).self) { group in
        for product in 0..<12 {
          group.addTask {
            let id = try await client.createSession()
            try await client.open(id, "shop://catalog/products/\(product)")
            return (product, id)
          }
        }
        return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
      }
      for (product, id) in ids {
        #expect(
          try await client.state(id)
            == Expected.state(id, Expected.stack([Expected.catalog, Expected.product(product)])))
      }
    }
  }
}
