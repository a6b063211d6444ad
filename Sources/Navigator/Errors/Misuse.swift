/// Routes a misuse to the policy of the window it happened in.
internal enum Misuse {
  /// Traps or reports `error` under `window`'s policy; without a window there is no policy
  /// to consult, so the error traps, as UIKit's exceptions do.
  internal static func handle(_ error: NavigationError, in window: Window?) {
    guard !error.isProtectionOutcome else { return }
    guard let window else { preconditionFailure(error.message) }
    window.handleMisuse(error)
  }
}
