import AppFlow
import Navigator
import Testing

struct Lobby: Route {}
struct Vault: Route {}
struct VaultItem: Route { var id: Int }
struct Annex: Route {}

/// What the screens of a test did, in order: each protected screen logs its initializer and
/// its `viewDidLoad`, so that a test proves neither ran before the protection allowed.
final class MadeLog {
  var events: [String] = []
}

/// A screen that logs its making and its loading.
final class LoggedScreen: ViewController {
  let log: MadeLog

  init(_ name: String, log: MadeLog) {
    self.log = log
    super.init()
    title = name
    log.events.append("\(name).init")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    log.events.append("\(title ?? "?").viewDidLoad")
  }
}

/// The sign-in flow a space requires: one screen, finished or cancelled by the test.
final class SignInFlow: Flow<String> {
  override func makeFirstScreen() throws(NavigationError) -> ViewController { NamedScreen("SignIn") }
}

/// How a test space answers, and how the sign-in it requires ends.
enum SpaceAnswer: CaseIterable, CustomStringConvertible {
  case allowed, denied, signedIn, signInCancelled, signInFailed
  /// The space never answers.
  static let silent = SpaceAnswer?.none

  /// A Boolean value indicating whether the protected navigation ends up shown.
  var lets: Bool { self == .allowed || self == .signedIn }
  /// A Boolean value indicating whether the answer needs a sign-in.
  var signsIn: Bool { self == .signedIn || self == .signInCancelled || self == .signInFailed }

  var description: String {
    switch self {
    case .allowed: "allowed"
    case .denied: "denied"
    case .signedIn: "required then signed in"
    case .signInCancelled: "required then cancelled"
    case .signInFailed: "required then failed"
    }
  }
}

/// A protection space that answers as told (or never, for `nil`) and records what it was
/// asked.
final class TestSpace: ProtectionSpace {
  /// How it answers the next request; a test may change it between navigations.
  var answer: SpaceAnswer?
  let spaceName: String
  /// The protected screens it was asked about, in order.
  var asked: [String] = []
  /// The requests it heard, in order.
  var requests: [ProtectionRequest] = []
  /// The sign-in flows it required.
  var signIns: [SignInFlow] = []
  /// The decisions it holds back (for `nil`: never called).
  var pending: [(ProtectionDecision) -> Void] = []

  init(_ answer: SpaceAnswer?, name: String = "SignIn") {
    self.answer = answer
    spaceName = name
  }

  var name: String { spaceName }

  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    asked.append(request.screen)
    requests.append(request)
    switch answer {
    case nil: pending.append(decide)
    case .allowed: decide(.allow)
    case .denied: decide(.deny("no one is signed in"))
    case .signedIn, .signInCancelled, .signInFailed:
      let flow = SignInFlow()
      signIns.append(flow)
      decide(.require(flow))
    }
  }

  /// Ends the sign-in as the answer says: finished, swiped away by the user, or cancelled.
  func endSignIn(in app: AppController) throws {
    guard let flow = signIns.last else { return }
    switch answer {
    case .signedIn:
      flow.finish("alice", animated: false)
    case .signInCancelled:
      let sheet = try #require(flow.firstScreen?.navigationController)
      let controller = try #require(sheet.presentationController)
      #expect(controller.beginInteractiveDismissal())
      controller.finishInteractiveDismissal()
    case .signInFailed:
      flow.cancel(animated: false)
    default:
      break
    }
  }
}

/// What a protected navigation delivered, in order: it must be exactly one outcome.
enum Delivered: Equatable, CustomStringConvertible {
  case shown(String)
  case failed(NavigationError.Code)

  var description: String {
    switch self {
    case .shown(let screen): "shown(\(screen))"
    case .failed(let code): "failed(\(code))"
    }
  }
}

/// An app whose root stack holds Lobby; Vault (protected by `space`) is pushed on Lobby and
/// VaultItem on Vault; Annex is presented from Lobby; Lobby has a bar button item for
/// popovers. The journal is on, misuse traps (a denial must never trap). Vault's screen is
/// kept alive for `keepVaultAlive` when given.
func makeVaultApp(
  space: TestSpace, log: MadeLog, misuse: MisusePolicy = .trap, scheduler: ManualScheduler? = nil,
  keepVaultAlive: Lifetime? = nil
) throws -> AppController {
  let window = Window(scheduler: scheduler.map { .manual($0) } ?? .immediate, misusePolicy: misuse)
  let app = AppController(window: window, rootRoute: Lobby())
  try app.routes.register(Lobby.self, url: "vault://lobby") { _ in
    let lobby = NamedScreen("Lobby")
    lobby.navigationItem.rightBarButtonItems = [BarButtonItem(title: "More")]
    return lobby
  }
  try app.routes.register(
    Vault.self, url: "vault://lobby/vault", parent: { _ in Lobby() }, protectedBy: space,
    keepAlive: keepVaultAlive
  ) {
    _ in LoggedScreen("Vault", log: log)
  }
  try app.routes.register(VaultItem.self, url: "vault://lobby/vault/<int:id>", parent: { _ in Vault() }) {
    LoggedScreen("VaultItem\($0.id)", log: log)
  }
  try app.routes.register(Annex.self, presentation: .sheet(), parent: { _ in Lobby() }) { _ in
    NamedScreen("Annex")
  }
  try app.start()
  scheduler?.settle()
  window.journal.isEnabled = true
  window.journal.removeAll()
  return app
}

/// The journal's notes (flows and protections), as text, in order.
func notes(_ app: AppController) -> [String] {
  app.window.journal.events.compactMap { event in
    if case .note(let note) = event { note.text } else { nil }
  }
}
