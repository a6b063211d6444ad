/// An input a window receives from outside its screens: a navigator call, a user gesture, a
/// pop guard's late answer, or time passing on its manual scheduler.
///
/// A window with an ``Window/inputObserver`` tells it about each one as it starts and as it
/// ends, inputs received while another is handled included (the observer tells the outermost
/// input from its consequences by counting). Calls made directly on the engine
/// (`NavigationController.pushViewController(_:animated:)`, `popViewController(animated:)`,
/// `ViewController.present(_:animated:completion:)`, setting a window's root) are not inputs:
/// they are what inputs do. Screens are handed over as references, for the observer to name
/// by their keys or paths; an input holds them only while it is told.
public enum WindowInput {
  /// A navigation to a state (``Navigator/navigate(to:options:)``) or the removal of a given
  /// child (``Navigator/removeChild(_:options:)``): its request (``Navigator/Request``), the
  /// child removed (`nil` for a navigation), and the child's container (`nil` for a
  /// navigation).
  case request(Navigator.Request, screen: ViewController?, origin: ViewController?)
  /// ``Navigator/Navigator/push(_:options:configure:)`` and its other forms, of a given screen
  /// with no data and no container, onto `origin`'s stack (`nil`: the visible screen's). Told
  /// by its parts: no request is built for it.
  case push(ViewController, origin: ViewController?, animated: Bool)
  /// ``Navigator/pop(options:)`` and its other forms, from `origin`'s stack (`nil`: the
  /// visible screen's).
  case pop(origin: ViewController?, animated: Bool)
  /// ``Navigator/Navigator/dismiss(options:)`` and ``Navigator/Navigator/tryDismiss(options:)``: what `origin`
  /// (`nil`: the visible screen) presented, or the presentation it is in.
  case dismiss(origin: ViewController?, animated: Bool)
  /// ``NavigationBar/tapBackButton()`` on this navigation controller's bar.
  case tapBackButton(NavigationController)
  /// ``NavigationController/beginInteractivePop()``.
  case beginInteractivePop(NavigationController)
  /// ``NavigationController/updateInteractivePop(progress:)``.
  case updateInteractivePop(NavigationController, progress: Double)
  /// ``NavigationController/cancelInteractivePop()``.
  case cancelInteractivePop(NavigationController)
  /// ``NavigationController/finishInteractivePop()``.
  case finishInteractivePop(NavigationController)
  /// ``PresentationController/beginInteractiveDismissal()`` of this presented screen.
  case beginInteractiveDismissal(ViewController)
  /// ``PresentationController/cancelInteractiveDismissal()`` of this presented screen.
  case cancelInteractiveDismissal(ViewController)
  /// ``PresentationController/finishInteractiveDismissal()`` of this presented screen.
  case finishInteractiveDismissal(ViewController)
  /// ``Window/tapOutsidePopover(on:)``, on the given view (`nil`: on no particular view).
  case tapOutsidePopover(View?)
  /// A ``PopDecision`` answered after its guard returned: the
  /// ``NavigationController/pendingPopDecision`` of a stack in the window.
  case answerPopDecision(PopDecision, allowed: Bool)
  /// ``ManualScheduler/advance(by:)`` on the window's scheduler.
  case advance(Duration)
  /// ``ManualScheduler/runLoopTurn()`` on the window's scheduler.
  case runLoopTurn
  /// ``ManualScheduler/finishTransitions()`` on the window's scheduler.
  case finishTransitions
  /// ``ManualScheduler/settle(limit:)`` on the window's scheduler.
  case settle(limit: Int)
  /// ``Navigator/Navigator/push(_:options:configure:)`` of a screen to be made (or of a given
  /// screen with data passed to it or a container, ``NavigationOptions/passing(_:)``,
  /// ``NavigationOptions/embedded(in:)``), or
  /// ``Navigator/Navigator/presentModal(_:style:options:configure:)`` of any screen
  /// (`request.kind` says which), and their other forms: the request, the screen, and the
  /// screen it starts from (`nil`: the visible one).
  case show(Navigator.Request, screen: Screen, origin: ViewController?)
  /// ``Navigator/Navigator/popover(_:anchor:keepsPopoverOnCompactWidth:options:configure:)`` and
  /// its other forms: the request, the screen, the anchor named by the screen that holds it,
  /// whether the popover stays one on compact width, and the screen it starts from (`nil`:
  /// the visible one).
  case popover(
    Navigator.Request, screen: Screen, anchor: Anchor, keepsPopoverOnCompactWidth: Bool,
    origin: ViewController?)
  /// ``Navigator/Navigator/addChild(_:to:in:options:configure:)`` and its other forms: the
  /// request, the child, its container, and the view of the container the child's view goes
  /// in (`nil`: the container's root view).
  case addChild(Navigator.Request, screen: Screen, container: ViewController, view: View?)
  /// ``Navigator/Navigator/removeChild(_:from:options:)`` and its other forms: the request,
  /// the destination that names the child, and the container.
  case removeChild(Navigator.Request, screen: Screen, container: ViewController)
  /// A push, a modal presentation, a popover or a child addition whose options carry a
  /// protection (``NavigationOptions/protect(with:)``), told before the navigator's
  /// ``Navigator/gatekeeper`` is asked: the input the navigation tells once it is let through
  /// (``push(_:origin:animated:)``, ``show(_:screen:origin:)``,
  /// ``popover(_:screen:anchor:keepsPopoverOnCompactWidth:origin:)`` or
  /// ``addChild(_:screen:container:view:)``), the protection, and whether the call can wait
  /// for a later answer (`false` for a `try` form, which is refused as
  /// ``NavigationError/Code/protectionPending`` instead).
  ///
  /// The navigation itself, let through at once or on a later answer, is this input's
  /// consequence: its own input is told nested in this one, or in the input that answers.
  indirect case protected(WindowInput, by: any NavigationProtection, canWait: Bool)
}

