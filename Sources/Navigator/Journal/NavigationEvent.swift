/// One observable effect, as the journal records it.
///
/// Lifecycle callbacks, containment calls, delegate events, completions and misuse are
/// all events. A journal appends them in the order they happen, so a test can compare the
/// whole ordered array with the sequence UIKit would have produced.
public enum NavigationEvent: Hashable, Sendable, CustomStringConvertible {
  // MARK: A screen's own life

  /// The screen's `viewDidLoad()` ran.
  case viewDidLoad(ScreenID)
  /// The screen's `viewWillAppear(_:)` ran.
  case viewWillAppear(ScreenID, animated: Bool)
  /// The screen's `viewDidAppear(_:)` ran.
  case viewDidAppear(ScreenID, animated: Bool)
  /// The screen's `viewWillDisappear(_:)` ran.
  case viewWillDisappear(ScreenID, animated: Bool)
  /// The screen's `viewDidDisappear(_:)` ran.
  case viewDidDisappear(ScreenID, animated: Bool)

  // MARK: Containment

  /// The screen's `willMove(toParent:)` ran.
  case willMove(ScreenID, toParent: ScreenID?)
  /// The screen's `didMove(toParent:)` ran.
  case didMove(ScreenID, toParent: ScreenID?)

  // MARK: Presentation delegates

  /// A popover's adaptive delegate was asked for its style on compact width, and answered.
  case adaptivePresentationStyle(ScreenID, answer: ModalPresentationStyle)
  /// A sheet's delegate was asked whether a swipe may dismiss the screen.
  case presentationShouldDismiss(ScreenID)
  /// A sheet's delegate heard that a swipe began dismissing the screen.
  case presentationWillDismiss(ScreenID)
  /// A sheet's delegate heard that a swipe dismissed the screen.
  case presentationDidDismiss(ScreenID)
  /// A sheet's delegate heard that a swipe or tap tried to dismiss a screen that stays.
  case presentationDidAttemptToDismiss(ScreenID)
  /// A popover's delegate was asked whether a tap outside may dismiss the screen.
  case popoverShouldDismiss(ScreenID)
  /// A popover's delegate heard that a tap outside dismissed the screen.
  case popoverDidDismiss(ScreenID)

  // MARK: Misuse and completions

  /// A call broke a rule and was refused under ``MisusePolicy/report``.
  case misuse(NavigationError)
  /// A completion handler ran.
  case completion(NavigationRequest)

  /// A compact, readable form: `Home.viewWillAppear(animated: false)`.
  public var description: String {
    switch self {
    case .viewDidLoad(let screen): "\(screen).viewDidLoad"
    case .viewWillAppear(let screen, let animated): "\(screen).viewWillAppear(animated: \(animated))"
    case .viewDidAppear(let screen, let animated): "\(screen).viewDidAppear(animated: \(animated))"
    case .viewWillDisappear(let screen, let animated):
      "\(screen).viewWillDisappear(animated: \(animated))"
    case .viewDidDisappear(let screen, let animated):
      "\(screen).viewDidDisappear(animated: \(animated))"
    case .willMove(let screen, let parent): "\(screen).willMove(toParent: \(parent?.name ?? "nil"))"
    case .didMove(let screen, let parent): "\(screen).didMove(toParent: \(parent?.name ?? "nil"))"
    case .adaptivePresentationStyle(let screen, let answer):
      "\(screen).adaptivePresentationStyle -> \(answer)"
    case .presentationShouldDismiss(let screen): "\(screen).presentationControllerShouldDismiss"
    case .presentationWillDismiss(let screen): "\(screen).presentationControllerWillDismiss"
    case .presentationDidDismiss(let screen): "\(screen).presentationControllerDidDismiss"
    case .presentationDidAttemptToDismiss(let screen):
      "\(screen).presentationControllerDidAttemptToDismiss"
    case .popoverShouldDismiss(let screen): "\(screen).popoverShouldDismiss"
    case .popoverDidDismiss(let screen): "\(screen).popoverDidDismiss"
    case .misuse(let error): "misuse[\(error.code)]: \(error.message)"
    case .completion(let request): "completion(\(request))"
    }
  }
}
