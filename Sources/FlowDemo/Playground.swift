import AppFlow
import Navigator

/// The playground: a shop app that reads commands, one per line, and after each one that acts
/// writes the journal's new events and the window's tree.
///
/// The app is the tour's shop (Catalog at the root; products, their reviews in a sheet, and
/// Orders behind a sign-in), driven only through the package's public API: the app
/// controller, its navigator, routes, flows and a protection space. `help` lists the commands;
/// a command that can't run writes one line saying what was expected and changes nothing.
///
/// The app records its inputs from its start (``AppController/startRecording(limit:recordingEvents:)``,
/// with their events): `save` writes the log so far, and `replay` replays a saved one into a
/// new shop (see `Playground+Recording.swift`).
final class Playground {
  /// A command that can't run: what was expected instead.
  struct Refusal: Error {
    /// The line that says what was expected.
    let message: String
  }

  /// Where the playground writes.
  let output: Transcript
  /// A Boolean value indicating whether each command is written before its output, as in a
  /// transcript of a script (a person at a terminal sees what they typed).
  private let echoesCommands: Bool
  /// The app the commands drive.
  let app: AppController
  /// The sign-in that protects Orders.
  let signIn = PlaySignIn()
  /// The commands that changed the playground's own state, which a session log doesn't
  /// hold (`sign in` with no sign-in flow waiting, `sign out`, `width`), in order.
  var commandsOutsideTheLog: [String] = []
  /// The number of the journal's events written so far.
  private var writtenEvents = 0
  /// The plan of the last link that opened.
  var lastPlan: NavigationPlan<AnyRoute>?
  /// The snapshot that `show snapshot` took last.
  var lastSnapshot: [UInt8]?
  /// A Boolean value indicating whether a command has run yet.
  private var hasRunCommand = false

  /// A playground whose app has started, having written what the start did.
  ///
  /// - Parameters:
  ///   - output: Where the playground writes.
  ///   - echoesCommands: A Boolean value indicating whether each command is written before
  ///     its output.
  init(output: Transcript, echoesCommands: Bool = true) {
    self.output = output
    self.echoesCommands = echoesCommands
    app = AppController(window: Window(misusePolicy: .report), rootRoute: ShopCatalog())
    app.window.journal.isEnabled = true
    output.line("FlowDemo playground: a shop whose root is Catalog. `help` lists the commands; `quit` ends.")
    do {
      try Self.registerRoutes(in: app.routes, signIn: signIn)
      try app.startRecording(recordingEvents: true)
      try app.start()
    } catch {
      output.line("error: the shop did not start: \(error)")
    }
    writeChanges()
  }

  /// A shop like the playground's, not started and not recording, with a sign-in of its
  /// own (no one signed in): what a replay runs in.
  ///
  /// - Throws: ``RouteError`` when a registration is refused.
  static func makeShop() throws(RouteError) -> AppController {
    let app = AppController(window: Window(misusePolicy: .report), rootRoute: ShopCatalog())
    try registerRoutes(in: app.routes, signIn: PlaySignIn())
    return app
  }

  /// Registers the playground's routes and flows in `routes`: the tour's shop, Orders behind
  /// `signIn`, the screens the user names (``PlayScreen``) and their flows (``PlayFlow``).
  private static func registerRoutes(in routes: RouteTable, signIn: PlaySignIn) throws(RouteError) {
    try Demo.registerShopRoutes(routes)
    try routes.register(
      ShopOrders.self, url: "shop://account/orders", parent: { _ in ShopCatalog() }, protectedBy: signIn
    ) { _ in DemoScreen("Orders") }
    try routes.register(PlayScreen.self) { DemoScreen($0.name) }
    // Unowned: the table holds this closure, and lives as long as anything that calls it.
    try routes.registerFlow(PlayFlow.self, tag: "Flow") { [unowned routes] route in
      (route.base as? PlayScreen).map { PlayFlow(name: $0.name, routes: routes) }
    }
  }

  /// Runs each line as a command, until `quit` or the last line.
  func run(_ lines: [String]) {
    for line in lines where !execute(line) { return }
  }

  /// Runs one line: a command, a comment (`#`) or nothing.
  ///
  /// - Returns: `false` once the playground ends (`quit`).
  @discardableResult func execute(_ line: String) -> Bool {
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    if echoesCommands && !words.isEmpty {
      if hasRunCommand { output.line() }
      output.line(words.first?.hasPrefix("#") == true ? line : "> " + words.joined(separator: " "))
    }
    guard let verb = words.first, !verb.hasPrefix("#") else { return true }
    hasRunCommand = true
    do {
      switch verb {
      case "quit", "exit": return false
      case "help": help()
      case "show": try show(Array(words.dropFirst()))
      case "save": try save(Array(words.dropFirst()))
      case "replay": try replay(Array(words.dropFirst()))
      default:
        try act(verb, Array(words.dropFirst()))
        writeChanges()
      }
    } catch {
      output.line("error: \(error.message)")
    }
    return true
  }

