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
  /// Push a screen onto a navigation stack.
  case push(ScreenID, onto: ScreenID, animated: Bool)
  /// Pop the top screen of a navigation stack.
  case pop(from: ScreenID, animated: Bool)
  /// Pop a navigation stack down to a screen.
  case popTo(ScreenID, in: ScreenID, animated: Bool)
  /// Pop a navigation stack down to its root.
  case popToRoot(in: ScreenID, animated: Bool)
  /// Replace a navigation stack.
  case setViewControllers([ScreenID], in: ScreenID, animated: Bool)
  /// Present the first screen modally from the second.
  case present(ScreenID, from: ScreenID, animated: Bool)
  /// Dismiss what the screen presented, or the screen itself.
  case dismiss(ScreenID, animated: Bool)
  /// Navigate to a state (``Navigator/navigate(to:options:)``): the target in
  /// one line, and the plan's steps (empty while the request waits: it is planned when it
  /// runs).
  case navigate(to: String, steps: [String], animated: Bool)

  /// The screens the request names, in order.
  public var screens: [ScreenID] {
    switch self {
    case .setRootViewController(let screen): screen.map { [$0] } ?? []
    case .updateWindowAppearance: []
    case .push(let screen, let navigation, _): [screen, navigation]
    case .pop(let navigation, _): [navigation]
    case .popTo(let screen, let navigation, _): [screen, navigation]
    case .popToRoot(let navigation, _): [navigation]
    case .setViewControllers(let screens, let navigation, _): screens + [navigation]
    case .present(let screen, let presenter, _): [screen, presenter]
    case .dismiss(let screen, _): [screen]
    case .navigate: []
    }
  }

  /// A compact, readable form.
  public var description: String {
    switch self {
    case .setRootViewController(let screen): "setRootViewController(\(screen?.name ?? "nil"))"
    case .updateWindowAppearance(let visible): "updateWindowAppearance(visible: \(visible))"
    case .push(let screen, let navigation, let animated):
      "push(\(screen), onto: \(navigation), animated: \(animated))"
    case .pop(let navigation, let animated): "pop(from: \(navigation), animated: \(animated))"
    case .popTo(let screen, let navigation, let animated):
      "popTo(\(screen), in: \(navigation), animated: \(animated))"
    case .popToRoot(let navigation, let animated): "popToRoot(in: \(navigation), animated: \(animated))"
    case .setViewControllers(let screens, let navigation, let animated):
      "setViewControllers(\(screens), in: \(navigation), animated: \(animated))"
    case .present(let screen, let presenter, let animated):
      "present(\(screen), from: \(presenter), animated: \(animated))"
    case .dismiss(let screen, let animated): "dismiss(\(screen), animated: \(animated))"
    case .navigate(let target, let steps, let animated):
      "navigate(to: \(target), steps: [\(steps.joined(separator: "; "))], animated: \(animated))"
    }
  }
}
