import Navigator

/// The tour's journeys, each written against a transcript so that tests can read them.
enum Demo {
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

  /// The event as the journal prints it.
  static func text(of event: NavigationEvent) -> String { "\(event)" }

  /// Writes the journal's events, empties the journal, then writes the window's tree and a
  /// blank line.
  static func trace(_ window: Window, into output: Transcript) {
    for event in window.journal.events { output.line("   · \(text(of: event))") }
    window.journal.removeAll()
    for line in window.hierarchyDescription().split(separator: "\n") { output.line("   \(line)") }
    output.line()
  }
}

/// A screen with a title and a background.
final class DemoScreen: ViewController {
  /// A screen titled `title`.
  init(_ title: String) {
    super.init()
    self.title = title
  }

  /// Gives the view its background.
  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
  }
}

/// A screen with a draft that asks before it is popped, and answers later.
final class Composer: ViewController, PopConfirming {
  /// The question the last pop asked, not yet answered.
  var pendingDecision: PopDecision?

  /// A composer titled "Composer".
  override init() {
    super.init()
    title = "Composer"
  }

  /// Keeps the question, to answer it later.
  func confirmPop(_ decision: PopDecision) {
    pendingDecision = decision
  }
}

/// Hears a popover's adaptation, tap-outside dismissal and, once adapted, its sheet's swipes,
/// and says so in the transcript.
final class PopoverListener: PopoverPresentationControllerDelegate,
  AdaptivePresentationControllerDelegate
{
  /// Where it says what it heard.
  private let output: Transcript

  /// A listener that writes to `output`.
  init(_ output: Transcript) {
    self.output = output
  }

  /// Says that a tap outside dismissed the popover.
  func popoverPresentationControllerDidDismissPopover(_ controller: PopoverPresentationController) {
    output.line("   (delegate: a tap outside dismissed \(controller.presentedViewController.screenID))")
  }

  /// Says that a swipe dismissed the sheet.
  func presentationControllerDidDismiss(_ controller: PresentationController) {
    output.line("   (delegate: a swipe dismissed \(controller.presentedViewController.screenID))")
  }
}
