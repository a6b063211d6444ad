/// An event that code built on the engine records in a window's journal, in order with the
/// engine's own events: a flow that started or ended, a route that opened.
///
/// The engine gives notes no meaning: ``kind`` names what happened, for filtering, and
/// ``text`` is what a reader sees. A module that records notes usually offers functions that
/// build them, so that tests compare whole event arrays:
///
/// ```swift
/// extension NavigationEvent {
///   static func checkoutStep(_ step: Int) -> NavigationEvent {
///     .note(JournalNote(kind: "checkoutStep", text: "checkout.step(\(step))"))
///   }
/// }
/// window.journal.record(.checkoutStep(2))
/// ```
public struct JournalNote: Hashable, Sendable, CustomStringConvertible {
  /// What happened, for filtering: `flowStarted`.
  public let kind: String
  /// The event as a reader sees it: `SignUpFlow#1.started(Email)`.
  public let text: String

  /// Creates a note.
  ///
  /// - Parameters:
  ///   - kind: What happened, for filtering.
  ///   - text: The event as a reader sees it.
  public init(kind: String, text: String) {
    self.kind = kind
    self.text = text
  }

  /// The text.
  public var description: String { text }
}

extension Journal {
  /// Appends an event if the journal is on; the event is not built otherwise, so recording
  /// into a journal that is off costs one Boolean test.
  ///
  /// The engine records its own events; code built on it records ``NavigationEvent/note(_:)``
  /// events here.
  ///
  /// - Parameter event: The event to append.
  @inlinable @inline(__always)
  public func record(_ event: @autoclosure () -> NavigationEvent) {
    if isEnabled { append(event()) }
  }
}
