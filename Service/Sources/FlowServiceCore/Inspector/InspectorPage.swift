/// The inspector's HTML pages: the list of sessions, one session's page, and the pages of
/// errors, each a whole document with one inline `<style>` and nothing loaded from elsewhere.
enum InspectorPage {
  /// How many events a session's page lists; its script drops the oldest beyond this.
  static let eventLimit = 50

  /// A session as the index lists it.
  struct IndexEntry: Hashable, Sendable {
    /// The session's identifier.
    var id: String
    /// A Boolean value indicating whether the session is in this instance's memory (live);
    /// otherwise it is only stored.
    var isLive: Bool
    /// When its snapshot was last saved (ISO 8601, UTC), when the store keeps it.
    var updatedAt: String?
  }

  /// The page of `GET /`: a page of the stored sessions, each a link to its page with its
  /// state (live or stored) and its last change, and a link to the next page.
  ///
  /// - Parameters:
  ///   - sessions: The page's sessions (every session is stored at its creation), in order.
  ///   - next: The cursor of the next page, or `nil` on the last page.
  ///   - limit: The page size the request asked for, `nil` for the default; the next page's
  ///     link keeps it.
  ///   - live: How many sessions are in memory.
  /// - Returns: The HTML document.
  static func index(sessions: [IndexEntry], next: String?, limit: Int?, live: Int) -> String {
    let rows = sessions.map { session in
      let id = Markup.escaped(session.id)
      return "<tr><td><a href=\"/inspect/\(id)\"><code>\(id)</code></a></td>"
        + "<td>\(session.isLive ? "live" : "stored")</td>"
        + "<td>\(session.updatedAt.map(Markup.escaped) ?? "")</td></tr>"
    }
    let items =
      sessions.isEmpty
      ? "<p>No sessions yet: <code>curl -X POST http://HOST/sessions</code> creates one.</p>"
      : "<table id=\"sessions\">\n<tr><th>Session</th><th>State</th><th>Last change</th></tr>\n"
        + rows.joined(separator: "\n") + "\n</table>"
    let more = next.map { next in
      let query = "after=\(Markup.escaped(next))" + (limit.map { "&amp;limit=\($0)" } ?? "")
      return "\n<p><a id=\"next\" href=\"/?\(query)\">Next page</a></p>"
    }
    return document(
      title: "FlowService inspector",
      body: """
        <h1>Sessions</h1>
        <p>\(live) in memory. Stored sessions by identifier, a page at a time.</p>
        \(items)\(more ?? "")
        """)
  }

  /// The page of one session: its tree as SVG, its live flows, its newest events (newest
  /// first), its timeline, and a script that follows its event stream.
  ///
  /// - Parameters:
  ///   - state: The session's state.
  ///   - events: The session's newest events, oldest first; the last ``eventLimit`` are shown.
  ///   - secret: The session's secret, which the script offers when it opens the event stream
  ///     (the page is the API key's, which opens every session anyway).
  ///   - timeline: The session's timeline (``SessionTimeline``); `nil` when the service
  ///     records no logs.
  /// - Returns: The HTML document.
  static func session(
    _ state: SessionState, events: [SessionEvent], secret: String, timeline: SessionTimeline? = nil
  ) -> String {
    let id = Markup.escaped(state.id)
    let account = state.account.map { "<code>\(Markup.escaped($0))</code>" } ?? "nobody"
    let pending =
      state.pending.isEmpty
      ? "nothing"
      : state.pending.map { "<code>\(Markup.escaped($0))</code>" }.joined(
        separator: ", ")
    let items = events.suffix(eventLimit).reversed().map(eventItem).joined(separator: "\n")
    return document(
      title: "Session \(state.id)", session: (state.id, secret),
      body: """
        <h1>Session <code>\(id)</code></h1>
        <p>Signed in: \(account). Waiting for: \(pending). Stream: <span id="status">connecting</span>.</p>
        <h2>Tree</h2>
        <div id="tree">\(TreeSVG.svg(state.root))</div>
        <h2>Flows</h2>
        <div id="flows">\(flows(state.flows))</div>
        <h2>Recent events</h2>
        <ol id="events">
        \(items)
        </ol>
        <h2>Timeline</h2>
        \(self.timeline(timeline, id: state.id))
        <script>
        \(script)
        </script>
        """)
  }

  /// The live flows as a nested list, each with its state and its first screen's route; the
  /// fragment the session's page shows and its script fetches again after each change.
  ///
  /// - Parameter flows: The live flows, oldest first.
  /// - Returns: An HTML fragment.
  static func flows(_ flows: [FlowNode]) -> String {
    guard !flows.isEmpty else { return "<p>No live flow.</p>" }
    return "<ul>"
      + flows.map { flow in
        let screen = flow.firstScreen.map { " on <code>\(Markup.escaped($0))</code>" } ?? ""
        let children = flow.children.isEmpty ? "" : self.flows(flow.children)
        return
          "<li><b>\(Markup.escaped(flow.name))</b> (\(Markup.escaped(flow.state)))\(screen)\(children)</li>"
      }.joined() + "</ul>"
  }

