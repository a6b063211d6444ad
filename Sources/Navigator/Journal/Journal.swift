/// The ordered record of every observable effect in one window's hierarchy.
///
/// A journal is off by default, because a service running thousands of sessions pays for
/// every event it keeps; while it is off, recording costs one Boolean test and builds no
/// event. Tests and tools switch it on and read ``events``.
///
/// ```swift
/// let window = Window()
/// window.journal.isEnabled = true
/// window.rootViewController = home
/// window.makeKeyAndVisible()
/// print(window.journal.events)
/// ```
public final class Journal {
  // Unchecked: tested by every event (see Links.swift).
  /// A Boolean value indicating whether events are recorded.
  @exclusivity(unchecked) public var isEnabled: Bool

  /// The recorded events, oldest first.
  public private(set) var events: [NavigationEvent] = []

  /// A Boolean value indicating whether screens joining and leaving a window's hierarchy
  /// are recorded (``NavigationEvent/screenJoined(_:)``,
  /// ``NavigationEvent/screenLeft(_:exit:)``); `true` by default.
  ///
  /// Switch it off to compare a journal with UIKit's own callbacks only.
  public var recordsMembership = true

  /// Creates a journal.
  ///
  /// - Parameter isEnabled: A Boolean value indicating whether events are recorded.
  public init(isEnabled: Bool = false) {
    self.isEnabled = isEnabled
  }

  /// Forgets every recorded event and gives back the memory they took; recording goes on as
  /// before.
  ///
  /// A service that drains each session's journal after every call keeps no buffer per
  /// session this way: an emptied buffer kept for the next events would cost each idle
  /// session the size of its largest drain.
  public func removeAll() {
    events.removeAll()
  }

  /// Appends an event (``record(_:)`` tests whether the journal is on).
  @usableFromInline
  func append(_ event: NavigationEvent) {
    events.append(event)
  }
}
