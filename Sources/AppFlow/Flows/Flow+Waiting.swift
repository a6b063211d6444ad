public import Navigator

extension Flow {
  /// Finishes the flow with its output, as ``tryFinish(_:removingScreens:animated:)`` does,
  /// and returns its outcome once it ended: when its first screen has left (or at once, when
  /// it leaves its screens).
  ///
  /// - Parameters:
  ///   - output: The flow's output.
  ///   - removingScreens: A Boolean value indicating whether the flow's screens leave.
  ///   - animated: A Boolean value indicating whether their removal animates.
  /// - Returns: The flow's outcome, ``FlowOutcome/finished(_:)`` with `output`.
  /// - Throws: As ``tryFinish(_:removingScreens:animated:)``, before anything changes.
  @discardableResult
  public func finishAndWait(_ output: Output, removingScreens: Bool = true, animated: Bool = true)
    async throws(NavigationError) -> FlowOutcome<Output>
  {
    try await awaitingEnd { () throws(NavigationError) in
      try tryFinish(output, removingScreens: removingScreens, animated: animated)
    }
  }

  /// Cancels the flow, as ``tryCancel(removingScreens:animated:)`` does, and returns its
  /// outcome once it ended.
  ///
  /// - Parameters:
  ///   - removingScreens: A Boolean value indicating whether the flow's screens leave.
  ///   - animated: A Boolean value indicating whether their removal animates.
  /// - Returns: The flow's outcome, ``FlowOutcome/cancelled(_:)`` with
  ///   ``Navigator/NavigationError/Code/flowCancelled``.
  /// - Throws: As ``tryCancel(removingScreens:animated:)``, before anything changes.
  @discardableResult
  public func cancelAndWait(removingScreens: Bool = true, animated: Bool = true)
    async throws(NavigationError) -> FlowOutcome<Output>
  {
    try await awaitingEnd { () throws(NavigationError) in
      try tryCancel(removingScreens: removingScreens, animated: animated)
    }
  }

  /// Runs `end` and waits for the outcome the flow's end handler hears, after the handler the
  /// flow ran with; a refusal puts that handler back.
  private func awaitingEnd(_ end: () throws(NavigationError) -> Void) async throws(NavigationError)
    -> FlowOutcome<Output>
  {
    let outcome = Awaited<FlowOutcome<Output>>()
    let handler = onEnd
    onEnd = { ended in
      handler?(ended)
      outcome.value = ended
    }
    do {
      try end()
    } catch {
      onEnd = handler
      throw error
    }
    return await outcome.wait()
  }
}
