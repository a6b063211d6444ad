/// Navigates from outside the screens: push, present modally, show a popover, add or
/// remove a child, with the same shape for each.
///
/// Owned by whoever controls the flow (an `AppController`, a coordinator, a test), never
/// by the screens. Every navigation:
///
/// 1. checks everything that does not need the new screen first (the origin, the
///    catalogue, the type, the hierarchy's rules) and changes nothing when a check fails:
///    no screen is created from a type or a scene, and no container is built;
/// 2. creates the screen (from an instance, a type or a scene) and its container, checks
///    the rules only they can break (a screen's own presentation style, for one; a refusal
///    then takes a given screen back out of the container), adopts the screen into the
///    window's journal and loads its view (`loadViewIfNeeded`), delivers its data
///    (``DataReceiving``), runs the configure closure with the concrete screen type, and
///    gives a view without a background ``Color/systemBackground``, all before any
///    `viewWillAppear(_:)`;
/// 3. navigates, and runs the completion once the navigation finished (after the last
///    did-callback).
///
/// While the window is busy, a push or a presentation is checked at once only against the
/// rules that hold whatever the hierarchy becomes (the catalogue, the type, the
/// ``TransitionRequestPolicy/reject`` policy, a `none` presentation style, a push embedded
/// in a navigation controller), then its screen and container are created and it waits in
/// the queue: the hierarchy's rules and the rest of steps 2 and 3 run when it starts. A
/// refusal found then goes to `onFailure`, then, for the async form, to its caller
/// (recorded in the journal and handed to ``Window/misuseHandler`` as under
/// ``MisusePolicy/report``, never trapped, since the caller receives it), and for the
/// other forms to the window's misuse policy.
///
/// Each navigation comes in three forms, each with a name of its own.
/// ``push(_:options:configure:)`` returns the screen, or `nil` after routing the error to the
/// window's ``MisusePolicy`` and to ``NavigationOptions/onFailure(_:)``.
/// ``tryPush(_:options:configure:)`` throws the ``NavigationError`` instead.
/// ``pushAndWait(_:options:configure:)`` (`async`) returns once the navigation finished.
///
/// ```swift
/// let navigator = Navigator(window: window)
/// navigator.push(.type(CardForm.self), options: .init().passing(card)) { form in
///   form.title = "Pay"
/// }
/// ```
public final class Navigator {
  /// The window this navigator navigates in.
  public let window: Window

  // Unchecked: every navigation reads it (Benchmarks/README.md, "Exclusivity checks").
  /// A Boolean value indicating whether requests are appended to ``recordedRequests``;
  /// `false` by default.
  @exclusivity(unchecked) public var isRecordingRequests = false

  /// What this navigator was asked to do, oldest first, while ``isRecordingRequests`` is on.
  public private(set) var recordedRequests: [Request] = []

  /// Keeps popovers popovers on compact width; held here because popover delegates are weak.
  /// Made for the first popover that asks for it.
  lazy var popoverKeeper = PopoverKeeper()

  /// The children this navigator added from scenes, for removals that name a scene.
  var sceneChildren = SceneChildren()

  /// Decides whether protected navigations may make their screens (an AppController
  /// installs its own); held weakly, so its owner keeps it.
  ///
  /// Without one, a navigation that carries a protection is refused with
  /// ``NavigationError/Code/noGatekeeper``.
  public weak var gatekeeper: (any NavigationGatekeeper)?

  /// The protected navigations waiting for their gatekeeper's answer, oldest first.
  @usableFromInline var waitingAdmissions: [NavigationAdmission] = []

  /// The screen providers given with ``provideScreens(for:_:)``, by key type.
  var screenProviders = ScreenProviders()

  /// The keep-alive cache, once a navigation or a caller needed it (``keepAliveCache``).
  var keepAliveStorage: KeepAliveCache?

  /// Creates a navigator for a window.
  ///
  /// - Parameter window: The window to navigate in.
  public init(window: Window) {
    self.window = window
  }

  /// Evicts the screens the navigator keeps alive: their lifetimes end with it.
  deinit {
    keepAliveStorage?.endSession()
  }

