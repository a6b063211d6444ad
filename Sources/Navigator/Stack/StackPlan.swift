/// One move of a navigation stack, planned from the stack as it is before anything changes.
///
/// A move is validated, planned, then applied (``NavigationController/run(_:)``): ``apply(on:window:outgoing:incoming:)``
/// makes the will-events and changes the structure at once; the scheduler then delivers
/// ``willPhase(on:window:outgoing:incoming:)`` and ``didPhase(on:window:outgoing:incoming:)``, inside the call (immediate scheduler, or a stack
/// outside any window) or at the stops a test chooses (manual scheduler). Every move takes
/// this one path.
///
/// Order (see the behaviour reference, <doc:BehaviourReference#The-navigation-stack>), for a
/// visible stack: the direction's will-event and the containment `willMove` calls (in
/// ``apply(on:window:outgoing:incoming:)``); then the incoming screen loads, the outgoing screen's `viewWillDisappear`,
/// the incoming screen's `viewWillAppear`, `willShow`; when the transition finishes:
/// `viewDidDisappear`, `viewDidAppear`, `didShow`, then the containment `didMove` calls, the
/// direction's did-event, push or pop blocks, and the completion. A stack that is not on
/// screen gets no appearance callbacks and no `willShow`/`didShow`; everything else still
/// happens.
///
/// The plan holds what was decided, not the objects it moves: the window, the outgoing and
/// the incoming top are arguments of each phase. A move run at once borrows them from its
/// caller, which holds them for the whole call, so the plan retains nothing; a scheduled move
/// keeps them in ``ScheduledStackMove`` until its phases have run (Benchmarks/README.md,
/// "Borrowed objects in a move").
struct StackPlan {
  enum Move {
    /// Pushes the incoming top.
    case push
    /// Pops the outgoing top, for the given reason.
    case pop(PopTrigger)
    /// Pops the screens above the incoming top, bottom to top.
    case popTo(popped: [ViewController])
    /// Pops the screens above the root, bottom to top.
    case popToRoot(popped: [ViewController])
    /// Replaces the stack with `screens`; `added` join it, `removed` leave it.
    case set([ViewController], added: [ViewController], removed: [ViewController])
  }

  let move: Move
  let animated: Bool
  let completion: (() -> Void)?
  /// The will-callbacks were already delivered (a finished back swipe).
  let willPhaseDone: Bool
  /// A Boolean value indicating whether the stack is on screen and its top changes.
  let showsTransition: Bool
  /// A Boolean value indicating whether the outgoing top leaves the stack.
  let outgoingLeaves: Bool
  /// A Boolean value indicating whether the incoming top joins the stack with this move.
  let incomingIsNew: Bool

  /// Plans a move from `outgoing`, the top before it, to `incoming`, the top after it;
  /// `staysOnScreen` is `false` when a navigation to a state covers the stack's layer in the
  /// same transition (the new top then never appears).
  @inline(__always)
  init(
    _ move: Move, in navigation: NavigationController, outgoing: ViewController?,
    incoming: ViewController, animated: Bool, completion: (() -> Void)?, willPhaseDone: Bool = false,
    staysOnScreen: Bool = true
  ) {
    self.move = move
    self.animated = animated
    self.completion = completion
    self.willPhaseDone = willPhaseDone
    showsTransition = staysOnScreen && navigation.appearanceState == .appeared && incoming !== outgoing
    switch move {
    case .push:
      outgoingLeaves = false
      incomingIsNew = true
    case .pop, .popTo, .popToRoot:
      outgoingLeaves = true
      incomingIsNew = false
    case .set(let screens, let added, _):
      outgoingLeaves = outgoing.map { top in !screens.contains { $0 === top } } ?? false
      incomingIsNew = added.contains { $0 === incoming }
    }
  }

  var isAnimated: Bool { animated && showsTransition }

  // MARK: Applying

