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

  // MARK: Navigation stacks

  /// A navigation controller's delegate heard `willShow` (first: the screen; then the stack).
  case willShow(ScreenID, in: ScreenID, animated: Bool)
  /// A navigation controller's delegate heard `didShow`.
  case didShow(ScreenID, in: ScreenID, animated: Bool)
  /// A screen is about to be pushed.
  case willPush(ScreenID, onto: ScreenID, animated: Bool)
  /// A screen was pushed and the transition finished.
  case didPush(ScreenID, onto: ScreenID, animated: Bool)
  /// The top screen is about to be popped.
  case willPop(ScreenID, from: ScreenID, animated: Bool)
  /// The top screen was popped and the transition finished.
  case didPop(ScreenID, from: ScreenID, animated: Bool)
  /// The screens above a screen are about to be popped (bottom to top).
  case willPopTo(ScreenID, in: ScreenID, popping: [ScreenID], animated: Bool)
  /// The screens above a screen were popped (bottom to top).
  case didPopTo(ScreenID, in: ScreenID, popped: [ScreenID], animated: Bool)
  /// Every screen above the root is about to be popped.
  case willPopToRoot(in: ScreenID, popping: [ScreenID], animated: Bool)
  /// Every screen above the root was popped.
  case didPopToRoot(in: ScreenID, popped: [ScreenID], animated: Bool)
  /// A stack is about to be replaced.
  case willSetViewControllers([ScreenID], in: ScreenID, animated: Bool)
  /// A stack was replaced and the transition finished.
  case didSetViewControllers([ScreenID], in: ScreenID, animated: Bool)
  /// A stack's navigation bar was hidden (`true`) or shown.
  case navigationBarHidden(Bool, in: ScreenID)
  /// A stack's toolbar was hidden (`true`) or shown.
  case toolbarHidden(Bool, in: ScreenID)
  /// A push block ran.
  case pushBlock(ScreenID)
  /// A pop block ran.
  case popBlock(ScreenID)
  /// A back swipe began over the given top screen.
  case interactivePopBegan(ScreenID, in: ScreenID)
  /// A back swipe was cancelled.
  case interactivePopCancelled(ScreenID, in: ScreenID)
  /// A back swipe finished; the pop follows.
  case interactivePopFinished(ScreenID, in: ScreenID)
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

  // MARK: The hierarchy's members

  /// A screen joined its window's hierarchy (``HierarchyObserver/window(_:didAdd:)``).
  case screenJoined(ScreenID)
  /// A screen left its window's hierarchy for good
  /// (``HierarchyObserver/window(_:didRemove:exit:)``).
  case screenLeft(ScreenID, exit: HierarchyExit)

  // MARK: Misuse and completions

  /// A call broke a rule and was refused under ``MisusePolicy/report``.
  case misuse(NavigationError)
  /// A completion handler ran.
  case completion(NavigationRequest)

  // MARK: Code built on the engine

  /// An event recorded by code built on the engine, such as a flow that started or ended
  /// (``Journal/record(_:)``).
  case note(JournalNote)

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
    case .willShow(let screen, let navigation, let animated):
      "\(navigation).willShow(\(screen), animated: \(animated))"
    case .didShow(let screen, let navigation, let animated):
      "\(navigation).didShow(\(screen), animated: \(animated))"
    case .willPush(let screen, let navigation, let animated):
      "\(navigation).willPush(\(screen), animated: \(animated))"
    case .didPush(let screen, let navigation, let animated):
      "\(navigation).didPush(\(screen), animated: \(animated))"
    case .willPop(let screen, let navigation, let animated):
      "\(navigation).willPop(\(screen), animated: \(animated))"
    case .didPop(let screen, let navigation, let animated):
      "\(navigation).didPop(\(screen), animated: \(animated))"
    case .willPopTo(let screen, let navigation, let popping, let animated):
      "\(navigation).willPopTo(\(screen), popping: \(names(popping)), animated: \(animated))"
    case .didPopTo(let screen, let navigation, let popped, let animated):
      "\(navigation).didPopTo(\(screen), popped: \(names(popped)), animated: \(animated))"
    case .willPopToRoot(let navigation, let popping, let animated):
      "\(navigation).willPopToRoot(popping: \(names(popping)), animated: \(animated))"
    case .didPopToRoot(let navigation, let popped, let animated):
      "\(navigation).didPopToRoot(popped: \(names(popped)), animated: \(animated))"
    case .willSetViewControllers(let screens, let navigation, let animated):
      "\(navigation).willSetViewControllers(\(names(screens)), animated: \(animated))"
    case .didSetViewControllers(let screens, let navigation, let animated):
      "\(navigation).didSetViewControllers(\(names(screens)), animated: \(animated))"
    case .navigationBarHidden(let hidden, let navigation): "\(navigation).navigationBarHidden(\(hidden))"
    case .toolbarHidden(let hidden, let navigation): "\(navigation).toolbarHidden(\(hidden))"
    case .pushBlock(let screen): "\(screen).pushBlock"
    case .popBlock(let screen): "\(screen).popBlock"
    case .interactivePopBegan(let screen, let navigation): "\(navigation).interactivePopBegan(\(screen))"
    case .interactivePopCancelled(let screen, let navigation):
      "\(navigation).interactivePopCancelled(\(screen))"
    case .interactivePopFinished(let screen, let navigation):
      "\(navigation).interactivePopFinished(\(screen))"
    case .adaptivePresentationStyle(let screen, let answer):
      "\(screen).adaptivePresentationStyle -> \(answer)"
    case .presentationShouldDismiss(let screen): "\(screen).presentationControllerShouldDismiss"
    case .presentationWillDismiss(let screen): "\(screen).presentationControllerWillDismiss"
    case .presentationDidDismiss(let screen): "\(screen).presentationControllerDidDismiss"
    case .presentationDidAttemptToDismiss(let screen):
      "\(screen).presentationControllerDidAttemptToDismiss"
    case .popoverShouldDismiss(let screen): "\(screen).popoverShouldDismiss"
    case .popoverDidDismiss(let screen): "\(screen).popoverDidDismiss"
    case .screenJoined(let screen): "\(screen).joined"
    case .screenLeft(let screen, let exit): "\(screen).left(\(exit))"
    case .misuse(let error): "misuse[\(error.code)]: \(error.message)"
    case .completion(let request): "completion(\(request))"
    case .note(let note): note.text
    }
  }

  /// A list of screens by their names, as one screen prints (`[Home, Detail]`): no address,
  /// so that a journal prints the same in every run.
  private func names(_ screens: [ScreenID]) -> String {
    "[" + screens.map(\.description).joined(separator: ", ") + "]"
  }
}
