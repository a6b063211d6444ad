// A state drawn three ways: an indented text tree (`description`), a Mermaid flowchart and a
// Graphviz digraph. All three walk the tree in the same order (a screen, what it holds, then
// what it presents), so that a screen has the same number (`n0`, `n1`, …) in both graphs.

extension NavigationState: CustomStringConvertible {
  /// The state as an indented text tree: one screen a line, two spaces a level.
  ///
  /// A stack's entries are named by their index (`[0]`), a container's children by
  /// `child 0:`, and what a screen presents hangs one level under it after a
  /// `presents <style>:` line (a popover names its anchor). Keys read as their own
  /// descriptions; a line break or another control character in one reads as an escape
  /// (`\n`, `\u{7}`), so that each screen keeps one line. A state with no root reads
  /// `(no root)`.
  ///
  /// ```
  /// NavigationController
  ///   [0] Inbox
  ///   [1] Thread(7)
  ///     presents popover at right bar item 0 of Thread(7):
  ///       Menu
  ///   presents pageSheet:
  ///     NavigationController
  ///       [0] Compose
  /// ```
  public var description: String {
    guard let root else { return "(no root)" }
    var lines: [String] = []
    root.appendTree(label: nil, depth: 0, to: &lines)
    return lines.joined(separator: "\n")
  }

