/// The callbacks of one move of a navigation stack whose structure already changed.
///
/// Order (spec §2), for a visible stack: the incoming screen loads, the outgoing screen's
/// `viewWillDisappear`, the incoming screen's `viewWillAppear`, `willShow`; when the
/// transition finishes: `viewDidDisappear`, `viewDidAppear`, `didShow`, then the
/// containment `didMove` calls, the direction's did-event, push or pop blocks, and the
/// completion. A stack that is not on screen gets no appearance callbacks and no
/// `willShow`/`didShow`; everything else still happens.
struct StackPlan: TransitionPlan {
  enum Move {
    /// Pushes `incoming` (kept there only, so a plan holds each screen once).
    case push
    /// Pops `outgoing`.
    case pop
    case popTo(ViewController, popped: [ViewController])
    case popToRoot(popped: [ViewController])
    case set([ViewController], added: [ViewController], removed: [ViewController])
  }

  /// What a move decides once, from the stack's state as it starts.
  struct Shape {
    /// A Boolean value indicating whether the stack is on screen and its top changes.
    let showsTransition: Bool
    /// A Boolean value indicating whether the outgoing top leaves the stack.
    let outgoingLeaves: Bool
    /// A Boolean value indicating whether the incoming top joins the stack with this move.
    let incomingIsNew: Bool

    @inline(__always)
    init(navigation: NavigationController, move: Move, outgoing: ViewController?, incoming: ViewController?) {
      showsTransition = navigation.appearanceState == .appeared && incoming != nil && incoming !== outgoing
      if let outgoing { outgoingLeaves = outgoing.parent !== navigation } else { outgoingLeaves = false }
      switch move {
      case .push: incomingIsNew = true
      case .set(_, let added, _): incomingIsNew = added.contains { $0 === incoming }
      case .pop, .popTo, .popToRoot: incomingIsNew = false
      }
    }
  }

  let navigation: NavigationController
  /// The window whose journal records the move (found once, when the move was planned).
  let window: Window?
  let move: Move
  let outgoing: ViewController?
  let incoming: ViewController?
  let animated: Bool
  let completion: (() -> Void)?
  let request: NavigationRequest?
  /// The will-callbacks were already delivered (a finished back swipe).
  let willPhaseDone: Bool
  let shape: Shape

  init(
    navigation: NavigationController, window: Window?, move: Move, outgoing: ViewController?,
    incoming: ViewController?, animated: Bool, completion: (() -> Void)?, request: NavigationRequest?,
    willPhaseDone: Bool = false
  ) {
    self.navigation = navigation
    self.window = window
    self.move = move
    self.outgoing = outgoing
    self.incoming = incoming
    self.animated = animated
    self.completion = completion
    self.request = request
    self.willPhaseDone = willPhaseDone
    shape = Shape(navigation: navigation, move: move, outgoing: outgoing, incoming: incoming)
  }

  var isAnimated: Bool { animated && shape.showsTransition }

  func willPhase() {
    guard !willPhaseDone else { return }
    Self.willPhase(
      navigation: navigation, window: window, outgoing: outgoing, incoming: incoming, animated: animated,
      shape: shape)
  }

  func didPhase() {
    Self.didPhase(
      navigation: navigation, window: window, move: move, outgoing: outgoing, incoming: incoming,
      animated: animated, shape: shape, completion: completion, request: request)
  }

  // The phases take the move's parts as arguments rather than reading them from a plan, so
  // that a move run at once (the immediate scheduler) builds no plan: borrowed arguments
  // need no retain, where a plan's stored references are copied at each use.

  @inline(__always)
  private static func setMovingFlags(
    _ value: Bool, outgoing: ViewController?, incoming: ViewController, shape: Shape
  ) {
    if shape.outgoingLeaves { outgoing?.isMovingFromParent = value }
    if shape.incomingIsNew { incoming.isMovingToParent = value }
  }

