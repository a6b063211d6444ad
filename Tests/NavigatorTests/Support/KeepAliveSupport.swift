import Navigator

/// What reusable screens and the closures around them did, in order.
final class CallLog {
  var calls: [String] = []
}

/// A screen that logs its loading, its reuse and the data it receives.
final class Reusable: ViewController, DataReceiving {
  let log: CallLog

  init(_ name: String, _ log: CallLog) {
    self.log = log
    super.init()
    title = name
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    log.calls.append("\(screenID).viewDidLoad")
  }

  override func prepareForReuse() {
    log.calls.append("\(screenID).prepareForReuse")
  }

  func receive(_ data: Int) {
    log.calls.append("\(screenID).receive(\(data))")
  }
}

/// A lifetime object in the CoreNavigation seed's shape: it ends every lifetime it was told
/// about when told to.
final class SignOut: LifetimeEnding {
  private(set) var kills: [() -> Void] = []

  func die(_ kill: @escaping () -> Void) { kills.append(kill) }

  /// Ends every lifetime, oldest first.
  func signOut() { kills.forEach { $0() } }
}

extension [NavigationEvent] {
  /// The keep-alive cache's events, in order.
  var cacheEvents: [NavigationEvent] {
    filter { event in
      if case .note(let note) = event { note.kind.hasPrefix("cache") } else { false }
    }
  }

  /// Every event but the keep-alive cache's, in order.
  var withoutCacheEvents: [NavigationEvent] {
    filter { event in
      if case .note(let note) = event { !note.kind.hasPrefix("cache") } else { true }
    }
  }
}
