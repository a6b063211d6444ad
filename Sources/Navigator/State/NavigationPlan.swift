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
      case .setRoot(let node?): text.appendSetRoot { node.writeDescription(to: &$0) }
      case .setRoot(nil): text.appendSetRootToNothing()
      case .dismiss(let path): text.appendDismiss(presentedBy: path)
      case .push(let node, let path): text.appendPush({ node.writeDescription(to: &$0) }, onto: path)
      case .popTo(let path): text.appendPopTo(path)
      case .setStack(let path, let entries):
        text.appendSetStack(path, entries.count) { entries[$0].writeDescription(to: &$1) }
      case .present(let node, let path, let style):
        text.appendPresent({ node.writeDescription(to: &$0) }, from: path, style: style)
      case .popover(let node, let path, let anchor):
        text.append("present ")
        node.writeDescription(to: &text)
        text.append(" from ")
        text.append(path.description)
        text.append(" as a popover at ")
        text.append(anchor.description)
      case .addChild(let node, let path): text.appendAdd({ node.writeDescription(to: &$0) }, to: path)
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

/// The texts of the steps, part by part, for the two writers of a step: the typed step's
/// (``NavigationPlan/Step/description``) and a laid-out target's (`ErasedTarget+Text.swift`),
/// which write the same texts. `node` writes a node as the step names it.
extension TextWriter {
  /// `set the root to <node>`.
  mutating func appendSetRoot(_ node: (inout TextWriter) -> Void) {
    append("set the root to ")
    node(&self)
  }

  /// `set the root to nothing`.
  mutating func appendSetRootToNothing() {
    append("set the root to nothing")
  }

  /// `dismiss what <path> presents`.
  mutating func appendDismiss(presentedBy path: StatePath) {
    append("dismiss what ")
    append(path.description)
    append(" presents")
  }

  /// `push <node> onto <path>`.
  mutating func appendPush(_ node: (inout TextWriter) -> Void, onto path: StatePath) {
    append("push ")
    node(&self)
    append(" onto ")
    append(path.description)
  }

  /// `pop to <path>`.
  mutating func appendPopTo(_ path: StatePath) {
    append("pop to ")
    append(path.description)
  }

  /// `set the stack of <path> to [<entries>]`.
  mutating func appendSetStack(_ path: StatePath, _ count: Int, _ entry: (Int, inout TextWriter) -> Void) {
    append("set the stack of ")
    append(path.description)
    append(" to ")
    appendList(count, between: "[", and: "]", entry)
  }

  /// `present <node> from <path> as <style>`.
  mutating func appendPresent(
    _ node: (inout TextWriter) -> Void, from path: StatePath, style: ModalPresentationStyle
  ) {
    append("present ")
    node(&self)
    append(" from ")
    append(path.description)
    append(" as ")
    append(style.description)
  }

  /// `add <node> to <path>`.
  mutating func appendAdd(_ node: (inout TextWriter) -> Void, to path: StatePath) {
    append("add ")
    node(&self)
    append(" to ")
    append(path.description)
  }
}
