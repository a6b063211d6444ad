public import Navigator

/// A flow of any output: a flow's identity, its place in the flow tree and its screens.
///
/// Subclass ``Flow`` rather than this class; the app controller and parent flows hold their
/// children as `AnyFlow`.
open class AnyFlow {
  // The fields marked `@exclusivity(unchecked)` are read or written several times by every
  // flow that runs and ends; a flow lives in its app controller's isolation domain and no
  // access to them spans a call out of AppFlow, so the runtime's dynamic exclusivity checks
  // (about 75 instructions each) buy nothing. Without the attribute a flow run and finished
  // costs 18,290 instructions instead of 15,530 (+18%), run and popped 17,171 instead of
  // 15,142 (+13%) (Benchmarks/README.md, "Exclusivity checks").

  /// The flow's number in its app controller; 0 until it runs.
  @exclusivity(unchecked) var number = 0
  /// Where the flow is in its life.
  @exclusivity(unchecked) public internal(set) var state = FlowState.ready
  /// The flow that ran this one; `nil` for a flow the app controller ran, and once ended.
  @exclusivity(unchecked) public internal(set) weak var parent: AnyFlow?
  /// The live flows this one ran, in the order they ran.
  @exclusivity(unchecked) public internal(set) var children: [AnyFlow] = []
  /// The flow's first screen, while the flow is live: the flow ends when it leaves the
  /// window's hierarchy.
  @exclusivity(unchecked) public internal(set) var firstScreen: ViewController?
  /// The navigation controller the first screen was embedded in, when it was.
  @exclusivity(unchecked) var container: ViewController?
  /// How the flow showed its first screen.
  @exclusivity(unchecked) public internal(set) var presentation: FlowPresentation?
  /// A Boolean value indicating whether the flow is ending now: its children end, then it
  /// leaves the tree and its handler runs; an ending asked meanwhile does nothing.
  ///
  /// Declared after ``presentation``, in the bytes its last word leaves free, with
  /// ``isOutputLent``: so a flow's object, with its delivery, fits in the memory block it
  /// had before (Benchmarks/README.md, "Flows").
  @exclusivity(unchecked) var isConcluding = false
  /// A Boolean value indicating whether ``Flow``'s output is lent by the finishing call
  /// (Flow+Output.swift).
  @usableFromInline @exclusivity(unchecked) final var isOutputLent = false
  /// What the flow asked for when it finished or cancelled itself, and its screens leave.
  @exclusivity(unchecked) var requestedEnding: FlowEnding?
  /// The keeper of the flow tree, while the flow is live.
  @exclusivity(unchecked) weak var keeper: FlowKeeper?
  /// The window of the app controller that ran the flow, kept once the flow ended so that a
  /// late misuse (finishing twice) still goes to the window's misuse policy; through the
  /// window's token, since a weak reference would slow down every retain of the window.
  @exclusivity(unchecked) var windowToken: WindowToken?
  /// The window of the app controller that ran the flow, while it exists.
  var window: Window? { windowToken?.window }
  /// The ends of the lifetimes of screens kept until this flow ends (`Lifetime.untilEnd(of:)`).
  @exclusivity(unchecked) var lifetimeKills: LifetimeKills?

  /// Creates a flow; subclasses of ``Flow`` call it (from code inlined into theirs: see
  /// ``Flow/init()``).
  @usableFromInline init() {}

  /// The flow's name in events, errors and the flow tree: its type's name by default.
  open var name: String { String(describing: type(of: self)) }

  /// The space asked before the flow runs, if any: its first screen is not made until the
  /// space allowed (a sign-in flow it requires runs first). `nil` by default.
  ///
  /// The callback and async forms of `run` wait for the answer; a denial ends the flow
  /// ``FlowOutcome/cancelled(_:)`` with `protectionDenied`. The `try` forms can't wait: an
  /// answer that doesn't come at once throws `protectionPending`, a denial
  /// `protectionDenied`.
  open var protection: (any ProtectionSpace)? { nil }

  /// Applies a recorded input to this flow, as a replay does (Flow+Recording.swift);
  /// ``Flow`` overrides it.
  func replayed(_ input: ReplayedFlowInput) throws(ReplayedFlowFailure) {
    preconditionFailure("Every flow is a Flow<Output>, which replays its own inputs.")
  }