  /// Delivers the will-callbacks of a move.
  static func willPhase(
    navigation: NavigationController, window: Window?, outgoing: ViewController?,
    incoming: ViewController?, animated: Bool, shape: Shape
  ) {
    guard let incoming else { return }
    guard shape.showsTransition else {
      navigation.applyBars(of: incoming, window: window)
      return
    }
    incoming.loadViewIfNeeded()
    navigation.applyBars(of: incoming, window: window)
    setMovingFlags(true, outgoing: outgoing, incoming: incoming, shape: shape)
    outgoing?.beginAppearance(false, animated: animated, window: window)
    incoming.beginAppearance(true, animated: animated, window: window)
    setMovingFlags(false, outgoing: outgoing, incoming: incoming, shape: shape)
    navigation.viewIfLoaded?.attach(incoming.view)
    navigation.shownTop = ObjectIdentifier(incoming)
    navigation.notifyWillShow(incoming, animated: animated, window: window)
  }

  /// Takes the old top's view out of the stack's view, where it was shown.
  @inline(__always)
  private static func detachView(of outgoing: ViewController?, from navigation: NavigationController) {
    if let outgoingView = outgoing?.viewIfLoaded, outgoingView.superview === navigation.viewIfLoaded {
      outgoingView.detachFromSuperview()
    }
  }

  /// Delivers the did-callbacks of a move, its direction's did-event, its blocks and its
  /// completion.
  static func didPhase(
    navigation: NavigationController, window: Window?, move: Move, outgoing: ViewController?,
    incoming: ViewController?, animated: Bool, shape: Shape, completion: (() -> Void)?,
    request: NavigationRequest?
  ) {
    if shape.showsTransition, let incoming {
      setMovingFlags(true, outgoing: outgoing, incoming: incoming, shape: shape)
      outgoing?.endAppearance(window: window)
      incoming.endAppearance(window: window)
      setMovingFlags(false, outgoing: outgoing, incoming: incoming, shape: shape)
      detachView(of: outgoing, from: navigation)
      navigation.notifyDidShow(incoming, animated: animated, window: window)
    } else if outgoing !== navigation.topViewController {
      // Off screen (a hidden window) the old top's view still leaves the stack's view.
      detachView(of: outgoing, from: navigation)
    }
    switch move {
    case .push:
      guard let screen = incoming else { break }
      screen.didMove(toParent: navigation)
      window?.journal.record(.didPush(screen.screenID, onto: navigation.screenID, animated: animated))
      // Straight on the delegate, read now (a callback may have replaced it): one retain.
      navigation.delegate?.navigationController(navigation, didPush: screen, animated: animated)
      navigation.notifyObservers { $0.navigationController(navigation, didPush: screen, animated: animated) }
      navigation.runPushBlock(of: screen)
    case .pop:
      guard let screen = outgoing else { break }
      screen.didMove(toParent: nil)
      window?.journal.record(.didPop(screen.screenID, from: navigation.screenID, animated: animated))
      navigation.delegate?.navigationController(navigation, didPop: screen, animated: animated)
      navigation.notifyObservers { $0.navigationController(navigation, didPop: screen, animated: animated) }
      navigation.runPopBlock(of: screen)
    case .popTo(let target, let popped):
      for screen in popped { screen.didMove(toParent: nil) }
      navigation.notify(
        window,
        .didPopTo(
          target.screenID, in: navigation.screenID, popped: popped.map(\.screenID), animated: animated)
      ) {
        $0.navigationController(navigation, didPopTo: target, popped: popped, animated: animated)
      }
      for screen in popped { navigation.runPopBlock(of: screen) }
    case .popToRoot(let popped):
      for screen in popped { screen.didMove(toParent: nil) }
      navigation.notify(
        window, .didPopToRoot(in: navigation.screenID, popped: popped.map(\.screenID), animated: animated)
      ) {
        $0.navigationController(navigation, didPopToRootPopped: popped, animated: animated)
      }
      for screen in popped { navigation.runPopBlock(of: screen) }
    case .set(let screens, let added, let removed):
      for screen in removed { screen.didMove(toParent: nil) }
      for screen in added { screen.didMove(toParent: navigation) }
      navigation.notify(
        window,
        .didSetViewControllers(screens.map(\.screenID), in: navigation.screenID, animated: animated)
      ) {
        $0.navigationController(navigation, didSetViewControllers: screens, animated: animated)
      }
      for screen in removed { navigation.runPopBlock(of: screen) }
    }
    if let completion {
      if let request { window?.journal.record(.completion(request)) }
      completion()
    }
  }
}