  /// Writes the commands.
  private func help() {
    let width = Self.usages.map(\.form.count).max() ?? 0
    output.line("Commands, one per line (# starts a comment):")
    for usage in Self.usages {
      output.line(
        "  " + usage.form + String(repeating: " ", count: width + 2 - usage.form.count) + usage.summary)
    }
    output.line("After each command that acts: the journal's new events (·), then the window's tree.")
  }

  /// Runs a command that acts on the app.
  ///
  /// - Throws: A ``Refusal`` when the command is malformed or can't run now; nothing changed.
  private func act(_ verb: String, _ arguments: [String]) throws(Refusal) {
    let navigator = app.navigator
    switch verb {
    case "push":
      let name = try Self.name(arguments, usage: "push <Name>")
      navigator.push(.instance(try screen(named: name)))
    case "present":
      let usage = "present <Name> [<style>] [nav]"
      let name = try Self.name(Array(arguments.prefix(1)), usage: usage)
      var style = ModalPresentationStyle.pageSheet
      var embedded = false
      for (index, word) in arguments.dropFirst().enumerated() {
        if word == "nav" && !embedded {
          embedded = true
        } else if index == 0, let named = Self.presentationStyles.first(where: { $0.name == word }) {
          style = named.style
        } else {
          throw Refusal(
            message:
              "expected \(usage), with a style among \(Self.presentationStyles.map(\.name).joined(separator: ", "))"
          )
        }
      }
      navigator.presentModal(
        .instance(try screen(named: name)), style: style,
        options: embedded ? .init().embedded(in: .navigationController) : .init())
    case "popover":
      let name = try Self.name(arguments, usage: "popover <Name>")
      guard let anchor = navigator.visibleViewController else {
        throw Refusal(message: "expected a screen on top")
      }
      navigator.popover(
        .instance(try screen(named: name)),
        anchor: .view(anchor.view, rect: Rect(x: 0, y: 0, width: 44, height: 44)))
    case "tap":
      guard arguments == ["outside"] else { throw Refusal(message: "expected tap outside") }
      output.line("   dismissed: \(app.window.tapOutsidePopover())")
    case "width":
      switch arguments {
      case ["compact"]: app.window.traitCollection = TraitCollection(horizontalSizeClass: .compact)
      case ["regular"]: app.window.traitCollection = TraitCollection(horizontalSizeClass: .regular)
      default: throw Refusal(message: "expected width compact|regular")
      }
      commandsOutsideTheLog.append("width \(arguments[0])")
    case "dismiss":
      guard arguments.isEmpty else { throw Refusal(message: "expected dismiss, alone") }
      // Through the navigator, so that a log records it as a dismissal.
      guard let top = topPresented else { throw Refusal(message: "expected a presented screen to dismiss") }
      navigator.dismiss(options: NavigationOptions().from(top))
    case "back":
      guard arguments.isEmpty else { throw Refusal(message: "expected back, alone") }
      try stackOnScreen().navigationBar.tapBackButton()
    case "swipe":
      try swipe(arguments)
    case "open":
      guard arguments.count == 1, let url = arguments.first else {
        throw Refusal(message: "expected open <url>")
      }
      open(url)
    case "flow":
      try runFlow(arguments)
    case "finish":
      guard arguments.count <= 1 else { throw Refusal(message: "expected finish [<output>], one word") }
      let flow = try newestFlow()
      do {
        try flow.tryFinish(arguments.first ?? "done")
      } catch {
        output.line("   error [\(error.code)]: \(error.message)")
      }
    case "cancel":
      guard arguments.isEmpty else { throw Refusal(message: "expected cancel, alone") }
      let flow = try newestFlow()
      do {
        try flow.tryCancel()
      } catch {
        output.line("   error [\(error.code)]: \(error.message)")
      }
    case "sign":
      try sign(arguments)
    case "restore":
      guard arguments.isEmpty else { throw Refusal(message: "expected restore, alone") }
      guard let snapshot = lastSnapshot else {
        throw Refusal(message: "expected a snapshot to restore: take one with show snapshot")
      }
      app.restore(snapshot) { [weak self] result in
        guard let self else { return }
        switch result {
        case .success(let plan):
          lastPlan = plan
          output.line("   (restored; the plan:)")
          output.lines(plan.description, indent: "     ")
        case .failure(let error):
          output.line("   (not restored: \(error))")
        }
      }
    default:
      throw Refusal(
        message:
          "unknown command '\(verb)'; expected one of: push, present, popover, tap, width, dismiss, back, "
          + "swipe, open, flow, finish, cancel, sign, restore, show, save, replay, help, quit")
    }
  }

  /// Writes the journal's events since the last command, then the window's tree.
  private func writeChanges() {
    let events = app.window.journal.events
    for event in events.dropFirst(writtenEvents) { output.line("   · \(Demo.text(of: event))") }
    writtenEvents = events.count
    output.lines(app.window.hierarchyDescription())
  }
}
