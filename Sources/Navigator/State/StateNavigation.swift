/// One navigation to a state, from its plan to its completion.
struct StateNavigation<Key: Hashable & Sendable> {
  weak var navigator: Navigator?
  let target: NavigationState<Key>
  let options: StateNavigationOptions<Key>
  let completion: ((NavigationPlan<Key>) -> Void)?
  let lateFailure: ((NavigationError) -> Void)?

  init(
    navigator: Navigator, target: NavigationState<Key>, options: StateNavigationOptions<Key>,
    completion: ((NavigationPlan<Key>) -> Void)?, lateFailure: ((NavigationError) -> Void)?
  ) {
    self.navigator = navigator
    self.target = target
    self.options = options
    self.completion = completion
    self.lateFailure = lateFailure
  }

  /// Plans, makes and checks; asks the guards; then applies, now or when the last guard
  /// allows.
  func run() throws(NavigationError) {
    guard let navigator else {
      throw NavigationError(
        .invalidRequest, "Can't navigate to \(target.oneLine): the navigator that asked for it is gone.")
    }
    let window = navigator.window
    // The plan's starting state is read only when someone receives the plan.
    let receivesPlan =
      completion != nil || options.successHandler != nil || options.completionHandler != nil
    let from = receivesPlan ? window.navigationState(keyedBy: Key.self) : .empty
    var planner = StatePlanner<Key>(window: window)
    try planner.plan(to: target)
    let plan = NavigationPlan(from: from, to: target, steps: planner.steps)
    try make(planner.made, navigator: navigator)
    let anchors = try resolveAnchors(planner.actions)
    let guarded = planner.leavingStacks.filter { stack in
      stack.topViewController.map(stack.confirmsPops) ?? false
    }
    let actions = planner.actions
    guard !guarded.isEmpty else {
      return apply(plan, actions, anchors: anchors, navigator: navigator)
    }
    // Guards: each asked once the one before allowed; the first denial refuses it all.
    let fingerprint = window.hierarchyFingerprint
    var denial: NavigationError?
    var waited = false
    var finished = false
    func ask(_ index: Int) {
      guard index < guarded.count else {
        finished = true
        guard waited else { return }
        guard let navigator = self.navigator, navigator.window.hierarchyFingerprint == fingerprint else {
          refuseLate(
            NavigationError(
              .invalidRequest,
              "Can't navigate to \(target.oneLine): the hierarchy changed while a pop guard was asked."),
            window: window)
          return
        }
        apply(plan, actions, anchors: anchors, navigator: navigator)
        return
      }
      let stack = guarded[index]
      let top = stack.topViewController!
      let deny = {
        let error = NavigationError(
          .navigationDenied,
          "\(top.screenID) denied leaving \(stack.screenID), so the navigation to \(target.oneLine) was "
            + "refused.",
          screens: [top.screenID, stack.screenID])
        if waited { refuseLate(error, window: window) } else { denial = error }
        finished = true
      }
      if !stack.confirmLeavingTop(
        trigger: .programmatic, ignoringGuard: false, onDenial: deny, { ask(index + 1) }),
        !finished
      {
        waited = true
      }
    }
    ask(0)
    if let denial { throw denial }
    if finished, !waited { apply(plan, actions, anchors: anchors, navigator: navigator) }
  }

  /// Routes a refusal found after the call returned: to `onFailure`, then to an async
  /// caller (recorded and handed to the misuse handler, never trapped) or to the window's
  /// misuse policy.
  func refuseLate(_ error: NavigationError, window: Window?) {
    options.failureHandler?(error)
    guard let window else { return lateFailure?(error) ?? () }
    if let lateFailure {
      lateFailure(error)
      window.reportMisuse(error)
    } else {
      Misuse.handle(error, in: window)
    }
  }

  // MARK: Making and checking