  /// Forgets the recorded requests.
  public func removeRecordedRequests() {
    recordedRequests.removeAll()
  }

  /// The screen the user sees, found through presented chains, stacks and containers.
  ///
  /// From the window's root: the top of what it presents, then the top of a navigation
  /// stack, then the last child of any other container, until none is left.
  public var visibleViewController: ViewController? {
    guard var screen = window.rootViewController else { return nil }
    while true {
      if let presented = screen.presented {
        screen = presented
      } else if let navigation = screen.asNavigationStack, let top = navigation.topViewController {
        screen = top
      } else if let child = screen.children.last(where: \.isViewLoaded) {
        screen = child
      } else {
        return screen
      }
    }
  }

  // MARK: Shared steps

  func record(_ request: @autoclosure () -> Request) {
    if isRecordingRequests { recordedRequests.append(request()) }
  }

  /// The origin of a navigation: the one given, else the visible screen.
  func origin<Screen>(_ options: NavigationOptions<Screen>, for action: String) throws(NavigationError)
    -> ViewController
  {
    try origin(options.origin, for: action)
  }

  /// The origin of a navigation: `given`, else the visible screen.
  func origin(_ given: ViewController?, for action: String) throws(NavigationError) -> ViewController {
    if let given { return given }
    guard let visible = visibleViewController else {
      throw NavigationError(
        .invalidRequest, "Can't \(action): the window has no root view controller to start from.")
    }
    return visible
  }

  /// Creates the screen and the container it is shown in, after checking both can be.
  func makeScreen<Screen>(_ destination: Destination<Screen>, _ options: NavigationOptions<Screen>)
    throws(NavigationError) -> (screen: Screen, shown: ViewController)
  {
    let screen = try resolveScreen(destination, options)
    return (screen, embed(screen, options))
  }

  /// Creates (or hands back) the screen, after checking it can be and, when it is to be
  /// embedded, that a given one is free to be.
  func resolveScreen<Screen>(_ destination: Destination<Screen>, _ options: NavigationOptions<Screen>)
    throws(NavigationError) -> Screen
  {
    try check(destination, options)
    return try resolve(destination, options)
  }

  /// Checks what can be checked of a destination before its screen exists: the scene and
  /// its declared type and, when the screen is to be embedded, that a given one is free to be.
  func check<Screen>(_ destination: Destination<Screen>, _ options: NavigationOptions<Screen>)
    throws(NavigationError)
  {
    try destination.validate()
    if case .instance(let screen) = destination.source, options.embedding != nil,
      let error = Navigator.freeScreenError(screen, action: "embed")
    {
      throw error
    }
  }

  /// A Boolean value indicating whether a navigation to `destination` makes a screen or a
  /// container: a type, a factory or a scene, or anything to embed.
  func makesScreen<Screen>(_ destination: Destination<Screen>, _ options: NavigationOptions<Screen>) -> Bool {
    destination.createsScreen || options.embedding != nil
  }

  /// How error messages name the screen a navigation would show before it is made: the
  /// destination, and the container it is to be embedded in.
  func describedShown<Screen>(_ destination: Destination<Screen>, _ options: NavigationOptions<Screen>)
    -> String
  {
    Self.describedShown(destination, options)
  }

  /// ``describedShown(_:_:)`` without a navigator, for a text built later.
  static func describedShown<Screen>(_ destination: Destination<Screen>, _ options: NavigationOptions<Screen>)
    -> String
  {
    let screen = destination.described(as: "screen")
    guard let embedding = options.embedding else { return screen }
    return "\(screen) embedded in \(embedding.name)"
  }

  /// Wraps a screen in the options' container, if any: the screen that is shown.
  func embed<Screen>(_ screen: Screen, _ options: NavigationOptions<Screen>) -> ViewController {
    options.embedding?.make(screen) ?? screen
  }

