import Navigator

/// The delegate's decisions applied to a snapshot's state, and the cuts a denial makes.
enum Restoration {
  typealias State = NavigationState<AnyRoute>
  typealias Node = State.Node

  /// The state to restore: `state` as the delegate decided, screen by screen; the
  /// protections it asked for go to `protections`. A rejected root restores only the first
  /// screen of `fallback`'s root.
  static func decide(
    _ state: State, delegate: (any StateRestorationDelegate)?,
    protections: inout [AnyRoute: any ProtectionSpace], fallback: State
  ) -> State {
    guard let delegate, let root = state.root else { return state }
    if let kept = filter(root, .root, &protections, delegate.restoration) { return State(root: kept) }
    return rootOnly(fallback)
  }

  /// `target` cut before the screen of `denied`; `nil` when `target` doesn't show it.
  static func cutting(_ denied: AnyRoute, from target: State, fallback: State) -> State? {
    guard let root = target.root else { return nil }
    var found = false
    var ignored: [AnyRoute: any ProtectionSpace] = [:]
    let kept = filter(root, .root, &ignored) { route, _ in
      guard route == denied else { return .allow }
      found = true
      return .reject
    }
    guard found else { return nil }
    return kept.map { State(root: $0) } ?? rootOnly(fallback)
  }

  /// The root of `state` with its first screen only, presenting nothing.
  private static func rootOnly(_ state: State) -> State {
    guard var root = state.root else { return state }
    if let first = root.entries?.first {
      root = Node(key: root.key, content: .stack([Node(key: first.key)]))
    } else {
      root = Node(key: root.key, content: root.content)
    }
    return State(root: root)
  }

  /// `node` as `decide` has it; `nil` when it is rejected.
  private static func filter(
    _ node: Node, _ path: StatePath, _ protections: inout [AnyRoute: any ProtectionSpace],
    _ decide: (AnyRoute, StatePath) -> RestorationDecision
  ) -> Node? {
    var key = node.key
    if case .key(let route) = node.key {
      switch decide(route, path) {
      case .allow: break
      case .reject: return nil
      case .replace(let other): key = .key(AnyRoute(other))
      case .protect(let space): protections[route] = space
      }
    }
    var content = node.content
    var presentation = node.presentation
    switch node.content {
    case .screen:
      break
    case .stack(let entries):
      var kept: [Node] = []
      for (index, entry) in entries.enumerated() {
        guard let entry = filter(entry, path.entry(index), &protections, decide) else { break }
        kept.append(entry)
      }
      guard !kept.isEmpty else { return nil }
      // The path is cut inside the stack: what sat above its old top goes too.
      if kept.count < entries.count { presentation = nil }
      content = .stack(kept)
    case .container(let children):
      var kept: [Node] = []
      for (index, child) in children.enumerated() {
        if let child = filter(child, path.child(index), &protections, decide) { kept.append(child) }
      }
      content = .container(kept)
    }
    if let shown = presentation {
      presentation = filter(shown.screen, path.presented, &protections, decide).map {
        State.Presentation($0, style: shown.style, anchor: shown.anchor)
      }
    }
    return Node(key: key, content: content, presenting: presentation)
  }
}
