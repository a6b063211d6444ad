/// A screen a plan makes: its node, with no presentation (those are steps of their own),
/// what it holds, and the instance once made.
final class PlannedScreen<Key: Hashable & Sendable> {
  let node: NavigationState<Key>.Node
  /// The planned screens of a new stack's entries or a new container's children, in order.
  let contained: [PlannedScreen]
  /// A Boolean value indicating whether the screen is inside another one of the plan's
  /// (an entry, a child) rather than the top of what a step shows.
  let hasParent: Bool
  /// The instance, once made.
  var screen: ViewController?

  init(_ node: NavigationState<Key>.Node, hasParent: Bool) {
    self.node = node
    self.hasParent = hasParent
    contained = node.contained.map { PlannedScreen($0, hasParent: true) }
  }

  /// This screen and every planned screen it holds, in pre-order.
  var all: [PlannedScreen] {
    var screens: [PlannedScreen] = []
    appendAll(to: &screens)
    return screens
  }

  // One array, appended to down the tree: no key path (in unspecialized code, each `\.all`
  // is built at run time) and no array per level.
  private func appendAll(to screens: inout [PlannedScreen]) {
    screens.append(self)
    for screen in contained { screen.appendAll(to: &screens) }
  }
}

/// A screen a step places: one the window keeps, or one the plan makes.
enum Placed<Key: Hashable & Sendable> {
  case kept(ViewController)
  case made(PlannedScreen<Key>)

  /// The instance; a made screen's once made.
  var screen: ViewController { kept ?? made!.screen! }

  private var kept: ViewController? {
    if case .kept(let screen) = self { return screen }
    return nil
  }

  private var made: PlannedScreen<Key>? {
    if case .made(let screen) = self { return screen }
    return nil
  }
}

/// What a step does to instances: the public ``NavigationPlan/Step`` resolved against the
/// window's screens.
enum PlannedAction<Key: Hashable & Sendable> {
  case setRoot(PlannedScreen<Key>?)
  case dismiss(presenter: ViewController)
  /// `shown`: the stack is on screen now and stays on screen (no full-screen presentation
  /// will cover its layer).
  case push(PlannedScreen<Key>, onto: NavigationController, shown: Bool)
  case popTo(ViewController, in: NavigationController, shown: Bool)
  case setStack(NavigationController, [Placed<Key>], shown: Bool)
  case present(
    PlannedScreen<Key>, from: Placed<Key>, style: ModalPresentationStyle, anchor: ResolvableAnchor<Key>?)
  case addChild(Placed<Key>, to: ViewController)
  case removeChild(ViewController)
}

/// A popover's anchor, with the screen that owns it found in the plan.
struct ResolvableAnchor<Key: Hashable & Sendable> {
  let anchor: NavigationState<Key>.Anchor
  let owner: Placed<Key>
}

/// Computes the minimal plan from a window's hierarchy to a target state: the public steps
/// and the same steps resolved against instances.
///
/// Screens are matched by place: the target's root against the window's root, a stack's
/// entries against the same stack's (by key, in order, the first unused match), a
/// container's children against the same container's, a presentation against the same
/// presenter's. A screen whose key moves elsewhere is made again there.
struct StatePlanner<Key: Hashable & Sendable> {
  let window: Window
  private(set) var steps: [NavigationPlan<Key>.Step] = []
  private(set) var actions: [PlannedAction<Key>] = []
  /// Stacks whose top leaves the hierarchy: their guards are asked.
  private(set) var leavingStacks: [NavigationController] = []
  /// Every screen the plan makes, in the order of the steps that show them.
  private(set) var made: [PlannedScreen<Key>] = []

  private var dismissals: [(NavigationPlan<Key>.Step, PlannedAction<Key>)] = []
  private var layerChanges: [(NavigationPlan<Key>.Step, PlannedAction<Key>)] = []
  private var presentations: [(NavigationPlan<Key>.Step, PlannedAction<Key>)] = []
  /// The instance at each path of the target, for anchors; recorded only when the target
  /// has a popover.
  private var placed: [StatePath: Placed<Key>] = [:]
  /// A Boolean value indicating whether ``placed`` is recorded: a new popover needs it to
  /// find its anchor's owner, and nothing else does.
  private var recordsPlaces = false