  /// Keeps the screen when the options keep it alive (a reused one hears
  /// `prepareForReuse()`), then loads, feeds and configures a screen that passed every
  /// check, and reports success.
  func prepare<Screen>(
    _ screen: Screen, shown: ViewController, _ options: NavigationOptions<Screen>,
    configure: ((Screen) -> Void)?
  ) {
    shown.adopt(window)
    screen.adopt(window)
    if let keepAlive = options.keepAliveRequest { keep(screen, keepAlive) }
    screen.loadViewIfNeeded()
    options.deliverData?(screen)
    configure?(screen)
    if screen.view.backgroundColor == nil { screen.view.backgroundColor = .systemBackground }
    if shown !== screen, shown.view.backgroundColor == nil {
      shown.view.backgroundColor = .systemBackground
    }
    options.successHandler?(screen)
  }

  /// The completion that runs once a navigation finished, as ``finish(_:_:_:)``; an empty
  /// closure, which captures nothing and so allocates nothing, when neither the caller nor
  /// the options have one. (A navigation always passes a completion: the journal records
  /// when it runs.)
  func finishing<Screen>(
    _ screen: Screen, _ options: NavigationOptions<Screen>, _ completion: ((Screen) -> Void)?
  ) -> () -> Void {
    guard completion != nil || options.completionHandler != nil else { return {} }
    return finish(screen, options, completion)
  }

  /// The duration function of the options' transitioning delegate, if any.
  func transitionDuration<Screen>(_ options: NavigationOptions<Screen>) -> ((ViewController) -> Double)? {
    options.transitioningDelegate.map { delegate in
      { screen in delegate.transitionDuration(for: screen).inSeconds }
    }
  }

  /// The completion that runs once a navigation finished: the caller's, then the option's.
  func finish<Screen>(
    _ screen: Screen, _ options: NavigationOptions<Screen>, _ completion: ((Screen) -> Void)?
  )
    -> () -> Void
  {
    { [options] in
      completion?(screen)
      options.completionHandler?(screen)
    }
  }

  /// Runs a throwing navigation; routes a failure to `onFailure`, then rethrows it.
  func attempt<Screen, Result>(
    _ options: NavigationOptions<Screen>, _ body: () throws(NavigationError) -> Result
  ) throws(NavigationError) -> Result {
    do {
      return try body()
    } catch {
      options.failureHandler?(error)
      throw error
    }
  }

  /// Runs a navigation that does not throw: a failure goes to the window's misuse policy.
  func reportingMisuse<Result>(_ body: () throws(NavigationError) -> Result) -> Result? {
    do {
      return try body()
    } catch {
      Misuse.handle(error, in: window)
      return nil
    }
  }

