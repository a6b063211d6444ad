/// ``Navigator/plan(to:)``'s planner for the usual shapes of a target, with its key type:
/// it walks the target and the window together, builds the steps as
/// ``NavigationPlan/Step``s and reads the window's state (the plan's `from`) in the same
/// walk, with no erased target, no key box and no dictionary.
///
/// It plans what ``StatePlanner`` plans, step for step, for targets whose stacks hold plain
/// screens that present nothing and whose presentations are modal (no popover, no anchor,
/// no custom container), presented from screens outside any stack or container. Anything
/// else, and every target that breaks a rule, makes it answer `nil`: the caller then runs
/// ``StatePlanner``, which plans every shape and names every error. The tests compare the
/// two on every shape this planner accepts.
///
/// With a ``StateActionRecorder`` it also plans a navigation (``Navigator/navigate(to:options:)``):
/// it records each step's action against the window's instances, the screens to make and the
/// stacks whose tops leave, as ``StatePlanner`` records them, and ``StateApplication`` applies
/// them without a laid-out target.
///
/// Inlinable, so that a caller's compiler specializes it for its `Key` (the measurement is
/// in Benchmarks/README.md, "The typed planner").
@usableFromInline
struct TypedStatePlanner<Key: Hashable & Sendable> {
  @usableFromInline typealias Node = NavigationState<Key>.Node
  @usableFromInline typealias Step = NavigationPlan<Key>.Step

  /// The steps in the order they run: the dismissals, then the changes of the layers that
  /// stay, then the new presentations (bottom up), each run in the order the walk finds it.
  @usableFromInline var steps: [Step] = []
  /// The number of dismissals, at the start of ``steps``.
  @usableFromInline var dismissalCount = 0
  /// The number of dismissals and changes, at the start of ``steps``.
  @usableFromInline var changeEnd = 0
  /// Where the walk is in the target.
  @usableFromInline var components: [StatePath.Component] = []
  /// Records what a navigation applies; `nil` for a plan.
  @usableFromInline let recorder: StateActionRecorder?
  /// A Boolean value indicating whether the plan's starting state is read whole; when
  /// `false` (a navigation whose plan no one receives), what leaves the window (a dismissed
  /// presentation, a replaced root) is not read, and the plan's `from` is incomplete.
  @usableFromInline let readsState: Bool

  /// Creates a planner; with a recorder, it plans a navigation, and reads the starting state
  /// whole only when `readsState` is `true`.
  @inlinable
  init(recorder: StateActionRecorder? = nil, readsState: Bool = true) {
    self.recorder = recorder
    self.readsState = readsState
  }

  /// The path of the node being planned.
  @inlinable var path: StatePath { StatePath(components) }

  /// The plan from the window's hierarchy under `root` to `target`, or `nil` when the
  /// target is not one of the shapes this planner handles.
  @inlinable
  mutating func plan(from root: ViewController?, to target: NavigationState<Key>) -> NavigationPlan<Key>? {
    guard let from = walk(from: root, to: target) else { return nil }
    return NavigationPlan(from: NavigationState(root: from), to: target, steps: steps)
  }

  /// Plans the way from the window's hierarchy under `root` to `target` into ``steps``;
  /// returns the root's node as the window holds it now (`.some(nil)` for no root), or
  /// `nil` when the target is not one of the shapes this planner handles.
  ///
  /// A navigation whose plan no one receives takes only the steps: building the plan would
  /// copy the target and the state into it (a retain of each of their references).
  @inlinable
  mutating func walk(from root: ViewController?, to target: NavigationState<Key>) -> Node?? {
    // Room for a usual plan: one allocation.
    steps.reserveCapacity(4)
    let from: Node?
    switch (root, target.root) {
    case (nil, nil):
      from = nil
    case (let root?, nil):
      from = readsState ? StateReader<Key>().node(root) : nil
      let index = appendChange(.setRoot(nil))
      recorder?.setRoot(nil, replacing: root, at: index)
    case (let root, let node?):
      if let root {
        let key = root.screenKey(as: Key.self)
        if root.stateIsNavigationStack == node.isStack, Self.same(key, node.key) {
          guard let kept = keep(root, key, node) else { return nil }
          from = kept
        } else {
          from = readsState ? StateReader<Key>().node(root) : nil
          guard makeRoot(node, replacing: root) else { return nil }
        }
      } else {
        from = nil
        guard makeRoot(node, replacing: nil) else { return nil }
      }
    }
    return .some(from)
  }

