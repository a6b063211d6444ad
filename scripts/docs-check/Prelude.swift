// What the documentation's examples take for granted: the screens, routes, flows and helpers of
// its mail and shop apps. scripts/check-docs.py compiles every ```swift block of README.md and
// the DocC articles beside this file; a block's own declarations shadow these.
import AppFlow
import Navigator

// MARK: Checks

/// `#expect(...)` in a block: a false condition stops the block's run with its file and line.
func expect(_ condition: Bool, file: StaticString = #file, line: UInt = #line) {
  if !condition { fatalError("expectation failed", file: file, line: line) }
}

/// What an example logs (printed, so that a block can state it as output).
func log(_ message: String) { print(message) }

/// A logger, as a service would have one.
struct Logger {
  func error(_ message: String) { print("error: \(message)") }
}
let logger = Logger()

/// An analytics client.
struct Analytics {
  func shown(_ screen: ViewController) { print("shown \(type(of: screen))") }
}
let analytics = Analytics()

/// Asks the user a yes-or-no question; here the answer is always yes, at once.
func askUser(_ question: String, _ answer: @escaping (Bool) -> Void) { answer(true) }

// MARK: The mail app's screens

final class Inbox: ViewController, InitializableScreen {}
final class Message: ViewController, InitializableScreen {}
final class Attachment: ViewController, InitializableScreen {}
final class Attachments: ViewController, InitializableScreen {}
final class Share: ViewController, InitializableScreen {}
final class Compose: ViewController, InitializableScreen {}
final class Help: ViewController, InitializableScreen {}
final class Scanner: ViewController, InitializableScreen {}
final class Weather: ViewController, InitializableScreen {}
final class Receipt: ViewController, InitializableScreen {}
final class Wallet: ViewController, InitializableScreen {}
final class Settings: ViewController, InitializableScreen {}
final class Album: ViewController, InitializableScreen {}
final class Filters: ViewController, InitializableScreen {}
final class Card: ViewController, InitializableScreen {}

/// A draft that asks before it leaves.
final class Composer: ViewController, InitializableScreen, PopConfirming {
  func confirmPop(_ decision: PopDecision) { decision.allow() }
}

/// A mail thread.
final class Thread: ViewController {
  let id: Int
  init(id: Int) {
    self.id = id
    super.init()
  }
}

/// A conversation, as a cache keeps it.
final class Conversation: ViewController {
  let thread: MailThread
  init(_ thread: MailThread) {
    self.thread = thread
    super.init()
  }
}

struct MailThread: Hashable, Sendable { var id: Int }

/// A dashboard with a side panel for child screens.
final class Dashboard: ViewController, InitializableScreen {
  let sidePanel = View()
  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(sidePanel)
  }
}

/// A payment card, and the form that receives one.
struct PaymentCard: Hashable, Sendable, Codable { var last4: String }

final class CardForm: ViewController, InitializableScreen, DataReceiving {
  private(set) var card: PaymentCard?
  func receive(_ data: PaymentCard) { card = data }
}

/// Storyboards of the mail app.
let main = Storyboard(name: "Main", scenes: [Storyboard.Scene("help") { Help() }])
let widgets = Storyboard(name: "Widgets", scenes: [Storyboard.Scene("weather") { Weather() }])
let mailStoryboard = Storyboard(name: "Mail", scenes: [Storyboard.Scene("compose") { Compose() }])

// MARK: The shop app

struct Catalog: Route {}
struct Product: Route { var id: Int }
struct Reviews: Route { var productID: Int }
struct Orders: Route {}
struct Home: Route {}
struct Cart: Route { var items: [Int] = [] }

final class CatalogScreen: ViewController {}
final class HomeScreen: ViewController {}
final class OrdersScreen: ViewController {}
final class CartScreen: ViewController, InitializableScreen {}
final class PasswordScreen: ViewController, InitializableScreen {}

final class ProductScreen: ViewController {
  let id: Int
  init(id: Int) {
    self.id = id
    super.init()
  }
}

