/// Hears screens join and leave a window's hierarchy: the seam for code that lives longer
/// than one navigation (flows, caches, sessions).
///
/// A screen is in a window's hierarchy while the window's root contains it, through
/// containers (a navigation stack, custom containment) and presentations. Every path in or
/// out is covered: push, set-view-controllers, presentation, popover, child containment and
/// a new root bring screens in; pop, pop-to, pop-to-root, set-view-controllers, a committed
/// back swipe, a dismissal of the screen or of anything below it, a committed sheet swipe, a
/// tap outside a popover, removal from a parent and root replacement take them out, and a
/// screen inside a container or a presented screen goes in and out with it. A move that ends
/// where it started (a cancelled swipe, a denied pop, a screen moved between two containers
/// of the same window) reports nothing.
///
/// When:
/// - ``window(_:didAdd:)`` comes inside the call that adds the screen, once the structure
///   changed and before any appearance callback: after its `willMove(toParent:)` for a push,
///   a new stack or an added child, after its view loaded for a presentation, and after the
///   window took it as its root.
/// - ``window(_:didRemove:exit:)`` comes once per removal, after the screen's last
///   did-callback and before the completion of the navigation that removed it: after its
///   `didMove(toParent: nil)`, the delegate's did-event and its pop block for a stack move;
///   after its `viewDidDisappear(_:)` and before the presentation delegate's did-dismiss for
///   a dismissal; right after `didMove(toParent: nil)` for ``ViewController/removeFromParent()``;
///   after the old root's `viewDidDisappear(_:)` (at once in a hidden window) for a new
///   root. Screens inside a removed screen are reported first, innermost first; screens
///   removed together are reported from the top down (a pop-to, a pop-to-root, a new
///   stack), so that what stood on a screen leaves before it.
///
/// Observers are held weakly (``Window/addHierarchyObserver(_:)``). The journal records the
/// same events as ``NavigationEvent/screenJoined(_:)`` and
/// ``NavigationEvent/screenLeft(_:exit:)`` while ``Journal/recordsMembership`` is on.
public protocol HierarchyObserver: AnyObject {
  /// `screen` joined `window`'s hierarchy.
  ///
  /// - Parameters:
  ///   - window: The window whose hierarchy the screen joined.
  ///   - screen: The screen.
  func window(_ window: Window, didAdd screen: ViewController)

  /// `screen` left `window`'s hierarchy for good.
  ///
  /// - Parameters:
  ///   - window: The window whose hierarchy the screen left.
  ///   - screen: The screen.
  ///   - exit: How it left, and which removed screen took it out.
  func window(_ window: Window, didRemove screen: ViewController, exit: HierarchyExit)
}

extension HierarchyObserver {
  /// Does nothing by default.
  public func window(_ window: Window, didAdd screen: ViewController) {}

  /// Does nothing by default.
  public func window(_ window: Window, didRemove screen: ViewController, exit: HierarchyExit) {}
}

/// How a screen left its window's hierarchy.
public struct HierarchyExit: Hashable, Sendable, CustomStringConvertible {
  /// The navigation that took the screen out.
  public enum Cause: Hashable, Sendable, CustomStringConvertible {
    /// The top of a stack was popped: by the back button, a committed back swipe, or a call.
    case popped(PopTrigger)
    /// The screens above another one were popped (`popToViewController`).
    case poppedToScreen
    /// The screens above the root were popped (`popToRootViewController`).
    case poppedToRoot
    /// A new stack (`setViewControllers`) left it out.
    case stackReplaced
    /// It was dismissed: by a call, a committed sheet swipe, or a tap outside a popover.
    case dismissed(DismissalTrigger)
    /// It was removed from its parent (`removeFromParent()`, or added to a container of
    /// another hierarchy).
    case removedFromParent
    /// The window took another root.
    case rootReplaced

    /// The cause, as in Swift source: `popped(backButton)`.
    public var description: String {
      switch self {
      case .popped(let trigger): "popped(\(Self.name(of: trigger)))"
      case .poppedToScreen: "poppedToScreen"
      case .poppedToRoot: "poppedToRoot"
      case .stackReplaced: "stackReplaced"
      case .dismissed(let trigger): "dismissed(\(Self.name(of: trigger)))"
      case .removedFromParent: "removedFromParent"
      case .rootReplaced: "rootReplaced"
      }
    }

    /// The trigger's case name, written out: interpolating the enum would print it through
    /// reflection, for every journaled exit.
    private static func name(of trigger: PopTrigger) -> String {
      switch trigger {
      case .backButton: "backButton"
      case .interactiveSwipe: "interactiveSwipe"
      case .programmatic: "programmatic"
      }
    }

    /// The trigger's case name, written out, as for a pop's trigger.
    private static func name(of trigger: DismissalTrigger) -> String {
      switch trigger {
      case .programmatic: "programmatic"
      case .sheetSwipe: "sheetSwipe"
      case .tapOutside: "tapOutside"
      }
    }
  }

  /// The navigation that took the screen out.
  public let cause: Cause
  /// The screen that navigation removed: this screen itself, or the container or presented
  /// screen it was inside (a dismissal below it, a stack that left with it).
  public let removedScreen: ScreenID

  /// Creates an exit.
  ///
  /// - Parameters:
  ///   - cause: The navigation that took the screen out.
  ///   - removedScreen: The screen that navigation removed.
  public init(_ cause: Cause, removedScreen: ScreenID) {
    self.cause = cause
    self.removedScreen = removedScreen
  }

  /// The cause and the removed screen: `popped(backButton) of Detail`.
  public var description: String { "\(cause) of \(removedScreen)" }
}

/// What dismissed a presented screen.
public enum DismissalTrigger: Hashable, Sendable {
  /// A call: ``ViewController/dismiss(animated:completion:)``.
  case programmatic
  /// A committed swipe down on a sheet.
  case sheetSwipe
  /// A tap outside a popover.
  case tapOutside
}

/// A weakly held hierarchy observer.
struct WeakHierarchyObserver {
  weak var value: (any HierarchyObserver)?
}
