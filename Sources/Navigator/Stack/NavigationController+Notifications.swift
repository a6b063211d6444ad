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

  /// Journals `event`, then tells the delegate of the move and the observers.
  @inline(__always)
  func notify(
    _ window: Window?, _ event: @autoclosure () -> NavigationEvent, delegate: MoveDelegate,
    _ call: (any NavigationControllerDelegate) -> Void
  ) {
    window?.journal.record(event())
    delegate.tell(self, call)
    notifyObservers(call)
  }

  func notifyWillShow(_ screen: ViewController, animated: Bool, window: Window?, delegate: MoveDelegate) {
    window?.journal.record(.willShow(screen.screenID, in: screenID, animated: animated))
    delegate.tell(self) { $0.navigationController(self, willShow: screen, animated: animated) }
    notifyObservers { $0.navigationController(self, willShow: screen, animated: animated) }
  }

  /// Tells the observers; the caller told the delegate.
  @inline(__always)
  func notifyObservers(_ call: (any NavigationControllerDelegate) -> Void) {
    guard let observers else { return }
    for observer in observers { if let value = observer.value { call(value) } }
  }

  func notifyDidShow(_ screen: ViewController, animated: Bool, window: Window?, delegate: MoveDelegate) {
    window?.journal.record(.didShow(screen.screenID, in: screenID, animated: animated))
    delegate.tell(self) { $0.navigationController(self, didShow: screen, animated: animated) }
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

/// The delegate of one move of a stack, loaded from its weak reference once rather than for
/// each of the move's events (Benchmarks/README.md, "One delegate load a move").
///
/// Every load of a weak reference retains its object, and the release after the call takes
/// the runtime's slow path, since a weakly held object has a side table: about 140
/// instructions an event, four events a move. A move loads the delegate when it begins and
/// holds it until it ends; each event goes to that object, unless someone set
/// ``NavigationController/delegate`` during the move (`delegateWasSet`): from then on, each
/// event reads the property.
///
/// So a delegate whose last owner lets it go during a move hears the rest of that move and is
/// freed when the move ends (a load per event would have found it gone).
struct MoveDelegate {
  /// The delegate when the move began, held until the move ends.
  let loaded: (any NavigationControllerDelegate)?

  /// Loads the delegate of `navigation` for a move that starts now.
  @inline(__always)
  init(move navigation: NavigationController) {
    navigation.delegateWasSet = false
    loaded = navigation.delegate
  }

  /// Loads the delegate of `navigation` for one event outside a move.
  @inline(__always)
  init(now navigation: NavigationController) {
    loaded = navigation.delegate
  }

  /// Calls `call` with the delegate of the move of `navigation`, or with the one the
  /// property holds now if someone set it during the move.
  ///
  /// The loaded delegate is passed without a copy (no retain): `call` gets it borrowed.
  @inline(__always)
  func tell(_ navigation: NavigationController, _ call: (any NavigationControllerDelegate) -> Void) {
    guard !navigation.delegateWasSet else {
      if let delegate = navigation.delegate { call(delegate) }
      return
    }
    if loaded != nil { call(loaded.unsafelyUnwrapped) }
  }
}
