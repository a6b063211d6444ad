/// A navigation's target with its key type: builds the ``ErasedTarget`` the planner reads,
/// turns the planner's steps back into ``NavigationPlan/Step``s, and does what needs the key
/// type.
///
/// The initializer and ``steps(_:)`` are inlinable, so that a caller's compiler specializes
/// them for its `Key`.
@usableFromInline
final class TypedTarget<Key: Hashable & Sendable>: ErasedTarget {
  /// The target.
  @usableFromInline let target: NavigationState<Key>
  /// The keys of ``TargetKey/unboxed(_:)``, at their indices.
  @usableFromInline let unboxedKeys: [Key]
  /// The navigator's screen provider for `Key`, once looked up. Unchecked: a target lives
  /// inside one navigation, on one thread, and no access to it overlaps another
  /// (Benchmarks/README.md, "Exclusivity checks").
  @exclusivity(unchecked) private var provider: AnyObject?
  /// Makes a screen with the provider's box for a key's box: ``make(with:for:)``, taken in
  /// the initializer, which a caller's compiler specializes, so that the key is copied and
  /// passed without the generic value witnesses (Benchmarks/README.md, "The typed planner").
  @usableFromInline let maker: (AnyObject, KeyBox) throws(NavigationError) -> ViewController
  /// A key's text (``ScreenKey/description``), taken in the initializer, which a caller's
  /// compiler specializes: the key is described by code compiled for `Key` (about 1,000
  /// fewer instructions a key than the unspecialized code, Service/README.md, "Requests").
  @usableFromInline let describeKey: (Key) -> String
  /// The steps of a typed navigation's target, which is not laid out (``init(unlaidOut:steps:)``):
  /// its request names them; `nil` for a laid-out target.
  @usableFromInline let typedSteps: [NavigationPlan<Key>.Step]?

  /// Erases a target; with `boxesKeys` `false` (a plan that records only its steps), its
  /// keys stay unboxed: no box is made for them.
  @inlinable
  init(_ target: NavigationState<Key>, boxesKeys: Bool) {
    var builder = TargetBuilder<Key>(boxesKeys: boxesKeys)
    if let root = target.root { builder.add(root) }
    self.target = target
    unboxedKeys = builder.unboxedKeys
    typedSteps = nil
    maker = { (provider, box) throws(NavigationError) in try Self.make(with: provider, for: box) }
    describeKey = { keyDescription($0) }
    super.init(
      nodes: builder.nodes, keys: builder.keys, anchors: builder.anchors,
      boxType: ObjectIdentifier(TypedKeyBox<Key>.self), hasPopover: builder.hasPopover)
  }

  /// A target without its layout (no nodes), for a navigation the typed planner planned
  /// (``TypedStatePlanner`` with a ``StateActionRecorder``): it makes the screens and names
  /// the navigation, whose `steps` its request lists.
  @inlinable
  init(unlaidOut target: NavigationState<Key>, steps: [NavigationPlan<Key>.Step]) {
    self.target = target
    unboxedKeys = []
    typedSteps = steps
    maker = { (provider, box) throws(NavigationError) in try Self.make(with: provider, for: box) }
    describeKey = { keyDescription($0) }
    super.init(
      nodes: [], keys: [], anchors: [:], boxType: ObjectIdentifier(TypedKeyBox<Key>.self), hasPopover: false)
  }

  /// The target's node at `index`, found from the root (the layout keeps no copy of the
  /// nodes: a plan reads a few of them).
  @inlinable
  func source(_ index: Int) -> NavigationState<Key>.Node {
    let parent = nodes[index].parent
    guard parent >= 0 else { return target.root! }
    let holder = source(parent)
    if nodes[parent].presented == index { return holder.presentation!.screen }
    return holder.contained[index - nodes[parent].contained.lowerBound]
  }

  /// The node at `index` as a step names it: without presentations.
  @inlinable
  func stepNode(_ index: Int) -> NavigationState<Key>.Node {
    if nodes[index].holdsPresentation { return source(index).withoutPresentations }
    var node = source(index)
    if nodes[index].presented != nil { node.presentation = nil }
    return node
  }

