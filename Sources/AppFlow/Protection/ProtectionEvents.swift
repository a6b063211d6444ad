public import Navigator

extension NavigationEvent {
  /// A protection space was asked whether a navigation may show `screen`.
  ///
  /// - Parameters:
  ///   - space: The space's name.
  ///   - screen: The protected screen, as messages name it.
  /// - Returns: The event: `SignIn.asked(Orders())`.
  public static func protectionAsked(_ space: String, _ screen: String) -> NavigationEvent {
    .note(JournalNote(kind: "protectionAsked", text: "\(space).asked(\(screen))"))
  }

  /// A protection space required its flow before `screen` may show (the flow starts next).
  ///
  /// - Parameters:
  ///   - space: The space's name.
  ///   - screen: The protected screen.
  /// - Returns: The event: `SignIn.required(Orders())`.
  public static func protectionRequired(_ space: String, _ screen: String) -> NavigationEvent {
    .note(JournalNote(kind: "protectionRequired", text: "\(space).required(\(screen))"))
  }

  /// A protection space let a navigation show `screen`.
  ///
  /// - Parameters:
  ///   - space: The space's name.
  ///   - screen: The protected screen.
  /// - Returns: The event: `SignIn.allowed(Orders())`.
  public static func protectionAllowed(_ space: String, _ screen: String) -> NavigationEvent {
    .note(JournalNote(kind: "protectionAllowed", text: "\(space).allowed(\(screen))"))
  }

  /// A protection space denied a navigation to `screen`, or the flow it required did not
  /// finish.
  ///
  /// - Parameters:
  ///   - space: The space's name.
  ///   - screen: The protected screen.
  /// - Returns: The event: `SignIn.denied(Orders())`.
  public static func protectionDenied(_ space: String, _ screen: String) -> NavigationEvent {
    .note(JournalNote(kind: "protectionDenied", text: "\(space).denied(\(screen))"))
  }
}
