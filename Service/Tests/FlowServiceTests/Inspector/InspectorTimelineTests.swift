import AppFlow
import Foundation
import HummingbirdTesting
import Testing

@testable import FlowServiceCore

/// The session page's timeline: the log's inputs, each a link to the tree after it, replayed.
@Suite struct InspectorTimelineTests {
  private let html = "text/html; charset=utf-8"

  /// Runs `body` with a client of a new service whose sessions record logs.
  static func withRecordingService(_ body: @escaping @Sendable (ServiceClient) async throws -> Void)
    async throws
  {
    try await withTemporaryDirectory { directory in
      try await withService(SessionLogTests.recording(database: directory.file("sessions.sqlite")), body)
    }
  }

  @Test func aTimelineListsItsInputsOldestFirstEachALinkToItsStep() {
    let root = Expected.stack([Expected.catalog, Expected.cart])
    let timeline = SessionTimeline(
      inputs: ["start()", "open(\"shop://cart\", animated: false)"], startsFromSnapshot: false, limit: 100,
      step: SessionTimeline.Step(index: 2, root: root, failure: nil))
    #expect(
      InspectorPage.timeline(timeline, id: "s1")
        == """
        <p>The inputs the session's log keeps (at most 100 after its start), oldest first, from a fresh app \
        controller. Choose one to see the tree after it, replayed from the log's start on a fresh app controller.</p>
        <ol id="timeline" start="0">
        <li value="0"><a href="/inspect/s1?step=0">the start: a fresh app controller</a></li>
        <li value="1"><a href="/inspect/s1?step=1"><code>start()</code></a></li>
        <li value="2"><a href="/inspect/s1?step=2" aria-current="step"><code>open(&quot;shop://cart&quot;, animated: false)</code></a></li>
        </ol>
        <h3 id="step-title">After input 2: <code>open(&quot;shop://cart&quot;, animated: false)</code></h3>
        <div id="step-tree">\(TreeSVG.svg(root))</div>
        """)
  }

  @Test func theInputAReplayStopsAtAndTheOnesAfterItAreStruckThrough() {
    let root = Expected.stack([Expected.catalog])
    let timeline = SessionTimeline(
      inputs: ["start()", "unreplayable(\"popover\")", "pop(animated: false)"], startsFromSnapshot: false,
      limit: 100, step: SessionTimeline.Step(index: 1, root: root, failure: nil), replayedCount: 1)
    #expect(
      InspectorPage.timeline(timeline, id: "s1")
        == """
        <p>The inputs the session's log keeps (at most 100 after its start), oldest first, from a fresh app \
        controller. Choose one to see the tree after it, replayed from the log's start on a fresh app controller. \
        The replay stops at input 2: it and the inputs after it are struck through.</p>
        <ol id="timeline" start="0">
        <li value="0"><a href="/inspect/s1?step=0">the start: a fresh app controller</a></li>
        <li value="1"><a href="/inspect/s1?step=1" aria-current="step"><code>start()</code></a></li>
        <li value="2" class="unreplayed"><a href="/inspect/s1?step=2"><code>unreplayable(&quot;popover&quot;)</code></a></li>
        <li value="3" class="unreplayed"><a href="/inspect/s1?step=3"><code>pop(animated: false)</code></a></li>
        </ol>
        <h3 id="step-title">After input 1: <code>start()</code></h3>
        <div id="step-tree">\(TreeSVG.svg(root))</div>
        """)
  }

  @Test func aStepWhoseReplayStoppedSaysWhyAndShowsWhereItStopped() {
    let hostile = "<script>alert(\"x\")</script>"
    let timeline = SessionTimeline(
      inputs: [hostile], startsFromSnapshot: true, limit: 5,
      step: SessionTimeline.Step(index: 0, root: nil, failure: hostile))
    let fragment = InspectorPage.timeline(timeline, id: "s1")
    #expect(!fragment.contains("<script"))
    #expect(fragment.contains("(at most 5 after its start), oldest first, from a snapshot."))
    #expect(
      fragment.contains(
        "<li value=\"0\"><a href=\"/inspect/s1?step=0\" aria-current=\"step\">the start: a snapshot</a></li>\n"
          + "<li value=\"1\"><a href=\"/inspect/s1?step=1\"><code>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</code></a></li>"
      ))
    #expect(
      fragment.hasSuffix(
        "<h3 id=\"step-title\">At the log's start</h3>\n"
          + "<p id=\"replay-failure\">The replay stopped before this step: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>\n"
          + "<div id=\"step-tree\">\(TreeSVG.svg(nil))</div>"))
    #expect(
      InspectorPage.timeline(nil, id: "s1")
        == "<p id=\"timeline\">No log: the service records none (<code>--session-log-limit 0</code>).</p>")
    let page = InspectorPage.session(
      Expected.state("s1", Expected.stack([Expected.catalog])), events: [], secret: "s", timeline: timeline)
    #expect(page.contains("<h2>Timeline</h2>\n" + InspectorPage.timeline(timeline, id: "s1") + "\n<script>"))
  }

  @Test func aStepShowsTheTreeReplayedAfterThatInput() async throws {
    try await Self.withRecordingService { client in
      let id = try await client.createSession()
      try await client.open(id, "shop://catalog/products/42")
      try await client.act(id, "present", url: "shop://cart")
      let page = try await client.get("/inspect/\(id)")
      #expect(page.status == 200)
      #expect(page.body.contains("<ol id=\"timeline\" start=\"0\">"))
      #expect(!page.body.contains("<div id=\"step-tree\">"))
      // Each step, replayed: nothing before the start, then the catalog, then the product.
      let trees = [
        nil, Expected.stack([Expected.catalog]), Expected.stack([Expected.catalog, Expected.product(42)]),
        Expected.stack(
          [Expected.catalog, Expected.product(42)],
          presents: PresentedScreen(
            style: "pageSheet", embeddedInNavigationController: false, screen: Expected.cart)),
      ]
      for (step, tree) in trees.enumerated() {
        let answer = try await client.get("/inspect/\(id)?step=\(step)")
        #expect(answer.status == 200)
        #expect(answer.contentType == html)
        #expect(answer.body.contains("<div id=\"step-tree\">\(TreeSVG.svg(tree))</div>"), "step \(step)")
        #expect(answer.body.contains("<a href=\"/inspect/\(id)?step=\(step)\" aria-current=\"step\">"))
        #expect(!answer.body.contains("<p id=\"replay-failure\">"))
        // The whole log replayed: nothing struck through.
        #expect(!answer.body.contains("class=\"unreplayed\""))
        #expect(!answer.body.contains("The replay stops at"))
      }
      for step in ["4", "-1", "two"] {
        let answer = try await client.get("/inspect/\(id)?step=\(step)")
        #expect(
          answer
            == Answer(
              status: 400, contentType: html,
              body: InspectorPage.error(
                status: 400,
                message: "The step '\(step)' is not a whole number from 0 to 3, the log's inputs.")))
      }
    }
  }

  @Test func aStepPastAnUnreplayableInputShowsWhereTheReplayStopped() async throws {
    try await Self.withRecordingService { client in
      let id = try await client.createSession()
      try await client.open(id, "shop://cart")
      // A checkout run that waits for the sign-in: heard, but not replayable.
      let checkout = try await client.post("/sessions/\(id)/actions", #"{"action": "checkout"}"#)
      #expect(checkout.status == 200, "\(checkout)")
      let log = try await SessionLogTests.log(client, id).log
      #expect(log.inputs.count == 3)
      guard case .unreplayable = log.inputs[2] else {
        Issue.record("the checkout is \(log.inputs[2])")
        return
      }
      let answer = try await client.get("/inspect/\(id)?step=3")
      #expect(answer.status == 200)
      #expect(
        answer.body.contains(
          "<p id=\"replay-failure\">The replay stopped before this step: Input 2 can&#39;t be replayed: "))
      // The tree where the replay stopped: after the deep link.
      let cart = Expected.stack([Expected.catalog], presents: Expected.sheet([Expected.cart]))
      #expect(answer.body.contains("<div id=\"step-tree\">\(TreeSVG.svg(cart))</div>"))
      let before = try await client.get("/inspect/\(id)?step=2")
      #expect(before.body.contains("<div id=\"step-tree\">\(TreeSVG.svg(cart))</div>"))
      #expect(!before.body.contains("<p id=\"replay-failure\">"))
      // One replay of the whole log, whichever step is shown: it stops at the popover, the
      // third input, which is struck through; the start (step 0) comes from the start alone.
      let atStart = try await client.get("/inspect/\(id)?step=0")
      #expect(atStart.body.contains("<div id=\"step-tree\">\(TreeSVG.svg(nil))</div>"))
      for page in [answer, before, atStart] {
        #expect(
          page.body.contains(
            " The replay stops at input 3: it and the inputs after it are struck through.</p>"))
        #expect(page.body.contains("<li value=\"2\"><a href=\"/inspect/\(id)?step=2\""))
        #expect(page.body.contains("<li value=\"3\" class=\"unreplayed\"><a href=\"/inspect/\(id)?step=3\""))
        #expect(page.body.components(separatedBy: "class=\"unreplayed\"").count == 2)
      }
    }
  }

  @Test func byDefaultThePageSaysThereIsNoLog() async throws {
    try await withTemporaryDirectory { directory in
      try await withService(testConfiguration(database: directory.file("sessions.sqlite"))) { client in
        let id = try await client.createSession()
        let page = try await client.get("/inspect/\(id)?step=1")
        #expect(page.status == 200)
        #expect(page.body.contains("<h2>Timeline</h2>\n" + InspectorPage.timeline(nil, id: id)))
      }
    }
  }

  @Test(.enabled(if: Chromium.path != nil, "needs `chromium` on PATH (apt-get install chromium)"))
  func chromiumShowsTheTimelinesStep() async throws {
    try await withTemporaryDirectory { directory in
      let app = try buildApplication(
        configuration: SessionLogTests.recording(database: directory.file("timeline.sqlite")))
      try await app.test(.live) { client in
        let service = ServiceClient(client: client)
        let id = try await service.createSession()
        try await service.open(id, "shop://catalog/products/42")
        try await service.act(id, "present", url: "shop://cart")
        let url = "http://localhost:\(try #require(client.port))/inspect/\(id)?step=2&key=\(testAPIKey)"
        let dom = try await Chromium.run(["--dump-dom", url], in: directory)
        #expect(dom.status == 0)
        #expect(dom.output.contains("<ol id=\"timeline\" start=\"0\">"))
        #expect(
          dom.output.contains(
            "<a href=\"/inspect/\(id)?step=2\" aria-current=\"step\"><code>open(\"shop://catalog/products/42\", animated: false)</code></a>"
          ))
        #expect(dom.output.contains("<h3 id=\"step-title\">After input 2: "))
        // The step's tree is the one after the deep link: no cart yet, whatever the live tree shows.
        let step = try #require(dom.output.components(separatedBy: "<div id=\"step-tree\">").last)
        let stepTree = try #require(step.components(separatedBy: "</svg>").first)
        for name in ["NavigationController", "Catalog()", "Product(id: 42)"] {
          #expect(stepTree.contains(">\(name)</text>"), "\(name) is not in the step's SVG")
        }
        #expect(!stepTree.contains(">Cart()</text>"))
        let live = try #require(dom.output.components(separatedBy: "<div id=\"tree\">").last)
        #expect(try #require(live.components(separatedBy: "</svg>").first).contains(">Cart()</text>"))
      }
    }
  }
}
