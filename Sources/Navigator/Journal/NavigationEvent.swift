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
    if case .note(let note) = self { return note.text }
    return TextWriter.make { write(to: &$0) }
  }

  /// Writes ``description``'s parts.
  private func write(to text: inout TextWriter) {
    switch self {
    case .viewDidLoad(let screen): text.append(screen, ".viewDidLoad")
    case .viewWillAppear(let screen, let animated): text.append(screen, ".viewWillAppear", animated: animated)
    case .viewDidAppear(let screen, let animated): text.append(screen, ".viewDidAppear", animated: animated)
    case .viewWillDisappear(let screen, let animated):
      text.append(screen, ".viewWillDisappear", animated: animated)
    case .viewDidDisappear(let screen, let animated):
      text.append(screen, ".viewDidDisappear", animated: animated)
    case .willMove(let screen, let parent): text.append(screen, ".willMove(toParent: ", parent, ")")
    case .didMove(let screen, let parent): text.append(screen, ".didMove(toParent: ", parent, ")")
    case .willShow(let screen, let navigation, let animated):
      text.append(navigation, ".willShow", screen, animated: animated)
    case .didShow(let screen, let navigation, let animated):
      text.append(navigation, ".didShow", screen, animated: animated)
    case .willPush(let screen, let navigation, let animated):
      text.append(navigation, ".willPush", screen, animated: animated)
    case .didPush(let screen, let navigation, let animated):
      text.append(navigation, ".didPush", screen, animated: animated)
    case .willPop(let screen, let navigation, let animated):
      text.append(navigation, ".willPop", screen, animated: animated)
    case .didPop(let screen, let navigation, let animated):
      text.append(navigation, ".didPop", screen, animated: animated)
    case .willPopTo(let screen, let navigation, let popping, let animated):
      text.append(navigation, ".willPopTo", screen, ", popping: ", popping, animated: animated)
    case .didPopTo(let screen, let navigation, let popped, let animated):
      text.append(navigation, ".didPopTo", screen, ", popped: ", popped, animated: animated)
    case .willPopToRoot(let navigation, let popping, let animated):
      text.append(navigation, ".willPopToRoot(popping: ", popping, animated: animated)
    case .didPopToRoot(let navigation, let popped, let animated):
      text.append(navigation, ".didPopToRoot(popped: ", popped, animated: animated)
    case .willSetViewControllers(let screens, let navigation, let animated):
      text.append(navigation, ".willSetViewControllers(", screens, animated: animated)
    case .didSetViewControllers(let screens, let navigation, let animated):
      text.append(navigation, ".didSetViewControllers(", screens, animated: animated)
    case .navigationBarHidden(let hidden, let navigation):
      text.append(navigation, ".navigationBarHidden", hidden)
    case .toolbarHidden(let hidden, let navigation): text.append(navigation, ".toolbarHidden", hidden)
    case .pushBlock(let screen): text.append(screen, ".pushBlock")
    case .popBlock(let screen): text.append(screen, ".popBlock")
    case .interactivePopBegan(let screen, let navigation):
      text.append(navigation, ".interactivePopBegan", screen)
    case .interactivePopCancelled(let screen, let navigation):
      text.append(navigation, ".interactivePopCancelled", screen)
    case .interactivePopFinished(let screen, let navigation):
      text.append(navigation, ".interactivePopFinished", screen)
    case .adaptivePresentationStyle(let screen, let answer):
      text.append(screen, ".adaptivePresentationStyle -> ")
      text.append(answer.description)
    case .presentationShouldDismiss(let screen): text.append(screen, ".presentationControllerShouldDismiss")
    case .presentationWillDismiss(let screen): text.append(screen, ".presentationControllerWillDismiss")
    case .presentationDidDismiss(let screen): text.append(screen, ".presentationControllerDidDismiss")
    case .presentationDidAttemptToDismiss(let screen):
      text.append(screen, ".presentationControllerDidAttemptToDismiss")
    case .popoverShouldDismiss(let screen): text.append(screen, ".popoverShouldDismiss")
    case .popoverDidDismiss(let screen): text.append(screen, ".popoverDidDismiss")
    case .screenJoined(let screen): text.append(screen, ".joined")
    case .screenLeft(let screen, let exit):
      text.append(screen, ".left(")
      text.append(exit.description)
      text.append(")")
    case .misuse(let error):
      text.append("misuse[")
      text.append(error.code.description)
      text.append("]: ")
      text.append(error.message)
    case .completion(let request):
      text.append("completion(")
      request.write(to: &text)
      text.append(")")
    case .note(let note): text.append(note.text)
    }
  }
}

extension TextWriter {
  /// Appends `Screen.method`.
  fileprivate mutating func append(_ screen: ScreenID, _ method: StaticString) {
    append(screen.name)
    append(method)
  }

  /// Appends `Screen.method(animated: true)`.
  fileprivate mutating func append(_ screen: ScreenID, _ method: StaticString, animated: Bool) {
    append(screen, method)
    append("(animated: ")
    append(animated)
    append(")")
  }

  /// Appends `Screen.method(true)`.
  fileprivate mutating func append(_ screen: ScreenID, _ method: StaticString, _ value: Bool) {
    append(screen, method)
    append("(")
    append(value)
    append(")")
  }

  /// Appends `Navigation.method(Screen)`.
  fileprivate mutating func append(_ navigation: ScreenID, _ method: StaticString, _ screen: ScreenID) {
    append(navigation, method)
    append("(")
    append(screen.name)
    append(")")
  }

  /// Appends `Navigation.method(Screen, animated: true)`.
  fileprivate mutating func append(
    _ navigation: ScreenID, _ method: StaticString, _ screen: ScreenID, animated: Bool
  ) {
    append(navigation, method)
    append("(")
    append(screen.name)
    append(", animated: ")
    append(animated)
    append(")")
  }

  /// Appends `Navigation.method(Screen, label: [A, B], animated: true)`.
  fileprivate mutating func append(
    _ navigation: ScreenID, _ method: StaticString, _ screen: ScreenID, _ label: StaticString,
    _ screens: [ScreenID], animated: Bool
  ) {
    append(navigation, method)
    append("(")
    append(screen.name)
    append(label)
    append(screens, animated: animated)
  }

  /// Appends `Navigation.method(label: [A, B], animated: true)`, the method's text ending in
  /// its opening parenthesis and label.
  fileprivate mutating func append(
    _ navigation: ScreenID, _ methodAndLabel: StaticString, _ screens: [ScreenID], animated: Bool
  ) {
    append(navigation, methodAndLabel)
    append(screens, animated: animated)
  }

  /// Appends `[A, B], animated: true)`.
  private mutating func append(_ screens: [ScreenID], animated: Bool) {
    append(screens)
    append(", animated: ")
    append(animated)
    append(")")
  }

  /// Appends `Screen.method(toParent: Parent)`, or `nil` for no parent.
  fileprivate mutating func append(
    _ screen: ScreenID, _ methodAndLabel: StaticString, _ parent: ScreenID?, _ close: StaticString
  ) {
    append(screen, methodAndLabel)
    if let parent { append(parent.name) } else { append("nil") }
    append(close)
  }
}
