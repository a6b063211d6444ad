import Navigator

/// A mail app's routes: the keys its screens are made from.
enum MailRoute: Hashable, Sendable, CustomStringConvertible {
  case inbox
  case thread(Int)
  case compose
  case attachments

  /// The route as the tree prints it.
  var description: String {
    switch self {
    case .inbox: "Inbox"
    case .thread(let id): "Thread(\(id))"
    case .compose: "Compose"
    case .attachments: "Attachments"
    }
  }
}

extension Demo {
  /// Navigation state as a value: read and drawn, planned to, applied all at once, and
  /// refused as a whole.
  static func stateJourney(into output: Transcript) {
    typealias Node = NavigationState<MailRoute>.Node
    let window = Window()
    window.journal.isEnabled = true
    window.makeKeyAndVisible()
    let navigator = Navigator(window: window)
    navigator.provideScreens(for: MailRoute.self) { route in
      route == .compose ? DraftScreen("\(route)") : DemoScreen("\(route)")
    }
    let start = NavigationState<MailRoute>(root: .stack([.screen(.inbox), .screen(.thread(7))]))
    navigator.navigate(to: start, options: .init().animated(false))
    window.journal.removeAll()

    output.step("The mail app's state, read from the window and drawn")
    let before = window.navigationState(keyedBy: MailRoute.self)
    lines(before.description, into: output)
    output.line("   Mermaid:")
    lines(before.mermaid, into: output)
    output.line()

    output.step("A deep link to thread 9 with a reply being written: the plan")
    let target = NavigationState<MailRoute>(
      root: .stack(
        [.screen(.inbox), .screen(.thread(9))],
        presenting: .sheet(.stack([.screen(.compose)], presenting: .fullScreen(.screen(.attachments))))))
    do {
      let plan = try navigator.plan(to: target)
      lines(plan.description, into: output)
    } catch {
      output.line("   refused: \(error)")
    }
    output.line()

    output.step("Applied all at once: one transition, Inbox kept, the tree after")
    navigator.navigate(
      to: target,
      options: .init().animated(false).completion { plan in
        output.line("   completion: \(plan.steps.count) steps ran")
      })
    for event in window.journal.events where event.isAppearance { output.line("   · \(event)") }
    window.journal.removeAll()
    let after = window.navigationState(keyedBy: MailRoute.self)
    lines(after.description, into: output)
    output.line("   Mermaid:")
    lines(after.mermaid, into: output)
    output.line()

    output.step("Back to the inbox, but the draft's guard says no: nothing changes")
    window.misusePolicy = .report
    navigator.navigate(to: NavigationState<MailRoute>(root: .stack([.screen(.inbox)])))
    for event in window.journal.events { output.line("   · \(event)") }
    window.journal.removeAll()
    output.line("   unchanged: \(window.navigationState(keyedBy: MailRoute.self) == after)")
    output.line()
  }

  /// Writes each line of `text`, indented.
  private static func lines(_ text: String, into output: Transcript) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) { output.line("   \(line)") }
  }
}

extension NavigationEvent {
  /// A Boolean value indicating whether the event is an appearance callback.
  fileprivate var isAppearance: Bool {
    switch self {
    case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: true
    default: false
    }
  }
}

/// A reply being written: it refuses to be dropped.
final class DraftScreen: ViewController, PopConfirming {
  /// A draft screen titled `title`.
  init(_ title: String) {
    super.init()
    self.title = title
  }

  /// Refuses, always.
  func confirmPop(_ decision: PopDecision) {
    decision.deny()
  }
}
