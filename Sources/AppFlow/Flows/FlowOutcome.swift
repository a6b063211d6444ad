public import Navigator

/// How a flow ended, with the value it finished with.
///
/// A flow ends exactly once, with one of these:
///
/// | How its first screen left | Outcome |
/// |---|---|
/// | The flow called ``Flow/finish(_:removingScreens:animated:)`` | ``finished(_:)`` |
/// | Its own screen was popped (back button, committed back swipe, a call), dismissed (a call, committed sheet swipe, tap outside a popover) or removed from its container | ``dismissed(_:)`` |
/// | Another navigation took it away: pop-to, pop-to-root, a new stack, a dismissal of a screen below it, a container that left with it, a new root | ``replaced(_:)`` |
/// | Its parent flow ended while it was live, or is finishing or cancelling itself (and takes the child's screens with it); the app controller stopped; the flow cancelled itself; the navigation that would show it was refused when it ran | ``cancelled(_:)`` |
public enum FlowOutcome<Output> {
  /// The flow finished with its output.
  case finished(Output)
  /// The user (or a call aimed at the flow's own screen) took the flow's screen away: how.
  case dismissed(HierarchyExit)
  /// Another navigation removed the flow's screens: how.
  case replaced(HierarchyExit)
  /// The flow was cancelled: ``Navigator/NavigationError/Code/flowParentEnded``,
  /// ``Navigator/NavigationError/Code/appStopped``, ``Navigator/NavigationError/Code/flowCancelled``, or the
  /// error of the navigation that would have shown it.
  case cancelled(NavigationError)

  /// The outcome without its output: what the journal and the flow tree show.
  public var ending: FlowEnding {
    switch self {
    case .finished: .finished
    case .dismissed(let exit): .dismissed(exit)
    case .replaced(let exit): .replaced(exit)
    case .cancelled(let error): .cancelled(error)
    }
  }

  /// The output, when the flow finished.
  public var output: Output? {
    if case .finished(let output) = self { output } else { nil }
  }
}

extension FlowOutcome: Equatable where Output: Equatable {}
extension FlowOutcome: Hashable where Output: Hashable {}
extension FlowOutcome: Sendable where Output: Sendable {}

/// How a flow ended, without its output: ``FlowOutcome`` for any flow.
///
/// Its payloads are boxed (`indirect`), so that an ending takes one word where a flow stores
/// it (its state and its requested ending): a flow is paid for per session.
public indirect enum FlowEnding: Hashable, Sendable, CustomStringConvertible {
  /// The flow finished with its output.
  case finished
  /// The flow's own screen was taken away: how.
  case dismissed(HierarchyExit)
  /// Another navigation removed the flow's screens: how.
  case replaced(HierarchyExit)
  /// The flow was cancelled, with the reason.
  case cancelled(NavigationError)

  /// The ending as in Swift source: `dismissed(popped(backButton) of Email)`,
  /// `cancelled(flowParentEnded)`.
  public var description: String {
    switch self {
    case .finished: "finished"
    case .dismissed(let exit): "dismissed(\(exit))"
    case .replaced(let exit): "replaced(\(exit))"
    case .cancelled(let error): "cancelled(\(error.code))"
    }
  }
}

/// Where a flow is in its life.
public enum FlowState: Hashable, Sendable, CustomStringConvertible {
  /// Made, not run yet.
  case ready
  /// Run: the navigation that shows its first screen was accepted and has not shown it yet
  /// (it waits in the window's queue).
  case starting
  /// Its first screen is in the window's hierarchy.
  case running
  /// It finished or cancelled itself; it ends when its first screen has left.
  case ending
  /// It ended, and how.
  case ended(FlowEnding)

  /// A Boolean value indicating whether the flow was run and has not ended.
  public var isLive: Bool {
    switch self {
    case .starting, .running, .ending: true
    case .ready, .ended: false
    }
  }

  /// The state as in Swift source: `running`, `ended(finished)`.
  public var description: String {
    switch self {
    case .ready: "ready"
    case .starting: "starting"
    case .running: "running"
    case .ending: "ending"
    case .ended(let ending): "ended(\(ending))"
    }
  }
}

/// A flow's identity in events, errors and the flow tree: its name and its number in its
/// app controller (`SignUpFlow#2`).
public struct FlowID: Hashable, Sendable, CustomStringConvertible {
  /// The flow's name: its type's name unless it gives another (``AnyFlow/name``).
  public let name: String
  /// The flow's number in its app controller, from 1 in the order flows were run; 0 for a
  /// flow that never ran.
  public let number: Int

  /// Creates a flow identifier.
  ///
  /// - Parameters:
  ///   - name: The flow's name.
  ///   - number: The flow's number in its app controller.
  public init(name: String, number: Int) {
    self.name = name
    self.number = number
  }

  /// The name and the number: `SignUpFlow#2`.
  public var description: String { "\(name)#\(number)" }
}