  /// The state as a Mermaid flowchart, to paste into a README, a pull request or an issue
  /// (GitHub draws a fenced `mermaid` block).
  ///
  /// One box per screen, numbered `n0`, `n1`, … in the order of ``description``'s lines.
  /// A solid arrow leads from a stack to each entry (labelled `[0]`, `[1]`, …) and from a
  /// container to each child (`child 0`, …); a dotted arrow labelled with the style (and a
  /// popover's anchor) leads to a presented screen, and every screen shown in a
  /// presentation has a dashed border (the class `presented`). Labels are quoted; the
  /// characters Mermaid would read (`"`, `#`, `<`, `>`, `&`, `|` and the backtick) are
  /// written as entity codes (`#quot;`, `#35;`, …), a line break in a key as `<br>`, and
  /// other control characters as escapes (`\u{7}`). A state with no root draws one box,
  /// `(no root)`.
  ///
  /// ```
  /// flowchart TD
  ///   classDef presented stroke-dasharray: 5 5
  ///   n0["NavigationController"]
  ///   n0 -->|"[0]"| n1["Inbox"]
  ///   n0 -.->|"pageSheet"| n2["Compose"]:::presented
  /// ```
  public var mermaid: String {
    var lines = ["flowchart TD"]
    let boxes = PictureBox.boxes(of: self)
    guard !boxes.isEmpty else {
      lines.append("  empty[\"(no root)\"]")
      return lines.joined(separator: "\n")
    }
    if boxes.contains(where: \.isPresented) {
      lines.append("  classDef presented stroke-dasharray: 5 5")
    }
    for (id, box) in boxes.enumerated() {
      var line = "  "
      if let parent = box.parent {
        let arrow = box.isPresentation ? "-.->" : "-->"
        line += "n\(parent) \(arrow)|\"\(PictureText.mermaid(box.relation))\"| "
      }
      line += "n\(id)[\"\(PictureText.mermaid(box.label))\"]"
      if box.isPresented { line += ":::presented" }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// The state as a Graphviz digraph, for `dot -Tsvg`.
  ///
  /// The same graph as ``mermaid``: one box per screen (`n0`, `n1`, … in the order of
  /// ``description``'s lines), an edge labelled `[0]` to each stack entry and `child 0` to
  /// each container child, and a dashed edge labelled with the style (and a popover's
  /// anchor) to a presented screen; screens shown in a presentation have dashed borders.
  /// Labels are quoted, with `\` and `"` escaped and a line break in a key written `\n`.
  /// A state with no root draws one label, `(no root)`.
  ///
  /// ```
  /// digraph NavigationState {
  ///   node [shape=box];
  ///   n0 [label="NavigationController"];
  ///   n1 [label="Inbox"];
  ///   n0 -> n1 [label="[0]"];
  ///   n2 [label="Compose", style=dashed];
  ///   n0 -> n2 [label="pageSheet", style=dashed];
  /// }
  /// ```
  public var dot: String {
    var lines = ["digraph NavigationState {", "  node [shape=box];"]
    let boxes = PictureBox.boxes(of: self)
    if boxes.isEmpty {
      lines.append("  empty [label=\"(no root)\", shape=plaintext];")
    }
    for (id, box) in boxes.enumerated() {
      let dashed = box.isPresented ? ", style=dashed" : ""
      lines.append("  n\(id) [label=\"\(PictureText.dot(box.label))\"\(dashed)];")
      if let parent = box.parent {
        let edgeStyle = box.isPresentation ? ", style=dashed" : ""
        lines.append("  n\(parent) -> n\(id) [label=\"\(PictureText.dot(box.relation))\"\(edgeStyle)];")
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }
}

extension NavigationState.Node: CustomStringConvertible {
  /// A short form, for messages and plan steps: the key, then a stack's entries in
  /// brackets or a container's children in braces, then what the screen presents.
  ///
  /// ```
  /// Inbox
  /// NavigationController[Inbox, Thread(7)]
  /// Split{Sidebar, Detail}
  /// Thread(7) (presents popover at right bar item 0 of Thread(7): Menu)
  /// ```
  public var description: String { TextWriter.make { writeDescription(to: &$0) } }

  /// Writes ``description``: one text written in place, with loops over indices (plan steps
  /// describe their nodes for every recorded navigation, and this code runs unspecialized for
  /// a key type of another module, where `map(\.description)` or `enumerated()` look their
  /// types' metadata up at run time).
  func writeDescription(to text: inout TextWriter) {
    text.append(PictureText.line(key.description))
    switch content {
    case .screen: break
    case .stack(let entries):
      text.appendList(entries.count, between: "[", and: "]") { entries[$0].writeDescription(to: &$1) }
    case .container(let children):
      if !children.isEmpty {
        text.appendList(children.count, between: "{", and: "}") { children[$0].writeDescription(to: &$1) }
      }
    }
    if let presentation {
      text.append(" (presents ")
      text.append(presentation.relation)
      text.append(": ")
      presentation.screen.writeDescription(to: &text)
      text.append(")")
    }
  }

  /// Appends this subtree's lines of the text tree.
  fileprivate func appendTree(label: String?, depth: Int, to lines: inout [String]) {
    let indent = String(repeating: "  ", count: depth)
    var line = indent + (label.map { $0 + " " } ?? "") + PictureText.line(key.description)
    if case .stack(let entries) = content, entries.isEmpty { line += " (empty stack)" }
    lines.append(line)
    switch content {
    case .screen: break
    case .stack(let entries):
      for (index, entry) in entries.enumerated() {
        entry.appendTree(label: "[\(index)]", depth: depth + 1, to: &lines)
      }
    case .container(let children):
      for (index, child) in children.enumerated() {
        child.appendTree(label: "child \(index):", depth: depth + 1, to: &lines)
      }
    }
    if let presentation {
      lines.append(indent + "  presents \(presentation.relation):")
      presentation.screen.appendTree(label: nil, depth: depth + 2, to: &lines)
    }
  }
}

extension NavigationState.Presentation: CustomStringConvertible {
  /// A short form: the style, a popover's anchor, and the presented screen's short form.
  ///
  /// ```
  /// pageSheet: NavigationController[Compose]
  /// popover at right bar item 0 of Thread(7): Menu
  /// ```
  public var description: String { "\(relation): \(screen)" }

  /// The style, and ` at <anchor>` when there is an anchor.
  var relation: String {
    anchor.map { "\(style) at \($0)" } ?? "\(style)"
  }
}

extension NavigationState.Anchor: CustomStringConvertible {
  /// A short form: the bar button item, view or text the anchor names.
  ///
  /// ```
  /// right bar item 0 of Thread(7)
  /// rect (10, 20, 30, 40) in subview [0, 2] of Thread(7)
  /// rect (0, 0, 44, 44) in the view of Inbox
  /// an unnamed anchor (a view that no screen owns)
  /// ```
  public var description: String {
    switch self {
    case .barButtonItem(let side, let index, let owner):
      return "\(side) bar item \(index) of \(PictureText.line(owner.description))"
    case .view(let owner, let path, let rect):
      let numbers = [rect.x, rect.y, rect.width, rect.height].map(PictureText.number)
      let view = path.isEmpty ? "the view" : "subview [\(path.map(String.init).joined(separator: ", "))]"
      return "rect (\(numbers.joined(separator: ", "))) in \(view) of \(PictureText.line(owner.description))"
    case .unnamed(let text):
      return "an unnamed anchor (\(PictureText.line(text)))"
    }
  }
}

/// One box of a state's graph, in pre-order: a screen, what it holds, then what it presents.
private struct PictureBox {
  /// The screen's key, as the text tree writes it.
  var label: String
  /// The number of the box this one hangs from; `nil` for the root.
  var parent: Int?
  /// The edge's label: `[0]`, `child 0`, or the presentation's style and anchor.
  var relation: String
  /// A Boolean value indicating whether the edge from the parent is a presentation.
  var isPresentation: Bool
  /// A Boolean value indicating whether the screen is shown in a presentation.
  var isPresented: Bool

  /// The boxes of `state`, numbered by their position.
  static func boxes<Key>(of state: NavigationState<Key>) -> [PictureBox] {
    var boxes: [PictureBox] = []
    if let root = state.root {
      append(root, parent: nil, relation: "", isPresentation: false, isPresented: false, to: &boxes)
    }
    return boxes
  }

  private static func append<Key>(
    _ node: NavigationState<Key>.Node, parent: Int?, relation: String, isPresentation: Bool,
    isPresented: Bool, to boxes: inout [PictureBox]
  ) {
    let id = boxes.count
    boxes.append(
      PictureBox(
        label: node.key.description, parent: parent, relation: relation, isPresentation: isPresentation,
        isPresented: isPresented))
    switch node.content {
    case .screen: break
    case .stack(let entries):
      for (index, entry) in entries.enumerated() {
        append(
          entry, parent: id, relation: "[\(index)]", isPresentation: false, isPresented: isPresented,
          to: &boxes)
      }
    case .container(let children):
      for (index, child) in children.enumerated() {
        append(
          child, parent: id, relation: "child \(index)", isPresentation: false, isPresented: isPresented,
          to: &boxes)
      }
    }
    if let presentation = node.presentation {
      append(
        presentation.screen, parent: id, relation: presentation.relation, isPresentation: true,
        isPresented: true, to: &boxes)
    }
  }
}

/// Text made safe for each picture.
enum PictureText {
  /// `text` on one line: a line break reads `\n`, other control characters as escapes.
  static func line(_ text: String) -> String {
    // Printable ASCII, the usual key, is its own line: no scalar to escape.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    return visibleLines(text).joined(separator: "\\n")
  }

  /// `text` inside a quoted Mermaid label: Mermaid's own characters as entity codes, line
  /// breaks as `<br>`.
  static func mermaid(_ text: String) -> String {
    visibleLines(text).map { line in
      var escaped = ""
      for scalar in line.unicodeScalars {
        switch scalar {
        case "\"": escaped += "#quot;"
        case "#": escaped += "#35;"
        case "<": escaped += "#lt;"
        case ">": escaped += "#gt;"
        case "&": escaped += "#amp;"
        case "`": escaped += "#96;"
        case "|": escaped += "#124;"
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      return escaped
    }.joined(separator: "<br>")
  }

  /// `text` inside a quoted DOT string: `\` and `"` escaped, line breaks as `\n`.
  static func dot(_ text: String) -> String {
    visibleLines(text).map { line in
      var escaped = ""
      for scalar in line.unicodeScalars {
        switch scalar {
        case "\\": escaped += "\\\\"
        case "\"": escaped += "\\\""
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      return escaped
    }.joined(separator: "\\n")
  }

  /// A coordinate: without a fraction when it is a whole number.
  static func number(_ value: Double) -> String {
    if value.isFinite, abs(value) < 1e15, Double(Int64(value)) == value { return String(Int64(value)) }
    return "\(value)"
  }

  /// The lines of `text` (split at each line feed), each control character other than the
  /// line feed written as an escape: `\t`, `\r`, `\0`, else `\u{…}` in hexadecimal. The line
  /// and paragraph separators count as control characters, since they break lines too.
  private static func visibleLines(_ text: String) -> [String] {
    var lines = [""]
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: lines.append("")
      case 0x09: lines[lines.count - 1] += "\\t"
      case 0x0D: lines[lines.count - 1] += "\\r"
      case 0x00: lines[lines.count - 1] += "\\0"
      case 0x01...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
        lines[lines.count - 1] += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: lines[lines.count - 1].unicodeScalars.append(scalar)
      }
    }
    return lines
  }
}
