extension NavigationController {
  // Each move has an entry (admission: run now, or wait as a ``Command``), a `…Now` step
  // that a waiting command runs too (the guard), and a `perform…` step: validate, plan,
  // apply (``run(_:)``).

  // MARK: Push

  func push(_ screen: ViewController, animated: Bool, options: PushOptions?, completion: (() -> Void)?) {
    if mustWait {
      wait(.push(screen, onto: self, animated: animated, options: options, completion: completion))
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
    // Held here for the whole move, which borrows them: the window, the old top (a callback
    // may take it out of the stack) and `screen`, which the caller holds.
    let outgoing = topViewController
    let plan = StackPlan(
      .push, in: self, outgoing: outgoing, incoming: screen, animated: animated, completion: completion)
    if let options {
      screen.stackEntry = StackEntry(
        navigationBarHidden: options.navigationBarHidden, toolbarHidden: options.toolbarHidden,
        onPush: options.onPush, onPop: options.onPop)
    }
    run(plan, window: window, outgoing: outgoing, incoming: screen)
  }

  // MARK: Pop

  func pop(animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?) -> ViewController? {
    if mustWait {
      wait(.pop(self, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion))
      return nil
    }
    return popNow(animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  func popNow(animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?) -> ViewController? {
    guard childList.count > 1 else { return nil }
    guard mustAskGuard(ignoring: ignoringPopGuard) else {
      return performPop(.programmatic, animated: animated, completion: completion)
    }
    var popped: ViewController?
    _ = confirmLeavingTop(trigger: .programmatic, ignoringGuard: false) { [unowned self] in
      guard childList.count > 1 else { return }
      popped = performPop(.programmatic, animated: animated, completion: completion)
    }
    return popped
  }

  /// Pops the top screen, for `trigger`; `willPhaseDone` when a finished back swipe already
  /// delivered the will-callbacks.
  @discardableResult
  func performPop(
    _ trigger: PopTrigger, animated: Bool, completion: (() -> Void)?, willPhaseDone: Bool = false
  ) -> ViewController? {
    let count = childList.count
    guard count > 1 else { return nil }
    // Held here for the whole move, which borrows them.
    let outgoing = childList[count - 1]
    let incoming = childList[count - 2]
    let window = journalWindow
    run(
      StackPlan(
        .pop(trigger), in: self, outgoing: outgoing, incoming: incoming, animated: animated,
        completion: completion, willPhaseDone: willPhaseDone),
      window: window, outgoing: outgoing, incoming: incoming)
    return outgoing
  }

  // MARK: Pop to a screen, pop to the root

  func popTo(
    _ target: ViewController, animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?
  ) -> [ViewController]? {
    if mustWait {
      wait(
        .popTo(
          target, in: self, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion))
      return nil
    }
    return popToNow(target, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  func popToNow(
    _ target: ViewController, animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?
  ) -> [ViewController]? {
    if let error = popToError(target) {
      Misuse.handle(error, in: journalWindow ?? target.journalWindow)
      return nil
    }
    guard target !== topViewController else { return [] }
    guard mustAskGuard(ignoring: ignoringPopGuard) else {
      return performPopTo(target, toRoot: false, animated: animated, completion: completion)
    }
    var popped: [ViewController]?
    _ = confirmLeavingTop(trigger: .programmatic, ignoringGuard: false) { [unowned self] in
      guard target.parent === self else { return }
      popped = performPopTo(target, toRoot: false, animated: animated, completion: completion)
    }
    return popped
  }

  func popToRoot(animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?) -> [ViewController]? {
    if mustWait {
      wait(.popToRoot(self, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion))
      return nil
    }
    return popToRootNow(animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  func popToRootNow(animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?) -> [ViewController]? {
    guard childList.count > 1 else { return [] }
    guard mustAskGuard(ignoring: ignoringPopGuard) else {
      return performPopTo(childList[0], toRoot: true, animated: animated, completion: completion)
    }
    var popped: [ViewController]?
    _ = confirmLeavingTop(trigger: .programmatic, ignoringGuard: false) { [unowned self] in
      popped = performPopTo(childList[0], toRoot: true, animated: animated, completion: completion)
    }
    return popped
  }

  /// Pops every screen above `target`, a screen of this stack below the top; `toRoot`
  /// when `target` is the root and the caller asked for a pop to the root.
  @discardableResult
  func performPopTo(
    _ target: ViewController, toRoot: Bool, animated: Bool, completion: (() -> Void)?
  ) -> [ViewController]? {
    guard target.parent === self, target !== topViewController else { return nil }
    let popped = Array(childList[(target.indexInParent + 1)...])
    let outgoing = topViewController
    run(
      StackPlan(
        toRoot ? .popToRoot(popped: popped) : .popTo(popped: popped), in: self, outgoing: outgoing,
        incoming: target, animated: animated, completion: completion),
      window: journalWindow, outgoing: outgoing, incoming: target)
    return popped
  }

  // MARK: Replace

  func setStack(
    _ screens: [ViewController], animated: Bool, ignoringPopGuard: Bool, completion: (() -> Void)?
  ) {
    if mustWait {
      wait(
        .setViewControllers(
          screens, in: self, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion))
      return
    }
    setStackNow(screens, animated: animated, ignoringPopGuard: ignoringPopGuard, completion: completion)
  }

  func setStackNow(
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
    guard let newTop = screens.last else { return }
    let kept = Set(screens.map(ObjectIdentifier.init))
    let removed = childList.filter { !kept.contains(ObjectIdentifier($0)) }
    let added = screens.filter { $0.parent !== self }
    let outgoing = topViewController
    run(
      StackPlan(
        .set(screens, added: added, removed: removed), in: self, outgoing: outgoing, incoming: newTop,
        animated: animated, completion: completion),
      window: journalWindow, outgoing: outgoing, incoming: newTop)
  }

  /// Forgets that `child`, which leaves the stack, was the top the delegate was last told
  /// about: its identity can be another screen's once it is freed, and that screen, on top
  /// when the stack appears again, must be told about.
  @inline(__always)
  func forgetShownTop(_ child: ViewController) {
    if shownTop == ObjectIdentifier(child) { shownTop = NavigationController.noScreen }
  }

  /// Removes the children from `index` on, without callbacks.
  func removeChildren(from index: Int, window: Window?) {
    while childList.count > index {
      let child = childList.removeLast()
      forgetShownTop(child)
      if let window {
        if !child.hasAdopted(window.token) { child.adoptedWindow = window }
      } else if child.adoptedToken != nil {
        child.adoptedWindow = nil
      }
      child.parent = nil
    }
  }
}