final class ReviewsScreen: ViewController {
  let productID: Int
  init(productID: Int) {
    self.productID = productID
    super.init()
  }
}

/// Registers the shop's routes: a catalog at the root, products on it, their reviews in a sheet,
/// and a home with orders.
func registerShop(_ routes: RouteTable) throws(RouteError) {
  try routes.register(Catalog.self, url: "shop://catalog") { _ in CatalogScreen() }
  try routes.register(Product.self, url: "shop://catalog/products/<int:id>", parent: { _ in Catalog() }) {
    ProductScreen(id: $0.id)
  }
  try routes.register(
    Reviews.self, url: "shop://catalog/products/<int:productID>/reviews",
    presentation: .sheet(embeddedInNavigationController: true), parent: { Product(id: $0.productID) }
  ) { ReviewsScreen(productID: $0.productID) }
  try routes.register(Home.self, url: "shop://home") { _ in HomeScreen() }
  try routes.register(Orders.self, url: "shop://orders", parent: { _ in Home() }) { _ in OrdersScreen() }
}

/// The shop's routes, for examples that register them without a thought for errors.
func registerRoutes(_ routes: RouteTable) {
  do { try registerShop(routes) } catch { fatalError("\(error)") }
}

/// A new shop app controller, started at its catalog.
@Sendable func makeApp() throws -> AppController {
  let app = AppController(window: Window(misusePolicy: .report), rootRoute: Catalog())
  try registerShop(app.routes)
  return app
}

// MARK: Flows

struct Account: Equatable { var email: String }

/// A screen that asks for an email address and hands it on.
final class EmailScreen: ViewController {
  let onNext: (String) -> Void
  init(onNext: @escaping (String) -> Void) {
    self.onNext = onNext
    super.init()
  }
}

final class SignUpFlow: Flow<Account> {
  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    EmailScreen { [weak self] email in self?.finish(Account(email: email)) }
  }
}

/// Terms the user accepts or not.
final class TermsFlow: Flow<Bool> {
  override func makeFirstScreen() throws(NavigationError) -> ViewController { Settings() }
}

/// A checkout, restored from its cart.
struct Order: Equatable { var items: [Int] }

final class CheckoutFlow: Flow<Order> {
  let cart: Cart
  init(cart: Cart = Cart()) {
    self.cart = cart
    super.init()
  }
  override func makeFirstScreen() throws(NavigationError) -> ViewController { CartScreen() }
}

/// Signs the user in to a protection space; its first screen asks for an email address.
final class SignInFlow: Flow<Account> {
  let space: any ProtectionSpace
  init(space: any ProtectionSpace) {
    self.space = space
    super.init()
  }
  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    EmailScreen { [weak self] email in self?.finish(Account(email: email)) }
  }
}

// MARK: Placeholders

/// Screens that examples name by a letter.
final class A: ViewController, InitializableScreen {}
final class B: ViewController, InitializableScreen {}

/// What a cache keeps for a screen.
struct Thumbnail {}
struct Image {}

/// Restores every screen of a snapshot.
final class Restorer: StateRestorationDelegate {
  func restoration(of route: AnyRoute, at path: StatePath) -> RestorationDecision { .allow }
}

/// A sign-in that has already happened: it allows every navigation.
final class SignedIn: ProtectionSpace {
  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) { decide(.allow) }
}

/// A basket that is paid once.
final class Basket: CustomStringConvertible {
  var isPaid = false
  var description: String { "Basket" }
}

/// A checkout whose pay button shows the card form with the card.
final class Checkout {
  let navigator: Navigator
  let card: PaymentCard
  init(navigator: Navigator, card: PaymentCard) {
    self.navigator = navigator
    self.card = card
  }
  func payTapped() { navigator.push(.type(CardForm.self), options: .init().passing(card)) }
}

/// A card flip that takes 0.6 seconds.
final class Flip: ViewControllerTransitioningDelegate {
  func transitionDuration(for screen: ViewController) -> Duration { .milliseconds(600) }
}
