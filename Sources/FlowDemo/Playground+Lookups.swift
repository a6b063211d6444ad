import AppFlow
import Navigator

// What the commands act on: screens by name, the stack and the presentation on top, the
// newest live flow, and a command's screen name.
extension Playground {
  /// The screen of the route ``PlayScreen`` named `name`.
  func screen(named name: String) throws(Refusal) -> ViewController {
    do {
      return try app.routes.makeScreen(for: AnyRoute(PlayScreen(name: name)))
    } catch {
      throw Refusal(message: "expected a screen the route table makes: \(error.message)")
    }
  }

  /// The screen presented on top of every other, if any.
  var topPresented: ViewController? {
    var screen = app.window.rootViewController?.presentedViewController
    while let next = screen?.presentedViewController { screen = next }
    return screen
  }

  /// The navigation stack of the screen on top.
  func stackOnScreen() throws(Refusal) -> NavigationController {
    let top = topPresented ?? app.window.rootViewController
    guard let stack = (top as? NavigationController) ?? top?.navigationController else {
      throw Refusal(message: "expected a navigation stack on screen")
    }
    return stack
  }

  /// The newest live flow, innermost first.
  func newestFlow() throws(Refusal) -> Flow<String> {
    var flow = app.liveFlows.last
    while let child = flow?.children.last(where: { $0.state.isLive }) { flow = child }
    guard let flow = flow as? Flow<String> else {
      throw Refusal(message: "expected a live flow (run one with flow <Name>, or open shop://account/orders)")
    }
    return flow
  }

  /// The screen name in `arguments`: one word of letters and digits, starting with a letter.
  static func name(_ arguments: [String], usage: String) throws(Refusal) -> String {
    guard arguments.count == 1, let name = arguments.first, let first = name.first, first.isLetter,
      name.allSatisfy({ $0.isLetter || $0.isNumber })
    else { throw Refusal(message: "expected \(usage), the name one word of letters and digits") }
    return name
  }
}
