// Applying a planned navigation to a state: the new screens assembled and prepared, every
// step's structure changed at once, and the layers' transitions run as one.

extension StateApplication {
  /// Changes the hierarchy: assembles and prepares the new screens (`made`, at the indices
  /// of the planned ones), applies every step's structure change, and runs the layers'
  /// transitions as one.
  func apply(_ made: [ViewController], anchors: [Int: PopoverAnchor]) {
    let window = window
    onApply?()
    // The request's text is built only for a journal that records it.
    let target = target
    let steps = self.steps
    let animated = animated
    let actions = self.actions
    let finish = finish ?? {}
    guard !actions.isEmpty else {
      window.recordingJournal?.record(.completion(target.request(steps: steps, animated: animated)))
      return finish()
    }
    // The screens the steps show, found in the actions twice rather than collected into an
    // array: every one assembled, then every one prepared.
    let planned = self.made
    let keys = madeKeys
    // The actions read in place: a copy of each would retain the screens it names.
    actions.withUnsafeBufferPointer { actions in
      for index in actions.indices { forEachShown(by: actions[index]) { assemble($0, planned, made) } }
      for index in actions.indices {
        forEachShown(by: actions[index]) { prepareAll($0, planned, keys, made, in: window) }
      }
    }
    // The present and dismiss requests below name no screen: their plans record a request
    // only with a completion, and they get none (the navigation's own completion event
    // names the navigation). Building screen names here would cost a type name per screen.
    let unread = NavigationRequest.navigate(to: "", steps: [], animated: animated)
    window.queue.begin(.transition)
    window.isApplyingState = true
    defer { window.isApplyingState = false }
    var plans: [any TransitionPlan] = []
    plans.reserveCapacity(actions.count)
    // Each action read in place, not copied out of the array (a copy retains what it names).
    actions.withUnsafeBufferPointer { actions in
      for index in actions.indices {
        switch actions[index] {
        case .setRoot(let planned):
          if let plan = window.applyRootReplacement(with: planned.map { made[$0] }) { plans.append(plan) }
        case .dismiss(let presenter):
          guard let presented = presenter.presented else { continue }
          var dismissal = presented.removePresentation(
            window: window, animated: animated, trigger: .programmatic, request: unread, completion: nil)
          dismissal.isStepOfStateNavigation = true
          plans.append(dismissal)
        case .push(let planned, let navigation, let shown):
          plans.append(
            move(
              .push, in: navigation, incoming: made[planned], animated: animated, shown: shown, window: window
            ))
        case .popTo(let target, let navigation, let shown):
          let popped = Array(navigation.childList[(target.indexInParent + 1)...])
          plans.append(
            move(
              target.indexInParent == 0 ? .popToRoot(popped: popped) : .popTo(popped: popped), in: navigation,
              incoming: target, animated: animated, shown: shown, window: window))
        case .setStack(let navigation, let slots, let shown):
          plans.append(setStack(navigation, to: slots, made, shown: shown, window: window))
        case .present(let planned, let presenter, let style, _):
          let shown = made[planned]
          shown.modalPresentationStyle = style
          if let anchor = anchors[planned] {
            shown.popoverPresentationController!.anchor = anchor
          }
          plans.append(
            presenter.screen(made).applyPresentation(
              shown, animated: animated, completion: nil, request: unread, window: window))
        case .addChild(let child, let container):
          let screen = child.screen(made)
          container.addChild(screen)
          container.view.addSubview(screen.view)
          screen.didMove(toParent: container)
        case .removeChild(let child):
          child.willMove(toParent: nil)
          child.viewIfLoaded?.removeFromSuperview()
          child.removeFromParent()
        }
      }
    }
    var isAnimated = false
    if animated {
      for plan in plans where plan.isAnimated {
        isAnimated = true
        break
      }
    }
    window.schedule(
      StateTransition(
        window: window, plans: plans, isAnimated: isAnimated, target: target, steps: steps,
        animated: animated, completion: finish))
  }

  /// Plans and applies a stack's new entries (`slots`, the made ones in `made`).
  ///
  /// Out of line: inside the application's loop over its actions, read in place, its
  /// arrays cost a retain and a release each more.
  @inline(never)
  private func setStack(
    _ navigation: NavigationController, to slots: [Placed], _ made: [ViewController], shown: Bool,
    window: Window
  ) -> any TransitionPlan {
    var screens: [ViewController] = []
    screens.reserveCapacity(slots.count)
    // The slots read in place and the old screens borrowed from a local copy of the list:
    // copies of them would retain each screen once more.
    slots.withUnsafeBufferPointer { slots in
      for index in slots.indices { screens.append(slots[index].screen(made)) }
    }
    // Loops rather than `filter`, which grows its result one append at a time; `added`
    // gets room for every screen rather than a loop that counts the new ones first.
    var removed: [ViewController] = []
    let children = navigation.childList
    children.forEachBorrowed { old in if !screens.contains(where: { $0 === old }) { removed.append(old) } }
    var added: [ViewController] = []
    added.reserveCapacity(screens.count)
    screens.forEachBorrowed { screen in if screen.parent !== navigation { added.append(screen) } }
    return move(
      .set(screens, added: added, removed: removed), in: navigation, incoming: screens.last!,
      animated: animated, shown: shown, window: window)
  }

