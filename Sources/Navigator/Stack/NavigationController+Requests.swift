extension NavigationController {
  // MARK: Checks

  /// Checks the rules for pushing `screen` onto this stack.
  package func pushError(_ screen: ViewController) -> NavigationError? {
    if screen.isNavigationStack {
      return NavigationError(
        .pushNavigationController,
        "Pushing a navigation controller is not supported: \(screen.screenID) onto \(screenID).",
        screens: [screen.screenID, screenID])
    }
    if screen.parent === self {
      return NavigationError(
        .duplicatePush,
        "Pushing the same view controller instance more than once is not supported: "
          + "\(screen.screenID) is already in the stack of \(screenID).",
        screens: [screen.screenID, screenID])
    }
    if let parent = screen.parent {
      return NavigationError(
        .pushScreenWithParent,
        "Can't push \(screen.screenID) onto \(screenID): it is a child of \(parent.screenID); "
          + "remove it from its parent first.",
        screens: [screen.screenID, screenID, parent.screenID])
    }
    return containmentError(adding: screen)
  }

  /// Checks the rules for a new stack.
  func stackError(_ screens: [ViewController]) -> NavigationError? {
    guard !screens.isEmpty else {
      return NavigationError(
        .emptyStack, "Can't set an empty stack on \(screenID): a navigation stack needs a root.",
        screens: [screenID])
    }
    var seen = Set<ObjectIdentifier>()
    seen.reserveCapacity(screens.count)
    for screen in screens {
      guard seen.insert(ObjectIdentifier(screen)).inserted else {
        return NavigationError(
          .duplicateScreenInStack,
          "Can't set a stack on \(screenID) that holds \(screen.screenID) more than once.",
          screens: [screen.screenID, screenID])
      }
      if screen.parent === self { continue }
      if let error = pushError(screen) { return error }
    }
    return nil
  }

  // MARK: Admission

  /// The window whose queue a request to this stack waits in, when it has to wait.
  ///
  /// Checked before anything else so that the common case (nothing running) builds no
  /// closure and no request value.
  ///
  /// A stack that left its window still queues behind that window's transitions: one
  /// window, one serial order of requests.
  @inline(__always)
  var busyWindow: Window? {
    // Loads only when the window is idle (the common case): nothing retained. `withWindow`
    // answers `nil` when the window is gone, else the window if busy, else `nil`.
    if let token = adoptedToken, let busy = token.withWindow({ $0.isBusy ? $0 : nil }) { return busy }
    guard let window = journalWindow, window.isBusy else { return nil }
    return window
  }

  /// Where a request to this stack waits when it has to.
  enum WaitingPlace {
    /// Behind the transitions and earlier requests of this window.
    case window(Window)
    /// Behind a move of this stack that runs outside any window.
    case stack
  }

  /// Where a request to this stack must wait now, or `nil` when it can run at once.
  ///
  /// Outside any window a move has no transition, but its callbacks still run: a request
  /// made from one of them waits until the move has finished, as it would in a window.
  @inline(__always)
  var waitingPlace: WaitingPlace? {
    if let window = busyWindow { return .window(window) }
    return isRunningMoveOutsideWindow ? .stack : nil
  }

  /// Queues `body` where it must wait, or refuses it under the policy.
  func admit(
    in place: WaitingPlace, _ request: @autoclosure () -> NavigationRequest, _ body: @escaping () -> Void
  ) {
    switch place {
    case .window(let window):
      window.admit(request(), policy: transitionRequestPolicy, body)
    case .stack:
      switch transitionRequestPolicy ?? .queue {
      case .queue:
        queueOutsideWindow.append(QueuedRequest(request: request(), body: body))
      case .reject:
        let request = request()
        Misuse.handle(
          NavigationError(
            .transitionInProgress,
            "Can't run \(request) while a move of \(screenID) is in progress.",
            screens: request.screens),
          in: journalWindow)
      }
    }
  }

  /// Ends a move outside any window, then runs the requests its callbacks made, in order,
  /// until one starts another move.
  private func moveOutsideWindowDidFinish() {
    isRunningMoveOutsideWindow = false
    while !isRunningMoveOutsideWindow, !queueOutsideWindow.isEmpty {
      queueOutsideWindow.removeFirst().body()
    }
  }

  /// Asks the top screen's guard, then runs `proceed` if it allows.
  ///
  /// A late answer runs `proceed` or `onDenial` only while this stack exists. The pending
  /// decision holds both, and is held by this stack (``pendingPopDecision``) and usually by
  /// the top screen (the guard keeps it to answer later): so they must hold neither
  /// strongly (capture the stack `unowned`, the top screen `weak`), or a decision that is
  /// never answered keeps the stack and its screens alive after their window is gone.
  ///
  /// - Returns: `true` when `proceed` ran inside this call.
  func confirmLeavingTop(
    trigger: PopTrigger, ignoringGuard: Bool, onDenial: (() -> Void)? = nil, _ proceed: @escaping () -> Void
  ) -> Bool {
    guard !ignoringGuard, let top = topViewController, confirmsPops(top),
      let guardian = top as? any PopConfirming
    else {
      proceed()
      return true
    }
    var answeredInline: Bool?
    var isWaiting = false
    // The window held while the guard thinks; resumed whatever happened to this stack
    // meanwhile, so that its queue never stays closed. Held through its token: a weak
    // reference would slow down every retain of the window.
    var heldWindow: WindowToken?
    let decision = PopDecision(screen: top.screenID, trigger: trigger) { [weak self] allowed in
      guard isWaiting else {
        answeredInline = allowed
        return
      }
      isWaiting = false
      self?.pendingPopDecision = nil
      let decide = { [weak self] in
        guard let self else { return }
        withExtendedLifetime(self) {
          if allowed { proceed() } else { onDenial?() }
        }
      }
      if let window = heldWindow?.window {
        heldWindow = nil
        window.resume(decide)
      } else {
        decide()
      }
    }
    guardian.confirmPop(decision)
    if let answeredInline {
      if answeredInline { proceed() } else { onDenial?() }
      return answeredInline
    }
    isWaiting = true
    pendingPopDecision = decision
    if let window = attachedWindow {
      heldWindow = window.token
      window.hold()
    }
    return false
  }

  /// A Boolean value indicating whether leaving the top screen must ask its guard.
  @inline(__always)
  func mustAskGuard(ignoring: Bool) -> Bool {
    guard !ignoring, let top = topViewController else { return false }
    return confirmsPops(top)
  }

  // MARK: Push

  func push(_ screen: ViewController, animated: Bool, options: PushOptions?, completion: (() -> Void)?) {
    if let waiting = waitingPlace {
      admit(
        in: waiting,
        .push(screen.screenID, onto: screenID, animated: animated)
      ) {
        [self] in
        performPush(screen, animated: animated, options: options, completion: completion)
      }
      return
    }
    performPush(screen, animated: animated, options: options, completion: completion)
  }

  func performPush(_ screen: ViewController, animated: Bool, options: PushOptions?, completion: (() -> Void)?)
  {
    let window = journalWindow
    if let error = pushError(screen) {
      Misuse.handle(error, in: window ?? screen.journalWindow)
      return
    }
    let outgoing = topViewController
    if let options {
      screen.stackEntry = StackEntry(
        navigationBarHidden: options.navigationBarHidden, toolbarHidden: options.toolbarHidden,
        onPush: options.onPush, onPop: options.onPop)
    }
    window?.journal.record(.willPush(screen.screenID, onto: screenID, animated: animated))
    delegate?.navigationController(self, willPush: screen, animated: animated)
    notifyObservers { $0.navigationController(self, willPush: screen, animated: animated) }
    screen.willMove(toParent: self)
    appendChild(screen)
    run(
      .push, window: window, outgoing: outgoing, incoming: screen, animated: animated,
      completion: completion, request: .push(screen.screenID, onto: screenID, animated: animated))
  }

  // MARK: Pop

  func pop(animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?) -> ViewController? {
    if let waiting = waitingPlace {
      admit(in: waiting, .pop(from: screenID, animated: animated)) { [self] in
        _ = popNow(animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
      }
      return nil
    }
    return popNow(animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  private func popNow(animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?) -> ViewController? {
    guard childList.count > 1 else { return nil }
    guard mustAskGuard(ignoring: ignoringPopGuard) else {
      return performPop(kind: .pop, animated: animated, completion: completion)
    }
    var popped: ViewController?
    _ = confirmLeavingTop(trigger: .programmatic, ignoringGuard: false) { [unowned self] in
      guard childList.count > 1 else { return }
      popped = performPop(kind: .pop, animated: animated, completion: completion)
    }
    return popped
  }

  func popTo(
    _ target: ViewController, animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?
  ) -> [ViewController]? {
    if let waiting = waitingPlace {
      admit(in: waiting, .popTo(target.screenID, in: screenID, animated: animated)) {
        [self] in
        _ = popToNow(target, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
      }
      return nil
    }
    return popToNow(target, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  private func popToNow(
    _ target: ViewController, animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?
  ) -> [ViewController]? {
    guard target.parent === self else {
      Misuse.handle(
        NavigationError(
          .popToUnknownScreen,
          "Tried to pop to a view controller that doesn't exist: \(target.screenID) is not in the "
            + "stack of \(screenID).",
          screens: [target.screenID, screenID]),
        in: journalWindow ?? target.journalWindow)
      return nil
    }
    guard target !== topViewController else { return [] }
    guard mustAskGuard(ignoring: ignoringPopGuard) else {
      return performPopTo(
        index: target.indexInParent, kind: .popTo, animated: animated, completion: completion)
    }
    var popped: [ViewController]?
    _ = confirmLeavingTop(trigger: .programmatic, ignoringGuard: false) { [unowned self] in
      guard target.parent === self else { return }
      popped = performPopTo(
        index: target.indexInParent, kind: .popTo, animated: animated, completion: completion)
    }
    return popped
  }

  func popToRoot(animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?) -> [ViewController]? {
    if let waiting = waitingPlace {
      admit(in: waiting, .popToRoot(in: screenID, animated: animated)) { [self] in
        _ = popToRootNow(animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
      }
      return nil
    }
    return popToRootNow(animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  private func popToRootNow(
    animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?
  ) -> [ViewController]? {
    guard childList.count > 1 else { return [] }
    guard mustAskGuard(ignoring: ignoringPopGuard) else {
      return performPopTo(index: 0, kind: .popToRoot, animated: animated, completion: completion)
    }
    var popped: [ViewController]?
    _ = confirmLeavingTop(trigger: .programmatic, ignoringGuard: false) { [unowned self] in
      popped = performPopTo(index: 0, kind: .popToRoot, animated: animated, completion: completion)
    }
    return popped
  }

  enum PopKind {
    case pop, popTo, popToRoot, interactive
  }

  /// Pops the top screen; the structure changes now.
  @discardableResult
  func performPop(
    kind: PopKind, animated: Bool, completion: (() -> Void)?, willPhaseDone: Bool = false
  ) -> ViewController? {
    let count = childList.count
    guard count > 1 else { return nil }
    let window = journalWindow
    let outgoing = childList[count - 1]
    let incoming = childList[count - 2]
    window?.journal.record(.willPop(outgoing.screenID, from: screenID, animated: animated))
    delegate?.navigationController(self, willPop: outgoing, animated: animated)
    notifyObservers { $0.navigationController(self, willPop: outgoing, animated: animated) }
    outgoing.willMove(toParent: nil)
    removeChildren(from: count - 1, window: window)
    run(
      .pop, window: window, outgoing: outgoing, incoming: incoming, animated: animated,
      completion: completion, request: .pop(from: screenID, animated: animated),
      willPhaseDone: willPhaseDone)
    return outgoing
  }

  /// Pops every screen above `index`; the structure changes now.
  @discardableResult
  func performPopTo(index: Int, kind: PopKind, animated: Bool, completion: (() -> Void)?) -> [ViewController]?
  {
    guard index >= 0, index < childList.count - 1 else { return nil }
    let window = journalWindow
    let outgoing = childList[childList.count - 1]
    let incoming = childList[index]
    let popped = Array(childList[(index + 1)...])
    let move: StackPlan.Move
    let request: NavigationRequest?
    if kind == .popToRoot {
      move = .popToRoot(popped: popped)
      request = completion == nil ? nil : .popToRoot(in: screenID, animated: animated)
      notify(window, .willPopToRoot(in: screenID, popping: popped.map(\.screenID), animated: animated)) {
        $0.navigationController(self, willPopToRootPopping: popped, animated: animated)
      }
    } else {
      move = .popTo(incoming, popped: popped)
      request = completion == nil ? nil : .popTo(incoming.screenID, in: screenID, animated: animated)
      notify(
        window,
        .willPopTo(incoming.screenID, in: screenID, popping: popped.map(\.screenID), animated: animated)
      ) {
        $0.navigationController(self, willPopTo: incoming, popping: popped, animated: animated)
      }
    }
    for screen in popped { screen.willMove(toParent: nil) }
    removeChildren(from: index + 1, window: window)
    run(
      move, window: window, outgoing: outgoing, incoming: incoming, animated: animated,
      completion: completion, request: request)
    return popped
  }

  // MARK: Replace

  func setStack(
    _ screens: [ViewController], animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?
  ) {
    if let waiting = waitingPlace {
      admit(
        in: waiting,
        .setViewControllers(screens.map(\.screenID), in: screenID, animated: animated)
      ) { [self] in
        setStackNow(screens, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
      }
      return
    }
    setStackNow(screens, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  private func setStackNow(
    _ screens: [ViewController], animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?
  ) {
    if let error = stackError(screens) {
      Misuse.handle(error, in: journalWindow ?? screens.first?.journalWindow)
      return
    }
    let dropsTop = topViewController.map { $0 !== screens.last } ?? false
    _ = confirmLeavingTop(trigger: .programmatic, ignoringGuard: ignoringPopGuard || !dropsTop) {
      [unowned self] in
      performSetStack(screens, animated: animated, completion: completion)
    }
  }

  func performSetStack(_ screens: [ViewController], animated: Bool, completion: (() -> Void)?) {
    if let error = stackError(screens) {
      Misuse.handle(error, in: journalWindow ?? screens.first?.journalWindow)
      return
    }
    let window = journalWindow
    let outgoing = topViewController
    let kept = Set(screens.map(ObjectIdentifier.init))
    let removed = childList.filter { !kept.contains(ObjectIdentifier($0)) }
    let added = screens.filter { $0.parent !== self }
    notify(window, .willSetViewControllers(screens.map(\.screenID), in: screenID, animated: animated)) {
      $0.navigationController(self, willSetViewControllers: screens, animated: animated)
    }
    for screen in removed { screen.willMove(toParent: nil) }
    for screen in added { screen.willMove(toParent: self) }
    replaceChildren(with: screens)
    run(
      .set(screens, added: added, removed: removed), window: window, outgoing: outgoing,
      incoming: screens.last, animated: animated, completion: completion,
      request: .setViewControllers(screens.map(\.screenID), in: screenID, animated: animated))
  }

  /// Removes the children from `index` on, without callbacks.
  func removeChildren(from index: Int, window: Window?) {
    while childList.count > index {
      let child = childList.removeLast()
      if child.adoptedToken !== window?.token { child.adoptedWindow = window }
      child.parent = nil
    }
  }

  // MARK: Running plans

  /// Runs a move whose structure already changed: at once, building no plan, under the
  /// immediate scheduler or without a window; else as a ``StackPlan`` under the window's
  /// scheduler.
  func run(
    _ move: StackPlan.Move, window: Window?, outgoing: ViewController?, incoming: ViewController?,
    animated: Bool, completion: (() -> Void)?, request: @autoclosure () -> NavigationRequest?,
    willPhaseDone: Bool = false
  ) {
    let request = completion == nil ? nil : request()
    if let window, !window.runsTransitionsAtOnce {
      window.perform(
        StackPlan(
          navigation: self, window: window, move: move, outgoing: outgoing, incoming: incoming,
          animated: animated, completion: completion, request: request, willPhaseDone: willPhaseDone))
      return
    }
    let shape = StackPlan.Shape(navigation: self, move: move, outgoing: outgoing, incoming: incoming)
    if let window { window.transitionWillStart() } else { isRunningMoveOutsideWindow = true }
    if !willPhaseDone {
      StackPlan.willPhase(
        navigation: self, window: window, outgoing: outgoing, incoming: incoming, animated: animated,
        shape: shape)
    }
    StackPlan.didPhase(
      navigation: self, window: window, move: move, outgoing: outgoing, incoming: incoming,
      animated: animated, shape: shape, completion: completion, request: request)
    if let window { window.transitionDidFinish() } else { moveOutsideWindowDidFinish() }
  }

  // MARK: Back button

  func handleBackButton() {
    guard childList.count > 1 else { return }
    let body = { [self] in
      guard childList.count > 1, let top = topViewController else { return }
      guard navigationBar(navigationBar, shouldPop: top) else { return }
      _ = confirmLeavingTop(trigger: .backButton, ignoringGuard: false) { [unowned self, weak top] in
        guard let top, top === topViewController else { return }
        performPop(kind: .pop, animated: true, completion: nil)
      }
    }
    if let waiting = waitingPlace {
      admit(in: waiting, .pop(from: screenID, animated: true), body)
    } else {
      body()
    }
  }

  // MARK: Leaving the hierarchy

  /// Runs the pop block of a screen that left the stack, and forgets what the stack
  /// remembered about it.
  func runPopBlock(of screen: ViewController) {
    guard let block = screen.stackEntry?.onPop else {
      screen.stackEntry = nil
      return
    }
    screen.stackEntry = nil
    recordingJournal?.record(.popBlock(screen.screenID))
    block()
  }

  func runPushBlock(of screen: ViewController) {
    guard let block = screen.stackEntry?.onPush else { return }
    screen.stackEntry?.onPush = nil
    recordingJournal?.record(.pushBlock(screen.screenID))
    block()
  }

  // MARK: Notifications

  /// Journals `event`, then tells the delegate and the observers.
  @inline(__always)
  func notify(
    _ window: Window?, _ event: @autoclosure () -> NavigationEvent,
    _ call: (any NavigationControllerDelegate) -> Void
  ) {
    window?.journal.record(event())
    if let delegate { call(delegate) }
    notifyObservers(call)
  }

  func notifyWillShow(_ screen: ViewController, animated: Bool, window: Window?) {
    window?.journal.record(.willShow(screen.screenID, in: screenID, animated: animated))
    // Called straight on the loaded delegate: no existential copy, one retain.
    delegate?.navigationController(self, willShow: screen, animated: animated)
    notifyObservers { $0.navigationController(self, willShow: screen, animated: animated) }
  }

  /// Tells the observers; the caller told the delegate.
  @inline(__always)
  func notifyObservers(_ call: (any NavigationControllerDelegate) -> Void) {
    guard hasObservers else { return }
    for observer in observers { if let value = observer.value { call(value) } }
  }

  func notifyDidShow(_ screen: ViewController, animated: Bool, window: Window?) {
    window?.journal.record(.didShow(screen.screenID, in: screenID, animated: animated))
    delegate?.navigationController(self, didShow: screen, animated: animated)
    notifyObservers { $0.navigationController(self, didShow: screen, animated: animated) }
  }

  // MARK: Bars

  /// Applies the bars `screen` wants as it becomes the top; journals each change.
  ///
  /// A screen wants what its push options said, else what was set while it was on top,
  /// else the defaults: navigation bar shown, toolbar hidden.
  func applyBars(of screen: ViewController, window: Window?) {
    let entry = screen.stackEntry
    let barHidden = entry?.navigationBarHidden ?? false
    let toolbarHidden = entry?.toolbarHidden ?? true
    if barHidden != isNavigationBarHidden {
      isNavigationBarHidden = barHidden
      window?.journal.record(.navigationBarHidden(barHidden, in: screenID))
    }
    if toolbarHidden != isToolbarHidden {
      isToolbarHidden = toolbarHidden
      window?.journal.record(.toolbarHidden(toolbarHidden, in: screenID))
    }
  }

  /// What the top screen remembers about itself, created when it has nothing yet.
  private var topEntry: StackEntry? {
    guard let top = topViewController else { return nil }
    if let entry = top.stackEntry { return entry }
    let entry = StackEntry(
      navigationBarHidden: isNavigationBarHidden, toolbarHidden: isToolbarHidden, onPush: nil, onPop: nil)
    top.stackEntry = entry
    return entry
  }

  /// Shows or hides the navigation bar; remembered for the top screen.
  ///
  /// - Parameters:
  ///   - hidden: A Boolean value indicating whether the bar is hidden.
  ///   - animated: A Boolean value indicating whether the change animates.
  public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    guard hidden != isNavigationBarHidden else { return }
    isNavigationBarHidden = hidden
    topEntry?.navigationBarHidden = hidden
    journalWindow?.journal.record(.navigationBarHidden(hidden, in: screenID))
  }

  /// Shows or hides the toolbar; remembered for the top screen.
  ///
  /// - Parameters:
  ///   - hidden: A Boolean value indicating whether the toolbar is hidden.
  ///   - animated: A Boolean value indicating whether the change animates.
  public func setToolbarHidden(_ hidden: Bool, animated: Bool) {
    guard hidden != isToolbarHidden else { return }
    isToolbarHidden = hidden
    topEntry?.toolbarHidden = hidden
    journalWindow?.journal.record(.toolbarHidden(hidden, in: screenID))
  }
}