  init(window: Window) {
    self.window = window
  }

  /// Plans the way to `target`; throws when the target breaks a rule of the hierarchy.
  mutating func plan(to target: NavigationState<Key>) throws(NavigationError) {
    let current = window.rootViewController
    recordsPlaces = if let root = target.root { Self.hasPopover(root) } else { false }
    switch (current, target.root) {
    case (nil, nil):
      break
    case (let root?, nil):
      collectLeavingStacks(in: root)
      layerChanges.append((.setRoot(nil), .setRoot(nil)))
    case (let root, let node?):
      if let root, matches(root, node) {
        try keep(root, node, at: .root, layerCovered: covers(node.presentation))
      } else {
        if let root { collectLeavingStacks(in: root) }
        let planned = try makePlanned(node, at: .root, hasParent: false)
        layerChanges.append((.setRoot(planned.node), .setRoot(planned)))
        try presentNested(in: planned, node, at: .root)
      }
    }
    let count = dismissals.count + layerChanges.count + presentations.count
    steps.reserveCapacity(count)
    actions.reserveCapacity(count)
    for (step, action) in dismissals {
      steps.append(step)
      actions.append(action)
    }
    for (step, action) in layerChanges {
      steps.append(step)
      actions.append(action)
    }
    for (step, action) in presentations {
      steps.append(step)
      actions.append(action)
    }
  }

  /// A Boolean value indicating whether `node` is a navigation stack (a test of its
  /// content's case: `node.entries != nil` would build an optional array).
  private static func isStack(_ node: NavigationState<Key>.Node) -> Bool {
    if case .stack = node.content { true } else { false }
  }

  /// A Boolean value indicating whether `node`'s subtree presents a popover.
  private static func hasPopover(_ node: NavigationState<Key>.Node) -> Bool {
    switch node.content {
    case .screen: break
    case .stack(let nodes), .container(let nodes):
      for index in nodes.indices where hasPopover(nodes[index]) { return true }
    }
    guard let presentation = node.presentation else { return false }
    return presentation.style == .popover || hasPopover(presentation.screen)
  }

  // MARK: Matching

  /// A Boolean value indicating whether the window's `screen` can stay where the target
  /// has `node`: the same key and the same kind (a stack for a stack).
  private func matches(_ screen: ViewController, _ node: NavigationState<Key>.Node) -> Bool {
    guard screen.isNavigationStack == Self.isStack(node) else { return false }
    return screen.screenKey(as: Key.self) == node.key
  }

  /// A Boolean value indicating whether a presentation removes its presenter's layer from
  /// the screen (full screen, current context).
  private func covers(_ presentation: NavigationState<Key>.Presentation?) -> Bool {
    presentation?.style.removesPresenter ?? false
  }

  // MARK: Screens the window keeps

  private mutating func keep(
    _ screen: ViewController, _ node: NavigationState<Key>.Node, at path: StatePath, layerCovered: Bool
  ) throws(NavigationError) {
    if recordsPlaces { placed[path] = .kept(screen) }
    switch node.content {
    case .stack(let entries):
      try planStack(screen as! NavigationController, entries, at: path, layerCovered: layerCovered)
    case .container(let children):
      try planChildren(of: screen, children, at: path, layerCovered: layerCovered)
    case .screen:
      // A plain screen that holds nothing stays as it is.
      if !screen.childList.isEmpty { try planChildren(of: screen, [], at: path, layerCovered: layerCovered) }
    }
    try planPresentation(of: screen, node.presentation, at: path)
  }