  /// Plans and applies one stack move of the navigation.
  private func move(
    _ move: StackPlan.Move, in navigation: NavigationController, incoming: ViewController, animated: Bool,
    shown: Bool, window: Window
  ) -> any TransitionPlan {
    let outgoing = navigation.topViewController
    let plan = StackPlan(
      move, in: navigation, outgoing: outgoing, incoming: incoming, animated: animated, completion: nil,
      staysOnScreen: shown)
    plan.apply(
      on: navigation, window: window, outgoing: outgoing, incoming: incoming,
      delegate: MoveDelegate(move: navigation))
    let scheduled = ScheduledStackMove(
      navigation: navigation, plan: plan, window: window, outgoing: outgoing, incoming: incoming)
    // A stack on screen that a new full-screen presentation covers: its old top disappears
    // here, since it left the stack before the presentation covers it.
    guard !shown, navigation.appearanceState == .appeared, let outgoing, outgoing !== incoming else {
      return scheduled
    }
    return CoveredStackMove(move: scheduled, outgoing: outgoing, animated: animated, window: window)
  }

  /// Calls `body` with the index of each made screen that `action` shows (the top of each
  /// made subtree).
  @inline(__always)
  private func forEachShown(by action: PlannedAction, _ body: (Int) -> Void) {
    switch action {
    case .setRoot(let planned?), .push(let planned, _, _): body(planned)
    case .setStack(_, let slots, _):
      slots.withUnsafeBufferPointer { slots in
        for index in slots.indices { if case .made(let planned) = slots[index] { body(planned) } }
      }
    case .present(let planned, _, _, _): body(planned)
    case .addChild(.made(let planned), _): body(planned)
    default: break
    }
  }

  /// Puts the made subtree at `index` of `planned` together, before it joins the window: a
  /// stack gets its entries, a container its children (their views in its view).
  private func assemble(_ index: Int, _ planned: [PlannedScreen], _ made: [ViewController]) {
    // A plain screen that holds nothing has nothing to assemble.
    let isStack = planned[index].content == .stack
    guard isStack || planned[index].containedCount > 0 else { return }
    planned.forEachContained(in: index) { assemble($0, planned, made) }
    let screen = made[index]
    var children: [ViewController] = []
    children.reserveCapacity(planned[index].containedCount)
    planned.forEachContained(in: index) { children.append(made[$0]) }
    if isStack {
      let navigation = screen as! NavigationController
      let removed = navigation.childList.filter { old in !children.contains { $0 === old } }
      // Borrowed from the arrays, which hold the screens until the end.
      removed.forEachBorrowed { $0.willMove(toParent: nil) }
      children.forEachBorrowed { child in
        if child.parent !== navigation { child.willMove(toParent: navigation) }
      }
      navigation.replaceChildren(with: children)
      removed.forEachBorrowed { $0.didMove(toParent: nil) }
      children.forEachBorrowed { $0.didMove(toParent: navigation) }
    } else {
      for child in children where child.parent !== screen {
        screen.addChild(child)
        screen.view.addSubview(child.view)
        child.didMove(toParent: screen)
      }
    }
  }

  /// Prepares the made screen at `index` and every planned screen it holds, in pre-order:
  /// the screens of its subtree, which follow it (`keys` and `made` at the indices of
  /// `planned`).
  private func prepareAll(
    _ index: Int, _ planned: [PlannedScreen], _ keys: [TargetKey], _ made: [ViewController], in window: Window
  ) {
    // Each screen borrowed from `made`, which holds it for the whole navigation.
    for index in index..<(index + planned[index].size) {
      made.withBorrowed(at: index) { prepare($0, keys, index, in: window) }
    }
  }

  /// Gives a made screen the key it was made for (`keys[index]`, unless it has a key of its
  /// own), adopts it into the window's journal, loads its view and gives it a background, as
  /// every navigator navigation does.
  ///
  /// The key is set here, once nothing can refuse the navigation, rather than when the
  /// screen is made: a refused navigation leaves every screen as it was. The screen shares
  /// the target's box of the key (boxes never change).
  private func prepare(_ screen: ViewController, _ keys: [TargetKey], _ index: Int, in window: Window) {
    if screen.keyBox == nil {
      // A navigation's keys are boxed already: the box is taken without the general lookup,
      // and the key is read in place (a copy of it would retain its box, and release it).
      switch keys[index] {
      case .key(let box): screen.keyBox = box
      case .unboxed(let unboxed): screen.keyBox = target.boxUnboxedKey(unboxed)
      case .navigationController, .instance: break
      }
    }
    screen.adopt(window)
    screen.loadViewIfNeeded()
    // The loaded view, unretained: the screen, which the plan holds, holds it.
    _ = screen.withLoadedViewUnretained { view in
      if view.backgroundColor == nil { view.backgroundColor = .systemBackground }
    }
  }
}