  /// The flow's identity: its name and its number in its app controller (`SignUpFlow#2`).
  public var id: FlowID { FlowID(name: name, number: number) }

  /// The app controller that runs the flow, while the flow is live.
  public var app: AppController? { keeper?.app }

  /// The navigator of the app controller that runs the flow, while the flow is live: push
  /// and present the flow's next screens with it.
  public var navigator: Navigator? { keeper?.app?.navigator }

  /// The screen the flow's navigation showed: its first screen, or the navigation
  /// controller it is embedded in.
  var shownScreen: ViewController? { container ?? firstScreen }

  /// Makes the first screen; ``Flow`` overrides it.
  func makeScreen() throws(NavigationError) -> ViewController {
    preconditionFailure("AnyFlow is subclassed by Flow only.")
  }

  /// Hands the flow its ending; ``Flow`` overrides it to deliver the typed outcome.
  func deliver(_ ending: FlowEnding) {}

  /// Forgets the output of a finish that was refused.
  func forgetOutput() {}

  /// The screens the flow holds while it is live: the navigation controller its first
  /// screen is embedded in, its first screen and the screens above it in its stack, and
  /// what those present; a child flow's screens are the child's.
  ///
  /// Empty for a flow that is not running.
  public var screens: [ViewController] {
    guard let first = firstScreen, state.isLive else { return [] }
    var screens: [ViewController] = []
    if let container { screens.append(container) }
    let childScreens = children.compactMap(\.shownScreen)
    func owns(_ screen: ViewController) -> Bool { !childScreens.contains { $0 === screen } }
    func collect(_ screen: ViewController) {
      screens.append(screen)
      var presented = screen.presentedViewController
      while let shown = presented, owns(shown), shown.presentingViewController === screen {
        screens.append(shown)
        if let stack = shown as? NavigationController {
          for entry in stack.viewControllers {
            guard owns(entry) else { break }
            screens.append(entry)
          }
        }
        presented = shown.presentedViewController
      }
    }
    if let stack = first.parent as? NavigationController,
      let index = stack.viewControllers.firstIndex(where: { $0 === first })
    {
      for entry in stack.viewControllers[index...] {
        guard entry === first || owns(entry) else { break }
        collect(entry)
      }
    } else {
      collect(first)
    }
    return screens
  }

  /// Sends a refusal of a call that does not throw to the window's misuse policy; a flow
  /// that never ran has no window, so its misuse traps.
  func handle(_ error: NavigationError) {
    guard let window = keeper?.app?.window ?? window else { preconditionFailure(error.message) }
    window.handleMisuse(error)
  }
}

/// A unit of navigation with a typed output: it shows a first screen and the screens after
/// it, and ends exactly once with a ``FlowOutcome``.
///
/// Subclass it, make the first screen in ``makeFirstScreen()``, and call
/// ``finish(_:removingScreens:animated:)`` with the output when the flow is done:
///
/// ```swift
/// final class SignUpFlow: Flow<Account> {
///   override func makeFirstScreen() throws(NavigationError) -> ViewController {
///     EmailScreen(onNext: { [weak self] email in self?.navigator?.push(.instance(PasswordScreen(…))) })
///   }
/// }
///
/// app.run(SignUpFlow(), as: .sheet(embeddedInNavigationController: true)) { outcome in
///   switch outcome {
///   case .finished(let account): …
///   case .dismissed, .replaced, .cancelled: …
///   }
/// }
/// ```
///
/// A flow's life is its first screen's: it ends when that screen leaves the window's
/// hierarchy, by any path, and only then (not on a cancelled swipe, a denied pop, or while a
/// pop guard decides). Its child flows end before it. Once ended, nothing in the package
/// holds it: screens don't hold their flow, and the app controller lets it go.
open class Flow<Output>: AnyFlow {
  /// Runs once with the outcome, set by the call that ran the flow (unchecked: see AnyFlow).
  @exclusivity(unchecked) var onEnd: ((FlowOutcome<Output>) -> Void)?
  /// The output of a finish whose screens are leaving: lent, or the flow's own memory
  /// (Flow+Output.swift).
  @usableFromInline @exclusivity(unchecked) final var outputStorage: UnsafeMutablePointer<Output>?
  /// Hands the flow its outcome: ``deliverOutcome(_:)``, specialized for the flow's output.
  ///
  /// A speed trick, kept in this one place. ``init()`` is inlined into each subclass's
  /// initializer, so this closure is compiled where `Output` is known: it builds the
  /// `FlowOutcome<Output>` without looking up that type's generic metadata at run time, as
  /// AppFlow's own generic code must (about 325 instructions and a lock-free map's atomics
  /// on every end; Benchmarks/README.md, "Flows"). It captures nothing, so it allocates
  /// nothing.
  @usableFromInline final let delivery: (Flow<Output>, FlowEnding) -> Void

