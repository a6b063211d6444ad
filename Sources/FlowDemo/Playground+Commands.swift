import Navigator

// The playground's grammar: every command as `help` lists it, and the presentation styles
// `present` takes by name.
extension Playground {
  /// One command: how it is written, and what it does.
  struct Usage {
    /// The command's form, as `help` shows it.
    let form: String
    /// What it does.
    let summary: String
  }

  /// Every command, as `help` lists them.
  static let usages: [Usage] = [
    Usage(form: "push <Name>", summary: "push a new screen onto the stack on screen"),
    Usage(
      form: "present <Name> [<style>] [nav]",
      summary: "present a new screen; style: \(presentationStyles.map(\.name).joined(separator: ", ")) "
        + "(sheet is pageSheet, the default); nav: in a navigation controller of its own"),
    Usage(form: "popover <Name>", summary: "a new screen in a popover, anchored to the screen on top"),
    Usage(form: "tap outside", summary: "a tap outside the popover"),
    Usage(
      form: "width compact|regular",
      summary: "the window's width class (a popover adapts to a sheet on compact)"),
    Usage(form: "dismiss", summary: "dismiss the screen presented on top"),
    Usage(form: "back", summary: "tap the back button of the stack on screen"),
    Usage(
      form: "swipe back [begin|cancel|finish]",
      summary: "a back swipe, in steps: begin, then cancel or finish (no step: the whole swipe)"),
    Usage(form: "swipe sheet [begin|cancel|finish]", summary: "a swipe down on the sheet on top, likewise"),
    Usage(
      form: "open <url>",
      summary: "open a deep link: shop://catalog, shop://catalog/products/<id>, "
        + "shop://catalog/products/<id>/reviews, shop://account/orders (needs a sign-in)"),
    Usage(
      form: "flow <Name> [push|sheet|fullScreen]",
      summary: "run a one-screen flow (push by default), inside the newest live flow if there is one"),
    Usage(form: "finish [<output>]", summary: "finish the newest live flow with <output> (done by default)"),
    Usage(form: "cancel", summary: "cancel the newest live flow"),
    Usage(
      form: "sign in [<name>]", summary: "sign in (alice by default), finishing a sign-in flow that waits"),
    Usage(form: "sign out", summary: "sign out"),
    Usage(
      form: "show tree|state|mermaid|plan|journal|snapshot|flows",
      summary: "the window's tree, its state (routes), the state as Mermaid, the last link's plan, "
        + "the whole journal, a snapshot, the live flows"),
    Usage(form: "restore", summary: "restore the snapshot that show snapshot took last"),
    Usage(
      form: "save <file>",
      summary: "save the log of this session's inputs so far (recorded from its start) to <file>, "
        + "as JSON; name it *.sessionlog.json to keep it with logs replayed as tests"),
    Usage(
      form: "replay <file>",
      summary: "replay a saved log into a new shop: each input, its events and the tree after it, "
        + "then the first difference, if any; this session stays as it is"),
    Usage(form: "help", summary: "this list"),
    Usage(form: "quit", summary: "end (so does the end of the input)"),
  ]

  /// The styles `present` takes, by name.
  static let presentationStyles: [(name: String, style: ModalPresentationStyle)] =
    [("sheet", .pageSheet)]
    + ModalPresentationStyle.allCases.filter { ![.popover, .custom, .none].contains($0) }.map {
      ("\($0)", $0)
    }
}