  /// Waits for a navigation to finish: `start` gets the completion to call, and the
  /// failure to call when a request that waited in the queue is refused when it runs.
  func awaitCompletion<Screen>(
    _ start: (@escaping (Screen) -> Void, @escaping (NavigationError) -> Void) throws(NavigationError) -> Void
  ) async throws(NavigationError) -> Screen {
    let box = ResultBox<Screen>()
    try start({ box.result = .success($0) }, { box.result = .failure($0) })
    if box.result == nil {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        box.continuation = continuation
      }
    }
    return try box.result!.get()
  }

  /// Throws ``NavigationError/Code/transitionInProgress`` when the window is busy and
  /// `policy` (the window's by default) rejects requests that would wait.
  ///
  /// A navigation asks before it builds its container, so that a refusal leaves a given
  /// screen as it was.
  func refuseWhileBusy(
    _ request: @autoclosure () -> NavigationRequest, policy: TransitionRequestPolicy?
  ) throws(NavigationError) {
    guard window.isBusy, (policy ?? window.transitionRequestPolicy) == .reject else { return }
    let request = request()
    throw Navigator.transitionInProgress("\(request)", screens: request.screens)
  }

  /// Throws as ``refuseWhileBusy(_:policy:)`` for a push or a presentation, before its
  /// screen is made: the message reads as the request would (`push(…, onto: …)`,
  /// `present(…, from: …)`), naming the destination where the request names the screen.
  ///
  /// - Parameters:
  ///   - action: `"push"` or `"present"`.
  ///   - destination: The screen to show.
  ///   - relation: `"onto"` or `"from"`.
  ///   - target: The stack or the presenter, when one was found; the destination stands
  ///     in for it otherwise, as the request does.
  ///   - options: The navigation's options, for the animation.
  ///   - policy: The policy to apply; the window's when `nil`.
  func refuseWhileBusy<Screen>(
    _ action: String, _ destination: Destination<Screen>, _ relation: String, _ target: ViewController?,
    _ options: NavigationOptions<Screen>, policy: TransitionRequestPolicy?
  ) throws(NavigationError) {
    guard window.isBusy, (policy ?? window.transitionRequestPolicy) == .reject else { return }
    let screen = destination.described(as: "screen")
    let given = destination.givenScreenIDs
    throw Navigator.transitionInProgress(
      "\(action)(\(screen), \(relation): \(target.map { "\($0.screenID)" } ?? screen), "
        + "animated: \(options.isAnimated))",
      screens: given + (target.map { [$0.screenID] } ?? given))
  }

  /// The refusal of `request` (as a message names it) by a busy window.
  private static func transitionInProgress(_ request: String, screens: [ScreenID]) -> NavigationError {
    NavigationError(
      .transitionInProgress,
      "Can't run \(request) while a transition or a pending decision is in progress.",
      screens: screens)
  }

  /// Takes a screen back out of the container a refused navigation wrapped it in, without
  /// callbacks, so that a given instance is left as it was (its view stays loaded if the
  /// container loaded it).
  static func releaseEmbedding(of screen: ViewController, from shown: ViewController) {
    guard shown !== screen, let parent = screen.parent else { return }
    parent.removeChild(at: screen.indexInParent)
    screen.viewIfLoaded?.detachFromSuperview()
  }

  /// Checks that a screen is free to join a hierarchy: no parent, not presented, no root.
  static func freeScreenError(_ screen: ViewController, action: String) -> NavigationError? {
    if let parent = screen.parent {
      return NavigationError(
        .invalidRequest,
        "Can't \(action) \(screen.screenID): it is a child of \(parent.screenID).",
        screens: [screen.screenID, parent.screenID])
    }
    if let presenter = screen.presenter {
      return NavigationError(
        .alreadyPresented,
        "Can't \(action) \(screen.screenID): it is presented by \(presenter.screenID).",
        screens: [screen.screenID, presenter.screenID])
    }
    if screen.windowIfRoot != nil {
      return NavigationError(
        .invalidRequest, "Can't \(action) \(screen.screenID): it is the root of a window.",
        screens: [screen.screenID])
    }
    return nil
  }
}

/// The screen providers of a navigator, by key type: the first one inline, the others in a
/// dictionary. Most navigators have one (an app controller's, for its routes), and a
/// dictionary of one costs about 150 bytes of heap per navigator.
///
/// Each provider is kept in a ``ScreenProviderBox`` of its key type rather than as `Any`: a
/// function kept as `Any` is reabstracted on the way in and again on the way out, and every
/// call ran through both thunks (Benchmarks/README.md, "The typed planner", has the
/// measurement).
struct ScreenProviders {
  /// The first key type given a provider, and its provider's box.
  private var first: (key: ObjectIdentifier, provider: AnyObject)?
  /// The providers' boxes of the other key types.
  private var others: [ObjectIdentifier: AnyObject] = [:]

  /// The box of the provider for the key type `key`, if any: a ``ScreenProviderBox`` of
  /// that type.
  subscript(keyType key: ObjectIdentifier) -> AnyObject? {
    if let first, first.key == key { return first.provider }
    return others.isEmpty ? nil : others[key]
  }

  /// Gives `Key` its provider, replacing the one it had.
  mutating func setProvider<Key>(_ provider: @escaping ScreenProvider<Key>, for _: Key.Type) {
    let key = ObjectIdentifier(Key.self)
    let box = ScreenProviderBox(provider)
    if let first, first.key != key {
      others[key] = box
    } else {
      first = (key, box)
    }
  }
}

/// A screen provider with its key type, as ``ScreenProviders`` keeps it.
@usableFromInline
final class ScreenProviderBox<Key> {
  /// The provider.
  @usableFromInline let make: ScreenProvider<Key>

  /// Boxes a provider.
  init(_ make: @escaping ScreenProvider<Key>) { self.make = make }
}
