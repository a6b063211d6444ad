import Navigator

/// The demo executable: runs a few journeys through a headless hierarchy and prints, for
/// each step, the journal's events and the window's tree.
@main
struct FlowDemo {
  static func main() async {
    let transcript = Transcript(echo: true)
    Demo.run(into: transcript)
    await Demo.hostingJourney(into: transcript, sessions: 10_000)
    await Demo.sharedStoreJourney(into: transcript)
    transcript.line("Done.")
  }
}

/// The lines a demo writes; optionally echoed to standard output as they come.
final class Transcript {
  private let echo: Bool
  private(set) var lines: [String] = []

  init(echo: Bool = false) {
    self.echo = echo
  }

  func line(_ text: String = "") {
    lines.append(text)
    if echo { print(text) }
  }
}

/// The journeys, written against any text stream so that tests can read them.
enum Demo {
  static func run(into output: Transcript) {
    containment(into: output)
    stackJourney(into: output)
    modalChain(into: output)
    popover(into: output)
    misuse(into: output)
    navigatorJourney(into: output)
    engineJourney(into: output)
    stateJourney(into: output)
    flowsJourney(into: output)
    routesJourney(into: output)
    protectionJourney(into: output)
  }

  /// A dashboard with two child screens, in a window that becomes visible.
  static func containment(into output: Transcript) {
    let window = Window()
    window.journal.isEnabled = true
    let dashboard = DemoScreen("Dashboard")
    window.rootViewController = dashboard
    for name in ["Weather", "News"] {
      let tile = DemoScreen(name)
      dashboard.addChild(tile)
      dashboard.view.addSubview(tile.view)
      tile.didMove(toParent: dashboard)
    }
    window.makeKeyAndVisible()
    section("1. A dashboard with child screens", window, into: output)
  }

  /// Push, a back-button pop that asks for confirmation, and a cancelled swipe.
  static func stackJourney(into output: Transcript) {
    let (window, navigation, _) = visibleStack("Mail", root: DemoScreen("Inbox"))
    section("2. A mail stack appears", window, into: output)

    let message = DemoScreen("Message")
    navigation.pushViewController(
      message, animated: true,
      options: PushOptions(onPush: { output.line("   (push block: Message is on screen)") }))
    section("3. Push Message", window, into: output)

    let composer = Composer()
    navigation.pushViewController(composer, animated: true, options: PushOptions(toolbarHidden: false))
    section("4. Push Composer (it has a draft, and shows the toolbar)", window, into: output)

    navigation.navigationBar.tapBackButton()
    output.line("   Composer asks: discard the draft? (pending: \(navigation.pendingPopDecision != nil))")
    composer.pendingDecision?.deny()
    section("5. Back button, the user keeps the draft: nothing changes", window, into: output)

    navigation.navigationBar.tapBackButton()
    composer.pendingDecision?.allow()
    section("6. Back button again, the user discards the draft", window, into: output)

    navigation.beginInteractivePop()
    navigation.updateInteractivePop(progress: 0.3)
    navigation.cancelInteractivePop()
    section("7. A back swipe on Message, cancelled half-way", window, into: output)
  }

  /// A full-screen screen, a page sheet over it, and one dismissal of the whole chain.
  ///
  /// Each step's title comes before its action, so that the lines a completion or a
  /// delegate prints fall inside the step.
  static func modalChain(into output: Transcript) {
    let (window, _, inbox) = visibleStack("Mail", root: DemoScreen("Inbox"))
    window.journal.removeAll()

    output.line(
      "8. Inbox presents Attachment full screen: Mail, which covers the window, presents it and disappears")
    let attachment = DemoScreen("Attachment")
    attachment.modalPresentationStyle = .fullScreen
    inbox.present(attachment, animated: true)
    section("", window, into: output)

    output.line("9. Attachment presents Share as a page sheet: Attachment stays on screen")
    let share = DemoScreen("Share")
    share.modalPresentationStyle = .pageSheet
    attachment.present(share, animated: true)
    section("", window, into: output)

    output.line("10. Inbox dismisses from the bottom: the whole chain goes, only Share animates")
    inbox.dismiss(animated: true) { output.line("   (completion: Mail is back)") }
    section("", window, into: output)
  }