  /// Plans a new root in place of `old`: the step, then the presentations inside it.
  @inlinable
  mutating func makeRoot(_ node: Node, replacing old: ViewController?) -> Bool {
    guard isMakeable(node) else { return false }
    var shown = node
    shown.presentationStorage = []
    let index = appendChange(.setRoot(shown))
    var planned: Int?
    if let recorder {
      let made = makePlanned(node, hasParent: false, recorder)
      recorder.setRoot(made, replacing: old, at: index)
      planned = made
    }
    guard !node.presentationStorage.isEmpty else { return true }
    return present(node.presentationStorage[0], from: planned.map(Placed.made))
  }

  /// Appends a dismissal to its run; returns its index.
  @inlinable
  @discardableResult
  mutating func appendDismissal(_ step: consuming Step) -> Int {
    let index = dismissalCount
    steps.insert(step, at: index)
    dismissalCount += 1
    changeEnd += 1
    return index
  }

  /// Appends a change of a layer that stays to its run; returns its index.
  @inlinable
  @discardableResult
  mutating func appendChange(_ step: consuming Step) -> Int {
    let index = changeEnd
    if index == steps.count { steps.append(step) } else { steps.insert(step, at: index) }
    changeEnd += 1
    return index
  }

  // MARK: Screens the window keeps

  /// Plans a screen the window keeps where the target has `node` (same key, same kind);
  /// returns the screen's node as the window holds it now.
  @inlinable
  mutating func keep(_ screen: ViewController, _ key: ScreenKey<Key>, _ node: Node) -> Node? {
    let content: NavigationState<Key>.Content
    switch node.content {
    case .container:
      return nil
    case .stack(let entries):
      let style = node.presentationStorage.isEmpty ? nil : node.presentationStorage[0].style
      guard let current = planStack(screen, screen.stateChildren, entries, coveredBy: style) else {
        return nil
      }
      content = .stack(current)
    case .screen:
      // A plain screen that holds something: the general planner removes its children.
      guard !screen.stateHasChildren else { return nil }
      content = .screen
    }
    let presented = screen.statePresented
    if presented == nil, node.presentationStorage.isEmpty {
      return Node(key: key, content: content)
    }
    var current: NavigationState<Key>.Presentation?
    guard screen.parent == nil, planPresentation(of: presented, by: screen, to: node, current: &current)
    else {
      return nil
    }
    return Node(key: key, content: content, presenting: current)
  }

