/// The inspector's HTML pages: the list of sessions, one session's page, and the pages of
/// errors, each a whole document with one inline `<style>` and nothing loaded from elsewhere.
enum InspectorPage {
  /// How many events a session's page lists; its script drops the oldest beyond this.
  static let eventLimit = 50

  /// The page of `GET /`: the sessions, each a link to its page.
  ///
  /// - Parameters:
  ///   - sessions: The stored sessions' identifiers (every session is stored at its creation).
  ///   - live: How many sessions are in memory.
  /// - Returns: The HTML document.
  static func index(sessions: [String], live: Int) -> String {
    let items =
      sessions.isEmpty
      ? "<p>No sessions yet: <code>curl -X POST http://HOST/sessions</code> creates one.</p>"
      : "<ul id=\"sessions\">\n"
        + sessions.map { id in
          let id = Markup.escaped(id)
          return "<li><a href=\"/inspect/\(id)\"><code>\(id)</code></a></li>"
        }.joined(separator: "\n") + "\n</ul>"
    return document(
      title: "FlowService inspector",
      body: """
        <h1>Sessions</h1>
        <p>\(sessions.count) stored, \(live) in memory.</p>
        \(items)
        """)
  }

  /// The page of one session: its tree as SVG, its live flows, its newest events, and a
  /// script that follows its event stream.
  ///
  /// - Parameters:
  ///   - state: The session's state.
  ///   - events: The session's newest events, oldest first; the last ``eventLimit`` are shown.
  /// - Returns: The HTML document.
  static func session(_ state: SessionState, events: [SessionEvent]) -> String {
    let id = Markup.escaped(state.id)
    let account = state.account.map { "<code>\(Markup.escaped($0))</code>" } ?? "nobody"
    let pending =
      state.pending.isEmpty
      ? "nothing"
      : state.pending.map { "<code>\(Markup.escaped($0))</code>" }.joined(
        separator: ", ")
    let items = events.suffix(eventLimit).map(eventItem).joined(separator: "\n")
    return document(
      title: "Session \(state.id)", session: state.id,
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
  private static func document(title: String, session: String? = nil, body: String) -> String {
    let data = session.map { " data-session=\"\(Markup.escaped($0))\"" } ?? ""
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
    #events { max-height: 24em; overflow-y: auto; font-size: 12px; list-style: none; padding-left: 0; }
    """

  /// Follows the session's event stream: lists each event, and fetches the tree and the
  /// flows again once per burst of messages (the greeting included, for what changed between
  /// the page's rendering and the stream's start).
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
    const socket = new WebSocket(location.origin.replace(/^http/, "ws") + "/sessions/" + id + "/events");
    socket.onopen = () => { document.getElementById("status").textContent = "live"; };
    socket.onclose = () => { document.getElementById("status").textContent = "closed"; };
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (timer === null) timer = setTimeout(refresh, 100);
      if (data.event === undefined) return;
      const item = document.createElement("li");
      item.textContent = "#" + data.index + " " + data.event;
      events.append(item);
      while (events.children.length > \(eventLimit)) events.firstElementChild.remove();
    };
    """
}
