import Navigator
import Testing

/// A visible window whose root is a navigation controller showing `Home`, a navigator for
/// it, the journal on, misuse reported, and the start-up events cleared.
final class NavigatorHarness {
  let scheduler = ManualScheduler()
  let window: Window
  let navigation: NavigationController
  let home = Screen("Home")
  let navigator: Navigator
  let errors = ErrorLog()

  init(manual: Bool = false, policy: MisusePolicy = .report) {
    window = Window(scheduler: manual ? .manual(scheduler) : .immediate, misusePolicy: policy)
    window.journal.isEnabled = true
    navigation = NavigationController(rootViewController: home)
    navigation.title = "Nav"
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    scheduler.settle()
    window.journal.removeAll()
    navigator = Navigator(window: window)
    errors.observe(window)
  }

  var events: [NavigationEvent] { window.journal.events }

  /// Lets other tasks run until `condition` holds, for at most a thousand turns.
  func yield(until condition: () -> Bool) async {
    var turns = 0
    while !condition(), turns < 1_000 {
      await Task.yield()
      turns += 1
    }
  }

  /// The events since the last read, and clears them.
  func take() -> [NavigationEvent] {
    defer { window.journal.removeAll() }
    return window.journal.events
  }

  /// What can be seen of the hierarchy, to prove a refused call changed nothing.
  var tree: String { window.hierarchyDescription() }
}

/// Data a card form receives.
struct Card: Hashable {
  var last4: String
}

/// A screen made from its type, that receives a card.
final class CardForm: ViewController, InitializableScreen, DataReceiving {
  private(set) var card: Card?
  private(set) var viewDidLoadCount = 0

  func receive(_ data: Card) { card = data }

  override func viewDidLoad() {
    super.viewDidLoad()
    viewDidLoadCount += 1
  }
}

/// Another screen made from its type.
final class Receipt: ViewController, InitializableScreen {}

/// A screen with its own background.
final class Tinted: ViewController, InitializableScreen {
  override func loadView() {
    let view = View()
    view.backgroundColor = .black
    self.view = view
  }
}

/// A container of the caller's, that holds one screen.
final class Card3D: ViewController {
  init(content: ViewController) {
    super.init()
    title = "Card3D"
    addChild(content)
    view.addSubview(content.view)
    content.didMove(toParent: self)
  }
}

/// A custom transition of a fixed duration, that counts how often it was asked.
final class FixedTransition: ViewControllerTransitioningDelegate {
  let duration: Double
  private(set) var askedCount = 0
  init(duration: Double) { self.duration = duration }
  func transitionDuration(for screen: ViewController) -> Double {
    askedCount += 1
    return duration
  }
}

/// The catalogue the tests use.
let mainStoryboard = Storyboard(
  name: "Main", initialScene: "card",
  scenes: [
    Storyboard.Scene("card") { CardForm() },
    Storyboard.Scene("receipt") { Receipt() },
  ])