  /// Creates a flow.
  @inlinable public override init() {
    delivery = { flow, ending in flow.deliverOutcome(ending) }
    super.init()
  }

  /// Lets go of the output of a finish whose screens had not left.
  deinit {
    clearOutput()
  }

  /// Makes the flow's first screen; called once, when the flow runs.
  ///
  /// Override it. The screen must be new: in no hierarchy. The navigation that shows it
  /// loads its view first, as for every navigation.
  ///
  /// - Returns: The first screen.
  /// - Throws: A `NavigationError` when the screen can't be made; the flow does not run.
  open func makeFirstScreen() throws(NavigationError) -> ViewController {
    throw NavigationError(
      .flowWithoutFirstScreen, "\(name) does not make a first screen: override makeFirstScreen().")
  }

  /// Called once, when the flow has ended, after its child flows ended and after the
  /// handler given to `run` had the outcome; does nothing by default.
  ///
  /// - Parameter outcome: How the flow ended.
  open func didEnd(with outcome: FlowOutcome<Output>) {}

  override func makeScreen() throws(NavigationError) -> ViewController {
    try makeFirstScreen()
  }

  override func deliver(_ ending: FlowEnding) {
    delivery(self, ending)
  }

  /// Hands the flow its ending as its typed outcome: to the handler given to `run`, then to
  /// ``didEnd(with:)``. Inlined into ``delivery``.
  @inlinable final func deliverOutcome(_ ending: FlowEnding) {
    let outcome: FlowOutcome<Output>
    switch ending {
    case .finished:
      outcome = .finished(takeOutput())
    case .dismissed(let exit): outcome = .dismissed(exit)
    case .replaced(let exit): outcome = .replaced(exit)
    case .cancelled(let error): outcome = .cancelled(error)
    }
    let onEnd = takeOnEnd()
    clearOutput()
    onEnd?(outcome)
    didEnd(with: outcome)
  }

  /// Takes the handler given to `run` out of the flow, which holds none after.
  ///
  /// Not inlinable: read in place where `Output` is known, the handler would be wrapped in a
  /// thunk, allocated, that converts its calling convention.
  @usableFromInline final func takeOnEnd() -> ((FlowOutcome<Output>) -> Void)? {
    // Not `Optional.take()`: unspecialized here, it looks up the closure's type metadata.
    let onEnd = onEnd
    self.onEnd = nil
    return onEnd
  }

  override func forgetOutput() {
    clearOutput()
  }

  // MARK: Ending

  /// Finishes the flow with its output; a refusal goes to the window's misuse policy.
  ///
  /// By default the flow's screens leave in one transition: a pushed flow pops back to the
  /// screen below its first, a presented one is dismissed (with what it presents), a child
  /// is removed from its container; the flow ends, ``FlowOutcome/finished(_:)``, when its
  /// first screen has left. Pop guards are not asked: the flow decided to leave. A root
  /// flow, whose first screen can't leave, and a flow told to leave its screens, end at
  /// once and leave their screens where they are.
  ///
  /// A pushed flow whose only screen is its first, on top of the stack and presenting
  /// nothing, leaves by a plain pop when the window is free (UIKit's `popViewController`:
  /// the journal and the navigation controller's delegate see a pop, and the screen leaves
  /// `popped(programmatic)`); otherwise, and whenever the pop would wait in the window's
  /// queue, by a pop-to the screen below its first (`poppedToScreen`). The callbacks are
  /// the same either way.
  ///
  /// - Parameters:
  ///   - output: The flow's output.
  ///   - removingScreens: A Boolean value indicating whether the flow's screens leave.
  ///   - animated: A Boolean value indicating whether their removal animates.
  public func finish(_ output: Output, removingScreens: Bool = true, animated: Bool = true) {
    do {
      try tryFinish(output, removingScreens: removingScreens, animated: animated)
    } catch {
      handle(error)
    }
  }

