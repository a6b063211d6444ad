/// A window's hierarchy as a value: the root screen, each navigation stack's entries in
/// order, each custom container's children, and what each screen presents.
///
/// Read it with ``Window/navigationState(keyedBy:)`` (or ``Window/navigationState`` for keys
/// of any type), write one by hand as the target of
/// ``Navigator/navigate(to:options:)``, draw it (``description``,
/// ``mermaid``, ``dot``), compare it, and save it (`Codable` when `Key` is).
///
/// ```swift
/// let target = NavigationState<Route>(
///   root: .stack([.screen(.inbox), .screen(.thread(7))],
///     presenting: .sheet(.stack([.screen(.compose)]))))
/// ```
public struct NavigationState<Key: Hashable & Sendable>: Hashable, Sendable {
  /// The window's root screen; `nil` when the window has none.
  public var root: Node?

  /// Creates a state.
  ///
  /// - Parameter root: The root screen; `nil` for a window with none.
  @inlinable
  public init(root: Node?) {
    self.root = root
  }

  /// A state with no root screen.
  @inlinable
  public static var empty: NavigationState { NavigationState(root: nil) }
}

extension NavigationState {
  /// One screen of a state: its key, what it holds, and what it presents.
  public struct Node: Hashable, Sendable {
    /// How the screen is named and made again.
    public var key: ScreenKey<Key>
    /// What the screen holds: nothing, a navigation stack, or a container's children.
    public var content: Content
    /// What the screen presents: an array of at most one element, the indirection a
    /// recursive value needs.
    @usableFromInline var presentationStorage: [Presentation]

    /// What the screen presents, if anything.
    @inlinable
    public var presentation: Presentation? {
      get { presentationStorage.first }
      set {
        if let newValue { presentationStorage = [newValue] } else { presentationStorage = [] }
      }
    }

    /// Creates a node.
    ///
    /// - Parameters:
    ///   - key: How the screen is named and made again.
    ///   - content: What the screen holds; a container without children is a plain screen.
    ///   - presentation: What the screen presents.
    @inlinable
    public init(key: ScreenKey<Key>, content: Content = .screen, presenting presentation: Presentation? = nil)
    {
      self.key = key
      if case .container(let children) = content, children.isEmpty {
        self.content = .screen
      } else {
        self.content = content
      }
      if let presentation { presentationStorage = [presentation] } else { presentationStorage = [] }
    }

    /// A screen made from `key`.
    ///
    /// - Parameters:
    ///   - key: The screen's key.
    ///   - presentation: What the screen presents.
    /// - Returns: A node.
    public static func screen(_ key: Key, presenting presentation: Presentation? = nil) -> Node {
      Node(key: .key(key), presenting: presentation)
    }

    /// A plain ``NavigationController`` holding `entries`, bottom first.
    ///
    /// - Parameters:
    ///   - entries: The stack, its root first.
    ///   - presentation: What the navigation controller presents.
    /// - Returns: A node.
    public static func stack(_ entries: [Node], presenting presentation: Presentation? = nil) -> Node {
      Node(key: .navigationController, content: .stack(entries), presenting: presentation)
    }

    /// A navigation controller made from `key` (a subclass of yours), holding `entries`.
    ///
    /// - Parameters:
    ///   - key: The navigation controller's key.
    ///   - entries: The stack, its root first.
    ///   - presentation: What the navigation controller presents.
    /// - Returns: A node.
    public static func stack(_ key: Key, _ entries: [Node], presenting presentation: Presentation? = nil)
      -> Node
    {
      Node(key: .key(key), content: .stack(entries), presenting: presentation)
    }

    /// A custom container made from `key`, holding `children` in order.
    ///
    /// - Parameters:
    ///   - key: The container's key.
    ///   - children: Its children.
    ///   - presentation: What the container presents.
    /// - Returns: A node.
    public static func container(_ key: Key, children: [Node], presenting presentation: Presentation? = nil)
      -> Node
    {
      Node(key: .key(key), content: .container(children), presenting: presentation)
    }

    /// The stack's entries, when the screen is a navigation controller.
    @inlinable
    public var entries: [Node]? {
      if case .stack(let entries) = content { return entries }
      return nil
    }

    /// The stack's entries or the container's children; empty for a plain screen.
    @inlinable
    public var contained: [Node] {
      switch content {
      case .screen: []
      case .stack(let nodes), .container(let nodes): nodes
      }
    }

