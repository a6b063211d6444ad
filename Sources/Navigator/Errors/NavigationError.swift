/// A misuse of the hierarchy: the rule that was broken and the screens involved.
///
/// Every check in the package produces one of these before anything changes. Its
/// ``message`` reads like UIKit's own exception texts and names the screens, so a log line
/// is enough to find the mistake. What happens next is the window's ``MisusePolicy``:
/// under ``MisusePolicy/trap`` the process stops with the message; under
/// ``MisusePolicy/report`` the call changes nothing, the error is appended to the
/// ``Journal`` and handed to ``Window/misuseHandler``. Throwing APIs throw it.
public struct NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The rule that was broken.
  ///
  /// A struct wrapping a private enumeration, so that new rules can be added without
  /// breaking code that compares codes.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    fileprivate enum Value: String, Hashable, Sendable {
      case containmentCycle
      case childIsWindowRoot
      case childIsPresented
      case viewHierarchyCycle
      case rootHasParent
      case rootBelongsToAnotherWindow
      case rootIsPresented
      case unbalancedAppearanceTransition
      case duplicatePush
      case pushNavigationController
      case pushScreenWithParent
      case popToUnknownScreen
      case emptyStack
      case duplicateScreenInStack
      case transitionInProgress
      case noInteractivePop
      case interactivePopInProgress
      case alreadyPresenting
      case presenterNotInWindow
      case alreadyPresented
      case presentScreenInHierarchy
      case nothingToDismiss
      case popoverAnchorNotInWindow
      case popoverWithoutAnchor
      case noInteractiveDismissal
      case sceneNotFound
      case noInitialScene
      case sceneTypeMismatch
      case navigationDenied
      case invalidRequest
      case invalidTarget
      case unmakeableScreen
      case protectionDenied
      case protectionPending
      case superseded
      case noGatekeeper
      case extended
    }

    fileprivate let value: Value
    /// The name of a rule defined outside the engine (``init(rule:)``); empty otherwise.
    private let rule: String

    fileprivate init(value: Value) {
      self.value = value
      self.rule = ""
    }

    /// Creates the code of a rule that a module built on the engine defines, such as
    /// AppFlow's flow rules; codes with the same name are equal.
    ///
    /// Name the rule as the engine's codes are named (`flowAlreadyRan`), and declare it once
    /// as a static member in an extension, so that callers compare it like any other code.
    /// The name of one of the engine's rules gives the engine's code:
    /// `Code(rule: "duplicatePush") == .duplicatePush`.
    ///
    /// - Parameter rule: The rule's name, which is also the code's ``description``.
    public init(rule: String) {
      let value = Value(rawValue: rule).flatMap { $0 == .extended ? nil : $0 } ?? .extended
      self.value = value
      self.rule = value == .extended ? rule : ""
    }

    /// Adding a screen as a child of itself or of one of its own descendants.
    public static let containmentCycle = Code(value: .containmentCycle)
    /// Adding a window's root screen as a child of another screen.
    public static let childIsWindowRoot = Code(value: .childIsWindowRoot)
    /// Adding a presented screen as a child of another screen.
    public static let childIsPresented = Code(value: .childIsPresented)
    /// Adding a view as a subview of itself or of one of its own descendants.
    public static let viewHierarchyCycle = Code(value: .viewHierarchyCycle)
    /// Making a screen that already has a parent the root of a window.
    public static let rootHasParent = Code(value: .rootHasParent)
    /// Making a screen the root of a window while it is the root of another window.
    public static let rootBelongsToAnotherWindow = Code(value: .rootBelongsToAnotherWindow)
    /// Making a presented screen the root of a window.
    public static let rootIsPresented = Code(value: .rootIsPresented)
    /// Ending an appearance transition that was never begun.
    public static let unbalancedAppearanceTransition = Code(value: .unbalancedAppearanceTransition)
    /// Pushing a screen that is already in the navigation stack.
    public static let duplicatePush = Code(value: .duplicatePush)
    /// Pushing a navigation controller onto a navigation stack.
    public static let pushNavigationController = Code(value: .pushNavigationController)
    /// Pushing a screen that already has another parent.
    public static let pushScreenWithParent = Code(value: .pushScreenWithParent)
    /// Popping to a screen that is not in the navigation stack.
    public static let popToUnknownScreen = Code(value: .popToUnknownScreen)
    /// Setting an empty list of screens on a navigation controller.
    public static let emptyStack = Code(value: .emptyStack)
    /// Setting a list of screens that names one screen twice.
    public static let duplicateScreenInStack = Code(value: .duplicateScreenInStack)
    /// A request that arrived while a transition runs, under a policy that rejects it.
    public static let transitionInProgress = Code(value: .transitionInProgress)
    /// Beginning a back swipe where there is nothing to go back to.
    public static let noInteractivePop = Code(value: .noInteractivePop)
    /// Updating or ending a back swipe that was never begun, or beginning a second one.
    public static let interactivePopInProgress = Code(value: .interactivePopInProgress)
    /// Presenting from a screen that is already presenting another one.
    public static let alreadyPresenting = Code(value: .alreadyPresenting)
    /// Presenting from a screen whose view is not in a visible window.
    public static let presenterNotInWindow = Code(value: .presenterNotInWindow)
    /// Presenting a screen that is already presented.
    public static let alreadyPresented = Code(value: .alreadyPresented)
    /// Presenting a screen that has a parent or is a window's root.
    public static let presentScreenInHierarchy = Code(value: .presentScreenInHierarchy)
    /// Dismissing where nothing is presented.
    public static let nothingToDismiss = Code(value: .nothingToDismiss)
    /// Presenting a popover whose anchor is not in the presenter's window.
    public static let popoverAnchorNotInWindow = Code(value: .popoverAnchorNotInWindow)
    /// Presenting a popover whose ``PopoverPresentationController/anchor`` was never set.
    public static let popoverWithoutAnchor = Code(value: .popoverWithoutAnchor)
    /// Updating or ending an interactive dismissal that was never begun.
    public static let noInteractiveDismissal = Code(value: .noInteractiveDismissal)
    /// Asking a scene catalogue for an identifier it does not contain.
    public static let sceneNotFound = Code(value: .sceneNotFound)
    /// Asking a scene catalogue without an initial scene for its initial screen.
    public static let noInitialScene = Code(value: .noInitialScene)
    /// A scene whose screen is not of the type the caller asked for.
    public static let sceneTypeMismatch = Code(value: .sceneTypeMismatch)
    /// A guard refused the navigation.
    public static let navigationDenied = Code(value: .navigationDenied)
    /// A request whose arguments cannot be carried out, for a reason its message gives.
    public static let invalidRequest = Code(value: .invalidRequest)
    /// A target state breaks a rule of the hierarchy: a presentation from a screen that
    /// can't present, a stack with no entry, a popover with no anchor.
    public static let invalidTarget = Code(value: .invalidTarget)
    /// A screen a target state needs can't be made: it has no key, no screen provider
    /// makes its key, or the one made is of the wrong kind or already in a hierarchy.
    public static let unmakeableScreen = Code(value: .unmakeableScreen)
    /// A protection refused a navigation to a screen it protects (its space denied it, or
    /// the flow it required did not finish); not a misuse: it never traps.
    public static let protectionDenied = Code(value: .protectionDenied)
    /// A `try` form of a protected navigation whose protection did not answer at once: the
    /// call can't wait, so the navigation did not happen.
    public static let protectionPending = Code(value: .protectionPending)
    /// A navigation that waited for its protection was replaced by a newer navigation to a
    /// state; not a misuse: it never traps.
    public static let superseded = Code(value: .superseded)
    /// A protected navigation on a navigator without a ``NavigationGatekeeper`` to ask.
    public static let noGatekeeper = Code(value: .noGatekeeper)

    /// The rule's name, for logs.
    public var description: String { value == .extended ? rule : value.rawValue }
  }

  /// The rule that was broken.
  public let code: Code
  /// A sentence naming the broken rule and the screens involved.
  public let message: String
  /// The screens involved, in the order the message names them.
  public let screens: [ScreenID]

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The rule that was broken.
  ///   - message: A sentence naming the rule and the screens involved.
  ///   - screens: The screens involved.
  public init(_ code: Code, _ message: String, screens: [ScreenID] = []) {
    self.code = code
    self.message = message
    self.screens = screens
  }

  /// The message.
  public var description: String { message }

  /// A Boolean value indicating whether the error is a protection's answer (a denial, or a
  /// waiting navigation superseded) rather than a misuse: such errors go to the
  /// navigation's `onFailure` and its caller, never to the window's misuse policy.
  public var isProtectionOutcome: Bool { code == .protectionDenied || code == .superseded }
}
