import AppFlow
import Foundation
import Testing

@testable import FlowServiceCore

/// `GET /`, `GET /inspect/{id}` and its fragments, through the router.
@Suite struct InspectorEndpointTests {
  private let html = "text/html; charset=utf-8"

  @Test func theIndexListsTheSessionsAPageAtATime() async throws {
    try await withNewService { client, database in
      let empty = try await client.get("/")
      #expect(empty.status == 200)
      #expect(empty.contentType == html)
      #expect(empty.body.contains("<p>0 in memory. Stored sessions by identifier, a page at a time.</p>"))
      var ids: [String] = []
      for _ in 0..<3 { ids.append(try await client.createSession()) }
      ids.sort()
      let stored = try await SQLiteSnapshotStore(path: database).sessions(after: nil, limit: 10)
      let entries = stored.map {
        InspectorPage.IndexEntry(id: $0.id.rawValue, isLive: true, updatedAt: $0.updatedAt)
      }
      #expect(
        try await client.get("/")
          == Answer(
            status: 200, contentType: html,
            body: InspectorPage.index(sessions: entries, next: nil, limit: nil, live: 3)))
      #expect(
        try await client.get("/?limit=2")
          == Answer(
            status: 200, contentType: html,
            body: InspectorPage.index(sessions: Array(entries[0..<2]), next: ids[1], limit: 2, live: 3)))
      #expect(
        try await client.get("/?limit=2&after=\(ids[1])")
          == Answer(
            status: 200, contentType: html,
            body: InspectorPage.index(sessions: [entries[2]], next: nil, limit: 2, live: 3)))
      let invalid = try await client.get("/?limit=0")
      #expect(invalid.status == 400)
      #expect(invalid.contentType == html)
    }
  }

  @Test func theIndexTellsLiveSessionsFromStoredOnes() async throws {
    try await withTemporaryDirectory { directory in
      let database = directory.file("sessions.sqlite")
      let id = try await withService(testConfiguration(database: database)) { client in
        try await client.createSession()
      }
      // Another service over the same database holds nothing in memory until a request comes.
      try await withService(testConfiguration(database: database)) { client in
        #expect(try await client.get("/").body.contains("</a></td><td>stored</td>"))
        _ = try await client.state(id)
        #expect(try await client.get("/").body.contains("</a></td><td>live</td>"))
      }
    }
  }

  @Test func aSessionsPageShowsItsTreeAfterADeepLink() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      try await client.open(id, "shop://catalog/products/42")
      let answer = try await client.get("/inspect/\(id)")
      #expect(answer.status == 200)
      #expect(answer.contentType == html)
      let tree = TreeSVG.svg(Expected.stack([Expected.catalog, Expected.product(42)]))
      #expect(answer.body.contains("<div id=\"tree\">\(tree)</div>"))
      #expect(answer.body.contains(">Catalog()</text>"))
      #expect(answer.body.contains(">Product(id: 42)</text>"))
      #expect(answer.body.contains(" Product 42.viewDidLoad</li>"))
      #expect(answer.body.contains("<div id=\"flows\"><p>No live flow.</p></div>"))
    }
  }

  @Test func theFragmentsFollowTheSession() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      try await client.open(id, "shop://cart")
      try await client.act(id, "checkout")
      let tree = try await client.get("/inspect/\(id)/tree.svg")
      #expect(
        tree
          == Answer(
            status: 200, contentType: "image/svg+xml; charset=utf-8",
            body: TreeSVG.svg(
              Expected.stack(
                [Expected.catalog],
                presents: Expected.sheet([Expected.cart], presents: Expected.sheet([Expected.signIn]))))))
      let texts = try #require(svgTexts(tree.body))
      #expect(texts.filter { $0.kind == "style" }.map(\.text) == ["pageSheet", "pageSheet"])
      #expect(
        try await client.get("/inspect/\(id)/flows.html")
          == Answer(status: 200, contentType: html, body: InspectorPage.flows([Expected.signInFlow])))
    }
  }

  @Test func aSessionKeepsItsNewestEvents() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      for product in 0..<10 {
        try await client.act(id, "push", url: "shop://catalog/products/\(product)")
      }
      let body = try await client.get("/inspect/\(id)").body
      #expect(body.components(separatedBy: "<li>#").count - 1 == InspectorPage.eventLimit)
      #expect(body.contains(" Product 9.viewDidAppear(animated: false)</li>"))
    }
  }

  @Test func anUnknownSessionIsAnHTMLPage() async throws {
    try await withNewService { client, _ in
      let message = "No session 'feedface': the host does not hold it and its store has no snapshot of it."
      for path in ["/inspect/feedface", "/inspect/feedface/tree.svg", "/inspect/feedface/flows.html"] {
        #expect(
          try await client.get(path)
            == Answer(
              status: 404, contentType: html, body: InspectorPage.error(status: 404, message: message)))
      }
      let invalid = try await client.get("/inspect/not%20valid")
      #expect(invalid.status == 400)
      #expect(invalid.contentType == html)
    }
  }
}
