public import Navigator

extension AnyFlow {
  /// The flow's first screen as a `Screen`: `nil` before it was made, or when it is of
  /// another type.
  ///
  /// ```swift
  /// flow.firstScreen(as: RatingScreen.self)?.rate(5)
  /// ```
  ///
  /// - Parameter type: The first screen's type.
  /// - Returns: The first screen, typed, or `nil`.
  public func firstScreen<Screen: ViewController>(as type: Screen.Type) -> Screen? {
    firstScreen as? Screen
  }

  /// The flow's screens that are `Screen`s, in the order of ``screens``.
  ///
  /// - Parameter type: The screens' type.
  /// - Returns: The screens, typed; empty for a flow that is not running.
  public func screens<Screen: ViewController>(ofType type: Screen.Type) -> [Screen] {
    screens.compactMap { $0 as? Screen }
  }
}

extension AppController {
  /// The live flows of type `FlowType`, the root flow's and the children's alike, parents
  /// before their children.
  ///
  /// ```swift
  /// let signIn = app.liveFlows(ofType: SignInFlow.self).first   // made by a protection space
  /// ```
  ///
  /// - Parameter type: The flows' type.
  /// - Returns: The flows, typed.
  public func liveFlows<FlowType: AnyFlow>(ofType type: FlowType.Type) -> [FlowType] {
    keeper.live.compactMap { $0 as? FlowType }
  }
}