  private mutating func planStack(
    _ navigation: NavigationController, _ entries: [NavigationState<Key>.Node], at path: StatePath,
    layerCovered: Bool
  ) throws(NavigationError) {
    guard !entries.isEmpty else { throw emptyStack(at: path) }
    let current = navigation.childList
    var used = [Bool](repeating: false, count: current.count)
    var slots: [Placed<Key>] = []
    slots.reserveCapacity(entries.count)
    // Loops over indices, here and below: in unspecialized generic code, `enumerated()` and
    // `zip` fetch the metadata of their iterators and tuples at every step.
    for index in entries.indices {
      let entry = entries[index]
      let entryPath = path.entry(index)
      if let match = current.indices.first(where: { !used[$0] && matches(current[$0], entry) }) {
        used[match] = true
        slots.append(.kept(current[match]))
        try keep(current[match], entry, at: entryPath, layerCovered: layerCovered)
      } else {
        let planned = try makePlanned(entry, at: entryPath, hasParent: true)
        slots.append(.made(planned))
      }
    }
    let keptInOrder = slots.indices.allSatisfy { index in
      index < current.count
        && { if case .kept(let screen) = slots[index] { screen === current[index] } else { false } }()
    }
    let shown = navigation.appearanceState == .appeared && !layerCovered
    let oldTop = navigation.topViewController
    if keptInOrder, slots.count == current.count {
      return
    }
    if keptInOrder, slots.count < current.count {
      let target = slots.last!.screen
      layerChanges.append(
        (.popTo(path.entry(slots.count - 1)), .popTo(target, in: navigation, shown: shown)))
    } else if slots.count == current.count + 1,
      slots.dropLast().indices.allSatisfy({ index in
        if case .kept(let screen) = slots[index] { screen === current[index] } else { false }
      }),
      case .made(let planned) = slots.last!
    {
      layerChanges.append(
        (
          .push(planned.node, onto: path),
          .push(planned, onto: navigation, shown: shown)
        ))
    } else {
      layerChanges.append(
        (
          .setStack(
            path,
            to: entries.indices.map { index in
              // A made entry's node is stripped already.
              if case .made(let planned) = slots[index] {
                planned.node
              } else {
                entries[index].withoutPresentations
              }
            }),
          .setStack(navigation, slots, shown: shown)
        )
      )
    }
    if let oldTop,
      !slots.contains(where: { if case .kept(let screen) = $0 { screen === oldTop } else { false } })
    {
      leavingStacks.append(navigation)
      for index in current.indices where !used[index] && current[index] !== oldTop {
        collectLeavingStacks(in: current[index])
      }
      collectLeavingStacks(inContentOf: oldTop)
    } else {
      for index in current.indices where !used[index] { collectLeavingStacks(in: current[index]) }
    }
    for index in entries.indices {
      if case .made(let planned) = slots[index] {
        try presentNested(in: planned, entries[index], at: path.entry(index))
      }
    }
  }

  private mutating func planChildren(
    of container: ViewController, _ children: [NavigationState<Key>.Node], at path: StatePath,
    layerCovered: Bool
  ) throws(NavigationError) {
    let current = container.childList
    // The longest run of children, from the first, that stay in place.
    var prefix = 0
    while prefix < current.count, prefix < children.count, matches(current[prefix], children[prefix]) {
      prefix += 1
    }
    for index in 0..<prefix {
      try keep(current[index], children[index], at: path.child(index), layerCovered: layerCovered)
    }
    guard prefix < current.count || prefix < children.count else { return }
    var removed = Array(current[prefix...])
    for screen in removed.reversed() {
      layerChanges.append((.removeChild(screen.screenKey(as: Key.self), from: path), .removeChild(screen)))
    }
    for index in prefix..<children.count {
      let child = children[index]
      let childPath = path.child(index)
      if let match = removed.firstIndex(where: { matches($0, child) }) {
        let screen = removed.remove(at: match)
        layerChanges.append(
          (.addChild(child.withoutPresentations, to: path), .addChild(.kept(screen), to: container)))
        try keep(screen, child, at: childPath, layerCovered: layerCovered)
      } else {
        let planned = try makePlanned(child, at: childPath, hasParent: true)
        layerChanges.append(
          (.addChild(planned.node, to: path), .addChild(.made(planned), to: container)))
        try presentNested(in: planned, child, at: childPath)
      }
    }
    for screen in removed { collectLeavingStacks(in: screen) }
  }

  private mutating func planPresentation(
    of presenter: ViewController, _ target: NavigationState<Key>.Presentation?, at path: StatePath
  ) throws(NavigationError) {
    let current = presenter.presented
    if let current, let target, matches(current, target.screen),
      current.modalPresentationStyle == target.style,
      target.style != .popover || currentAnchor(of: current) == target.anchor
    {
      try keep(current, target.screen, at: path.presented, layerCovered: covers(target.screen.presentation))
      return
    }
    if let current {
      collectLeavingStacks(in: current)
      dismissals.append((.dismiss(presentedBy: path), .dismiss(presenter: presenter)))
    }
    if let target {
      try present(target, from: .kept(presenter), at: path)
    }
  }

