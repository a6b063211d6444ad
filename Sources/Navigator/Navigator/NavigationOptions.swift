/// Options for one navigation, chained from ``init()``.
///
/// ```swift
/// navigator.push(
///   .type(CardForm.self),
///   options: .init().animated(false).passing(card).onFailure { log($0) })
/// ```
///
/// Every closure runs at most once. `onSuccess` runs after the screen was created, loaded,
/// given its data and configured, just before the navigation starts; `completion` runs
/// once the navigation has finished (after the screen's `viewDidAppear(_:)`); `onFailure`
/// runs instead of both when a check refused the navigation, and nothing changed.
public struct NavigationOptions<Screen: ViewController> {
  /// A Boolean value indicating whether the transition animates; `true` by default.
  public private(set) var isAnimated = true
  /// The delegate that supplies the transition's duration, if any.
  public var transitioningDelegate: (any ViewControllerTransitioningDelegate)? {
    @inline(__always) get { rarelySet?.transitioningDelegate }
  }
  /// The container the screen is wrapped in before it is shown, if any.
  public private(set) var embedding: Embedding?
  /// The screen the navigation starts from; the visible screen when `nil`.
  public private(set) var origin: ViewController?
  /// The protection the navigator's gatekeeper asks before the screen is made, if any.
  public var protection: (any NavigationProtection)? {
    @inline(__always) get { rarelySet?.protection }
  }
  var completionHandler: ((Screen) -> Void)?
  var successHandler: ((Screen) -> Void)?
  var failureHandler: ((NavigationError) -> Void)?
  var deliverData: ((Screen) -> Void)?
  /// The data given to ``passing(_:)``, as it was given.
  var passedData: Any?
  /// The options few navigations set: the transitioning delegate, keep-alive, protection.
  var rarelySet: RarelySetOptions?

  /// Creates the default options: animated, from the visible screen, nothing else.
  public init() {}

  /// Returns options whose transition animates or not.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animates.
  /// - Returns: The changed options.
  public func animated(_ animated: Bool) -> NavigationOptions {
    var copy = self
    copy.isAnimated = animated
    return copy
  }

  /// Returns options whose transition is supplied by `delegate` (its duration honoured by
  /// a ``ManualScheduler``).
  ///
  /// - Parameter delegate: The delegate; held strongly for the navigation.
  /// - Returns: The changed options.
  public func transitioningDelegate(_ delegate: any ViewControllerTransitioningDelegate) -> NavigationOptions
  {
    var copy = self
    copy.rarelySet = RarelySetOptions(
      transitioningDelegate: delegate, keepAlive: rarelySet?.keepAlive, protection: rarelySet?.protection)
    return copy
  }

  /// Returns options that run `completion` once the navigation has finished.
  ///
  /// - Parameter completion: Runs once, after the screen's last did-callback.
  /// - Returns: The changed options.
  public func completion(_ completion: @escaping (Screen) -> Void) -> NavigationOptions {
    var copy = self
    copy.completionHandler = completion
    return copy
  }

  /// Returns options that run `onSuccess` once the screen is ready, before navigation starts.
  ///
  /// - Parameter onSuccess: Runs once with the loaded, configured screen.
  /// - Returns: The changed options.
  public func onSuccess(_ onSuccess: @escaping (Screen) -> Void) -> NavigationOptions {
    var copy = self
    copy.successHandler = onSuccess
    return copy
  }

  /// Returns options that run `onFailure` when the navigation is refused.
  ///
  /// Misuse (an unknown scene, a wrong type, no navigation controller to push onto…) and
  /// a guard's denial both land here; the hierarchy is unchanged.
  ///
  /// - Parameter onFailure: Runs once with the error.
  /// - Returns: The changed options.
  public func onFailure(_ onFailure: @escaping (NavigationError) -> Void) -> NavigationOptions {
    var copy = self
    copy.failureHandler = onFailure
    return copy
  }

  /// Returns options that wrap the screen in a container before showing it.
  ///
  /// The container is built before the screen's data is delivered and before `configure`
  /// runs, so `configure` receives a screen that is already the container's child (its view
  /// loaded if the container loaded it), though not yet in the window's hierarchy: before
  /// any `viewWillAppear(_:)`. ``Embedding`` gives the whole order.
  ///
  /// - Parameter embedding: The container.
  /// - Returns: The changed options.
  public func embedded(in embedding: Embedding) -> NavigationOptions {
    var copy = self
    copy.embedding = embedding
    return copy
  }

  /// Returns options that start the navigation from `origin` instead of the visible screen.
  ///
  /// - Parameter origin: The screen to push from, present from, or find the stack of.
  /// - Returns: The changed options.
  public func from(_ origin: ViewController) -> NavigationOptions {
    var copy = self
    copy.origin = origin
    return copy
  }

  /// Returns options that make the navigation ask `protection` (a sign-in, say) before
  /// its screen is made.
  ///
  /// The navigator's ``Navigator/gatekeeper`` (an AppController's) asks the protection
  /// before anything else: no screen is made, no initializer or factory runs, until it
  /// allowed. An answer given at once lets the navigation go on in the call; a later one
  /// runs it then, checked against the hierarchy at that moment, and the screen comes to
  /// `onSuccess` and `completion` (the form with a completion returns `nil` meanwhile; a
  /// `try` form, which can't wait, throws ``NavigationError/Code/protectionPending``). A
  /// denial goes to `onFailure` as ``NavigationError/Code/protectionDenied``; it is not a
  /// misuse and never traps.
  ///
  /// - Parameter protection: The protection.
  /// - Returns: The changed options.
  public func protect(with protection: any NavigationProtection) -> NavigationOptions {
    copy(protectedBy: protection)
  }

  /// The options with `protection` (none when `nil`), the others kept.
  func copy(protectedBy protection: (any NavigationProtection)?) -> NavigationOptions {
    var copy = self
    copy.rarelySet = RarelySetOptions.holding(
      transitioningDelegate: transitioningDelegate, keepAlive: rarelySet?.keepAlive, protection: protection)
    return copy
  }

  /// Returns options that deliver `data` to the screen before it is configured.
  ///
  /// Recorded requests carry the data when it is `Hashable`, else its description.
  ///
  /// - Parameter data: The data, handed to ``DataReceiving/receive(_:)``.
  /// - Returns: The changed options.
  public func passing(_ data: Screen.ReceivedData) -> NavigationOptions where Screen: DataReceiving {
    var copy = self
    copy.deliverData = { $0.receive(data) }
    copy.passedData = data
    return copy
  }
}