extension WindowInput {
  /// The input a push of `destination` tells: a given screen by its parts (one with no data
  /// and no container), else its request.
  static func pushInput<Screen>(_ destination: Destination<Screen>, _ options: NavigationOptions<Screen>)
    -> WindowInput
  {
    // A given screen pushed with data or a container is told with its request, which holds them.
    let screen = options.passedData == nil && options.embedding == nil ? destination.givenScreen : nil
    return screen.map { .push($0, origin: options.origin, animated: options.isAnimated) }
      ?? .show(
        Navigator.Request(.push, destination, options), screen: destination.told, origin: options.origin)
  }

  /// The input a modal presentation of `destination` tells.
  static func presentModalInput<Screen>(
    _ destination: Destination<Screen>, _ style: ModalPresentationStyle?, _ options: NavigationOptions<Screen>
  ) -> WindowInput {
    .show(
      Navigator.Request(.presentModal, destination, options, presentationStyle: style),
      screen: destination.told, origin: options.origin)
  }

  /// The input a popover of `destination` tells.
  static func popoverInput<Screen>(
    _ destination: Destination<Screen>, _ anchor: PopoverAnchor, _ keepsPopover: Bool,
    _ options: NavigationOptions<Screen>
  ) -> WindowInput {
    .popover(
      Navigator.Request(.popover, destination, options, anchor: anchor), screen: destination.told,
      anchor: Anchor(anchor), keepsPopoverOnCompactWidth: keepsPopover, origin: options.origin)
  }

  /// The input the addition of `destination` as a child of `container` tells.
  static func addChildInput<Screen>(
    _ destination: Destination<Screen>, _ container: ViewController, _ view: View?,
    _ options: NavigationOptions<Screen>
  ) -> WindowInput {
    .addChild(
      Navigator.Request(.addChild, destination, options, container: container), screen: destination.told,
      container: container, view: view)
  }
}

extension WindowInput {
  /// The screen a navigator call shows: the one it was given, or what makes a new one.
  ///
  /// A ``Destination``, told without its factory: an observer names a screen by its type or
  /// its scene, and makes it again through a ``Destination`` of its own.
  public enum Screen {
    /// A given screen (``Destination/instance(_:)``).
    case instance(ViewController)
    /// A new screen of a type, made by its `init()` (``Destination/type(_:)``).
    case type(any InitializableScreen.Type)
    /// A new screen made by a closure (``Destination/make(_:)``), which is not told: the
    /// type it declares.
    case factory(ViewController.Type)
    /// A new screen from a scene of a catalogue (``Destination/scene(_:in:as:)``; `nil`: its
    /// initial scene, ``Destination/initialScene(of:as:)``), checked against the type the
    /// caller expects.
    case scene(Storyboard, identifier: String?, as: ViewController.Type)
  }

