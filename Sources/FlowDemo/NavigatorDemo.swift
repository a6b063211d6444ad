import AppFlow
import Navigator

extension Demo {
  /// The same kinds of journeys, driven from outside the screens by an `AppController`'s
  /// `Navigator`: configure-before-show, passed data, a wrapped modal, a popover, child
  /// screens, and a misuse refused before anything changes.
  static func navigatorJourney(into output: Transcript) {
    let app = AppController(window: Window(misusePolicy: .report)) { DemoScreen("Wallet") }
    app.window.journal.isEnabled = true
    app.window.misuseHandler = { error in output.line("   error [\(error.code)]: \(error.message)") }
    let navigator = app.navigator
    output.step("An AppController starts Wallet inside a navigation controller")
    do {
      try app.start().title = "Pay"
    } catch {
      output.line("   could not start: \(error)")
      return
    }
    trace(app.window, into: output)

    output.step("The navigator pushes CardForm with a card, configured before it is shown")
    let scan = BarButtonItem(title: "Scan")
    let form = navigator.push(
      .type(CardFormScreen.self),
      options: .init().passing(DemoCard(last4: "4242"))
        .completion { form in
          output.line(
            "   (completion: \(form.screenID) on screen, background \(form.view.backgroundColor == .systemBackground ? "systemBackground" : "other"))"
          )
        }
    ) { form in
      form.navigationItem.rightBarButtonItem = scan
      output.line(
        "   configure: card •••• \(form.card?.last4 ?? "none"), view loaded: \(form.isViewLoaded), "
          + "on screen: \(form.appearanceState != .disappeared)")
    }
    trace(app.window, into: output)

    output.step("Help is presented modally, wrapped in a navigation controller")
    let help = navigator.presentModal(
      .make { DemoScreen("Help") }, options: .init().embedded(in: .navigationController).animated(false))
    trace(app.window, into: output)
    help?.dismiss(animated: false)
    app.window.journal.removeAll()

    output.step("Scanner is shown as a popover from CardForm's Scan button")
    navigator.popover(
      .make { DemoScreen("Scanner") }, anchor: .barButtonItem(scan), keepsPopoverOnCompactWidth: true)
    trace(app.window, into: output)
    app.window.tapOutsidePopover()
    app.window.journal.removeAll()

    output.step("A dashboard gets two child screens, then loses one")
    if let dashboard = navigator.push(.make { DemoScreen("Dashboard") }, options: .init().animated(false)) {
      app.window.journal.removeAll()
      navigator.addChild(.make { DemoScreen("Weather") }, to: dashboard)
      if let news = navigator.addChild(.make { DemoScreen("News") }, to: dashboard) {
        navigator.removeChild(news)
      }
    }
    trace(app.window, into: output)

    output.step("Pushing CardForm again, while it is in the stack (report policy)")
    if let form {
      navigator.push(.instance(form), options: .init().onFailure { output.line("   onFailure: \($0.code)") })
    }
    trace(app.window, into: output)
  }
}

/// A card, passed to the card form.
struct DemoCard: Hashable {
  /// The card number's last four digits.
  var last4: String
}

/// A screen made from its type, that receives a card and sets no background of its own.
final class CardFormScreen: ViewController, InitializableScreen, DataReceiving {
  /// The card it received, if any.
  private(set) var card: DemoCard?

  /// A card form titled "CardForm".
  override init() {
    super.init()
    title = "CardForm"
  }

  /// Keeps the card.
  func receive(_ data: DemoCard) { card = data }
}
