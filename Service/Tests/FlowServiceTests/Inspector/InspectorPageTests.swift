import Foundation
import Testing

@testable import FlowServiceCore

/// The inspector's HTML pages, made without a server.
@Suite struct InspectorPageTests {
  /// The number of times `part` occurs in `text`.
  private func occurrences(of part: String, in text: String) -> Int {
    text.components(separatedBy: part).count - 1
  }

  @Test func theIndexLinksEverySessionWithItsStateAndLastChange() {
    let page = InspectorPage.index(
      sessions: [
        InspectorPage.IndexEntry(id: "a1", isLive: true, updatedAt: "2026-11-26T07:01:02.345Z"),
        InspectorPage.IndexEntry(id: "b2", isLive: false, updatedAt: nil),
      ], next: nil, limit: nil, live: 1)
    #expect(page.hasPrefix("<!DOCTYPE html>\n"))
    #expect(page.contains("<p>1 in memory. Stored sessions by identifier, a page at a time.</p>"))
    #expect(
      page.contains(
        """
        <table id="sessions">
        <tr><th>Session</th><th>State</th><th>Last change</th></tr>
        <tr><td><a href="/inspect/a1"><code>a1</code></a></td><td>live</td><td>2026-11-26T07:01:02.345Z</td></tr>
        <tr><td><a href="/inspect/b2"><code>b2</code></a></td><td>stored</td><td></td></tr>
        </table>
        """))
    #expect(!page.contains("Next page"))
    #expect(occurrences(of: "<script", in: page) == 0)
  }

  @Test func theIndexLinksToItsNextPageKeepingItsSize() {
    let entry = InspectorPage.IndexEntry(id: "a1", isLive: false, updatedAt: nil)
    #expect(
      InspectorPage.index(sessions: [entry], next: "a1", limit: 1, live: 0)
        .contains("</table>\n<p><a id=\"next\" href=\"/?after=a1&amp;limit=1\">Next page</a></p>"))
    #expect(
      InspectorPage.index(sessions: [entry], next: "a1", limit: nil, live: 0)
        .contains("<p><a id=\"next\" href=\"/?after=a1\">Next page</a></p>"))
  }

  @Test func anEmptyIndexSaysHowToCreateASession() {
    let page = InspectorPage.index(sessions: [], next: nil, limit: nil, live: 0)
    #expect(
      page.contains("<p>No sessions yet: <code>curl -X POST http://HOST/sessions</code> creates one.</p>"))
    #expect(!page.contains("<table"))
  }

  @Test func aSessionsPageHasItsTreeFlowsEventsAndOneScript() {
    let state = Expected.state(
      "s1", Expected.stack([Expected.catalog], presents: Expected.sheet([Expected.cart, Expected.checkout])),
      flows: [Expected.checkoutFlow], account: "bob")
    let page = InspectorPage.session(
      state, events: [SessionEvent(index: 7, event: "Cart.viewDidLoad"), SessionEvent(index: 8, event: "x")],
      secret: "s3cret_-")
    #expect(page.contains("<body data-session=\"s1\" data-secret=\"s3cret_-\">"))
    #expect(page.contains("<p>Signed in: <code>bob</code>. Waiting for: nothing."))
    #expect(page.contains("<div id=\"tree\">" + TreeSVG.svg(state.root) + "</div>"))
    #expect(
      page.contains(
        "<div id=\"flows\"><ul><li><b>CheckoutFlow</b> (running) on <code>Checkout()</code></li></ul></div>"))
    // Newest first.
    #expect(page.contains("<ol id=\"events\">\n<li>#8 x</li>\n<li>#7 Cart.viewDidLoad</li>\n</ol>"))
    #expect(occurrences(of: "<script", in: page) == 1)
    #expect(occurrences(of: "<style", in: page) == 1)
    #expect(
      page.contains(
        "const stream = location.origin.replace(/^http/, \"ws\") + \"/sessions/\" + id + \"/events\";\n"
          + "const offer = [\"flow-service\", \"bearer.\" + document.body.dataset.secret];\n"
          + "const socket = new WebSocket(stream, offer);"))
    #expect(!page.contains("src="))
    #expect(!page.contains("<link"))
  }

  @Test func aSessionsPageListsItsNewestEventsOnly() {
    let events = (0..<(InspectorPage.eventLimit + 10)).map { SessionEvent(index: $0, event: "e\($0)") }
    let page = InspectorPage.session(
      Expected.state("s", Expected.stack([Expected.catalog])), events: events, secret: "s")
    #expect(occurrences(of: "<li>#", in: page) == InspectorPage.eventLimit)
    #expect(!page.contains("<li>#9 e9</li>"))
    #expect(page.contains("<li>#10 e10</li>"))
    #expect(page.contains("<li>#59 e59</li>"))
    #expect(page.contains("<ol id=\"events\">\n<li>#59 e59</li>\n<li>#58 e58</li>\n"))
    #expect(page.contains("<li>#11 e11</li>\n<li>#10 e10</li>\n</ol>"))
  }

  @Test func userTextIsEscapedEverywhere() {
    let hostile = "<script>alert(\"x\")</script>"
    let search = ScreenNode(
      screen: "Search(query: \(hostile))", route: RouteInfo(name: "Search", url: nil, parameters: [:]))
    let state = Expected.state(
      "s", Expected.stack([Expected.catalog, search]),
      flows: [FlowNode(name: hostile, state: "running", firstScreen: hostile, children: [])],
      account: hostile,
      pending: [hostile])
    let page = InspectorPage.session(state, events: [SessionEvent(index: 0, event: hostile)], secret: "s")
    #expect(occurrences(of: "<script", in: page) == 1)
    #expect(occurrences(of: "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;", in: page) == 6)
    let error = InspectorPage.error(status: 404, message: hostile)
    #expect(!error.contains("<script"))
    #expect(error.contains("<h1>404</h1>\n<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>"))
  }

  @Test func flowsNestTheirChildren() {
    let flows = [FlowNode(name: "A", state: "running", firstScreen: nil, children: [Expected.signInFlow])]
    #expect(
      InspectorPage.flows(flows)
        == "<ul><li><b>A</b> (running)<ul><li><b>SignInFlow</b> (running) on <code>SignIn()</code></li></ul></li></ul>"
    )
    #expect(InspectorPage.flows([]) == "<p>No live flow.</p>")
  }
}
