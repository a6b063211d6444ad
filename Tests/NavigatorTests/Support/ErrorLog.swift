import Navigator

/// Collects the errors a window's misuse handler receives.
final class ErrorLog {
  private(set) var errors: [NavigationError] = []

  /// Installs itself as the handler of every given window.
  func observe(_ windows: Window...) {
    for window in windows { window.misuseHandler = { [unowned self] error in errors.append(error) } }
  }

  func removeAll() { errors.removeAll() }
}