    /// The number of screens in this subtree: this one, what it holds and what it presents.
    public var screenCount: Int {
      1 + contained.reduce(0) { $0 + $1.screenCount } + (presentation?.screen.screenCount ?? 0)
    }

    /// This node with no presentation anywhere in its subtree.
    @inlinable
    var withoutPresentations: Node {
      var node = self
      node.presentation = nil
      switch node.content {
      case .screen: break
      case .stack(let entries): node.content = .stack(entries.map { $0.withoutPresentations })
      case .container(let children): node.content = .container(children.map { $0.withoutPresentations })
      }
      return node
    }
  }

  /// What a screen holds.
  public enum Content: Hashable, Sendable {
    /// Nothing the state describes: a plain screen.
    case screen
    /// A navigation stack's entries, its root first.
    case stack([Node])
    /// A custom container's children, in order.
    case container([Node])
  }

  /// A screen presented by another: the style it asked for, and where a popover points.
  public struct Presentation: Hashable, Sendable {
    /// The presented screen's ``ViewController/modalPresentationStyle``.
    public var style: ModalPresentationStyle
    /// Where a popover points; `nil` for the other styles.
    public var anchor: Anchor?
    /// The presented screen: an array of exactly one element, the indirection a recursive
    /// value needs.
    @usableFromInline var screenStorage: [Node]

    /// The presented screen.
    @inlinable
    public var screen: Node {
      get { screenStorage[0] }
      set { screenStorage = [newValue] }
    }

    /// Creates a presentation.
    ///
    /// - Parameters:
    ///   - screen: The presented screen.
    ///   - style: Its presentation style.
    ///   - anchor: Where a popover points.
    @inlinable
    public init(_ screen: Node, style: ModalPresentationStyle, anchor: Anchor? = nil) {
      self.style = style
      self.anchor = anchor
      screenStorage = [screen]
    }

    /// A modal presentation in `style`.
    ///
    /// - Parameters:
    ///   - screen: The presented screen.
    ///   - style: Its presentation style.
    /// - Returns: A presentation.
    public static func modal(_ screen: Node, style: ModalPresentationStyle) -> Presentation {
      Presentation(screen, style: style)
    }

    /// A page sheet.
    ///
    /// - Parameter screen: The presented screen.
    /// - Returns: A presentation.
    public static func sheet(_ screen: Node) -> Presentation { Presentation(screen, style: .pageSheet) }

    /// A full-screen presentation.
    ///
    /// - Parameter screen: The presented screen.
    /// - Returns: A presentation.
    public static func fullScreen(_ screen: Node) -> Presentation { Presentation(screen, style: .fullScreen) }

    /// A popover pointing at `anchor`.
    ///
    /// - Parameters:
    ///   - screen: The presented screen.
    ///   - anchor: Where it points.
    /// - Returns: A presentation.
    public static func popover(_ screen: Node, at anchor: Anchor) -> Presentation {
      Presentation(screen, style: .popover, anchor: anchor)
    }

    /// A Boolean value indicating whether the presented screen is embedded in a plain
    /// navigation controller the navigator makes.
    public var isEmbeddedInNavigationController: Bool {
      screen.key == .navigationController && screen.entries != nil
    }
  }

  /// Where a popover points, named so that the navigator can find it again.
  public enum Anchor: Hashable, Sendable {
    /// A bar button item of a screen's ``NavigationItem``: `index` in its left or right items.
    case barButtonItem(BarSide, index: Int, of: ScreenKey<Key>)
    /// A rectangle in a view of a screen: the view found from the screen's root view by
    /// `path`, the index of a subview at each level (empty for the root view).
    case view(of: ScreenKey<Key>, path: [Int], rect: Rect)
    /// An anchor the state can't name (a bar button item no screen holds, a view no screen
    /// owns): the navigator can't point at it again.
    case unnamed(String)
  }

}

extension NavigationState {
  /// The number of screens in the state.
  public var screenCount: Int { root?.screenCount ?? 0 }

  /// The node at `path`, if there is one.
  ///
  /// - Parameter path: A position in this state.
  public subscript(path: StatePath) -> Node? {
    guard var node = root else { return nil }
    for component in path.components {
      switch component {
      case .entry(let index), .child(let index):
        let nodes = node.contained
        guard nodes.indices.contains(index) else { return nil }
        node = nodes[index]
      case .presented:
        guard let presented = node.presentation?.screen else { return nil }
        node = presented
      }
    }
    return node
  }