  /// The public steps of the planner's steps.
  @inlinable
  func steps(_ steps: [PlanStep]) -> [NavigationPlan<Key>.Step] {
    var result: [NavigationPlan<Key>.Step] = []
    result.reserveCapacity(steps.count)
    for step in steps {
      switch step {
      case .setRoot(let index): result.append(.setRoot(index.map(stepNode)))
      case .dismiss(let path): result.append(.dismiss(presentedBy: path))
      case .push(let index, let path): result.append(.push(stepNode(index), onto: path))
      case .popTo(let path): result.append(.popTo(path))
      case .setStack(let path, let stack):
        let entries = nodes[stack].contained
        // Entries that present nothing stay the target's own array.
        if nodes[stack].holdsPresentation {
          result.append(.setStack(path, to: entries.map(stepNode)))
        } else {
          result.append(.setStack(path, to: source(stack).contained))
        }
      case .present(let index, let path, let style):
        result.append(.present(stepNode(index), from: path, style: style))
      case .popover(let index, let path, let presenter):
        result.append(.popover(stepNode(index), from: path, at: source(presenter).presentation!.anchor!))
      case .addChild(let index, let path): result.append(.addChild(stepNode(index), to: path))
      case .removeChild(let screen, let path):
        result.append(.removeChild(screen.screenKey(as: Key.self), from: path))
      }
    }
    return result
  }

  /// Compares the unboxed key at `index` with the key of a `TypedKeyBox<Key>`.
  override func holdsUnboxedKey(_ index: Int, equalTo box: KeyBox) -> Bool {
    unboxedKeys[index] == unsafeDowncast(box, to: TypedKeyBox<Key>.self).value
  }

  /// The unboxed key at `index`, in a new box.
  override func boxUnboxedKey(_ index: Int) -> KeyBox { TypedKeyBox(unboxedKeys[index]) }

  /// A key of another type, boxed as a `Key` when it casts to one.
  override func castKey(_ box: KeyBox) -> KeyBox? {
    if case .key(let key) = ScreenKey<Key>.cast(box.key) { return TypedKeyBox(key) }
    return nil
  }

  /// The target in one line.
  override var oneLine: String { target.oneLine }

  /// `Key`'s name.
  override var keyTypeName: String { "\(Key.self)" }

  /// Makes the screen for a key's box with a provider's box for `Key`.
  @inlinable
  static func make(with provider: AnyObject, for box: KeyBox) throws(NavigationError) -> ViewController {
    // `ScreenProviders` keeps a `ScreenProviderBox<Key>` for `Key`, and a typed target's
    // keys are boxed as `TypedKeyBox<Key>`.
    try unsafeDowncast(provider, to: ScreenProviderBox<Key>.self).make(
      unsafeDowncast(box, to: TypedKeyBox<Key>.self).value)
  }

  /// Makes the screen with the navigator's provider for `Key`, looked up once.
  override func makeScreen(for box: KeyBox, navigator: Navigator) throws(NavigationError) -> ViewController {
    if provider == nil {
      guard let found = navigator.screenProviders[keyType: ObjectIdentifier(Key.self)] else {
        throw NavigationError(
          .unmakeableScreen,
          "Can't make \(box.key): the navigator has no screen provider for \(Key.self); give it one with "
            + "provideScreens(for:_:).")
      }
      provider = found
    }
    // The provider borrowed, not retained for each screen: this target holds it until the
    // navigation ends, and nothing replaces it once looked up.
    let maker = maker
    return try withUnretained(.passUnretained(provider!)) { (provider) throws(NavigationError) in
      try maker(provider, box)
    }
  }

  /// The request naming the target and the public steps: a typed navigation's own steps, or
  /// the planner's written from the layout.
  override func request(steps: [PlanStep], animated: Bool) -> NavigationRequest {
    guard let typedSteps else { return super.request(steps: steps, animated: animated) }
    return .navigate(to: target.oneLine, steps: typedSteps.map { $0.description }, animated: animated)
  }

  /// The text of the unboxed key at `index`.
  override func unboxedKeyText(_ index: Int) -> String { describeKey(unboxedKeys[index]) }

  /// The text of a key's box, a `TypedKeyBox<Key>` as every key of the target is boxed.
  override func boxedKeyText(_ box: KeyBox) -> String {
    describeKey(unsafeDowncast(box, to: TypedKeyBox<Key>.self).value)
  }

  /// A step's text, from the typed step.
  override func typedStepText(_ step: PlanStep) -> String { self.steps([step])[0].description }
}