  /// Makes every planned screen and checks it: the provider's kind, and that it is free.
  ///
  /// A screen made for a plain-screen node must not be a navigation controller: it would
  /// read back as a stack, and the window would not reach the target. The made screens get
  /// their keys only when the navigation applies (`prepare(_:in:)`): a refusal must leave
  /// every screen the provider handed out as it was, one already in the window among them.
  private func make(_ planned: [PlannedScreen<Key>], navigator: Navigator) throws(NavigationError) {
    guard !planned.isEmpty else { return }
    var seen = Set<ObjectIdentifier>()
    for screen in planned {
      let made: ViewController
      switch screen.node.key {
      case .navigationController:
        made = NavigationController()
      case .key(let key):
        guard let provider = navigator.screenProviders[ObjectIdentifier(Key.self)] as? ScreenProvider<Key>
        else {
          throw NavigationError(
            .unmakeableScreen,
            "Can't make \(key): the navigator has no screen provider for \(Key.self); give it one with "
              + "provideScreens(for:_:).")
        }
        made = try provider(key)
      case .instance(let screen):
        throw NavigationError(.unmakeableScreen, "Can't make \(screen) again: it has no navigationKey.")
      }
      guard seen.insert(ObjectIdentifier(made)).inserted else {
        throw NavigationError(
          .unmakeableScreen,
          "The screen provider returned \(made.screenID) for two places of one navigation.",
          screens: [made.screenID])
      }
      if let error = Navigator.freeScreenError(made, action: "show \(screen.node.key) as")
        ?? (made.isInWindowHierarchy
          ? NavigationError(
            .unmakeableScreen, "Can't show \(made.screenID) again: it is in the window already.",
            screens: [made.screenID]) : nil)
      {
        throw error
      }
      switch screen.node.content {
      case .stack:
        guard made.isNavigationStack else {
          throw NavigationError(
            .unmakeableScreen,
            "The screen provider made \(made.screenID) for \(screen.node.key), which the target holds as a "
              + "navigation stack: it is not a NavigationController.",
            screens: [made.screenID])
        }
      case .container:
        guard !made.isNavigationStack else {
          throw NavigationError(
            .unmakeableScreen,
            "The screen provider made \(made.screenID) for \(screen.node.key), which the target holds as a "
              + "container: a NavigationController's children are its stack.",
            screens: [made.screenID])
        }
      case .screen:
        guard !made.isNavigationStack else {
          throw NavigationError(
            .unmakeableScreen,
            "The screen provider made \(made.screenID) for \(screen.node.key), which the target holds as a "
              + "plain screen: a NavigationController is a navigation stack.",
            screens: [made.screenID])
        }
      }
      screen.screen = made
    }
  }

  /// Finds every popover's anchor in the screens that will hold it.
  private func resolveAnchors(_ actions: [PlannedAction<Key>]) throws(NavigationError) -> [ObjectIdentifier:
    PopoverAnchor]
  {
    var anchors: [ObjectIdentifier: PopoverAnchor] = [:]
    for case .present(let planned, _, _, let anchor?) in actions {
      let owner = anchor.owner.screen
      switch anchor.anchor {
      case .barButtonItem(let side, let index, _):
        let items =
          side == .left ? owner.navigationItem.leftBarButtonItems : owner.navigationItem.rightBarButtonItems
        guard items.indices.contains(index) else {
          throw NavigationError(
            .popoverWithoutAnchor,
            "Can't present \(planned.node) as a popover: \(owner.screenID) has no \(side) bar button item at "
              + "index \(index).",
            screens: [owner.screenID])
        }
        anchors[ObjectIdentifier(planned)] = .barButtonItem(items[index])
      case .view(_, let path, let rect):
        var view = owner.view
        for index in path {
          guard view.subviews.indices.contains(index) else {
            throw NavigationError(
              .popoverWithoutAnchor,
              "Can't present \(planned.node) as a popover: the view of \(owner.screenID) has no subview at "
                + "\(path).",
              screens: [owner.screenID])
          }
          view = view.subviews[index]
        }
        anchors[ObjectIdentifier(planned)] = .view(view, rect: rect)
      case .unnamed:
        break
      }
    }
    return anchors
  }

  // MARK: Applying