  /// Where a popover points, named by the screen that holds its anchor, as a
  /// ``NavigationState`` names it.
  public enum Anchor {
    /// The bar button item at `index` of the left or right items of the
    /// ``ViewController/navigationItem`` of the screen that holds it.
    case barButtonItem(BarSide, index: Int, of: ViewController)
    /// A rectangle in a view of the screen that holds it: the view found from the screen's
    /// root view by `path`, the index of a subview at each level (empty for the root view).
    case view(of: ViewController, path: [Int], rect: Rect)
    /// An anchor no screen holds (a bar button item in no screen's navigation item, a view
    /// in no screen's view), described.
    case unnamed(String)

    /// Names `anchor` by the screen that holds it.
    init(_ anchor: PopoverAnchor) {
      switch ScreenAnchor(anchor) {
      case .barButtonItem(let side, let index, let owner):
        self = .barButtonItem(side, index: index, of: owner)
      case .view(let owner, let path, let rect): self = .view(of: owner, path: path, rect: rect)
      case .unnamed(let text): self = .unnamed(text)
      }
    }
  }
}

/// Hears the inputs a window receives (``Window/inputObserver``): a session recorder.
///
/// Every input is told twice, in pairs that nest: ``window(_:willHandle:)`` before anything
/// of it happens, ``windowDidHandleInput(_:)`` once its call returns. An input told while
/// another is being handled is a consequence of that one (a screen's own code calling the
/// navigator during a callback).
public protocol WindowInputObserver: AnyObject {
  /// Tells the observer that `window` is about to handle `input`.
  ///
  /// - Parameters:
  ///   - window: The window.
  ///   - input: The input.
  func window(_ window: Window, willHandle input: WindowInput)

  /// Tells the observer that the call of the last input told to begin has returned.
  ///
  /// - Parameter window: The window.
  func windowDidHandleInput(_ window: Window)

  /// Asks the observer which instant a keep-alive cache of `window` takes for now, when it
  /// measures a keep-alive duration on the monotonic clock (the window's scheduler is not a
  /// ``ManualScheduler``): `now` by default.
  ///
  /// A session recorder logs the readings that decide something, and a replay answers with
  /// the logged ones, so that durations end at the same inputs on any machine.
  ///
  /// - Parameters:
  ///   - window: The window.
  ///   - now: The monotonic clock's reading.
  /// - Returns: The instant the cache takes for now.
  func window(_ window: Window, clockReading now: ContinuousClock.Instant) -> ContinuousClock.Instant
}

extension WindowInputObserver {
  /// Takes the monotonic clock's reading for now.
  ///
  /// - Parameters:
  ///   - window: The window.
  ///   - now: The monotonic clock's reading.
  /// - Returns: `now`.
  public func window(_ window: Window, clockReading now: ContinuousClock.Instant) -> ContinuousClock.Instant {
    now
  }
}

/// Runs `body`, an input `window` receives, between its observer's will and did calls; one
/// `nil` test when the window has no observer (or there is no window).
@inline(__always)
func handlingInput<Result, Failure: Error>(
  in window: Window?, _ input: @autoclosure () -> WindowInput, _ body: () throws(Failure) -> Result
) throws(Failure) -> Result {
  guard let window, let observer = window.observer else { return try body() }
  observer.window(window, willHandle: input())
  defer { observer.windowDidHandleInput(window) }
  return try body()
}

extension Window {
  /// Tells the input observer, if any, that `input` begins; returns the observer to tell
  /// when it ends. One `nil` test when no observer listens.
  ///
  /// - Parameter input: The input.
  /// - Returns: The observer to tell when the input's call returns, if any.
  @inlinable @inline(__always)
  func beginInput(_ input: @autoclosure () -> WindowInput) -> (any WindowInputObserver)? {
    guard let observer = observer else { return nil }
    observer.window(self, willHandle: input())
    return observer
  }
}
