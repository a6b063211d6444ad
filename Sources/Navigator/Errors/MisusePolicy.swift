/// What a window does when a call on its hierarchy breaks a rule.
///
/// Hierarchy methods keep UIKit's non-throwing signatures. Where UIKit raises an exception
/// or logs a warning, the model builds a ``NavigationError`` before anything changes and
/// then follows this policy.
public enum MisusePolicy: Hashable, Sendable {
  /// Stop the process with the error's message (`preconditionFailure`), as UIKit's
  /// exceptions do. Right for development and for tests that must not miss a mistake.
  case trap
  /// Change nothing, append ``NavigationEvent/misuse(_:)`` to the journal and call
  /// ``Window/misuseHandler``. Right for services, where one session's mistake must not
  /// stop the process.
  case report
}
