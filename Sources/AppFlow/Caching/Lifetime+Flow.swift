public import Navigator

extension Lifetime {
  /// A lifetime that ends when `flow` ends, however it ends: the screens a flow keeps alive
  /// go with it.
  ///
  /// ```swift
  /// navigator.push(.type(CartScreen.self), options: .init().keepAlive(within: .untilEnd(of: self)))
  /// ```
  ///
  /// The kept screens are evicted once the flow's end is journaled
  /// (``Navigator/NavigationEvent/flowEnded(_:_:)``) and before its outcome is delivered, so
  /// that code reacting to the outcome never gets them back. A flow that ended already, or
  /// is gone, ends the lifetime at once; a flow that goes away without ever running ends it
  /// then.
  ///
  /// - Parameter flow: The flow; held weakly.
  /// - Returns: The lifetime.
  public static func untilEnd(of flow: AnyFlow) -> Lifetime {
    .until(FlowLifetimeEnding(flow))
  }
}

/// Ends kept screens' lifetimes when a flow ends.
final class FlowLifetimeEnding: LifetimeEnding {
  private weak var flow: AnyFlow?

  init(_ flow: AnyFlow) {
    self.flow = flow
  }

  func die(_ kill: @escaping () -> Void) {
    guard let flow else { return kill() }
    if case .ended = flow.state { return kill() }
    let kills = flow.lifetimeKills ?? LifetimeKills()
    flow.lifetimeKills = kills
    kills.append(kill)
  }
}

/// The closures that end the lifetimes of the screens kept until a flow ends: run when the
/// flow ends, or when it goes away without ending.
final class LifetimeKills {
  private var kills: [() -> Void] = []

  func append(_ kill: @escaping () -> Void) {
    kills.append(kill)
  }

  /// Runs every closure once, in the order they came.
  func run() {
    let due = kills
    kills = []
    for kill in due { kill() }
  }

  deinit {
    run()
  }
}
