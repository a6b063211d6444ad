import AppFlow
import Foundation
import Navigator
import Synchronization
import Testing

/// A screen's key in the session tests: the session that owns it and a page name, so that a
/// state read in one session shows at once whether it names another session's screen.
struct Page: Hashable, Sendable, Codable, CustomStringConvertible {
  let owner: String
  let name: String

  init(_ owner: SessionID, _ name: String) {
    self.owner = owner.rawValue
    self.name = name
  }

  var description: String { "\(owner)/\(name)" }
}

/// A screen made for a ``Page``: titled and keyed after it.
final class PageScreen: ViewController {
  convenience init(_ page: Page) {
    self.init()
    title = page.description
    navigationKey = page
  }
}

/// A flow whose first screen is a page, shown as a sheet in the tests.
final class PageFlow: Flow<String> {
  let page: Page
  init(_ page: Page) { self.page = page }
  override var name: String { "\(page.owner)Flow" }
  override func makeFirstScreen() throws(NavigationError) -> ViewController { PageScreen(page) }
}

typealias PageState = NavigationState<Page>

extension NavigationState where Key == Page {
  /// The session's root: a navigation controller holding its home page.
  static func home(_ id: SessionID) -> PageState { PageState(root: .stack([.screen(Page(id, "home"))])) }

  /// A stack of the session's pages from its home, with a page sheet over it when given.
  static func stack(_ id: SessionID, _ names: [String], sheet: String? = nil) -> PageState {
    let entries = (["home"] + names).map { NavigationState.Node.screen(Page(id, $0)) }
    return PageState(root: .stack(entries, presenting: sheet.map { .sheet(.screen(Page(id, $0))) }))
  }

  /// Every page the state names.
  var pages: [Page] {
    func visit(_ node: Node) -> [Page] {
      var pages = node.key.key.map { [$0] } ?? []
      for child in node.contained { pages += visit(child) }
      if let presented = node.presentation?.screen { pages += visit(presented) }
      return pages
    }
    return root.map(visit) ?? []
  }
}

/// What the session tests run: a window that reports misuse, a home page keyed after the
/// session, and a screen provider for pages.
func makePageApp(_ id: SessionID, journal: Bool = false) -> AppController {
  let window = Window(misusePolicy: .report, journal: Journal(isEnabled: journal))
  window.journal.recordsMembership = false
  let app = AppController(window: window) { PageScreen(Page(id, "home")) }
  app.navigator.provideScreens(for: Page.self) { page in PageScreen(page) }
  return app
}

/// The test codec: the window's state keyed by pages, as JSON with sorted keys (the same
/// state gives the same bytes); restoring navigates to it.
let pageCodec = SessionCodec(
  snapshot: { app in
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return Array(try encoder.encode(app.window.navigationState(keyedBy: Page.self)))
  },
  restore: { app, bytes in
    let state = try JSONDecoder().decode(PageState.self, from: Data(bytes))
    try app.navigator.tryNavigate(to: state, options: .init().animated(false))
  })

/// The state of a session's window, keyed by pages.
func pageState(_ app: AppController) -> PageState { app.window.navigationState(keyedBy: Page.self) }

/// A session identifier known to be valid.
func sessionID(_ text: String) -> SessionID { try! SessionID(text) }

/// A weak reference that crosses into and out of sessions, for leak checks.
struct SendableWeak: @unchecked Sendable {
  // Unchecked: read after the session released the object, or never concurrently with it.
  let name: String
  weak var object: AnyObject?

  init(_ name: String, _ object: AnyObject?) {
    self.name = name
    self.object = object
  }
}

/// The names of the objects still alive.
func alive(_ refs: [SendableWeak]) -> [String] { refs.filter { $0.object != nil }.map(\.name) }

/// Weak references to what a session holds: its app controller, window, navigation
/// controller, every screen in its stack and what they present.
func heldObjects(_ app: AppController) -> [SendableWeak] {
  var refs = [SendableWeak("app", app), SendableWeak("window", app.window)]
  func visit(_ screen: ViewController) {
    refs.append(SendableWeak(screen.title ?? "\(type(of: screen))", screen))
    for child in screen.children { visit(child) }
    // A child answers `presentedViewController` with what its container presents.
    if let presented = screen.presentedViewController, presented.presentingViewController === screen {
      visit(presented)
    }
  }
  app.window.rootViewController.map(visit)
  return refs
}

/// A counter many tasks hit, and the most that were inside at once.
final class Occupancy: Sendable {
  private let state = Mutex((inside: 0, most: 0, entered: 0))

  func enter() {
    state.withLock {
      $0.inside += 1; $0.entered += 1; $0.most = max($0.most, $0.inside)
    }
  }
  func leave() { state.withLock { $0.inside -= 1 } }
  var most: Int { state.withLock { $0.most } }
  var entered: Int { state.withLock { $0.entered } }
}

/// A store that fails every call, after forwarding nothing: for the host's error paths.
struct FailingStore: SnapshotStore {
  let error = SnapshotStoreError(.io, "the disk is gone")
  func save(_ snapshot: [UInt8], for session: SessionID) async throws(SnapshotStoreError) { throw error }
  func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]? { throw error }
  func remove(_ session: SessionID) async throws(SnapshotStoreError) { throw error }
  func sessionIDs() async throws(SnapshotStoreError) -> [SessionID] { throw error }
}

/// Expects `body` to throw a ``SessionError`` with `code`, and returns it.
@discardableResult
func expectSessionError(
  _ code: SessionError.Code, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void
) async -> SessionError? {
  do {
    try await body()
    Issue.record("expected a SessionError \(code), nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as SessionError {
    #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    return error
  } catch {
    Issue.record("expected a SessionError \(code), got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

/// Expects `body` to throw a ``SnapshotStoreError`` with `code`, and returns it.
@discardableResult
func expectStoreError(
  _ code: SnapshotStoreError.Code, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void
) async -> SnapshotStoreError? {
  do {
    try await body()
    Issue.record("expected a SnapshotStoreError \(code), nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as SnapshotStoreError {
    #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    return error
  } catch {
    Issue.record("expected a SnapshotStoreError \(code), got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

/// A one-way signal from a blocked thread to a task that awaits it without blocking one.
final class Arrival: Sendable {
  private let state = Mutex<(arrived: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

  func fire() {
    let waiter = state.withLock { state in
      state.arrived = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let arrived = state.withLock { state in
        if !state.arrived { state.waiter = continuation }
        return state.arrived
      }
      if arrived { continuation.resume() }
    }
  }
}