  /// Finishes the flow with its output, throwing when a check refuses it; nothing changes
  /// then.
  ///
  /// - Parameters:
  ///   - output: The flow's output.
  ///   - removingScreens: A Boolean value indicating whether the flow's screens leave.
  ///   - animated: A Boolean value indicating whether their removal animates.
  /// - Throws: ``Navigator/NavigationError/Code/flowNotRunning`` for a flow that never ran or whose
  ///   first screen is not shown yet, ``Navigator/NavigationError/Code/flowAlreadyEnded`` for a flow
  ///   that is ending or ended, and the error of the navigation that would remove its
  ///   screens.
  public func tryFinish(_ output: Output, removingScreens: Bool = true, animated: Bool = true)
    throws(NavigationError)
  {
    // One weak load of the keeper, lent on (Benchmarks/README.md, "Flows").
    guard let keeper else {
      try checkCanEnd("finish")
      preconditionFailure("A running flow has its keeper.")
    }
    guard keeper.isRecording, let app = keeper.app else {
      return try finishNow(output, keeper: keeper, removingScreens: removingScreens, animated: animated)
    }
    try recordingFinish(output, in: app, removingScreens: removingScreens, animated: animated)
  }

  /// Cancels the flow: its screens leave as for ``finish(_:removingScreens:animated:)``,
  /// and it ends ``FlowOutcome/cancelled(_:)`` with ``Navigator/NavigationError/Code/flowCancelled``;
  /// a refusal goes to the window's misuse policy.
  ///
  /// - Parameters:
  ///   - removingScreens: A Boolean value indicating whether the flow's screens leave.
  ///   - animated: A Boolean value indicating whether their removal animates.
  public func cancel(removingScreens: Bool = true, animated: Bool = true) {
    do {
      try tryCancel(removingScreens: removingScreens, animated: animated)
    } catch {
      handle(error)
    }
  }

  /// Cancels the flow, throwing when a check refuses it; nothing changes then.
  ///
  /// - Parameters:
  ///   - removingScreens: A Boolean value indicating whether the flow's screens leave.
  ///   - animated: A Boolean value indicating whether their removal animates.
  /// - Throws: As ``tryFinish(_:removingScreens:animated:)``.
  public func tryCancel(removingScreens: Bool = true, animated: Bool = true) throws(NavigationError) {
    guard let keeper else {
      try checkCanEnd("cancel")
      preconditionFailure("A running flow has its keeper.")
    }
    guard keeper.isRecording, let app = keeper.app else {
      return try cancelNow(keeper: keeper, removingScreens: removingScreens, animated: animated)
    }
    try recordingCancel(in: app, removingScreens: removingScreens, animated: animated)
  }

  /// Applies a recorded input, as a replay does (Flow+Recording.swift).
  override func replayed(_ input: ReplayedFlowInput) throws(ReplayedFlowFailure) {
    try replayedInput(input)
  }

  /// Throws unless the flow is running.
  func checkCanEnd(_ verb: String) throws(NavigationError) {
    // Tested first: the screens named by a refusal are built only for one (a `screenID`
    // formats the screen's type name: 7,600 instructions per finish, Benchmarks/README.md).
    if case .running = state, !isConcluding { return }
    let screens = firstScreen.map { [$0.screenID] } ?? []
    switch state {
    case .running where isConcluding:
      throw NavigationError(
        .flowAlreadyEnded, "Can't \(verb) \(id): it is already ending; a flow ends once.", screens: screens)
    case .running:
      return
    case .ready:
      throw NavigationError(.flowNotRunning, "Can't \(verb) \(id): it never ran.", screens: screens)
    case .starting:
      throw NavigationError(
        .flowNotRunning,
        "Can't \(verb) \(id): its first screen \(screens.first.map { "\($0)" } ?? "") is not shown yet.",
        screens: screens)
    case .ending:
      throw NavigationError(
        .flowAlreadyEnded, "Can't \(verb) \(id): it is already ending; a flow ends once.", screens: screens)
    case .ended(let ending):
      throw NavigationError(
        .flowAlreadyEnded, "Can't \(verb) \(id): it already ended (\(ending)); a flow ends once.",
        screens: screens)
    }
  }
}
