public import Navigator

/// How a flow shows its first screen: pushed, presented in a modal style, as a popover, or
/// as a child of a container; optionally inside a new navigation controller.
///
/// ```swift
/// app.run(SignUpFlow(), as: .sheet(embeddedInNavigationController: true)) { outcome in … }
/// flow.run(TermsFlow(), as: .push) { outcome in … }
/// ```
public struct FlowPresentation {
  /// The kind of navigation that shows the first screen.
  enum Kind {
    case push
    case modal(ModalPresentationStyle?)
    // Boxed, so that a flow's presentation takes a word or two, not the anchor's 40 bytes.
    indirect case popover(PopoverAnchor, keepsPopoverOnCompactWidth: Bool)
    indirect case child(of: ViewController, in: View?)
    case root
  }

  let kind: Kind
  /// A Boolean value indicating whether the first screen is shown inside a new navigation
  /// controller, which the flow's screens are pushed onto.
  public let isEmbeddedInNavigationController: Bool

  /// Pushed onto the navigation stack of the origin (the visible screen by default).
  public static var push: FlowPresentation {
    FlowPresentation(kind: .push, isEmbeddedInNavigationController: false)
  }

  /// Presented modally from the origin.
  ///
  /// - Parameters:
  ///   - style: The presentation style; the first screen's own when `nil`.
  ///   - embeddedInNavigationController: A Boolean value indicating whether the first
  ///     screen is shown inside a new navigation controller.
  /// - Returns: The presentation.
  public static func modal(
    _ style: ModalPresentationStyle? = nil, embeddedInNavigationController: Bool = false
  ) -> FlowPresentation {
    FlowPresentation(kind: .modal(style), isEmbeddedInNavigationController: embeddedInNavigationController)
  }

  /// Presented as a page sheet, which a swipe down dismisses.
  ///
  /// - Parameter embeddedInNavigationController: A Boolean value indicating whether the
  ///   first screen is shown inside a new navigation controller.
  /// - Returns: The presentation.
  public static func sheet(embeddedInNavigationController: Bool = false) -> FlowPresentation {
    .modal(.pageSheet, embeddedInNavigationController: embeddedInNavigationController)
  }

  /// Presented full screen.
  ///
  /// - Parameter embeddedInNavigationController: A Boolean value indicating whether the
  ///   first screen is shown inside a new navigation controller.
  /// - Returns: The presentation.
  public static func fullScreen(embeddedInNavigationController: Bool = false) -> FlowPresentation {
    .modal(.fullScreen, embeddedInNavigationController: embeddedInNavigationController)
  }

  /// Shown as a popover pointing at `anchor`.
  ///
  /// - Parameters:
  ///   - anchor: A bar button item, or a view and a rectangle in it.
  ///   - keepsPopoverOnCompactWidth: A Boolean value indicating whether the popover stays
  ///     a popover on compact width instead of adapting to a sheet.
  ///   - embeddedInNavigationController: A Boolean value indicating whether the first
  ///     screen is shown inside a new navigation controller.
  /// - Returns: The presentation.
  public static func popover(
    at anchor: PopoverAnchor, keepsPopoverOnCompactWidth: Bool = false,
    embeddedInNavigationController: Bool = false
  ) -> FlowPresentation {
    FlowPresentation(
      kind: .popover(anchor, keepsPopoverOnCompactWidth: keepsPopoverOnCompactWidth),
      isEmbeddedInNavigationController: embeddedInNavigationController)
  }

  /// Added as a child of `container`, its view inside `view` (the container's root view by
  /// default).
  ///
  /// - Parameters:
  ///   - container: The container screen; not a navigation controller (push instead).
  ///   - view: The container's view to put the child's view in.
  /// - Returns: The presentation.
  public static func child(of container: ViewController, in view: View? = nil) -> FlowPresentation {
    FlowPresentation(kind: .child(of: container, in: view), isEmbeddedInNavigationController: false)
  }

  /// The app controller's root flow: the window's root, inside a navigation controller.
  static var root: FlowPresentation { FlowPresentation(kind: .root, isEmbeddedInNavigationController: true) }
}

extension FlowPresentation: CustomStringConvertible {
  /// The presentation as in Swift source: `push`, `modal(pageSheet, embedded)`.
  public var description: String {
    let embedded = isEmbeddedInNavigationController ? ", embedded" : ""
    switch kind {
    case .push: return "push"
    case .modal(let style): return "modal(\(style.map { "\($0)" } ?? "own style")\(embedded))"
    case .popover: return isEmbeddedInNavigationController ? "popover(embedded)" : "popover"
    case .child(let container, _): return "child(of: \(container.screenID))"
    case .root: return "root"
    }
  }
}
