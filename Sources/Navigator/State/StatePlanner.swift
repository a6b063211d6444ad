/// Computes the minimal plan from a window's hierarchy to a target state: the steps and
/// the same steps resolved against instances.
///
/// Screens are matched by place: the target's root against the window's root, a stack's
/// entries against the same stack's (by key, in order, the first unused match), a
/// container's children against the same container's, a presentation against the same
/// presenter's. A screen whose key moves elsewhere is made again there.
///
/// The planner reads the target without its key type (``ErasedTarget``): it runs as
/// ordinary code whatever the caller's key. Its position in the target is one array of
/// path components, extended and shortened as it walks; a ``StatePath`` is built only for
/// a step, an error, or a popover's anchor.
@usableFromInline
struct StatePlanner {
  /// The window planned from.
  let window: Window
  /// The target planned to.
  let target: ErasedTarget
  /// The steps, in the order they run.
  @usableFromInline private(set) var steps: [PlanStep] = []
  /// The steps resolved against instances, at the indices of ``steps``.
  private(set) var actions: [PlannedAction] = []
  /// Stacks whose top leaves the hierarchy: their guards are asked.
  private(set) var leavingStacks: [NavigationController] = []
  /// Every screen the plan makes, in the order of the steps that show them (each made
  /// subtree in pre-order); actions and places name them by their index here.
  private(set) var made: [PlannedScreen] = []
  /// The keys of the screens the plan makes, at the indices of ``made``.
  private(set) var madeKeys: [TargetKey] = []

  /// A Boolean value indicating whether the plan makes no screen, for inlinable code.
  @usableFromInline var isMakingNoScreen: Bool { made.isEmpty }

  /// The number of dismissals, at the start of ``steps`` (and of ``actions``).
  var dismissalCount = 0
  /// The number of dismissals and changes of the layers that stay, at the start of
  /// ``steps``: the new presentations follow.
  var changeEnd = 0
  /// Where the walk is: the path of the node being planned.
  var components: [StatePath.Component] = []
  /// The instance at each path of the target, for anchors; recorded only when the target
  /// has a popover.
  var placed: [StatePath: Placed] = [:]
  /// A Boolean value indicating whether ``placed`` is recorded: a new popover needs it to
  /// find its anchor's owner, and nothing else does.
  var recordsPlaces = false
  /// A Boolean value indicating whether the planner records what only a navigation needs:
  /// the actions, the ``PlannedScreen``s, the screens made and the stacks whose tops leave.
  /// ``Navigator/plan(to:)`` records only the steps.
  let recordsActions: Bool

  /// Creates a planner for a window and a target; `recordsActions` is `false` for a plan
  /// that records only its steps.
  @usableFromInline
  init(window: Window, target: ErasedTarget, recordsActions: Bool) {
    self.window = window
    self.target = target
    self.recordsActions = recordsActions
  }

  /// Puts a step at the end of its run, with its action built only when the planner records
  /// actions.
  ///
  /// The steps run in three runs (dismissals, then the changes of the layers that stay, then
  /// the new presentations), each in the order the walk finds them; a step goes straight to
  /// its place in ``steps`` and ``actions``, whose later elements move up without a copy
  /// (a plan has a few steps).
  mutating func append(_ run: Run, _ step: PlanStep, _ action: @autoclosure () -> PlannedAction) {
    let index: Int
    switch run {
    case .dismissal:
      index = dismissalCount
      dismissalCount += 1
      changeEnd += 1
    case .layerChange:
      index = changeEnd
      changeEnd += 1
    case .presentation:
      index = steps.count
    }
    if index == steps.count {
      steps.append(step)
      if recordsActions { actions.append(action()) }
    } else {
      steps.insert(step, at: index)
      if recordsActions { actions.insert(action(), at: index) }
    }
  }

  /// The path of the node being planned.
  var path: StatePath { StatePath(components) }

  /// Plans the way to the target; throws when the target breaks a rule of the hierarchy.
  @usableFromInline
  mutating func plan() throws(NavigationError) {
    let current = window.rootViewController
    let root: Int? = target.nodes.isEmpty ? nil : 0
    recordsPlaces = target.hasPopover
    // Room for the walk's usual depth and a usual plan: no regrowth.
    components.reserveCapacity(8)
    steps.reserveCapacity(4)
    if recordsActions { actions.reserveCapacity(4) }
    switch (current, root) {
    case (nil, nil):
      break
    case (let root?, nil):
      collectLeavingStacks(in: root)
      append(.layerChange, .setRoot(nil), .setRoot(nil))
    case (let root, let node?):
      if let root, target.matches(root, node) {
        try keep(root, node, layerCovered: covers(node))
      } else {
        if let root { collectLeavingStacks(in: root) }
        let planned = try makePlanned(node, hasParent: false)
        append(.layerChange, .setRoot(node), .setRoot(planned.planned))
        try presentNested(in: planned)
      }
    }
  }

