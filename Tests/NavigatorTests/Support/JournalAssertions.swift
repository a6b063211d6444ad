import Navigator
import Testing

/// A window with its journal switched on.
func journaledWindow(
  scheduler: TransitionScheduler = .immediate, misusePolicy: MisusePolicy = .trap
) -> Window {
  let window = Window(scheduler: scheduler, misusePolicy: misusePolicy)
  window.journal.isEnabled = true
  return window
}

/// Compares the whole journal with `expected`, then empties it for the next stop.
func expectJournal(
  _ window: Window, _ expected: [NavigationEvent], sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(window.journal.events == expected, sourceLocation: sourceLocation)
  window.journal.removeAll()
}
