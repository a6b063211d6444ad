import FlowServiceCore
import Foundation
import HummingbirdTesting
import Testing

/// The inspector's page in a real browser: headless Chromium against a live server.
@Suite struct InspectorChromiumTests {
  // Skipped, not failed, where Chromium isn't installed, so that a plain `swift test` passes
  // anywhere; CI installs it (`apt-get install chromium`) and runs this test when it can.
  @Test(.enabled(if: Chromium.path != nil, "needs `chromium` on PATH (apt-get install chromium)"))
  func chromiumShowsTheSessionsTree() async throws {
    try await withTemporaryDirectory { directory in
      let app = try buildApplication(
        configuration: testConfiguration(database: directory.file("chromium.sqlite")))
      try await app.test(.live) { client in
        let service = ServiceClient(client: client)
        let id = try await service.createSession()
        try await service.open(id, "shop://catalog/products/42")
        try await service.act(id, "present", url: "shop://cart")
        // The live test server listens on `localhost`, on a port the system chose. The key in the
        // address is answered with a redirect that sets the inspector's cookie.
        let url = "http://localhost:\(try #require(client.port))/inspect/\(id)?key=\(testAPIKey)"

        let dom = try await Chromium.run(["--dump-dom", url], in: directory)
        #expect(dom.status == 0)
        #expect(dom.output.contains("<div id=\"tree\"><svg "))
        for name in ["NavigationController", "Catalog()", "Product(id: 42)", "Cart()", "pageSheet"] {
          #expect(dom.output.contains(">\(name)</text>"), "\(name) is not in the rendered SVG")
        }
        #expect(dom.output.contains(" Cart.viewDidLoad</li>"))

        let screenshot = directory.file("inspector.png")
        let shot = try await Chromium.run(
          ["--screenshot=\(screenshot)", "--window-size=1200,800", url], in: directory)
        #expect(shot.status == 0)
        let png = try #require(FileManager.default.contents(atPath: screenshot))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(png.count > 20_000, "a 1200×800 screenshot of the page is \(png.count) bytes")
      }
    }
  }
}

/// The session's page, open in headless Chromium, follows the session as it changes.
@Suite struct InspectorLiveChromiumTests {
  @Test(.enabled(if: Chromium.path != nil, "needs `chromium` on PATH (apt-get install chromium)"))
  func theOpenPageFollowsTheEventStream() async throws {
    try await withTemporaryDirectory { directory in
      let app = try buildApplication(
        configuration: testConfiguration(database: directory.file("live.sqlite")))
      try await app.test(.live) { client in
        let service = ServiceClient(client: client)
        let id = try await service.createSession()
        let url = "http://localhost:\(try #require(client.port))/inspect/\(id)?key=\(testAPIKey)"
        try await withTimeout(.seconds(60)) {
          try await DevTools.withPage(url, in: directory) { evaluate in
            /// Evaluates `expression` every 50 ms until it is `true`, for at most 20 s.
            func waitUntil(_ expression: String) async throws -> Bool {
              let deadline = ContinuousClock.now + .seconds(20)
              while ContinuousClock.now < deadline {
                if try await evaluate(expression) == "true" { return true }
                try await Task.sleep(for: .milliseconds(50))
              }
              return false
            }
            let tree = "document.getElementById('tree').textContent"
            let events = "document.getElementById('events').textContent"
            #expect(try await waitUntil("document.getElementById('status').textContent === 'live'"))
            #expect(try await evaluate("\(tree).includes('Product(id: 42)')") == "false")
            try await service.open(id, "shop://catalog/products/42")
            #expect(
              try await waitUntil(
                "\(tree).includes('Product(id: 42)') && \(events).includes('Product 42.viewDidLoad')"))
            #expect(try await evaluate("document.querySelectorAll('#tree text').length") == "3")
          }
        }
      }
    }
  }
}