  private func currentAnchor(of presented: ViewController) -> NavigationState<Key>.Anchor? {
    presented.presentationState.popoverController?.anchor.map(StateReader<Key>().anchor)
  }

  // MARK: Screens the plan makes

  private mutating func makePlanned(_ node: NavigationState<Key>.Node, at path: StatePath, hasParent: Bool)
    throws(NavigationError) -> PlannedScreen<Key>
  {
    try checkMakeable(node, at: path)
    let planned = PlannedScreen(node.withoutPresentations, hasParent: hasParent)
    if recordsPlaces { record(planned, at: path) }
    made.append(contentsOf: planned.all)
    return planned
  }

  private mutating func record(_ planned: PlannedScreen<Key>, at path: StatePath) {
    placed[path] = .made(planned)
    let isStack = Self.isStack(planned.node)
    for index in planned.contained.indices {
      record(planned.contained[index], at: isStack ? path.entry(index) : path.child(index))
    }
  }

  /// Checks what a node needs to be made: a key (or a plain navigation controller), and
  /// entries for a stack; then the same for what it holds.
  private func checkMakeable(_ node: NavigationState<Key>.Node, at path: StatePath) throws(NavigationError) {
    // The quick test first: the paths that name the failure are built only for one.
    guard !Self.isMakeable(node) else { return }
    try findUnmakeable(node, at: path)
  }

  /// ``checkMakeable(_:at:)``'s test, without naming the failure.
  private static func isMakeable(_ node: NavigationState<Key>.Node) -> Bool {
    switch node.key {
    case .key: break
    case .navigationController: guard isStack(node) else { return false }
    case .instance: return false
    }
    switch node.content {
    case .screen: return true
    case .stack(let entries): return !entries.isEmpty && entries.allSatisfy(isMakeable)
    case .container(let children): return children.allSatisfy(isMakeable)
    }
  }

  /// Throws the failure ``isMakeable(_:)`` found, named by its path.
  private func findUnmakeable(_ node: NavigationState<Key>.Node, at path: StatePath) throws(NavigationError) {
    switch node.key {
    case .key:
      break
    case .navigationController:
      guard node.entries != nil else {
        throw NavigationError(
          .invalidTarget,
          "Can't make the screen at \(path): a plain NavigationController node must hold a stack.")
      }
    case .instance(let screen):
      throw NavigationError(
        .unmakeableScreen,
        "Can't make \(screen) again at \(path): it has no navigationKey, and the window does not hold "
          + "it there.",
        screens: [screen])
    }
    if let entries = node.entries, entries.isEmpty { throw emptyStack(at: path) }
    for (index, child) in node.contained.enumerated() {
      try findUnmakeable(child, at: node.entries != nil ? path.entry(index) : path.child(index))
    }
  }

  /// Plans a new presentation from `presenter`, then the ones its screen's subtree makes.
  private mutating func present(
    _ presentation: NavigationState<Key>.Presentation, from presenter: Placed<Key>, at path: StatePath
  ) throws(NavigationError) {
    try checkPresenter(presenter, style: presentation.style, at: path)
    let screenPath = path.presented
    let planned = try makePlanned(presentation.screen, at: screenPath, hasParent: false)
    // The planned screen's node: the presented one without presentations.
    let node = planned.node
    switch presentation.style {
    case .none:
      throw NavigationError(
        .invalidTarget, "Can't present \(node) from \(path): its style is none.")
    case .popover:
      guard let anchor = presentation.anchor else {
        throw NavigationError(
          .invalidTarget, "Can't present \(node) as a popover from \(path): the target names no anchor.")
      }
      let owner = try anchorOwner(anchor, presenterPath: path, screen: node)
      presentations.append(
        (
          .popover(node, from: path, at: anchor),
          .present(
            planned, from: presenter, style: .popover, anchor: ResolvableAnchor(anchor: anchor, owner: owner))
        ))
    default:
      if presentation.anchor != nil {
        throw NavigationError(
          .invalidTarget,
          "Can't present \(node) from \(path) as \(presentation.style) at an anchor: only a popover has one.")
      }
      presentations.append(
        (
          .present(node, from: path, style: presentation.style),
          .present(planned, from: presenter, style: presentation.style, anchor: nil)
        ))
    }
    try presentNested(in: planned, presentation.screen, at: screenPath)
  }

