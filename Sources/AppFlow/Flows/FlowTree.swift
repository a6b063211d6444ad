public import Navigator

/// The live flows of an app controller as a value: each flow with its state, its first
/// screen, how it was shown and its live children.
///
/// Its description draws the tree:
///
/// ```
/// MainFlow#1 running, first screen Inbox, root
/// └─ SignUpFlow#2 running, first screen Email, modal(pageSheet, embedded)
///    └─ TermsFlow#3 starting, first screen Terms, push
/// ```
public struct FlowTree: Hashable, Sendable, CustomStringConvertible {
  /// One live flow and its live children.
  public struct Node: Hashable, Sendable {
    /// The flow.
    public let flow: FlowID
    /// Where the flow is in its life.
    public let state: FlowState
    /// Its first screen.
    public let firstScreen: ScreenID?
    /// How it showed its first screen, as in Swift source.
    public let presentation: String
    /// Its live children, in the order they ran.
    public let children: [Node]

    /// Creates a node.
    ///
    /// - Parameters:
    ///   - flow: The flow.
    ///   - state: Where the flow is in its life.
    ///   - firstScreen: Its first screen.
    ///   - presentation: How it showed its first screen.
    ///   - children: Its live children.
    public init(
      flow: FlowID, state: FlowState, firstScreen: ScreenID?, presentation: String, children: [Node] = []
    ) {
      self.flow = flow
      self.state = state
      self.firstScreen = firstScreen
      self.presentation = presentation
      self.children = children
    }
  }

  /// The flows the app controller ran, in the order they ran.
  public let roots: [Node]

  /// Creates a tree.
  ///
  /// - Parameter roots: The flows the app controller ran.
  public init(roots: [Node]) {
    self.roots = roots
  }

  /// Reads the tree of live flows.
  init(_ flows: [AnyFlow]) {
    func node(_ flow: AnyFlow) -> Node {
      Node(
        flow: flow.id, state: flow.state, firstScreen: flow.firstScreen?.screenID,
        presentation: flow.presentation.map { "\($0)" } ?? "", children: flow.children.map(node))
    }
    roots = flows.map(node)
  }

  /// A Boolean value indicating whether no flow is live.
  public var isEmpty: Bool { roots.isEmpty }

  /// Every live flow, parents before their children.
  public var allFlows: [FlowID] {
    var flows: [FlowID] = []
    func visit(_ node: Node) {
      flows.append(node.flow)
      node.children.forEach(visit)
    }
    roots.forEach(visit)
    return flows
  }

  /// The tree, one flow per line; `(no live flows)` when empty.
  public var description: String {
    guard !roots.isEmpty else { return "(no live flows)" }
    var lines: [String] = []
    func draw(_ node: Node, _ prefix: String, _ branch: String) {
      let screen = node.firstScreen.map { ", first screen \($0)" } ?? ""
      lines.append("\(prefix)\(branch)\(node.flow) \(node.state)\(screen), \(node.presentation)")
      let inner = prefix + (branch.isEmpty ? "" : branch == "└─ " ? "   " : "│  ")
      for (index, child) in node.children.enumerated() {
        draw(child, inner, index == node.children.count - 1 ? "└─ " : "├─ ")
      }
    }
    for root in roots { draw(root, "", "") }
    return lines.joined(separator: "\n")
  }
}
