import Navigator

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

/// The catalogue the tests use.
let mainStoryboard = Storyboard(
  name: "Main", initialScene: "card",
  scenes: [
    Storyboard.Scene("card") { CardForm() },
    Storyboard.Scene("receipt") { Receipt() },
  ])
