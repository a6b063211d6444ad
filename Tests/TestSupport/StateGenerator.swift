package import Navigator

/// Draws random `NavigationState<String>` values, and targets derived from them by edits, for
/// the property tests of ``Navigator/navigate(to:options:completion:)``.
///
/// A state is valid and bounded: its root is a plain screen or a stack (plain or keyed);
/// stacks hold 1 to 5 plain screens; a chain of 0 to 3 presentations goes up from the root,
/// each presented screen a plain screen or a stack, in any style but `none` (the current
/// context ones too, since every presenter of a chain has no parent); a popover points at
/// the right bar button item of its presenter or of one of its presenter's entries. Keys are
/// unique in a state: plain screens are `S0`, `S1`…, keyed stacks `Nav0`, `Nav1`…, so that
/// the screen provider makes a navigation controller for exactly the `Nav` keys.
package struct StateGenerator {
  package typealias State = NavigationState<String>
  package typealias Node = State.Node
  package typealias Presentation = State.Presentation

  /// Every style a chain uses.
  package static let styles: [ModalPresentationStyle] = [
    .pageSheet, .formSheet, .fullScreen, .overFullScreen, .automatic, .popover, .custom, .currentContext,
    .overCurrentContext,
  ]

  /// How many plain keys and stack keys a random state draws from: few enough that two
  /// random states share some.
  package static let plainKeys = 24
  package static let stackKeys = 6

  package var rng: SplitMix64
  /// Keys a new screen must not take: those of the state being drawn, or of both states of
  /// an edit.
  private var used: Set<String> = []
  private var nextFresh = 0

  package init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  // MARK: Pairs

  /// A start and a target: mostly a target derived from the start by one to three edits,
  /// sometimes two random states, sometimes the start itself.
  package mutating func pair() -> (from: State, to: State) {
    let start = state()
    switch rng.index(below: 20) {
    case 0: return (start, start)
    case 1, 2, 3: return (start, state())
    default:
      var target = start
      for _ in 0...rng.index(below: 3) { target = edited(target, from: start) }
      return (start, target)
    }
  }

  // MARK: Random states

  /// A random state; now and then one without a root.
  package mutating func state() -> State {
    used = []
    if rng.index(below: 40) == 0 { return .empty }
    var root = rootNode()
    root.presentation = chain(from: root, depth: rng.index(below: 4))
    return State(root: root)
  }

  private mutating func rootNode() -> Node {
    switch rng.index(below: 4) {
    case 0: .screen(plainKey())
    case 1: .stack(entries())
    default: .stack(stackKey(), entries())
    }
  }

  private mutating func presentedNode() -> Node {
    switch rng.index(below: 5) {
    case 0, 1: .screen(plainKey())
    case 2: .stack(entries())
    default: .stack(stackKey(), entries())
    }
  }

  private mutating func entries() -> [Node] {
    (0...rng.index(below: 5)).map { _ in .screen(plainKey()) }
  }

  /// What `presenter` presents, and so on up, `depth` presentations in all.
  private mutating func chain(from presenter: Node, depth: Int) -> Presentation? {
    guard depth > 0 else { return nil }
    var screen = presentedNode()
    screen.presentation = chain(from: screen, depth: depth - 1)
    return presentation(of: screen, from: presenter)
  }

  private mutating func presentation(of screen: Node, from presenter: Node) -> Presentation {
    let style = Self.styles[rng.index(below: Self.styles.count)]
    return Presentation(screen, style: style, anchor: style == .popover ? anchor(in: presenter) : nil)
  }

  /// The right bar button item of the presenter or of one of its entries.
  private mutating func anchor(in presenter: Node) -> State.Anchor {
    let owners = [presenter.key.key].compactMap { $0 } + (presenter.entries ?? []).compactMap(\.key.key)
    return .barButtonItem(.right, index: 0, of: .key(rng.element(of: owners)!))
  }

  private mutating func plainKey() -> String {
    key(prefix: "S", pool: Self.plainKeys)
  }

  private mutating func stackKey() -> String {
    key(prefix: "Nav", pool: Self.stackKeys)
  }

  /// A key of the pool no screen has yet; a fresh one past the pool when it is used up.
  private mutating func key(prefix: String, pool: Int) -> String {
    for _ in 0..<8 {
      let key = "\(prefix)\(rng.index(below: pool))"
      if used.insert(key).inserted { return key }
    }
    while true {
      let key = "\(prefix)\(pool + nextFresh)"
      nextFresh += 1
      if used.insert(key).inserted { return key }
    }
  }

  // MARK: Edits

  /// `state` after one random edit, drawn until one applies: a push, a pop of some, a
  /// replacement of some, a reordering, a new presentation style, a presentation dropped or
  /// added, a presented screen replaced, a key moved to another place, a stack's key
  /// changed, or a new root under the same chain. New keys are none of `start`'s.
  package mutating func edited(_ state: State, from start: State) -> State {
    used = Set(start.keys + state.keys)
    for _ in 0..<20 {
      var target = state
      if edit(&target) { return fixingAnchors(target) }
    }
    return state
  }

  private mutating func edit(_ state: inout State) -> Bool {
    let stacks = state.chain.filter { state[$0]?.entries != nil }
    let presented = state.chain.dropFirst().map { $0 }
    switch rng.index(below: 12) {
    case 0:
      guard let path = rng.element(of: stacks.filter { state[$0]!.entries!.count < 5 }) else { return false }
      let key = plainKey()
      state.update(at: path) { $0.content = .stack($0.entries! + [.screen(key)]) }
    case 1:
      guard let path = rng.element(of: stacks.filter { state[$0]!.entries!.count > 1 }) else { return false }
      let count = state[path]!.entries!.count
      let dropped = 1 + rng.index(below: count - 1)
      state.update(at: path) { $0.content = .stack(Array($0.entries!.dropLast(dropped))) }
    case 2:
      guard let path = rng.element(of: stacks) else { return false }
      var entries = state[path]!.entries!
      for index in entries.indices where rng.index(below: 3) == 0 || index == entries.count - 1 {
        entries[index] = .screen(plainKey())
      }
      state.update(at: path) { $0.content = .stack(entries) }
    case 3:
      guard let path = rng.element(of: stacks.filter { state[$0]!.entries!.count > 1 }) else { return false }
      var entries = state[path]!.entries!
      for index in entries.indices.reversed() where index > 0 {
        entries.swapAt(index, rng.index(below: index + 1))
      }
      state.update(at: path) { $0.content = .stack(entries) }
    case 4:
      guard let path = rng.element(of: state.chain.filter { state[$0]?.presentation != nil }) else {
        return false
      }
      let presenter = state[path]!
      let style = Self.styles[rng.index(below: Self.styles.count)]
      let anchor = style == .popover ? self.anchor(in: presenter) : nil
      state.update(at: path) { node in
        node.presentation = Presentation(node.presentation!.screen, style: style, anchor: anchor)
      }
    case 5:
      guard let path = rng.element(of: state.chain.filter { state[$0]?.presentation != nil }) else {
        return false
      }
      state.update(at: path) { $0.presentation = nil }
    case 6:
      guard let path = state.chain.last, state.chain.count < 4 else { return false }
      let presenter = state[path]!
      let presentation = chain(from: presenter, depth: 1)
      state.update(at: path) { $0.presentation = presentation }
    case 7:
      guard let path = rng.element(of: presented) else { return false }
      var screen = presentedNode()
      screen.presentation = state[path]!.presentation
      state.update(at: path) { $0 = screen }
    case 8:
      return move(&state, stacks: stacks)
    case 9:
      guard let path = rng.element(of: stacks) else { return false }
      let key: ScreenKey<String> =
        state[path]!.key == .navigationController ? .key(stackKey()) : .navigationController
      state.update(at: path) { $0.key = key }
    case 10:
      guard let root = state.root else { return false }
      var node = rootNode()
      node.presentation = root.presentation
      state.root = node
    default:
      guard let path = rng.element(of: presented.filter { state[$0]!.entries == nil }) else { return false }
      state.update(at: path) { node in
        node = .stack([.screen(node.key.key!)], presenting: node.presentation)
      }
    }
    return true
  }

  /// Moves a plain screen's key to another place: into another stack, or up the chain as a
  /// new presented screen.
  private mutating func move(_ state: inout State, stacks: [StatePath]) -> Bool {
    guard let from = rng.element(of: stacks.filter { state[$0]!.entries!.count > 1 }) else { return false }
    let entries = state[from]!.entries!
    let index = rng.index(below: entries.count)
    let key = entries[index]
    let others = stacks.filter { $0 != from && state[$0]!.entries!.count < 5 }
    if let to = rng.element(of: others), rng.index(below: 3) != 0 {
      state.update(at: from) {
        $0.content = .stack(entries.enumerated().filter { $0.offset != index }.map(\.element))
      }
      let position = rng.index(below: state[to]!.entries!.count + 1)
      state.update(at: to) { node in
        var target = node.entries!
        target.insert(key, at: position)
        node.content = .stack(target)
      }
      return true
    }
    guard let last = state.chain.last, state.chain.count < 4 else { return false }
    state.update(at: from) {
      $0.content = .stack(entries.enumerated().filter { $0.offset != index }.map(\.element))
    }
    let presenter = state[last]!
    let presentation = presentation(of: key, from: presenter)
    state.update(at: last) { $0.presentation = presentation }
    return true
  }

  /// The state with every popover pointing at a screen its presenter still holds: an edit
  /// may have taken the old one away.
  private mutating func fixingAnchors(_ state: State) -> State {
    var state = state
    for path in state.chain {
      guard let presenter = state[path], let presentation = presenter.presentation,
        presentation.style == .popover
      else { continue }
      let owners = [presenter.key] + (presenter.entries ?? []).map(\.key)
      if case .barButtonItem(_, _, let owner)? = presentation.anchor, owners.contains(owner),
        owner != .navigationController
      {
        continue
      }
      let anchor = anchor(in: presenter)
      state.update(at: path) { node in
        node.presentation = Presentation(presentation.screen, style: .popover, anchor: anchor)
      }
    }
    return state
  }
}
