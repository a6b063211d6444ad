import AppFlow
import Navigator

// The commands that drive the app beyond a single facade call: swipes, links, flows, the
// sign-in and `show`.
extension Playground {
  /// A back swipe or a sheet swipe, whole or in steps.
  func swipe(_ arguments: [String]) throws(Refusal) {
    let usage = "expected swipe back|sheet [begin|cancel|finish]"
    guard let what = arguments.first, arguments.count <= 2 else { throw Refusal(message: usage) }
    let step = arguments.count == 2 ? arguments[1] : "whole"
    guard ["begin", "cancel", "finish", "whole"].contains(step) else { throw Refusal(message: usage) }
    switch what {
    case "back":
      let stack = try stackOnScreen()
      switch step {
      case "begin": stack.beginInteractivePop()
      case "cancel": stack.cancelInteractivePop()
      case "finish": stack.finishInteractivePop()
      default:
        stack.beginInteractivePop()
        stack.finishInteractivePop()
      }
    case "sheet":
      guard let sheet = topPresented?.presentationController else {
        throw Refusal(message: "expected a presented screen to swipe down")
      }
      switch step {
      case "begin": sheet.beginInteractiveDismissal()
      case "cancel": sheet.cancelInteractiveDismissal()
      case "finish": sheet.finishInteractiveDismissal()
      default:
        sheet.beginInteractiveDismissal()
        sheet.finishInteractiveDismissal()
      }
    default:
      throw Refusal(message: usage)
    }
  }

  /// Opens a link, and writes its plan (or its error) when it is done.
  func open(_ url: String) {
    var isDone = false
    app.open(url) { [weak self] result in
      isDone = true
      guard let self else { return }
      switch result {
      case .success(let plan):
        lastPlan = plan
        output.line("   (\(url) opened; the plan:)")
        output.lines(plan.description, indent: "     ")
      case .failure(let error):
        output.line("   (\(url) not opened: \(error))")
      }
    }
    if !isDone { output.line("   (\(url) waits: its protection requires a flow first)") }
  }

  /// Runs a one-screen flow, in the newest live flow if there is one.
  func runFlow(_ arguments: [String]) throws(Refusal) {
    let usage = "flow <Name> [push|sheet|fullScreen]"
    let name = try Self.name(Array(arguments.prefix(1)), usage: usage)
    let presentation: FlowPresentation
    switch arguments.dropFirst().first {
    case nil, "push": presentation = .push
    case "sheet": presentation = .sheet(embeddedInNavigationController: true)
    case "fullScreen": presentation = .fullScreen(embeddedInNavigationController: true)
    default: throw Refusal(message: "expected \(usage)")
    }
    guard arguments.count <= 2 else { throw Refusal(message: "expected \(usage)") }
    let flow = PlayFlow(name: name, routes: app.routes)
    let onEnd: (FlowOutcome<String>) -> Void = { [output] outcome in
      output.line("   (\(flow.id) ended: \(outcome.output.map { "finished(\($0))" } ?? "\(outcome.ending)"))")
    }
    if let parent = try? newestFlow() {
      parent.run(flow, as: presentation, onEnd: onEnd)
    } else {
      app.run(flow, as: presentation, onEnd: onEnd)
    }
  }

  /// Signs in or out.
  func sign(_ arguments: [String]) throws(Refusal) {
    switch (arguments.first, arguments.count) {
    case ("in", 1), ("in", 2):
      let name = arguments.count == 2 ? arguments[1] : "alice"
      if let waiting = app.liveFlows.compactMap({ $0 as? PlaySignInFlow }).last {
        waiting.finish(name)
      } else {
        signIn.account = name
        commandsOutsideTheLog.append("sign in \(name)")
        output.line("   signed in as \(name)")
      }
    case ("out", 1):
      signIn.account = nil
      commandsOutsideTheLog.append("sign out")
      output.line("   signed out")
    default:
      throw Refusal(message: "expected sign in [<name>] or sign out")
    }
  }

  /// Writes what `show` asks for.
  func show(_ arguments: [String]) throws(Refusal) {
    let state = app.window.navigationState(keyedBy: AnyRoute.self)
    switch arguments {
    case ["tree"]:
      output.lines(app.window.hierarchyDescription())
    case ["state"]:
      output.lines(state.description)
    case ["mermaid"]:
      output.lines(state.mermaid)
    case ["plan"]:
      output.lines(lastPlan?.description ?? "(no plan yet: open a link first)")
    case ["journal"]:
      for event in app.window.journal.events { output.line("   · \(Demo.text(of: event))") }
    case ["snapshot"]:
      do {
        let snapshot = try app.encodeSnapshot()
        lastSnapshot = snapshot
        output.line("   " + String(decoding: snapshot, as: UTF8.self))
      } catch {
        output.line("   error: \(error)")
      }
    case ["flows"]:
      output.lines(app.flows.description)
    default:
      throw Refusal(message: "expected show tree|state|mermaid|plan|journal|snapshot|flows")
    }
  }
}
