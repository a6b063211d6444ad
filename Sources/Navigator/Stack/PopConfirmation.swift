/// What started an attempt to leave the top screen of a navigation stack.
public enum PopTrigger: Hashable, Sendable {
  /// The navigation bar's back button.
  case backButton
  /// The start of an interactive back swipe.
  case interactiveSwipe
  /// A call: pop, pop-to, pop-to-root, or a set-view-controllers that drops the top.
  case programmatic
}

/// A screen that asks for confirmation before it is popped.
///
/// Adopt it in a screen with unsaved work. The navigation controller asks the top screen
/// before every way of leaving it: the back button, the start of a back swipe, and
/// programmatic pops (unless the caller opts out with `ignoringPopGuard: true`). Answer at
/// once or later, after asking the user; while the answer is pending, further requests to
/// the same window queue. A denial changes nothing and fires no callback.
///
/// ```swift
/// final class Editor: ViewController, PopConfirming {
///   var hasChanges = true
///   func confirmPop(_ decision: PopDecision) {
///     hasChanges ? askUser { decision.answer($0) } : decision.allow()
///   }
/// }
/// ```
public protocol PopConfirming: AnyObject {
  /// Decides whether the screen may be popped; call ``PopDecision/allow()`` or
  /// ``PopDecision/deny()`` now or later.
  ///
  /// - Parameter decision: The pending decision, with what triggered it.
  func confirmPop(_ decision: PopDecision)
}

/// A pending answer to "may this screen be popped?".
///
/// Only the first answer counts; later ones are ignored.
public final class PopDecision {
  /// The screen that asked.
  public let screen: ScreenID
  /// What started the attempt.
  public let trigger: PopTrigger
  /// The answer: `nil` while pending.
  public private(set) var isAllowed: Bool?
  private var onAnswer: ((Bool) -> Void)?
  /// The window whose queue waits for the answer, set while it waits: a later answer is an
  /// input of that window (``WindowInput/answerPopDecision(_:allowed:)``).
  var waitingWindow: WindowToken?

  init(screen: ScreenID, trigger: PopTrigger, onAnswer: @escaping (Bool) -> Void) {
    self.screen = screen
    self.trigger = trigger
    self.onAnswer = onAnswer
  }

  /// Lets the pop go ahead.
  public func allow() { answer(true) }

  /// Stops the pop; nothing changes.
  public func deny() { answer(false) }

  /// Answers with a Boolean: `true` allows the pop.
  ///
  /// - Parameter allowed: A Boolean value indicating whether the pop may go ahead.
  public func answer(_ allowed: Bool) {
    guard let window = waitingWindow?.window else { return answerNow(allowed) }
    handlingInput(in: window, .answerPopDecision(self, allowed: allowed)) { answerNow(allowed) }
  }

  /// ``answer(_:)``, once its input observer heard it.
  private func answerNow(_ allowed: Bool) {
    guard isAllowed == nil, let onAnswer else { return }
    waitingWindow = nil
    isAllowed = allowed
    self.onAnswer = nil
    onAnswer(allowed)
  }
}
