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
  @inlinable
  public func navigationState<Key>(keyedBy type: Key.Type) -> NavigationState<Key> {
    NavigationState(root: rootViewController.map { StateReader<Key>().node($0) })
  }
}

/// Reads a hierarchy into ``NavigationState`` nodes.
///
/// Inlinable, so that a caller's compiler specializes it for its `Key`; it reads the
/// screens through the `state…` accessors.
@usableFromInline
struct StateReader<Key: Hashable & Sendable> {
  /// Creates a reader.
  @inlinable init() {}

  /// The node of a screen and everything it holds and presents.
  @inlinable
  func node(_ screen: ViewController) -> NavigationState<Key>.Node {
    let key = screen.screenKey(as: Key.self)
    let children = screen.stateChildren
    let content: NavigationState<Key>.Content =
      if screen.stateIsNavigationStack {
        .stack(nodes(children))
      } else if children.isEmpty {
        .screen
      } else {
        .container(nodes(children))
      }
    let presentation: NavigationState<Key>.Presentation? =
      if let presented = screen.statePresented { presentation(presented) } else { nil }
    return NavigationState.Node(key: key, content: content, presenting: presentation)
  }

  /// The nodes of screens, in order.
  @inlinable
  func nodes(_ screens: [ViewController]) -> [NavigationState<Key>.Node] {
    var nodes: [NavigationState<Key>.Node] = []
    nodes.reserveCapacity(screens.count)
    for screen in screens { nodes.append(node(screen)) }
    return nodes
  }

  /// The presentation of a presented screen: its style and, for a popover, its anchor.
  @inlinable
  func presentation(_ presented: ViewController) -> NavigationState<Key>.Presentation {
    let style = presented.modalPresentationStyle
    let anchor = style == .popover ? presented.statePopoverAnchor.map(anchor) : nil
    return NavigationState.Presentation(node(presented), style: style, anchor: anchor)
  }

  /// A popover's anchor, its owner named by key.
  @inlinable
  func anchor(_ anchor: ScreenAnchor) -> NavigationState<Key>.Anchor {
    switch anchor {
    case .barButtonItem(let side, let index, let owner):
      .barButtonItem(side, index: index, of: owner.screenKey(as: Key.self))
    case .view(let owner, let path, let rect):
      .view(of: owner.screenKey(as: Key.self), path: path, rect: rect)
    case .unnamed(let text):
      .unnamed(text)
    }
  }
}

extension ViewController {
  /// The screen's children (a stack's entries), for inlinable code.
  @usableFromInline var stateChildren: [ViewController] { childList }

  /// The screen this one presents, for inlinable code.
  @usableFromInline var statePresented: ViewController? { presented }

  /// A Boolean value indicating whether the screen is a navigation stack, for inlinable code.
  @usableFromInline var stateIsNavigationStack: Bool { isNavigationStack }

  /// A Boolean value indicating whether the screen has children, for inlinable code; reads
  /// the list in place (``stateChildren`` hands out a copy, a retain and a release).
  @usableFromInline var stateHasChildren: Bool { !childList.isEmpty }

  /// A Boolean value indicating whether the screen is plain (not a stack) and holds and
  /// presents nothing, for inlinable code: one call, which retains nothing.
  @usableFromInline var stateIsPlainLeaf: Bool { !isNavigationStack && childList.isEmpty && presented == nil }

  /// The anchor of this screen's popover presentation, named by the screen that holds it.
  @usableFromInline var statePopoverAnchor: ScreenAnchor? {
    presentationState.popoverController?.anchor.map(ScreenAnchor.init)
  }
}
