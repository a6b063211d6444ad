import AppFlow
import Navigator

/// An account: what the sign-up flow ends with.
struct DemoAccount: Hashable {
  /// The account's email address.
  var email: String
}

/// A sign-up: an email screen, in a sheet of its own; it runs the terms and the password
/// flows as its children.
final class SignUpFlow: Flow<DemoAccount> {
  /// The email screen.
  override func makeFirstScreen() throws(NavigationError) -> ViewController { DemoScreen("Email") }
}

/// The terms: one screen; ends with whether the user accepted them.
final class TermsFlow: Flow<Bool> {
  /// The terms screen.
  override func makeFirstScreen() throws(NavigationError) -> ViewController { DemoScreen("Terms") }
}

/// A password: one screen; ends with the password.
final class PasswordFlow: Flow<String> {
  /// The password screen.
  override func makeFirstScreen() throws(NavigationError) -> ViewController { DemoScreen("Password") }
}

extension Demo {
  /// Flows: a sign-up in a sheet runs a child flow that finishes, then one that is still
  /// live when the user swipes the sheet down; the outcomes, the journal's flow events and
  /// the flow tree before and after.
  static func flowsJourney(into output: Transcript) {
    let app = AppController(window: Window(misusePolicy: .report)) { DemoScreen("Home") }
    app.window.misuseHandler = { error in output.line("   error [\(error.code)]: \(error.message)") }
    do {
      try app.start()
    } catch {
      output.line("   could not start: \(error)")
      return
    }
    app.window.journal.isEnabled = true

    weak var endedSignUp: SignUpFlow?
    weak var endedTerms: TermsFlow?
    do {
      output.step("A sign-up flow runs as a sheet; it runs a terms flow, pushed onto its stack")
      let signUp = SignUpFlow()
      endedSignUp = signUp
      app.run(signUp, as: .sheet(embeddedInNavigationController: true), animated: false) { outcome in
        output.line("   SignUpFlow's outcome: \(describe(outcome))")
      }
      let terms = TermsFlow()
      endedTerms = terms
      signUp.run(terms, as: .push, animated: false) { outcome in
        output.line("   TermsFlow's outcome: \(describe(outcome))")
      }
      output.line("   the flow tree:")
      indented("\(app.flows)", into: output)
      flowEvents(app.window, into: output)
      output.line()

      output.step("The user accepts the terms: the terms flow finishes, and can't finish twice")
      terms.finish(true, animated: false)
      do {
        try terms.tryFinish(false, animated: false)
      } catch {
        output.line("   error [\(error.code)]: \(error.message)")
      }
      flowEvents(app.window, into: output)
      output.line("   the sign-up's screens: \(screenNames(signUp.screens))")
      output.line()

      output.step("A password flow runs; the user swipes the sheet down: the child ends first")
      signUp.run(PasswordFlow(), as: .push, animated: false) { outcome in
        output.line("   PasswordFlow's outcome: \(describe(outcome))")
      }
      output.line("   the flow tree:")
      indented("\(app.flows)", into: output)
      let sheet = signUp.screens.first?.presentationController
      sheet?.beginInteractiveDismissal()
      sheet?.finishInteractiveDismissal()
      flowEvents(app.window, into: output)
      output.line()
    }

    output.step("After: no live flow, and nothing holds the ended ones")
    output.line("   the flow tree:")
    indented("\(app.flows)", into: output)
    output.line("   released: \(endedSignUp == nil && endedTerms == nil)")
    output.line()
  }

  /// An outcome as in Swift source, with the output of a finished flow.
  private static func describe<Output>(_ outcome: FlowOutcome<Output>) -> String {
    outcome.output.map { "finished(\($0))" } ?? "\(outcome.ending)"
  }

  /// Writes the journal's flow events, then empties the journal.
  private static func flowEvents(_ window: Window, into output: Transcript) {
    for case .note(let note) in window.journal.events { output.line("   · \(note)") }
    window.journal.removeAll()
  }

  /// Writes each line of `text`, indented.
  private static func indented(_ text: String, into output: Transcript) {
    for line in text.split(separator: "\n") { output.line("     \(line)") }
  }

  /// The screens' names, in order.
  private static func screenNames(_ screens: [ViewController]) -> String {
    screens.map(\.screenID.name).joined(separator: ", ")
  }
}
