public import Navigator

extension NavigationEvent {
  /// A flow's first screen joined the window's hierarchy: the flow runs
  /// (`SignUpFlow#2.started(Email)`).
  ///
  /// - Parameters:
  ///   - flow: The flow.
  ///   - firstScreen: Its first screen.
  /// - Returns: The journal event.
  public static func flowStarted(_ flow: FlowID, firstScreen: ScreenID) -> NavigationEvent {
    .note(JournalNote(kind: "flowStarted", text: "\(flow).started(\(firstScreen))"))
  }

  /// A flow ended (`SignUpFlow#2.ended(finished)`).
  ///
  /// - Parameters:
  ///   - flow: The flow.
  ///   - ending: How it ended.
  /// - Returns: The journal event.
  public static func flowEnded(_ flow: FlowID, _ ending: FlowEnding) -> NavigationEvent {
    .note(JournalNote(kind: "flowEnded", text: "\(flow).ended(\(ending))"))
  }
}
