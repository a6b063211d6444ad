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
  public var description: String { TextWriter.make { write(to: &$0) } }

  /// Writes ``description``'s parts.
  func write(to text: inout TextWriter) {
    switch self {
    case .setRootViewController(let screen):
      text.append("setRootViewController(")
      text.append(screen?.name ?? "nil")
      text.append(")")
    case .updateWindowAppearance(let visible):
      text.append("updateWindowAppearance(visible: ")
      text.append(visible)
      text.append(")")
    case .push(let screen, let navigation, let animated):
      text.append("push(", screen, ", onto: ", navigation, animated: animated)
    case .pop(let navigation, let animated): text.append("pop(from: ", navigation, animated: animated)
    case .popTo(let screen, let navigation, let animated):
      text.append("popTo(", screen, ", in: ", navigation, animated: animated)
    case .popToRoot(let navigation, let animated):
      text.append("popToRoot(in: ", navigation, animated: animated)
    case .setViewControllers(let screens, let navigation, let animated):
      text.append("setViewControllers(")
      text.append(screens)
      text.append(", in: ", navigation, animated: animated)
    case .present(let screen, let presenter, let animated):
      text.append("present(", screen, ", from: ", presenter, animated: animated)
    case .dismiss(let screen, let animated): text.append("dismiss(", screen, animated: animated)
    case .navigate(let target, let steps, let animated):
      text.append("navigate(to: ")
      text.append(target)
      text.append(", steps: ")
      text.appendList(steps.count, between: "[", and: "]", separator: "; ") { $1.append(steps[$0]) }
      text.append(", animated: ")
      text.append(animated)
      text.append(")")
    }
  }
}

extension TextWriter {
  /// Appends `label` and the screen's name, then `, animated: true)`.
  fileprivate mutating func append(_ label: StaticString, _ screen: ScreenID, animated: Bool) {
    append(label)
    append(screen.name)
    append(", animated: ")
    append(animated)
    append(")")
  }

  /// Appends `label`, the screen's name, and the rest as `append(_:_:animated:)` does.
  fileprivate mutating func append(
    _ label: StaticString, _ screen: ScreenID, _ nextLabel: StaticString, _ next: ScreenID, animated: Bool
  ) {
    append(label)
    append(screen.name)
    append(nextLabel, next, animated: animated)
  }
}