  /// A Boolean value indicating whether the node's presentation removes its layer from the
  /// screen (full screen, current context).
  func covers(_ index: Int) -> Bool {
    let node = target.nodes[index]
    return node.presented != nil && node.style.removesPresenter
  }

  // MARK: Screens the window keeps

  private mutating func keep(_ screen: ViewController, _ node: Int, layerCovered: Bool)
    throws(NavigationError)
  {
    if recordsPlaces { placed[path] = .kept(screen) }
    switch target.nodes[node].content {
    case .stack:
      try planStack(screen as! NavigationController, node, layerCovered: layerCovered)
    case .container:
      try planChildren(of: screen, node, layerCovered: layerCovered)
    case .screen:
      // A plain screen that holds nothing stays as it is.
      if !screen.childList.isEmpty { try planChildren(of: screen, node, layerCovered: layerCovered) }
    }
    try planPresentation(of: screen, node)
  }

  private mutating func planStack(_ navigation: NavigationController, _ node: Int, layerCovered: Bool)
    throws(NavigationError)
  {
    let entries = target.nodes[node].contained
    guard !entries.isEmpty else { throw emptyStack(at: path) }
    let current = navigation.childList
    var used = [Bool](repeating: false, count: current.count)
    var slots: [Placed] = []
    slots.reserveCapacity(entries.count)
    for offset in 0..<entries.count {
      let entry = entries.lowerBound + offset
      components.append(.entry(offset))
      var match: Int?
      for index in current.indices where !used[index] && target.matches(current[index], entry) {
        match = index
        break
      }
      if let match {
        used[match] = true
        slots.append(.kept(current[match]))
        try keep(current[match], entry, layerCovered: layerCovered)
      } else {
        slots.append(try makePlanned(entry, hasParent: true))
      }
      components.removeLast()
    }
    var keptInOrder = true
    for index in slots.indices {
      guard index < current.count, case .kept(let screen) = slots[index], screen === current[index] else {
        keptInOrder = false
        break
      }
    }
    let shown = navigation.appearanceState == .appeared && !layerCovered
    let oldTop = navigation.topViewController
    if keptInOrder, slots.count == current.count {
      return
    }
    if keptInOrder, slots.count < current.count {
      components.append(.entry(slots.count - 1))
      append(.layerChange, .popTo(path), .popTo(current[slots.count - 1], in: navigation, shown: shown))
      components.removeLast()
    } else if slots.count == current.count + 1, keepsInOrder(slots.dropLast(), current),
      let made = madeNode(slots.last!)
    {
      let last = slots.last!
      append(.layerChange, .push(made, onto: path), .push(last.planned, onto: navigation, shown: shown))
    } else {
      append(.layerChange, .setStack(path, stack: node), .setStack(navigation, slots, shown: shown))
    }
    var keepsOldTop = false
    if let oldTop {
      for slot in slots {
        if case .kept(let screen) = slot, screen === oldTop {
          keepsOldTop = true
          break
        }
      }
    }
    // Only a navigation asks the guards (``collectLeavingStacks(in:)`` does nothing otherwise).
    if recordsActions, let oldTop, !keepsOldTop {
      leavingStacks.append(navigation)
      for index in current.indices where !used[index] && current[index] !== oldTop {
        collectLeavingStacks(in: current[index])
      }
      collectLeavingStacks(inContentOf: oldTop)
    } else {
      for index in current.indices where !used[index] { collectLeavingStacks(in: current[index]) }
    }
    for offset in slots.indices where madeNode(slots[offset]) != nil {
      components.append(.entry(offset))
      try presentNested(in: slots[offset])
      components.removeLast()
    }
  }

  /// A Boolean value indicating whether the slots keep the first screens of `current`, in order.
  private func keepsInOrder(_ slots: ArraySlice<Placed>, _ current: [ViewController]) -> Bool {
    for index in slots.indices {
      guard case .kept(let screen) = slots[index], screen === current[index] else { return false }
    }
    return true
  }

