import Navigator
import Testing

/// A visible window under a manual scheduler, with root `A` on screen and the journal on.
final class PresentationStage {
  let scheduler = ManualScheduler()
  let window: Window
  let root: Screen

  init(
    policy: MisusePolicy = .report, sizeClass: UserInterfaceSizeClass = .regular,
    root: Screen = Screen("A")
  ) {
    window = Window(scheduler: .manual(scheduler), misusePolicy: policy)
    window.traitCollection = TraitCollection(horizontalSizeClass: sizeClass)
    window.journal.isEnabled = true
    self.root = root
    window.rootViewController = root
    window.makeKeyAndVisible()
    scheduler.settle()
    window.journal.removeAll()
  }

  /// The events since the last call, then forgets them.
  func take() -> [NavigationEvent] {
    defer { window.journal.removeAll() }
    return window.journal.events
  }

  /// Settles and forgets what happened.
  func settleQuietly() {
    scheduler.settle()
    window.journal.removeAll()
  }
}