  /// Plans the entries of `stack`, matched by key in order (the first unused match); returns
  /// the stack's entries as the window holds them now. `style` is the presentation of the
  /// target's stack node, which may cover the stack's layer.
  @inlinable
  mutating func planStack(
    _ stack: ViewController, _ current: [ViewController], _ entries: [Node],
    coveredBy style: ModalPresentationStyle?
  ) -> [Node]? {
    guard !entries.isEmpty else { return nil }
    // A navigation's actions need the stack itself; a stack that is not a
    // `NavigationController` goes to the general planner.
    var navigation: NavigationController?
    if recorder != nil {
      guard let stack = stack as? NavigationController else { return nil }
      navigation = stack
    }
    // The window's entries, read once: their keys match the target's and make the state.
    var currentNodes: [Node] = []
    currentNodes.reserveCapacity(current.count)
    var used = 0 as UInt64
    guard current.count <= 64 else { return nil }
    for screen in current {
      // An entry that is a stack, holds or presents something: the general planner.
      guard screen.stateIsPlainLeaf else { return nil }
      currentNodes.append(Node(key: screen.screenKey(as: Key.self), content: .screen))
    }
    var keptInOrder = true
    var keptFirst = 0
    var lastIsMade = false
    // A navigation's slots: the kept screens and the planned new ones, in the target's order.
    var slots: [Placed] = []
    if recorder != nil { slots.reserveCapacity(entries.count) }
    for offset in entries.indices {
      guard case .screen = entries[offset].content, entries[offset].presentationStorage.isEmpty else {
        return nil
      }
      var match: Int?
      for index in current.indices
      where used & (1 << UInt64(index)) == 0 && Self.same(currentNodes[index].key, entries[offset].key) {
        match = index
        break
      }
      if let match {
        used |= 1 << UInt64(match)
        if keptInOrder, match == offset { keptFirst += 1 } else { keptInOrder = false }
        lastIsMade = false
        if recorder != nil { slots.append(.kept(current[match])) }
      } else {
        guard case .key(let key) = entries[offset].key else { return nil }
        keptInOrder = false
        lastIsMade = true
        if let recorder { slots.append(recorder.makeEntry(TypedKeyBox(key))) }
      }
    }
    let count = entries.count
    if keptFirst == count, count == current.count { return currentNodes }
    if keptFirst == count, count < current.count {
      components.append(.entry(count - 1))
      let index = appendChange(.popTo(path))
      components.removeLast()
      if let navigation { recorder?.popTo(current[count - 1], in: navigation, coveredBy: style, at: index) }
    } else if count == current.count + 1, keptFirst == current.count, lastIsMade {
      let index = appendChange(.push(entries[count - 1], onto: path))
      if let navigation, case .made(let planned)? = slots.last {
        recorder?.push(planned, onto: navigation, coveredBy: style, at: index)
      }
    } else {
      let index = appendChange(.setStack(path, to: entries))
      if let navigation { recorder?.setStack(navigation, to: slots, coveredBy: style, at: index) }
    }
    // The stack's old top leaves unless the target keeps it (the screens that leave with it
    // are plain: no stack among them).
    if let navigation, let oldTop = current.last, !Self.keeps(oldTop, slots) {
      recorder?.topLeaves(navigation)
    }
    return currentNodes
  }

  /// A Boolean value indicating whether `screen` is among the kept screens of `slots`.
  @inlinable
  static func keeps(_ screen: ViewController, _ slots: [Placed]) -> Bool {
    for slot in slots {
      if case .kept(let kept) = slot, kept === screen { return true }
    }
    return false
  }

  /// Plans what a kept screen outside any stack or container presents, where the target has
  /// `node`: keeps a matching presentation, or dismisses the current one and presents the
  /// target's; sets `current` to the presentation the window holds now.
  ///
  /// It reads the target's presentation in place (`presentationStorage`), without copying it.
  @inlinable
  mutating func planPresentation(
    of presented: ViewController?, by presenter: ViewController, to node: Node,
    current: inout NavigationState<Key>.Presentation?
  ) -> Bool {
    if let presented {
      let style = presented.modalPresentationStyle
      let key = presented.screenKey(as: Key.self)
      if !node.presentationStorage.isEmpty, node.presentationStorage[0].style == style, style != .popover,
        node.presentationStorage[0].anchor == nil,
        presented.stateIsNavigationStack == node.presentationStorage[0].screenStorage[0].isStack,
        Self.same(key, node.presentationStorage[0].screenStorage[0].key)
      {
        components.append(.presented)
        defer { components.removeLast() }
        guard let kept = keep(presented, key, node.presentationStorage[0].screenStorage[0]) else {
          return false
        }
        current = NavigationState.Presentation(kept, style: style, anchor: nil)
        return true
      }
      let index = appendDismissal(.dismiss(presentedBy: path))
      recorder?.dismiss(presentedBy: presenter, at: index)
      if readsState { current = StateReader<Key>().presentation(presented) }
    }
    guard !node.presentationStorage.isEmpty else { return true }
    return present(node.presentationStorage[0], from: recorder == nil ? nil : .kept(presenter))
  }