  /// A popover anchored to a bar button item: shown as a popover on regular width and
  /// dismissed by a tap outside, then adapted to a sheet on compact width and swiped away.
  static func popover(into output: Transcript) {
    let listener = PopoverListener(output)
    let filterButton = BarButtonItem(title: "Filter")
    let (window, _, album) = visibleStack("Photos", root: DemoScreen("Album"))
    album.navigationItem.rightBarButtonItems = [filterButton]
    window.journal.removeAll()

    // The popover controller exists only once the style is .popover: set the style first.
    let filters = DemoScreen("Filters")
    filters.modalPresentationStyle = .popover
    filters.popoverPresentationController?.anchor = .barButtonItem(filterButton)
    filters.popoverPresentationController?.delegate = listener

    output.line("11. Album presents Filters as a popover from its Filter button (regular width)")
    album.present(filters, animated: true)
    output.line("   shown as a popover: \(filters.popoverPresentationController?.isShownAsPopover == true)")
    section("", window, into: output)

    output.line("12. A tap outside the popover dismisses it")
    output.line("   dismissed: \(window.tapOutsidePopover())")
    section("", window, into: output)

    output.line("13. The same popover on a compact-width window adapts to a sheet")
    window.traitCollection = TraitCollection(horizontalSizeClass: .compact)
    album.present(filters, animated: true)
    let style = filters.presentationController?.adaptivePresentationStyle
    output.line("   shown as: \(style.map { "\($0)" } ?? "nothing")")
    section("", window, into: output)

    output.line("14. A tap outside does nothing to a sheet")
    output.line("   dismissed: \(window.tapOutsidePopover())")
    section("", window, into: output)

    output.line("15. A swipe down dismisses the sheet")
    let sheet = filters.presentationController
    sheet?.beginInteractiveDismissal()
    sheet?.finishInteractiveDismissal()
    section("", window, into: output)
  }

  /// A misuse under the report policy: a typed error, and the tree is unchanged.
  static func misuse(into output: Transcript) {
    let (window, navigation, home) = visibleStack("Main", root: DemoScreen("Home"), misusePolicy: .report)
    window.journal.removeAll()
    window.misuseHandler = { error in output.line("   error [\(error.code)]: \(error.message)") }
    output.line("16. Pushing Home a second time (report policy)")
    navigation.pushViewController(home, animated: true)
    section("", window, into: output)
  }

  /// A visible window, journal on, whose root is a navigation controller named `title`
  /// showing `root`.
  static func visibleStack(
    _ title: String, root: DemoScreen, misusePolicy: MisusePolicy = .trap
  ) -> (Window, NavigationController, DemoScreen) {
    let window = Window(misusePolicy: misusePolicy)
    window.journal.isEnabled = true
    let navigation = NavigationController(rootViewController: root)
    navigation.title = title
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    return (window, navigation, root)
  }

  static func section(_ title: String, _ window: Window, into output: Transcript) {
    if !title.isEmpty { output.line(title) }
    for event in window.journal.events { output.line("   · \(event)") }
    window.journal.removeAll()
    for line in window.hierarchyDescription().split(separator: "\n") { output.line("   \(line)") }
    output.line()
  }
}

/// A screen with a title and a background.
final class DemoScreen: ViewController {
  init(_ title: String) {
    super.init()
    self.title = title
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
  }
}

/// A screen with a draft that asks before it is popped, and answers later.
final class Composer: ViewController, PopConfirming {
  var pendingDecision: PopDecision?

  override init() {
    super.init()
    title = "Composer"
  }

  func confirmPop(_ decision: PopDecision) {
    pendingDecision = decision
  }
}

/// Hears a popover's adaptation, tap-outside dismissal and, once adapted, its sheet's swipes,
/// and says so in the transcript.
final class PopoverListener: PopoverPresentationControllerDelegate,
  AdaptivePresentationControllerDelegate
{
  private let output: Transcript

  init(_ output: Transcript) {
    self.output = output
  }

  func popoverPresentationControllerDidDismissPopover(_ controller: PopoverPresentationController) {
    output.line("   (delegate: a tap outside dismissed \(controller.presentedViewController.screenID))")
  }

  func presentationControllerDidDismiss(_ controller: PresentationController) {
    output.line("   (delegate: a swipe dismissed \(controller.presentedViewController.screenID))")
  }
}