  /// Makes the will-events (the delegate's direction event, the containment `willMove`
  /// calls) and changes the structure of `navigation`, the stack the plan was made for.
  ///
  /// The stack, its window and both tops are arguments rather than parts of the plan, so
  /// that a move run at once retains nothing more than its caller does.
  @inline(always)
  func apply(
    on navigation: NavigationController, window: Window?, outgoing: ViewController?, incoming: ViewController,
    delegate: MoveDelegate
  ) {
    // A local, so that the observers' closures capture it rather than the whole plan.
    let animated = animated
    switch move {
    case .push:
      let screen = incoming
      window?.journal.record(.willPush(screen.screenID, onto: navigation.screenID, animated: animated))
      delegate.tell(navigation) { $0.navigationController(navigation, willPush: screen, animated: animated) }
      navigation.notifyObservers { $0.navigationController(navigation, willPush: screen, animated: animated) }
      screen.willMove(toParent: navigation)
      navigation.appendChild(screen, window: window)
      navigation.announceJoining(screen, in: window)
    case .pop:
      guard let screen = outgoing else { return }
      window?.journal.record(.willPop(screen.screenID, from: navigation.screenID, animated: animated))
      delegate.tell(navigation) { $0.navigationController(navigation, willPop: screen, animated: animated) }
      navigation.notifyObservers { $0.navigationController(navigation, willPop: screen, animated: animated) }
      screen.willMove(toParent: nil)
      navigation.removeChildren(from: screen.indexInParent, window: window)
    case .popTo(let popped):
      guard let first = popped.first else { return }
      let target = incoming
      navigation.notify(
        window,
        .willPopTo(
          target.screenID, in: navigation.screenID, popping: popped.map(\.screenID), animated: animated),
        delegate: delegate
      ) {
        $0.navigationController(navigation, willPopTo: target, popping: popped, animated: animated)
      }
      popped.forEachBorrowed { $0.willMove(toParent: nil) }
      navigation.removeChildren(from: first.indexInParent, window: window)
    case .popToRoot(let popped):
      guard let first = popped.first else { return }
      navigation.notify(
        window, .willPopToRoot(in: navigation.screenID, popping: popped.map(\.screenID), animated: animated),
        delegate: delegate
      ) {
        $0.navigationController(navigation, willPopToRootPopping: popped, animated: animated)
      }
      popped.forEachBorrowed { $0.willMove(toParent: nil) }
      navigation.removeChildren(from: first.indexInParent, window: window)
    case .set(let screens, let added, let removed):
      navigation.notify(
        window, .willSetViewControllers(screens.map(\.screenID), in: navigation.screenID, animated: animated),
        delegate: delegate
      ) {
        $0.navigationController(navigation, willSetViewControllers: screens, animated: animated)
      }
      // Borrowed from the plan's arrays, which hold the screens for the whole move.
      removed.forEachBorrowed { $0.willMove(toParent: nil) }
      added.forEachBorrowed { $0.willMove(toParent: navigation) }
      navigation.replaceChildren(with: screens)
      added.forEachBorrowed { navigation.announceJoining($0, in: window) }
    }
  }

  // MARK: The phases

  /// Sets the moving flags of the screens the move adds or removes, around their callbacks.
  @inline(__always)
  private func setMovingFlags(_ value: Bool, outgoing: ViewController?, incoming: ViewController) {
    if outgoingLeaves, let outgoing { outgoing.isMovingFromParent = value }
    if incomingIsNew { incoming.isMovingToParent = value }
  }

  /// Delivers the will-callbacks of `navigation`'s move.
  @inline(always)
  func willPhase(
    on navigation: NavigationController, window: Window?, outgoing: ViewController?, incoming: ViewController,
    delegate: MoveDelegate
  ) {
    guard !willPhaseDone else { return }
    guard showsTransition else {
      navigation.applyBars(of: incoming, window: window)
      return
    }
    incoming.loadViewIfNeeded()
    navigation.applyBars(of: incoming, window: window)
    setMovingFlags(true, outgoing: outgoing, incoming: incoming)
    outgoing?.beginAppearance(false, animated: animated, window: window)
    incoming.beginAppearance(true, animated: animated, window: window)
    setMovingFlags(false, outgoing: outgoing, incoming: incoming)
    // The views are used unretained: the caller holds both screens, which hold their views.
    navigation.withLoadedViewUnretained { stackView in
      if incoming.withLoadedViewUnretained({ stackView.attach($0) }) == nil {
        stackView.attach(incoming.view)
      }
    }
    navigation.shownTop = ObjectIdentifier(incoming)
    navigation.notifyWillShow(incoming, animated: animated, window: window, delegate: delegate)
  }

  /// Takes the old top's view out of the stack's view, where it was shown.
  @inline(__always)
  private func detachView(of outgoing: ViewController?, from navigation: NavigationController) {
    // The views are used unretained and the link compared by address: the caller holds both
    // screens, which hold their views.
    outgoing?.withLoadedViewUnretained { outgoingView in
      guard outgoingView.superviewLink.isSet,
        navigation.withLoadedViewUnretained({ outgoingView.superviewLink.refers(to: $0) }) == true
      else { return }
      outgoingView.detachFromSuperview()
    }
  }