  /// The same state with every key mapped by `transform`.
  ///
  /// - Parameter transform: Maps a key.
  /// - Returns: The mapped state.
  public func mapKeys<Other>(_ transform: (Key) throws -> Other) rethrows -> NavigationState<Other> {
    try NavigationState<Other>(root: root.map { try $0.mapKeys(transform) })
  }
}

extension NavigationState.Node {
  func mapKeys<Other>(_ transform: (Key) throws -> Other) rethrows -> NavigationState<Other>.Node {
    let key: ScreenKey<Other> =
      switch self.key {
      case .key(let key): .key(try transform(key))
      case .navigationController: .navigationController
      case .instance(let screen): .instance(screen)
      }
    let content: NavigationState<Other>.Content =
      switch self.content {
      case .screen: .screen
      case .stack(let entries): .stack(try entries.map { try $0.mapKeys(transform) })
      case .container(let children): .container(try children.map { try $0.mapKeys(transform) })
      }
    let presentation = try self.presentation.map { presentation in
      NavigationState<Other>.Presentation(
        try presentation.screen.mapKeys(transform), style: presentation.style,
        anchor: try presentation.anchor.map { try $0.mapKeys(transform) })
    }
    return NavigationState<Other>.Node(key: key, content: content, presenting: presentation)
  }
}

extension NavigationState.Anchor {
  func mapKeys<Other>(_ transform: (Key) throws -> Other) rethrows -> NavigationState<Other>.Anchor {
    func map(_ key: ScreenKey<Key>) throws -> ScreenKey<Other> {
      switch key {
      case .key(let key): .key(try transform(key))
      case .navigationController: .navigationController
      case .instance(let screen): .instance(screen)
      }
    }
    switch self {
    case .barButtonItem(let side, let index, let owner):
      return .barButtonItem(side, index: index, of: try map(owner))
    case .view(let owner, let path, let rect):
      return .view(of: try map(owner), path: path, rect: rect)
    case .unnamed(let text):
      return .unnamed(text)
    }
  }
}

/// A side of a navigation bar.
public enum BarSide: String, Hashable, Sendable, Codable {
  /// The left items.
  case left
  /// The right items.
  case right
}

/// A position in a ``NavigationState``: from the root, through stack entries, container
/// children and presentations.
public struct StatePath: Hashable, Sendable, CustomStringConvertible {
  /// One step down the tree.
  public enum Component: Hashable, Sendable {
    /// The entry at an index of a navigation stack, its root at 0.
    case entry(Int)
    /// The child at an index of a custom container.
    case child(Int)
    /// What the screen presents.
    case presented
  }

  /// The steps from the root.
  public var components: [Component]

  /// Creates a path.
  ///
  /// - Parameter components: The steps from the root.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The root screen.
  public static var root: StatePath { StatePath() }

  /// This path followed by `component`.
  ///
  /// - Parameter component: One step further down.
  /// - Returns: The longer path.
  public func appending(_ component: Component) -> StatePath {
    StatePath(components + [component])
  }

  /// The root's entry at `index`.
  ///
  /// - Parameter index: The entry's index.
  /// - Returns: A path.
  public static func entry(_ index: Int) -> StatePath { StatePath([.entry(index)]) }

  /// What the root presents.
  public static var presented: StatePath { StatePath([.presented]) }

  /// This path's entry at `index`.
  ///
  /// - Parameter index: The entry's index.
  /// - Returns: A path.
  public func entry(_ index: Int) -> StatePath { appending(.entry(index)) }

  /// This path's child at `index`.
  ///
  /// - Parameter index: The child's index.
  /// - Returns: A path.
  public func child(_ index: Int) -> StatePath { appending(.child(index)) }

  /// What the screen at this path presents.
  public var presented: StatePath { appending(.presented) }

  /// `root`, then `[i]` for an entry, `.child(i)` for a child, `.presented` for a presentation.
  public var description: String {
    components.reduce(into: "root") { text, component in
      switch component {
      case .entry(let index): text += "[\(index)]"
      case .child(let index): text += ".child(\(index))"
      case .presented: text += ".presented"
      }
    }
  }
}
