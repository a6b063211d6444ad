// The planner's screens that the plan makes: their checks, the presentations of new
// subtrees, and the owners of new popovers' anchors.

extension StatePlanner {
  /// Plans the screen for the node at `node` (the walk's position) and what it holds: a
  /// ``PlannedScreen`` when the planner records actions, else only the node.
  mutating func makePlanned(_ node: Int, hasParent: Bool) throws(NavigationError) -> Placed {
    try checkMakeable(node)
    let place: Placed
    if recordsActions {
      place = .made(appendMade(node, hasParent: hasParent))
    } else {
      place = .new(node, hasParent: hasParent)
    }
    if recordsPlaces { record(place, at: path) }
    return place
  }

  /// Records a made screen and the screens it holds in ``placed``.
  private mutating func record(_ place: Placed, at path: StatePath) {
    placed[path] = place
    let node = target.nodes[madeNode(place)!]
    for offset in 0..<node.contained.count {
      record(contained(place, offset), at: node.isStack ? path.entry(offset) : path.child(offset))
    }
  }

  /// The screen at `offset` among the entries or children of a made screen.
  private func contained(_ place: Placed, _ offset: Int) -> Placed {
    switch place {
    case .made(let index): .made(made.contained(in: index, at: offset))
    default: .new(target.nodes[madeNode(place)!].contained.lowerBound + offset, hasParent: true)
    }
  }

  /// Checks what a node needs to be made: a key (or a plain navigation controller), and
  /// entries for a stack; then the same for what it holds.
  private func checkMakeable(_ node: Int) throws(NavigationError) {
    // The quick test first: the paths that name the failure are built only for one.
    guard !isMakeable(node) else { return }
    try findUnmakeable(node, at: path)
  }

  /// ``checkMakeable(_:)``'s test, without naming the failure.
  private func isMakeable(_ index: Int) -> Bool {
    let node = target.nodes[index]
    switch target.keys[index] {
    case .key, .unboxed: break
    case .navigationController: guard node.isStack else { return false }
    case .instance: return false
    }
    if node.isStack, node.contained.isEmpty { return false }
    for child in node.contained where !isMakeable(child) { return false }
    return true
  }

  /// Throws the failure ``isMakeable(_:)`` found, named by its path.
  private func findUnmakeable(_ index: Int, at path: StatePath) throws(NavigationError) {
    let node = target.nodes[index]
    switch target.keys[index] {
    case .key, .unboxed:
      break
    case .navigationController:
      guard node.isStack else {
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
    if node.isStack, node.contained.isEmpty { throw emptyStack(at: path) }
    for (offset, child) in node.contained.enumerated() {
      try findUnmakeable(child, at: node.isStack ? path.entry(offset) : path.child(offset))
    }
  }

  /// Plans the presentation of the node at `presenterNode` (the walk's position), then the
  /// ones its screen's subtree makes.
  mutating func present(_ presenterNode: Int, from presenter: Placed) throws(NavigationError) {
    let presenting = target.nodes[presenterNode]
    let node = presenting.presented!
    let style = presenting.style
    let presenterPath = path
    try checkPresenter(presenter, style: style, at: presenterPath)
    components.append(.presented)
    let planned = try makePlanned(node, hasParent: false)
    switch style {
    case .none:
      throw NavigationError(
        .invalidTarget, "Can't present \(target.describeNode(node)) from \(presenterPath): its style is none."
      )
    case .popover:
      guard let anchor = target.anchors[presenterNode] else {
        throw NavigationError(
          .invalidTarget,
          "Can't present \(target.describeNode(node)) as a popover from \(presenterPath): the target names no "
            + "anchor.")
      }
      let owner = try anchorOwner(anchor, presenterPath: presenterPath, screen: node)
      append(
        .presentation, .popover(node, from: presenterPath, presenter: presenterNode),
        .present(
          planned.planned, from: presenter, style: .popover,
          anchor: ResolvableAnchor(anchor: anchor, owner: owner)))
    default:
      if target.anchors[presenterNode] != nil {
        throw NavigationError(
          .invalidTarget,
          "Can't present \(target.describeNode(node)) from \(presenterPath) as \(style) at an anchor: only a "
            + "popover has one.")
      }
      append(
        .presentation, .present(node, from: presenterPath, style: style),
        .present(planned.planned, from: presenter, style: style, anchor: nil))
    }
    try presentNested(in: planned)
    components.removeLast()
  }

  /// Plans the presentations inside a subtree the plan makes (at the walk's position),
  /// bottom up.
  mutating func presentNested(in planned: Placed) throws(NavigationError) {
    let index = madeNode(planned)!
    let node = target.nodes[index]
    if node.holdsPresentation {
      let isStack = node.isStack
      for offset in 0..<node.contained.count {
        let child = target.nodes[node.contained.lowerBound + offset]
        // A plain screen that presents nothing has nothing to plan.
        guard child.presented != nil || !child.contained.isEmpty else { continue }
        components.append(isStack ? .entry(offset) : .child(offset))
        try presentNested(in: contained(planned, offset))
        components.removeLast()
      }
    }
    if node.presented != nil {
      try present(index, from: planned)
    }
  }

  /// Checks that the screen at `path` can present: a screen inside a stack or a container
  /// presents only in a current-context style from a screen that defines the context (UIKit
  /// moves any other presentation up to the screen that holds it).
  private func checkPresenter(_ presenter: Placed, style: ModalPresentationStyle, at path: StatePath)
    throws(NavigationError)
  {
    let hasParent: Bool
    let definesContext: Bool
    switch presenter {
    case .kept(let screen):
      hasParent = screen.parent != nil
      definesContext = screen.definesPresentationContext
    case .made(let index):
      hasParent = made[index].hasParent
      definesContext = false
    case .new(_, let isContained):
      hasParent = isContained
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
  private func anchorOwner(_ anchor: TargetAnchor, presenterPath: StatePath, screen: Int)
    throws(NavigationError) -> Placed
  {
    let key: TargetKey
    switch anchor {
    case .barButtonItem(_, _, let owner), .view(let owner, _, _):
      key = target.boxed(owner).map(TargetKey.key) ?? owner
    case .unnamed(let text):
      throw NavigationError(
        .invalidTarget,
        "Can't present \(target.describeNode(screen)) as a popover at \(text): the anchor has no name to find "
          + "it by.")
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
      let found: Bool
      switch place {
      case .kept(let screen): found = target.screen(screen, hasKey: key)
      case .made, .new:
        let own = target.keys[madeNode(place)!]
        found = Self.sameKey(target.boxed(own).map(TargetKey.key) ?? own, key)
      }
      if found { return place }
    }
    throw NavigationError(
      .invalidTarget,
      "Can't present \(target.describeNode(screen)) as a popover from \(presenterPath): no screen "
        + "\(target.describe(key)) below it holds the anchor.")
  }

  /// A Boolean value indicating whether two target keys are equal (as ``ScreenKey``s); keys
  /// of the target's type come boxed.
  private static func sameKey(_ lhs: TargetKey, _ rhs: TargetKey) -> Bool {
    switch (lhs, rhs) {
    case (.key(let lhs), .key(let rhs)): lhs === rhs || lhs.holdsKey(equalTo: rhs)
    case (.navigationController, .navigationController): true
    case (.instance(let lhs), .instance(let rhs)): lhs == rhs
    default: false
    }
  }
}