/// Lays a target's nodes out flat: each node's entries or children in a row, then what
/// they hold and present.
@usableFromInline
struct TargetBuilder<Key: Hashable & Sendable> {
  /// The erased nodes.
  @usableFromInline var nodes: [TargetNode] = []
  /// The erased keys at the same indices.
  @usableFromInline var keys: [TargetKey] = []
  /// The erased anchors, by the index of their presenter.
  @usableFromInline var anchors: [Int: TargetAnchor] = [:]
  /// The keys erased as ``TargetKey/unboxed(_:)``, at their indices.
  @usableFromInline var unboxedKeys: [Key] = []
  /// A Boolean value indicating whether a node presents a popover.
  @usableFromInline var hasPopover = false
  /// A Boolean value indicating whether the nodes' keys are boxed (``TargetKey/key(_:)``)
  /// rather than kept in ``unboxedKeys``; an anchor's key is always boxed.
  @usableFromInline let boxesKeys: Bool

  /// Creates an empty builder.
  @inlinable init(boxesKeys: Bool) { self.boxesKeys = boxesKeys }

  /// Adds the root.
  @inlinable
  mutating func add(_ root: NavigationState<Key>.Node) {
    // Room for a target of usual size: no regrowth.
    nodes.reserveCapacity(16)
    keys.reserveCapacity(16)
    if !boxesKeys { unboxedKeys.reserveCapacity(16) }
    append(root, parent: -1)
    _ = fill(0, root)
  }

  /// Appends a node to fill later, held or presented by the node at `parent`, with its key.
  @inlinable
  mutating func append(_ node: NavigationState<Key>.Node, parent: Int) {
    nodes.append(.placeholder(parent: parent))
    keys.append(eraseOrKeep(node.key))
  }

  /// Fills the node at `index` and lays out what it holds and presents; returns whether
  /// its subtree presents anything.
  @inlinable
  mutating func fill(_ index: Int, _ node: NavigationState<Key>.Node) -> Bool {
    let content: TargetContent
    let children: [NavigationState<Key>.Node]
    switch node.content {
    case .screen:
      content = .screen
      children = []
    case .stack(let entries):
      content = .stack
      children = entries
    case .container(let nodes):
      content = .container
      children = nodes
    }
    let first = nodes.count
    for child in children { append(child, parent: index) }
    var holdsPresentation = false
    for offset in children.indices where fill(first + offset, children[offset]) { holdsPresentation = true }
    var presented: Int?
    var style = ModalPresentationStyle.none
    if let presentation = node.presentation {
      let screen = nodes.count
      presented = screen
      append(presentation.screen, parent: index)
      _ = fill(screen, presentation.screen)
      style = presentation.style
      if style == .popover { hasPopover = true }
      if let anchor = presentation.anchor { anchors[index] = Self.erase(anchor) }
    }
    nodes[index] = TargetNode(
      content: content, contained: first..<(first + children.count), presented: presented, style: style,
      holdsPresentation: holdsPresentation, parent: nodes[index].parent)
    return holdsPresentation || presented != nil
  }

  /// A node's key without its type: boxed, or kept in ``unboxedKeys``.
  @inlinable
  mutating func eraseOrKeep(_ key: ScreenKey<Key>) -> TargetKey {
    guard !boxesKeys, case .key(let key) = key else { return Self.erase(key) }
    unboxedKeys.append(key)
    return .unboxed(unboxedKeys.count - 1)
  }

  /// A key without its type.
  @inlinable
  static func erase(_ key: ScreenKey<Key>) -> TargetKey {
    switch key {
    case .key(let key): .key(TypedKeyBox(key))
    case .navigationController: .navigationController
    case .instance(let screen): .instance(screen)
    }
  }

  /// An anchor without its key type.
  @inlinable
  static func erase(_ anchor: NavigationState<Key>.Anchor) -> TargetAnchor {
    switch anchor {
    case .barButtonItem(let side, let index, let owner): .barButtonItem(side, index: index, of: erase(owner))
    case .view(let owner, let path, let rect): .view(of: erase(owner), path: path, rect: rect)
    case .unnamed(let text): .unnamed(text)
    }
  }
}

extension ScreenKey {
  /// A key of any type as a ``ScreenKey``: ``key(_:)`` when it casts to `Key` (any key
  /// does for ``AnyScreenKey``), else ``navigationController`` (a placeholder: the caller
  /// reads only the key).
  static func cast(_ key: any Hashable & Sendable) -> ScreenKey {
    if Key.self == AnyScreenKey.self { return .key(AnyScreenKey(key) as! Key) }
    if let key = key as? Key { return .key(key) }
    return .navigationController
  }
}