  /// Changes the hierarchy: assembles and prepares the new screens, applies every step's
  /// structure change, and runs the layers' transitions as one.
  private func apply(
    _ plan: NavigationPlan<Key>, _ actions: [PlannedAction<Key>], anchors: [ObjectIdentifier: PopoverAnchor],
    navigator: Navigator
  ) {
    let window = navigator.window
    options.successHandler?(plan)
    // The request's text is built only for a journal that records it.
    let target = target
    let animated = options.isAnimated
    let request = {
      NavigationRequest.navigate(
        to: target.oneLine, steps: plan.steps.map { $0.description }, animated: animated)
    }
    let completion = completion
    let completionHandler = options.completionHandler
    let finish = {
      completion?(plan)
      completionHandler?(plan)
    }
    guard !actions.isEmpty else {
      window.recordingJournal?.record(.completion(request()))
      return finish()
    }
    var made: [PlannedScreen<Key>] = []
    for action in actions {
      switch action {
      case .setRoot(let planned?), .push(let planned, _, _): made.append(planned)
      case .setStack(_, let slots, _):
        for case .made(let planned) in slots { made.append(planned) }
      case .present(let planned, _, _, _): made.append(planned)
      case .addChild(.made(let planned), _): made.append(planned)
      default: break
      }
    }
    for planned in made { assemble(planned) }
    for planned in made {
      for screen in planned.all { prepare(screen, in: window) }
    }
    window.queue.begin(.transition)
    var plans: [any TransitionPlan] = []
    for action in actions {
      switch action {
      case .setRoot(let planned):
        if let plan = window.applyRootReplacement(with: planned?.screen) { plans.append(plan) }
      case .dismiss(let presenter):
        guard let presented = presenter.presented else { continue }
        plans.append(
          presented.removePresentation(
            window: window, animated: animated, trigger: .programmatic,
            request: .dismiss(presenter.screenID, animated: animated), completion: nil))
      case .push(let planned, let navigation, let shown):
        plans.append(
          move(
            .push, in: navigation, incoming: planned.screen!, animated: animated, shown: shown, window: window
          ))
      case .popTo(let target, let navigation, let shown):
        let popped = Array(navigation.childList[(target.indexInParent + 1)...])
        plans.append(
          move(
            target.indexInParent == 0 ? .popToRoot(popped: popped) : .popTo(popped: popped), in: navigation,
            incoming: target, animated: animated, shown: shown, window: window))
      case .setStack(let navigation, let slots, let shown):
        let screens = slots.map(\.screen)
        let kept = Set(screens.map(ObjectIdentifier.init))
        let removed = navigation.childList.filter { !kept.contains(ObjectIdentifier($0)) }
        let added = screens.filter { $0.parent !== navigation }
        plans.append(
          move(
            .set(screens, added: added, removed: removed), in: navigation, incoming: screens.last!,
            animated: animated, shown: shown, window: window))
      case .present(let planned, let presenter, let style, _):
        let shown = planned.screen!
        shown.modalPresentationStyle = style
        if let anchor = anchors[ObjectIdentifier(planned)] {
          shown.popoverPresentationController!.anchor = anchor
        }
        let presenter = presenter.screen
        plans.append(
          presenter.applyPresentation(
            shown, animated: animated, completion: nil,
            request: .present(shown.screenID, from: presenter.screenID, animated: animated), window: window))
      case .addChild(let child, let container):
        let screen = child.screen
        container.addChild(screen)
        container.view.addSubview(screen.view)
        screen.didMove(toParent: container)
      case .removeChild(let child):
        child.willMove(toParent: nil)
        child.viewIfLoaded?.removeFromSuperview()
        child.removeFromParent()
      }
    }
    window.schedule(
      StateTransition(
        window: window, plans: plans, isAnimated: animated && plans.contains(where: \.isAnimated),
        request: request, completion: finish))
  }

  /// Plans and applies one stack move of the navigation.
  private func move(
    _ move: StackPlan.Move, in navigation: NavigationController, incoming: ViewController, animated: Bool,
    shown: Bool, window: Window
  ) -> any TransitionPlan {
    let outgoing = navigation.topViewController
    let plan = StackPlan(
      move, in: navigation, window: window, outgoing: outgoing, incoming: incoming, animated: animated,
      completion: nil, staysOnScreen: shown)
    plan.apply(on: navigation)
    let scheduled = ScheduledStackMove(navigation: navigation, plan: plan)
    // A stack on screen that a new full-screen presentation covers: its old top disappears
    // here, since it left the stack before the presentation covers it.
    guard !shown, navigation.appearanceState == .appeared, let outgoing, outgoing !== incoming else {
      return scheduled
    }
    return CoveredStackMove(move: scheduled, outgoing: outgoing, animated: animated, window: window)
  }

  /// Puts a made subtree together, before it joins the window: a stack gets its entries, a
  /// container its children (their views in its view).
  private func assemble(_ planned: PlannedScreen<Key>) {
    for child in planned.contained { assemble(child) }
    let screen = planned.screen!
    let children = planned.contained.map { $0.screen! }
    if planned.node.entries != nil {
      let navigation = screen as! NavigationController
      let removed = navigation.childList.filter { old in !children.contains { $0 === old } }
      for child in removed { child.willMove(toParent: nil) }
      for child in children where child.parent !== navigation { child.willMove(toParent: navigation) }
      navigation.replaceChildren(with: children)
      for child in removed { child.didMove(toParent: nil) }
      for child in children { child.didMove(toParent: navigation) }
    } else {
      for child in children where child.parent !== screen {
        screen.addChild(child)
        screen.view.addSubview(child.view)
        child.didMove(toParent: screen)
      }
    }
  }

  /// Gives a made screen the key it was made for (unless it has a key of its own), adopts it
  /// into the window's journal, loads its view and gives it a background, as every
  /// navigator navigation does.
  ///
  /// The key is set here, once nothing can refuse the navigation, rather than when the
  /// screen is made: a refused navigation leaves every screen as it was.
  private func prepare(_ planned: PlannedScreen<Key>, in window: Window) {
    let screen = planned.screen!
    if case .key(let key) = planned.node.key, screen.keyBox == nil { screen.navigationKey = key }
    screen.adopt(window)
    screen.loadViewIfNeeded()
    if screen.view.backgroundColor == nil { screen.view.backgroundColor = .systemBackground }
  }
}
