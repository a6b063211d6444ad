extension NavigationController {
  /// Adds an observer that hears every event the delegate hears, next to the delegate.
  ///
  /// Observers are held weakly and cannot veto anything.
  ///
  /// - Parameter observer: The observer to add.
  public func addObserver(_ observer: any NavigationControllerDelegate) {
    var kept = observers ?? []
    kept.removeAll { $0.value == nil || $0.value === observer }
    kept.append(WeakObserver(value: observer))
    observers = kept
  }

  /// Removes an observer added with ``addObserver(_:)``.
  ///
  /// - Parameter observer: The observer to remove.
  public func removeObserver(_ observer: any NavigationControllerDelegate) {
    var kept = observers ?? []
    kept.removeAll { $0.value == nil || $0.value === observer }
    observers = kept.isEmpty ? nil : kept
  }

  // MARK: Telling the delegate and the observers

  /// Journals `event`, then tells the delegate and the observers.
  @inline(__always)
  func notify(
    _ window: Window?, _ event: @autoclosure () -> NavigationEvent,
    _ call: (any NavigationControllerDelegate) -> Void
  ) {
    window?.journal.record(event())
    if let delegate { call(delegate) }
    notifyObservers(call)
  }

  func notifyWillShow(_ screen: ViewController, animated: Bool, window: Window?) {
    window?.journal.record(.willShow(screen.screenID, in: screenID, animated: animated))
    // Called straight on the loaded delegate: no existential copy, one retain.
    delegate?.navigationController(self, willShow: screen, animated: animated)
    notifyObservers { $0.navigationController(self, willShow: screen, animated: animated) }
  }

  /// Tells the observers; the caller told the delegate.
  @inline(__always)
  func notifyObservers(_ call: (any NavigationControllerDelegate) -> Void) {
    guard let observers else { return }
    for observer in observers { if let value = observer.value { call(value) } }
  }

  func notifyDidShow(_ screen: ViewController, animated: Bool, window: Window?) {
    window?.journal.record(.didShow(screen.screenID, in: screenID, animated: animated))
    delegate?.navigationController(self, didShow: screen, animated: animated)
    notifyObservers { $0.navigationController(self, didShow: screen, animated: animated) }
  }

  // MARK: Push and pop blocks

  /// Runs the pop block of a screen that left the stack, and forgets what the stack
  /// remembered about it.
  func runPopBlock(of screen: ViewController) {
    guard let block = screen.stackEntry?.onPop else {
      screen.stackEntry = nil
      return
    }
    screen.stackEntry = nil
    recordingJournal?.record(.popBlock(screen.screenID))
    block()
  }

  func runPushBlock(of screen: ViewController) {
    guard let block = screen.stackEntry?.onPush else { return }
    screen.stackEntry?.onPush = nil
    recordingJournal?.record(.pushBlock(screen.screenID))
    block()
  }
}

/// A weakly held observer.
struct WeakObserver {
  weak var value: (any NavigationControllerDelegate)?
}