  /// A Boolean value indicating whether two keys are equal: `==`, written out so that it
  /// specializes here (the synthesized `==` of ``ScreenKey`` runs unspecialized, asking the
  /// runtime for metadata on every call).
  @inlinable
  static func same(_ lhs: ScreenKey<Key>, _ rhs: ScreenKey<Key>) -> Bool {
    switch lhs {
    case .key(let key):
      if case .key(let other) = rhs { return key == other }
      return false
    case .navigationController:
      if case .navigationController = rhs { return true }
      return false
    case .instance(let screen):
      if case .instance(let other) = rhs { return screen == other }
      return false
    }
  }

  // MARK: Screens the plan makes

  /// Plans a new presentation from the screen at the walk's position, a screen outside any
  /// stack or container, then the presentations inside what it shows; `presenter` is that
  /// screen for a navigation (`nil` for a plan).
  @inlinable
  mutating func present(_ presentation: NavigationState<Key>.Presentation, from presenter: Placed?) -> Bool {
    let style = presentation.style
    guard style != .none, style != .popover, presentation.anchor == nil,
      isMakeable(presentation.screenStorage[0])
    else {
      return false
    }
    var shown = presentation.screenStorage[0]
    shown.presentationStorage = []
    steps.append(.present(shown, from: path, style: style))
    var planned: Int?
    if let recorder, let presenter {
      let made = makePlanned(presentation.screenStorage[0], hasParent: false, recorder)
      recorder.present(made, from: presenter, style: style)
      planned = made
    }
    guard !presentation.screenStorage[0].presentationStorage.isEmpty else { return true }
    components.append(.presented)
    defer { components.removeLast() }
    return present(presentation.screenStorage[0].presentationStorage[0], from: planned.map(Placed.made))
  }

  /// Plans the screen for a makeable node (``isMakeable(_:)``) and records it among the
  /// screens the navigation makes; returns its index there.
  @inlinable
  func makePlanned(_ node: Node, hasParent: Bool, _ recorder: StateActionRecorder) -> Int {
    switch node.content {
    case .stack(let entries):
      let box: KeyBox?
      if case .key(let key) = node.key { box = TypedKeyBox(key) } else { box = nil }
      // A makeable stack's entries all have keys.
      let index = recorder.makeStack(box, entryCount: entries.count, hasParent: hasParent)
      // Each entry's key read in place: a copy of the entry would retain what it holds.
      for index in entries.indices {
        guard case .key(let key) = entries[index].key else { preconditionFailure("A made entry has a key.") }
        recorder.makeNewStackEntry(TypedKeyBox(key))
      }
      return index
    case .screen, .container:
      guard case .key(let key) = node.key else { preconditionFailure("A made plain screen has a key.") }
      return recorder.makeScreen(TypedKeyBox(key), hasParent: hasParent)
    }
  }

  /// A Boolean value indicating whether the screen for `node` can be made by this planner:
  /// a key (or a plain navigation controller for a stack), a stack's entries all plain
  /// screens with keys that present nothing.
  @inlinable
  func isMakeable(_ node: Node) -> Bool {
    switch node.content {
    case .container:
      return false
    case .screen:
      guard case .key = node.key else { return false }
      return true
    case .stack(let entries):
      switch node.key {
      case .key, .navigationController: break
      case .instance: return false
      }
      guard !entries.isEmpty else { return false }
      for index in entries.indices {
        guard case .screen = entries[index].content, case .key = entries[index].key,
          entries[index].presentationStorage.isEmpty
        else {
          return false
        }
      }
      return true
    }
  }
}

extension NavigationState.Node {
  /// A Boolean value indicating whether the node is a navigation stack, for inlinable code.
  @inlinable
  var isStack: Bool {
    if case .stack = content { return true }
    return false
  }
}