  private mutating func planChildren(of container: ViewController, _ node: Int, layerCovered: Bool)
    throws(NavigationError)
  {
    let children = target.nodes[node].contained
    let current = container.childList
    // The longest run of children, from the first, that stay in place.
    var prefix = 0
    while prefix < current.count, prefix < children.count,
      target.matches(current[prefix], children.lowerBound + prefix)
    {
      prefix += 1
    }
    for offset in 0..<prefix {
      components.append(.child(offset))
      try keep(current[offset], children.lowerBound + offset, layerCovered: layerCovered)
      components.removeLast()
    }
    guard prefix < current.count || prefix < children.count else { return }
    var removed = Array(current[prefix...])
    for screen in removed.reversed() {
      append(.layerChange, .removeChild(screen, from: path), .removeChild(screen))
    }
    for offset in prefix..<children.count {
      let child = children.lowerBound + offset
      let containerPath = path
      components.append(.child(offset))
      if let match = removed.firstIndex(where: { target.matches($0, child) }) {
        let screen = removed.remove(at: match)
        append(.layerChange, .addChild(child, to: containerPath), .addChild(.kept(screen), to: container))
        try keep(screen, child, layerCovered: layerCovered)
      } else {
        let planned = try makePlanned(child, hasParent: true)
        append(.layerChange, .addChild(child, to: containerPath), .addChild(planned, to: container))
        try presentNested(in: planned)
      }
      components.removeLast()
    }
    for screen in removed { collectLeavingStacks(in: screen) }
  }

  private mutating func planPresentation(of presenter: ViewController, _ node: Int) throws(NavigationError) {
    let current = presenter.presented
    let targetNode = target.nodes[node]
    if let current, let presented = targetNode.presented, target.matches(current, presented),
      current.modalPresentationStyle == targetNode.style,
      targetNode.style != .popover
        || target.anchor(
          current.presentationState.popoverController?.anchor.map(ScreenAnchor.init), is: target.anchors[node]
        )
    {
      components.append(.presented)
      try keep(current, presented, layerCovered: covers(presented))
      components.removeLast()
      return
    }
    if let current {
      collectLeavingStacks(in: current)
      append(.dismissal, .dismiss(presentedBy: path), .dismiss(presenter: presenter))
    }
    if targetNode.presented != nil {
      try present(node, from: .kept(presenter))
    }
  }

  // MARK: Guards

  /// Notes every stack in `screen`'s subtree and what it presents: their tops leave.
  mutating func collectLeavingStacks(in screen: ViewController) {
    guard recordsActions else { return }
    if let navigation = screen.asNavigationStack, navigation.topViewController != nil {
      leavingStacks.append(navigation)
    }
    collectLeavingStacks(inContentOf: screen)
  }

  private mutating func collectLeavingStacks(inContentOf screen: ViewController) {
    // Borrowed from a local copy of the list, which holds every child.
    let children = screen.childList
    children.forEachBorrowed { collectLeavingStacks(in: $0) }
    if let presented = screen.presented { collectLeavingStacks(in: presented) }
  }

  /// The error for a stack node with no entry.
  func emptyStack(at path: StatePath) -> NavigationError {
    NavigationError(
      .invalidTarget, "Can't plan a navigation stack with no entry at \(path): a stack needs a root.")
  }

  /// Plans the screen for the node at `node` and every screen it holds, appended to
  /// ``made`` in pre-order; returns the screen's index there.
  mutating func appendMade(_ node: Int, hasParent: Bool) -> Int {
    let index = made.count
    let layout = target.nodes[node]
    made.append(
      PlannedScreen(
        node: node, content: layout.content, containedCount: layout.contained.count, hasParent: hasParent))
    madeKeys.append(target.keys[node])
    for child in layout.contained { _ = appendMade(child, hasParent: true) }
    made[index].size = made.count - index
    return index
  }

  /// The node of a screen the plan makes; `nil` for one the window keeps.
  func madeNode(_ place: Placed) -> Int? {
    switch place {
    case .kept: nil
    case .made(let index): made[index].node
    case .new(let node, _): node
    }
  }
}

/// The runs of a plan's steps, in their order.
extension StatePlanner {
  enum Run {
    /// A dismissal.
    case dismissal
    /// A change of a layer that stays.
    case layerChange
    /// A new presentation.
    case presentation
  }
}
