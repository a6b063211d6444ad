package import Navigator

/// Walking, editing and drawing a ``NavigationState`` in tests.
extension NavigationState {
  /// Every position of the state, each node before what it holds and what it presents.
  package var allPaths: [StatePath] {
    guard let root else { return [] }
    var paths: [StatePath] = []
    func walk(_ node: Node, _ path: StatePath) {
      paths.append(path)
      for (index, child) in node.contained.enumerated() {
        walk(child, node.entries != nil ? path.entry(index) : path.child(index))
      }
      if let presentation = node.presentation { walk(presentation.screen, path.presented) }
    }
    walk(root, .root)
    return paths
  }

  /// The root and every presented screen, bottom up: the screens that present.
  package var chain: [StatePath] {
    var paths: [StatePath] = []
    var path = StatePath.root
    while self[path] != nil {
      paths.append(path)
      path = path.presented
    }
    return paths
  }

  /// The keys of every screen the provider makes (`.key` keys), in the order of ``allPaths``.
  package var keys: [Key] {
    allPaths.compactMap { self[$0]?.key.key }
  }

  /// Changes the node at `path` in place; nothing when there is none.
  ///
  /// - Parameters:
  ///   - path: A position in the state.
  ///   - body: Edits the node.
  package mutating func update(at path: StatePath, _ body: (inout Node) -> Void) {
    func update(_ node: inout Node, _ components: ArraySlice<StatePath.Component>) {
      guard let first = components.first else { return body(&node) }
      let rest = components.dropFirst()
      switch (first, node.content) {
      case (.entry(let index), .stack(var entries)) where entries.indices.contains(index):
        update(&entries[index], rest)
        node.content = .stack(entries)
      case (.child(let index), .container(var children)) where children.indices.contains(index):
        update(&children[index], rest)
        node.content = .container(children)
      case (.presented, _):
        guard var presentation = node.presentation else { return }
        var screen = presentation.screen
        update(&screen, rest)
        presentation.screen = screen
        node.presentation = presentation
      default:
        return
      }
    }
    guard var node = root else { return }
    update(&node, path.components[...])
    root = node
  }

  /// The state in one line: a stack's entries in brackets, a container's children in
  /// braces, each presentation after `>` with its style (and a popover's anchor):
  /// `NavigationController[A, B] > popover@B.right[0] Nav1[C]`.
  package var sketch: String {
    guard let root else { return "(no root)" }
    func line(_ node: Node) -> String {
      var text = "\(node.key)"
      switch node.content {
      case .screen: break
      case .stack(let entries): text += "[" + entries.map(line).joined(separator: ", ") + "]"
      case .container(let children): text += "{" + children.map(line).joined(separator: ", ") + "}"
      }
      if let presentation = node.presentation {
        var style = "\(presentation.style)"
        switch presentation.anchor {
        case .barButtonItem(let side, let index, let owner)?: style += "@\(owner).\(side)[\(index)]"
        case .view(let owner, let path, _)?: style += "@\(owner).view\(path)"
        case .unnamed(let text)?: style += "@(\(text))"
        case nil: break
        }
        text += " > \(style) " + line(presentation.screen)
      }
      return text
    }
    return line(root)
  }
}

extension Window {
  /// The screen at `path` of the window's hierarchy, read the way a state is: a stack's
  /// entries and a container's children in order, and the screen each one presents.
  ///
  /// - Parameter path: A position in the window's state.
  /// - Returns: The screen, or `nil` when the hierarchy has none there.
  package func screen(at path: StatePath) -> ViewController? {
    var screen = rootViewController
    for component in path.components {
      guard let current = screen else { return nil }
      switch component {
      case .entry(let index), .child(let index):
        screen = current.children.indices.contains(index) ? current.children[index] : nil
      case .presented:
        let presented = current.presentedViewController
        screen = presented?.presentingViewController === current ? presented : nil
      }
    }
    return screen
  }
}

/// Where each screen of a start state stays in a target state, by the rule a
/// ``NavigationPlan`` follows: the same key at the same place.
///
/// The root stays when the target's root has its key and kind (a stack for a stack); a
/// stack's entry stays when the same stack stays and holds the key in the target, in any
/// order; a presented screen stays when its presenter stays and presents a screen of its
/// key and kind, in the same style (and, for a popover, at the same anchor). Every other
/// screen of the start leaves, and every other screen of the target is made. A custom
/// container's children are not matched: the states this serves hold none.
package struct KeptScreens<Key: Hashable & Sendable> {
  /// Each staying screen: its path in the start, and in the target.
  package private(set) var pairs: [(from: StatePath, to: StatePath)] = []

  package init(from start: NavigationState<Key>, to target: NavigationState<Key>) {
    if let from = start.root, let to = target.root { match(from, .root, to, .root) }
  }

  /// The start's paths that stay.
  package var keptPaths: Set<StatePath> { Set(pairs.map(\.from)) }

  /// The target's paths whose screen stays.
  package var targetPaths: Set<StatePath> { Set(pairs.map(\.to)) }

  private mutating func match(
    _ from: NavigationState<Key>.Node, _ fromPath: StatePath, _ to: NavigationState<Key>.Node,
    _ toPath: StatePath
  ) {
    guard from.key == to.key, (from.entries != nil) == (to.entries != nil) else { return }
    pairs.append((fromPath, toPath))
    if let old = from.entries, let new = to.entries {
      var used = Set<Int>()
      for (index, entry) in new.enumerated() {
        guard
          let match = old.indices.first(where: {
            !used.contains($0) && old[$0].key == entry.key
              && (old[$0].entries != nil) == (entry.entries != nil)
          })
        else { continue }
        used.insert(match)
        self.match(old[match], fromPath.entry(match), entry, toPath.entry(index))
      }
    }
    if let old = from.presentation, let new = to.presentation, old.style == new.style,
      old.style != .popover || old.anchor == new.anchor
    {
      match(old.screen, fromPath.presented, new.screen, toPath.presented)
    }
  }
}
