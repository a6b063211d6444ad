/// The tour: named sections, the app-level story first and the engine's traces after, with an
/// introduction and a key for the symbols the sections print.
enum Tour {
  /// One section of the tour: a name to run it by, a one-line summary, and the journey.
  struct Section {
    /// The name that `swift run FlowDemo <name>` runs it by.
    let name: String
    /// What it shows, in one line.
    let summary: String
    /// A Boolean value indicating whether `swift run FlowDemo` runs it.
    let isInDefaultRun: Bool
    /// Writes the section's steps.
    let run: (Transcript) async -> Void
  }

  /// Every section, in the order the tour runs them.
  static var sections: [Section] {
    [
      Section(
        name: "app",
        summary: "An AppController starts its root; its Navigator pushes, presents, shows popovers",
        isInDefaultRun: true, run: { Demo.navigatorJourney(into: $0) }),
      Section(
        name: "routes", summary: "Typed routes with URL patterns: deep links planned into the fewest steps",
        isInDefaultRun: true, run: { Demo.routesJourney(into: $0) }),
      Section(
        name: "flows", summary: "Flows: units of screens with a typed result, ended once, children first",
        isInDefaultRun: true, run: { Demo.flowsJourney(into: $0) }),
      Section(
        name: "sign-in",
        summary: "A protected route runs the sign-in flow first; kept-alive screens come back",
        isInDefaultRun: true, run: { Demo.protectionJourney(into: $0) }),
      Section(
        name: "snapshots", summary: "A session's snapshot, restored in a new session; a damaged one refused",
        isInDefaultRun: true, run: { Demo.snapshotsJourney(into: $0) }),
      Section(
        name: "sessions",
        summary: "A session host: sessions saved to files, evicted, restored; two hosts, one store",
        isInDefaultRun: true,
        run: { output in
          await Demo.hostingJourney(into: output, sessions: 30)
          await Demo.sharedStoreJourney(into: output)
        }),
      Section(
        name: "state",
        summary: "Navigation state as a value: drawn, planned to, applied at once, refused whole",
        isInDefaultRun: true, run: { Demo.stateJourney(into: $0) }),
      Section(
        name: "containment", summary: "Engine trace: child screens and their containment callbacks",
        isInDefaultRun: true, run: { Demo.containment(into: $0) }),
      Section(
        name: "stack", summary: "Engine trace: push, a back button that asks first, a cancelled back swipe",
        isInDefaultRun: true, run: { Demo.stackJourney(into: $0) }),
      Section(
        name: "modal",
        summary: "Engine trace: a full-screen modal, a sheet over it, one dismissal of the chain",
        isInDefaultRun: true, run: { Demo.modalChain(into: $0) }),
      Section(
        name: "popover",
        summary: "Engine trace: a popover, a tap outside, adaptation to a sheet, a sheet swipe",
        isInDefaultRun: true, run: { Demo.popover(into: $0) }),
      Section(
        name: "misuse", summary: "Engine trace: a misuse reported as a typed error, nothing changed",
        isInDefaultRun: true, run: { Demo.misuse(into: $0) }),
      Section(
        name: "queue",
        summary: "Engine trace: requests wait in order while a transition runs; who joins, who leaves",
        isInDefaultRun: true, run: { Demo.engineJourney(into: $0) }),
      Section(
        name: "many-sessions",
        summary: "10,000 sessions in one host, with progress and timing (slow in a debug build)",
        isInDefaultRun: false,
        run: { output in
          await Demo.hostingJourney(
            into: output, sessions: 10_000, progressEvery: 1_000, stopwatch: .started())
        }),
    ]
  }

  /// What the tour is, how to run its parts, and the key to its symbols.
  static let introduction = """
    FlowDemo: a tour of Navigator and AppFlow, UIKit-style navigation that runs headlessly.

    Each section drives real (headless) windows and prints what happened, step by step: first
    the app-level story (an app controller, routes and deep links, flows, sign-in, snapshots,
    sessions), then the engine underneath, as traces of its callbacks. Nothing printed depends
    on the clock, on addresses or on hash order, so every run prints the same lines (only
    `many-sessions` adds timings, labelled as the machine's). `swift run FlowDemo --list` names
    the sections, `swift run FlowDemo <section>` runs one, `swift run FlowDemo all` runs every
    one (with the slow `many-sessions`), and `swift run FlowDemo play` starts a playground that
    reads commands (`help` lists them).

    Key:
      == name: summary   a section; `swift run FlowDemo name` runs it alone
      1. Title           a step: what the section does next
         plain text      what the step reads back: a result, a value, a plan, a tree
      · Event            an entry of the window's journal, in order: a lifecycle or containment
                         callback, a delegate call, a completion, a misuse, a note from flows,
                         protections and caches (Screen.joined and Screen.left(how) included)
      + / -              a screen joins / leaves the window's hierarchy (a HierarchyObserver)
      (…)                what a completion, a delegate or a push or pop block printed as it ran
      error [code]       a misuse refused before anything changed (the report policy)
      Window (visible)   the window's tree: ├─ └─ contained screens, "presents" a modal;
        └─ Name [Class] appearance (top of a stack) (presentation style)
      [0] [1]            a navigation state (a value): a stack's entries, keyed by routes

    """

  /// The sections by name and summary, and what else the executable runs.
  static var listing: String {
    let names = sections.map { $0.name + ($0.isInDefaultRun ? "" : "*") }
    let width = names.map(\.count).max() ?? 0
    var lines = ["Sections, in the tour's order (* not in the default run):"]
    for (name, section) in zip(names, sections) {
      lines.append("  " + name + String(repeating: " ", count: width + 2 - name.count) + section.summary)
    }
    lines.append("Also: all (every section), play [file] (the playground), --list (this list).")
    return lines.joined(separator: "\n")
  }

  /// Writes the introduction (if asked), then runs `sections` under their headings.
  static func run(_ sections: [Section], introduced: Bool = true, into output: Transcript) async {
    if introduced { output.lines(introduction, indent: "") }
    for section in sections {
      output.heading(section.name, section.summary)
      await section.run(output)
    }
    if introduced { output.line("Done.") }
  }
}
