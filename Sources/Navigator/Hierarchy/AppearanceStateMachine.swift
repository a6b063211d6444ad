/// One screen's appearance cycle as a value: it decides, the screen performs (see the
/// behaviour reference, <doc:BehaviourReference#The-appearance-state-machine>).
///
/// disappeared → appearing → appeared → disappearing → disappeared. A begin in the
/// direction the screen is already going does nothing; a begin in the other direction
/// reverses a transition in progress (a cancelled swipe); an end finishes the transition in
/// progress and does nothing otherwise.
internal struct AppearanceStateMachine {
  /// The callback the screen must make.
  internal enum Action: Equatable {
    case viewWillAppear(animated: Bool)
    case viewWillDisappear(animated: Bool)
    case viewDidAppear(animated: Bool)
    case viewDidDisappear(animated: Bool)
  }

  internal private(set) var state: ViewController.AppearanceState = .disappeared
  private var isAnimated = false

  internal init() {}

  /// A Boolean value indicating whether a transition has begun and not ended.
  internal var isTransitioning: Bool { state == .appearing || state == .disappearing }

  /// Begins appearing or disappearing; returns the will-callback to make, if any.
  @inline(__always)
  internal mutating func begin(appearing: Bool, animated: Bool) -> Action? {
    switch (appearing, state) {
    case (true, .disappeared), (true, .disappearing):
      state = .appearing
      isAnimated = animated
      return .viewWillAppear(animated: animated)
    case (false, .appeared), (false, .appearing):
      state = .disappearing
      isAnimated = animated
      return .viewWillDisappear(animated: animated)
    default:
      return nil
    }
  }

  /// Ends the transition in progress; returns the did-callback to make, if any.
  @inline(__always)
  internal mutating func end() -> Action? {
    switch state {
    case .appearing:
      state = .appeared
      return .viewDidAppear(animated: isAnimated)
    case .disappearing:
      state = .disappeared
      return .viewDidDisappear(animated: isAnimated)
    case .appeared, .disappeared:
      return nil
    }
  }
}