  /// Plans the presentations inside a subtree the plan makes, bottom up.
  private mutating func presentNested(
    in planned: PlannedScreen<Key>, _ node: NavigationState<Key>.Node, at path: StatePath
  ) throws(NavigationError) {
    let children = node.contained
    let isStack = Self.isStack(node)
    for index in 0..<min(planned.contained.count, children.count) {
      let child = children[index]
      // A plain screen that presents nothing has nothing to plan: no path to build.
      guard child.presentation != nil || !child.contained.isEmpty else { continue }
      try presentNested(
        in: planned.contained[index], child, at: isStack ? path.entry(index) : path.child(index))
    }
    if let presentation = node.presentation {
      try present(presentation, from: .made(planned), at: path)
    }
  }

  /// Checks that the screen at `path` can present: a screen inside a stack or a container
  /// presents only in a current-context style from a screen that defines the context (UIKit
  /// moves any other presentation up to the screen that holds it).
  private func checkPresenter(_ presenter: Placed<Key>, style: ModalPresentationStyle, at path: StatePath)
    throws(NavigationError)
  {
    let hasParent: Bool
    let definesContext: Bool
    switch presenter {
    case .kept(let screen):
      hasParent = screen.parent != nil
      definesContext = screen.definesPresentationContext
    case .made(let planned):
      hasParent = planned.hasParent
      definesContext = false
    }
    guard hasParent, !(style.usesPresentationContext && definesContext) else { return }
    throw NavigationError(
      .invalidTarget,
      "Can't present from \(path): it is inside a stack or a container, and UIKit presents from the "
        + "screen that holds it; put the presentation on that screen.")
  }

  /// Finds the screen that owns a popover's anchor: the first screen with the anchor's key
  /// in the presenter's subtree of the target (not through presentations).
  private func anchorOwner(
    _ anchor: NavigationState<Key>.Anchor, presenterPath: StatePath, screen: NavigationState<Key>.Node
  )
    throws(NavigationError) -> Placed<Key>
  {
    let key: ScreenKey<Key>
    switch anchor {
    case .barButtonItem(_, _, let owner), .view(let owner, _, _): key = owner
    case .unnamed(let text):
      throw NavigationError(
        .invalidTarget,
        "Can't present \(screen) as a popover at \(text): the anchor has no name to find it by.")
    }
    // Breadth-first over the paths below the presenter, entries and children only.
    let candidates = placed.keys.filter { path in
      path.components.count >= presenterPath.components.count
        && Array(path.components.prefix(presenterPath.components.count)) == presenterPath.components
        && !path.components.dropFirst(presenterPath.components.count).contains(.presented)
    }.sorted {
      $0.components.count < $1.components.count
        || ($0.components.count == $1.components.count && "\($0)" < "\($1)")
    }
    for path in candidates {
      guard let place = placed[path] else { continue }
      let found: ScreenKey<Key>
      switch place {
      case .kept(let screen): found = screen.screenKey(as: Key.self)
      case .made(let planned): found = planned.node.key
      }
      if found == key { return place }
    }
    throw NavigationError(
      .invalidTarget,
      "Can't present \(screen) as a popover from \(presenterPath): no screen \(key) below it holds the anchor."
    )
  }

  // MARK: Guards

  /// Notes every stack in `screen`'s subtree and what it presents: their tops leave.
  private mutating func collectLeavingStacks(in screen: ViewController) {
    if let navigation = screen as? NavigationController, navigation.topViewController != nil {
      leavingStacks.append(navigation)
    }
    collectLeavingStacks(inContentOf: screen)
  }

  private mutating func collectLeavingStacks(inContentOf screen: ViewController) {
    for child in screen.childList { collectLeavingStacks(in: child) }
    if let presented = screen.presented { collectLeavingStacks(in: presented) }
  }

  private func emptyStack(at path: StatePath) -> NavigationError {
    NavigationError(
      .invalidTarget, "Can't plan a navigation stack with no entry at \(path): a stack needs a root.")
  }
}
