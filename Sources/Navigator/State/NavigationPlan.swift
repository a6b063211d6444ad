/// The steps from a window's state to a target state: what
/// ``Navigator/navigate(to:options:)`` would do, as a value to read, test and draw.
///
/// The plan is minimal. It keeps every screen that both states hold at the same place (the
/// same key in the same stack, container or presentation), never making it again; it
/// changes each layer at most once (one dismissal from the lowest presenter whose
/// presentation differs, one move per changed stack: a push, a pop to an entry, or one
/// `setViewControllers`); it presents new screens bottom up; and it leaves unchanged layers
/// alone. Steps run in their order: dismissals, then the changes of the layers that stay
/// (bottom up), then the new presentations (bottom up).
///
/// Paths (``StatePath``) name positions in the target state.
public struct NavigationPlan<Key: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// One change of one layer.
  public enum Step: Hashable, Sendable, CustomStringConvertible {
    /// The window's root becomes the screen made for the node (presentations come as
    /// further steps), or the window loses its root.
    case setRoot(NavigationState<Key>.Node?)
    /// The screen at the path dismisses what it presents, and all that presents in turn.
    case dismiss(presentedBy: StatePath)
    /// The screen made for the node is pushed onto the stack at the path.
    case push(NavigationState<Key>.Node, onto: StatePath)
    /// The stack holding the entry at the path pops down to it.
    case popTo(StatePath)
    /// The stack at the path gets these entries in one `setViewControllers`; entries it
    /// already holds stay the same instances.
    case setStack(StatePath, to: [NavigationState<Key>.Node])
    /// The screen at the path presents the screen made for the node (a plain navigation
    /// controller node: the navigator embeds its entries), in the style.
    case present(NavigationState<Key>.Node, from: StatePath, style: ModalPresentationStyle)
    /// The screen at the path presents the screen made for the node as a popover at the
    /// anchor.
    case popover(NavigationState<Key>.Node, from: StatePath, at: NavigationState<Key>.Anchor)
    /// The screen made for the node becomes the last child of the container at the path
    /// (a child the container keeps is added back, the same instance).
    case addChild(NavigationState<Key>.Node, to: StatePath)
    /// The container at the path removes its child with the key.
    case removeChild(ScreenKey<Key>, from: StatePath)

    /// A readable form, such as `push Thread(7) onto root` or `dismiss what root presents`.
    public var description: String { TextWriter.make { write(to: &$0) } }

    /// Writes ``description``'s parts (a journal that records describes the steps of every
    /// navigation).
    private func write(to text: inout TextWriter) {
      switch self {
      case .setRoot(let node):
        text.append("set the root to ")
        if let node { node.writeDescription(to: &text) } else { text.append("nothing") }
      case .dismiss(let path):
        text.append("dismiss what ")
        text.append(path.description)
        text.append(" presents")
      case .push(let node, let path): text.append("push ", node, " onto ", path)
      case .popTo(let path):
        text.append("pop to ")
        text.append(path.description)
      case .setStack(let path, let entries):
        text.append("set the stack of ")
        text.append(path.description)
        text.append(" to ")
        text.appendList(entries.count, between: "[", and: "]") { entries[$0].writeDescription(to: &$1) }
      case .present(let node, let path, let style):
        text.append("present ", node, " from ", path)
        text.append(" as ")
        text.append(style.description)
      case .popover(let node, let path, let anchor):
        text.append("present ", node, " from ", path)
        text.append(" as a popover at ")
        text.append(anchor.description)
      case .addChild(let node, let path): text.append("add ", node, " to ", path)
      case .removeChild(let key, let path):
        text.append("remove ")
        text.append(key.description)
        text.append(" from ")
        text.append(path.description)
      }
    }
  }

  /// The state the plan starts from.
  public let from: NavigationState<Key>
  /// The state the plan reaches.
  public let to: NavigationState<Key>
  /// The steps, in the order they run.
  public let steps: [Step]

  /// Creates a plan.
  ///
  /// - Parameters:
  ///   - from: The state it starts from.
  ///   - to: The state it reaches.
  ///   - steps: The steps, in order.
  @inlinable
  public init(from: NavigationState<Key>, to: NavigationState<Key>, steps: [Step]) {
    self.from = from
    self.to = to
    self.steps = steps
  }

  /// A Boolean value indicating whether the plan changes nothing.
  public var isEmpty: Bool { steps.isEmpty }

  /// One step per line, numbered; `(no change)` for an empty plan.
  public var description: String {
    guard !steps.isEmpty else { return "(no change)" }
    return steps.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
  }
}

extension TextWriter {
  /// Appends `verb`, the node's description, `preposition` and the path.
  fileprivate mutating func append<Key>(
    _ verb: StaticString, _ node: NavigationState<Key>.Node, _ preposition: StaticString, _ path: StatePath
  ) {
    append(verb)
    node.writeDescription(to: &self)
    append(preposition)
    append(path.description)
  }
}
