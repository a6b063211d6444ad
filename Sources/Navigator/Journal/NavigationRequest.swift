/// A navigation request, as a value.
///
/// Requests that arrive while a transition runs wait in the window's queue
/// (``Window/pendingRequests``) in this form, and completion events name the request they
/// finished, so tests can assert what was asked as well as what happened.
public enum NavigationRequest: Hashable, Sendable, CustomStringConvertible {
  /// Replace the window's root screen.
  case setRootViewController(ScreenID?)
  /// Bring the root screen's appearance in line with the window's visibility.
  case updateWindowAppearance(visible: Bool)
  /// Present the first screen modally from the second.
  case present(ScreenID, from: ScreenID, animated: Bool)
  /// Dismiss what the screen presented, or the screen itself.
  case dismiss(ScreenID, animated: Bool)

  /// A compact, readable form.
  public var description: String {
    switch self {
    case .setRootViewController(let screen): "setRootViewController(\(screen?.name ?? "nil"))"
    case .updateWindowAppearance(let visible): "updateWindowAppearance(visible: \(visible))"
    case .present(let screen, let presenter, let animated):
      "present(\(screen), from: \(presenter), animated: \(animated))"
    case .dismiss(let screen, let animated): "dismiss(\(screen), animated: \(animated))"
    }
  }
}
