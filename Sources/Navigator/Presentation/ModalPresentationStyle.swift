/// How a presented screen is shown: UIKit's `UIModalPresentationStyle`.
///
/// The style decides who presents (the screen covering the window, or the screen that
/// defines the presentation context) and whether the presenter disappears while the
/// presented screen is shown:
///
/// | Style | Presenter disappears? |
/// |---|---|
/// | ``fullScreen`` | yes |
/// | ``currentContext`` | yes, the context screen |
/// | ``pageSheet``, ``formSheet``, ``overFullScreen``, ``overCurrentContext``, ``custom``, ``popover`` | no |
///
/// ``automatic`` resolves to ``pageSheet`` when the screen is presented (as on iOS 13 to
/// 17; iOS 18 resolves it to a form sheet on regular width, which behaves the same here).
public enum ModalPresentationStyle: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// The system's default: resolves to ``pageSheet``.
  case automatic
  /// No adaptation: returned by an adaptive delegate to keep a popover a popover.
  ///
  /// Presenting a screen whose own style is `none` is a misuse.
  case none
  /// Covers the window; the presenter disappears.
  case fullScreen
  /// A sheet that leaves the presenter on screen; can be dismissed by a swipe.
  case pageSheet
  /// A smaller sheet that leaves the presenter on screen; can be dismissed by a swipe.
  case formSheet
  /// Covers the screen that defines the presentation context, which disappears.
  case currentContext
  /// Shown by a custom transition; the presenter stays on screen.
  case custom
  /// Covers the window, leaving the presenter on screen beneath.
  case overFullScreen
  /// Covers the screen that defines the presentation context, leaving it on screen beneath.
  case overCurrentContext
  /// A popover at an anchor; adapts to a sheet on compact width.
  case popover

  /// The style's name, as in Swift source.
  public var description: String {
    switch self {
    case .automatic: "automatic"
    case .none: "none"
    case .fullScreen: "fullScreen"
    case .pageSheet: "pageSheet"
    case .formSheet: "formSheet"
    case .currentContext: "currentContext"
    case .custom: "custom"
    case .overFullScreen: "overFullScreen"
    case .overCurrentContext: "overCurrentContext"
    case .popover: "popover"
    }
  }

  /// A Boolean value indicating whether the presenter disappears under this style.
  internal var removesPresenter: Bool {
    switch self {
    case .fullScreen, .currentContext: true
    case .automatic, .none, .pageSheet, .formSheet, .custom, .overFullScreen, .overCurrentContext, .popover:
      false
    }
  }

  /// A Boolean value indicating whether the presenter is found through
  /// `definesPresentationContext`.
  internal var usesPresentationContext: Bool {
    switch self {
    case .currentContext, .overCurrentContext: true
    case .automatic, .none, .fullScreen, .pageSheet, .formSheet, .custom, .overFullScreen, .popover: false
    }
  }

  /// A Boolean value indicating whether this style is a sheet that a swipe can dismiss.
  internal var isSheet: Bool {
    switch self {
    case .pageSheet, .formSheet: true
    case .automatic, .none, .fullScreen, .currentContext, .custom, .overFullScreen, .overCurrentContext,
      .popover:
      false
    }
  }
}