  /// Delivers the did-callbacks of `navigation`'s move, the direction's did-event, the
  /// blocks and the completion.
  @inline(always)
  func didPhase(
    on navigation: NavigationController, window: Window?, outgoing: ViewController?, incoming: ViewController,
    delegate: MoveDelegate
  ) {
    // A local, so that the observers' closures capture it rather than the whole plan.
    let animated = animated
    if showsTransition {
      setMovingFlags(true, outgoing: outgoing, incoming: incoming)
      outgoing?.endAppearance(window: window)
      incoming.endAppearance(window: window)
      setMovingFlags(false, outgoing: outgoing, incoming: incoming)
      detachView(of: outgoing, from: navigation)
      navigation.notifyDidShow(incoming, animated: animated, window: window, delegate: delegate)
    } else if outgoing !== navigation.topViewController {
      // Off screen (a hidden window) the old top's view still leaves the stack's view.
      detachView(of: outgoing, from: navigation)
    }
    switch move {
    case .push:
      let screen = incoming
      screen.didMove(toParent: navigation)
      window?.journal.record(.didPush(screen.screenID, onto: navigation.screenID, animated: animated))
      delegate.tell(navigation) { $0.navigationController(navigation, didPush: screen, animated: animated) }
      navigation.notifyObservers { $0.navigationController(navigation, didPush: screen, animated: animated) }
      navigation.runPushBlock(of: screen)
    case .pop(let trigger):
      guard let screen = outgoing else { break }
      screen.didMove(toParent: nil)
      window?.journal.record(.didPop(screen.screenID, from: navigation.screenID, animated: animated))
      delegate.tell(navigation) { $0.navigationController(navigation, didPop: screen, animated: animated) }
      navigation.notifyObservers { $0.navigationController(navigation, didPop: screen, animated: animated) }
      navigation.runPopBlock(of: screen)
      screen.leaveIfDetached(.popped(trigger), from: window)
    case .popTo(let popped):
      let target = incoming
      popped.forEachBorrowed { $0.didMove(toParent: nil) }
      navigation.notify(
        window,
        .didPopTo(
          target.screenID, in: navigation.screenID, popped: popped.map(\.screenID), animated: animated),
        delegate: delegate
      ) {
        $0.navigationController(navigation, didPopTo: target, popped: popped, animated: animated)
      }
      popped.forEachBorrowed { navigation.runPopBlock(of: $0) }
      popped.forEachBorrowedInReverse { $0.leaveIfDetached(.poppedToScreen, from: window) }
    case .popToRoot(let popped):
      popped.forEachBorrowed { $0.didMove(toParent: nil) }
      navigation.notify(
        window, .didPopToRoot(in: navigation.screenID, popped: popped.map(\.screenID), animated: animated),
        delegate: delegate
      ) {
        $0.navigationController(navigation, didPopToRootPopped: popped, animated: animated)
      }
      popped.forEachBorrowed { navigation.runPopBlock(of: $0) }
      popped.forEachBorrowedInReverse { $0.leaveIfDetached(.poppedToRoot, from: window) }
    case .set(let screens, let added, let removed):
      removed.forEachBorrowed { $0.didMove(toParent: nil) }
      added.forEachBorrowed { $0.didMove(toParent: navigation) }
      navigation.notify(
        window,
        .didSetViewControllers(screens.map(\.screenID), in: navigation.screenID, animated: animated),
        delegate: delegate
      ) {
        $0.navigationController(navigation, didSetViewControllers: screens, animated: animated)
      }
      removed.forEachBorrowed { navigation.runPopBlock(of: $0) }
      removed.forEachBorrowedInReverse { $0.leaveIfDetached(.stackReplaced, from: window) }
    }
    if let completion {
      window?.journal.record(.completion(request(on: navigation, incoming: incoming)))
      completion()
    }
  }

  /// The request the move of `navigation` to `incoming` carried out, as its completion
  /// event names it.
  func request(on navigation: NavigationController, incoming: ViewController) -> NavigationRequest {
    switch move {
    case .push:
      .push(incoming.screenID, onto: navigation.screenID, animated: animated)
    case .pop:
      .pop(from: navigation.screenID, animated: animated)
    case .popTo:
      .popTo(incoming.screenID, in: navigation.screenID, animated: animated)
    case .popToRoot:
      .popToRoot(in: navigation.screenID, animated: animated)
    case .set(let screens, _, _):
      .setViewControllers(screens.map(\.screenID), in: navigation.screenID, animated: animated)
    }
  }
}

/// A stack move waiting for a manual scheduler's stops: the stack, its plan, and the objects
/// the plan moves, held here until the phases have run.
///
/// A class: a navigation to a state keeps its moves as `any TransitionPlan`, and a struct this
/// large went into a box of its own, copied in through its value witness (a retain and a
/// release of each of its references); an object goes into the existential as one reference.
final class ScheduledStackMove: TransitionPlan {
  let navigation: NavigationController
  let plan: StackPlan
  /// The window whose scheduler runs the move and whose journal records it.
  let window: Window?
  /// The top before the move.
  let outgoing: ViewController?
  /// The top after the move.
  let incoming: ViewController

  /// A move of `navigation` by `plan`, from `outgoing` to `incoming`.
  init(
    navigation: NavigationController, plan: StackPlan, window: Window?, outgoing: ViewController?,
    incoming: ViewController
  ) {
    self.navigation = navigation
    self.plan = plan
    self.window = window
    self.outgoing = outgoing
    self.incoming = incoming
  }

  var isAnimated: Bool { plan.isAnimated }

  // Each phase loads the delegate for itself: none holds it between a test's stops.
  func willPhase() {
    plan.willPhase(
      on: navigation, window: window, outgoing: outgoing, incoming: incoming,
      delegate: MoveDelegate(move: navigation))
  }

  func didPhase() {
    plan.didPhase(
      on: navigation, window: window, outgoing: outgoing, incoming: incoming,
      delegate: MoveDelegate(move: navigation))
  }
}