  /// The session's timeline: its log's inputs, oldest first, each a link (`?step=N`, no
  /// script needed) to the tree after it, replayed from the log's start on a fresh app
  /// controller; and that tree, with the replay's error when it stopped early. When the
  /// replay of the whole log stopped at an input, that input and the ones after it are
  /// struck through.
  ///
  /// - Parameters:
  ///   - timeline: The timeline; `nil` when the service records no logs.
  ///   - id: The session's identifier.
  /// - Returns: An HTML fragment.
  static func timeline(_ timeline: SessionTimeline?, id: String) -> String {
    guard let timeline else {
      return "<p id=\"timeline\">No log: the service records none (<code>--session-log-limit 0</code>).</p>"
    }
    let page = "/inspect/\(Markup.escaped(id))?step="
    let origin = timeline.startsFromSnapshot ? "a snapshot" : "a fresh app controller"
    func item(_ index: Int, _ text: String) -> String {
      let current = timeline.step?.index == index ? " aria-current=\"step\"" : ""
      // The input the replay stopped at, or one after it.
      let reached = timeline.replayedCount.map { index <= $0 } ?? true
      let mark = reached ? "" : " class=\"unreplayed\""
      return "<li value=\"\(index)\"\(mark)><a href=\"\(page)\(index)\"\(current)>\(text)</a></li>"
    }
    // Where one replay of the whole log stopped, when a step was shown and it stopped early.
    let stop =
      timeline.replayedCount.map {
        " The replay stops at input \($0 + 1): it and the inputs after it are struck through."
      } ?? ""
    var items = [item(0, "the start: \(origin)")]
    for (offset, input) in timeline.inputs.enumerated() {
      items.append(item(offset + 1, "<code>\(Markup.escaped(input))</code>"))
    }
    var fragment = """
      <p>The inputs the session's log keeps (at most \(timeline.limit) after its start), oldest first, \
      from \(origin). Choose one to see the tree after it, replayed from the log's start on a fresh app \
      controller.\(stop)</p>
      <ol id="timeline" start="0">
      \(items.joined(separator: "\n"))
      </ol>
      """
    if let step = timeline.step {
      let title =
        step.index == 0
        ? "At the log's start"
        : "After input \(step.index): <code>\(Markup.escaped(timeline.inputs[step.index - 1]))</code>"
      let failure = step.failure.map {
        "\n<p id=\"replay-failure\">The replay stopped before this step: \(Markup.escaped($0))</p>"
      }
      fragment += """

        <h3 id="step-title">\(title)</h3>\(failure ?? "")
        <div id="step-tree">\(TreeSVG.svg(step.root))</div>
        """
    }
    return fragment
  }

  /// A page that says what went wrong (an unknown session, an invalid identifier).
  ///
  /// - Parameters:
  ///   - status: The HTTP status code.
  ///   - message: The sentence to show.
  /// - Returns: The HTML document.
  static func error(status: Int, message: String) -> String {
    document(
      title: "\(status)",
      body: """
        <h1>\(status)</h1>
        <p>\(Markup.escaped(message))</p>
        """)
  }

  /// One event as the page lists it; the script writes new ones the same way.
  private static func eventItem(_ event: SessionEvent) -> String {
    "<li>#\(event.index) \(Markup.escaped(event.event))</li>"
  }

  /// A whole document: the head, the style, a link back to the list, and `body`.
  private static func document(title: String, session: (id: String, secret: String)? = nil, body: String)
    -> String
  {
    let data =
      session.map {
        " data-session=\"\(Markup.escaped($0.id))\" data-secret=\"\(Markup.escaped($0.secret))\""
      } ?? ""
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(Markup.escaped(title))</title>
      <style>
      \(style)
      </style>
      </head>
      <body\(data)>
      <nav><a href="/">FlowService inspector</a></nav>
      \(body)
      </body>
      </html>

      """
  }

  private static let style = """
    body { font: 14px system-ui, sans-serif; margin: 1.5em; color: #222; }
    nav { margin-bottom: 1em; }
    code, ol { font-family: monospace; }
    #tree { overflow-x: auto; border: 1px solid #ddd; padding: 4px; }
    #timeline a[aria-current] { font-weight: bold; }
    #timeline .unreplayed { text-decoration: line-through; color: #888; }
    #replay-failure { color: #a00; }
    #step-tree { overflow-x: auto; border: 1px solid #ddd; padding: 4px; }
    #events { max-height: 24em; overflow-y: auto; font-size: 12px; list-style: none; padding-left: 0; }
    """

  /// Follows the session's event stream (offering the session's secret as the subprotocol
  /// `bearer.<secret>`, beside `flow-service`, since a browser can't set `Authorization` on a
  /// WebSocket): lists each event on top, and fetches the tree and the flows again once per
  /// burst of messages (the greeting included, for what changed between the page's rendering
  /// and the stream's start).
  private static let script = """
    const id = document.body.dataset.session;
    const events = document.getElementById("events");
    let timer = null;
    function refresh() {
      timer = null;
      for (const part of ["tree", "flows"]) {
        fetch("/inspect/" + id + "/" + (part === "tree" ? "tree.svg" : "flows.html"))
          .then((answer) => answer.ok ? answer.text() : Promise.reject(answer.status))
          .then((text) => { document.getElementById(part).innerHTML = text; });
      }
    }
    const stream = location.origin.replace(/^http/, "ws") + "/sessions/" + id + "/events";
    const offer = ["flow-service", "bearer." + document.body.dataset.secret];
    const socket = new WebSocket(stream, offer);
    socket.onopen = () => { document.getElementById("status").textContent = "live"; };
    socket.onclose = () => { document.getElementById("status").textContent = "closed"; };
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (timer === null) timer = setTimeout(refresh, 100);
      if (data.event === undefined) return;
      const item = document.createElement("li");
      item.textContent = "#" + data.index + " " + data.event;
      events.prepend(item);
      while (events.children.length > \(eventLimit)) events.lastElementChild.remove();
    };
    """
}
