extension Window {
  /// The window's hierarchy as a value, naming each screen by its
  /// ``ViewController/navigationKey`` of any type; see ``navigationState(keyedBy:)``.
  public var navigationState: NavigationState<AnyScreenKey> {
    navigationState(keyedBy: AnyScreenKey.self)
  }

  /// The window's hierarchy as a value, read in one walk: the root, each stack's entries,
  /// each container's children, and what each screen presents.
  ///
  /// A screen is named by its ``ViewController/navigationKey`` when that is a `Key`, as
  /// ``ScreenKey/navigationController`` when it is a plain ``NavigationController``
  /// without one, else by its identity (``ScreenKey/instance(_:)``). A presentation records
  /// the style the presented screen asked for (``ViewController/modalPresentationStyle``,
  /// before any adaptation) and, for a popover, its anchor.
  ///
  /// - Parameter type: The key type.
  /// - Returns: The state.
  public func navigationState<Key>(keyedBy type: Key.Type) -> NavigationState<Key> {
    NavigationState(root: rootViewController.map { StateReader<Key>().node($0) })
  }
}

/// Reads a hierarchy into ``NavigationState`` nodes.
struct StateReader<Key: Hashable & Sendable> {
  func node(_ screen: ViewController) -> NavigationState<Key>.Node {
    let key = screen.screenKey(as: Key.self)
    let children = screen.childList
    let content: NavigationState<Key>.Content =
      if screen.isNavigationStack {
        .stack(nodes(children))
      } else if children.isEmpty {
        .screen
      } else {
        .container(nodes(children))
      }
    let presentation: NavigationState<Key>.Presentation? =
      if let presented = screen.presented { presentation(presented) } else { nil }
    return NavigationState.Node(key: key, content: content, presenting: presentation)
  }

  // A loop rather than `map(node)`: no closure and no reabstraction thunks per screen in
  // unspecialized code.
  private func nodes(_ screens: [ViewController]) -> [NavigationState<Key>.Node] {
    var nodes: [NavigationState<Key>.Node] = []
    nodes.reserveCapacity(screens.count)
    for screen in screens { nodes.append(node(screen)) }
    return nodes
  }

  func presentation(_ presented: ViewController) -> NavigationState<Key>.Presentation {
    let style = presented.modalPresentationStyle
    let anchor = style == .popover ? presented.presentationState.popoverController?.anchor.map(anchor) : nil
    return NavigationState.Presentation(node(presented), style: style, anchor: anchor)
  }

  func anchor(_ anchor: PopoverAnchor) -> NavigationState<Key>.Anchor {
    switch anchor {
    case .barButtonItem(let item):
      if let owner = item.owningViewController, let navigationItem = item.navigationItem {
        if let index = navigationItem.leftBarButtonItems.firstIndex(where: { $0 === item }) {
          return .barButtonItem(.left, index: index, of: owner.screenKey(as: Key.self))
        }
        if let index = navigationItem.rightBarButtonItems.firstIndex(where: { $0 === item }) {
          return .barButtonItem(.right, index: index, of: owner.screenKey(as: Key.self))
        }
      }
      return .unnamed("bar button item \"\(item.title ?? "untitled")\" that no screen holds")
    case .view(let view, let rect):
      var path: [Int] = []
      var current = view
      while current.owningViewController == nil, let superview = current.superview {
        guard let index = superview.subviews.firstIndex(where: { $0 === current }) else { break }
        path.append(index)
        current = superview
      }
      guard let owner = current.owningViewController else {
        return .unnamed("a view that no screen owns")
      }
      return .view(of: owner.screenKey(as: Key.self), path: path.reversed(), rect: rect)
    }
  }
}
