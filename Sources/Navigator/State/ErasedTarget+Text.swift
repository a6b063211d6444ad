// A laid-out target's texts, written from its flat nodes: the same texts as the typed
// target's `NavigationState.oneLine` and `NavigationPlan.Step.description`, without building
// the typed step nodes. The typed texts run unspecialized for a key type of another module,
// where each node, presentation and step asks the runtime for its type's metadata; these read
// only the erased nodes and ask the typed target for a key's text.

extension ErasedTarget {
  /// The target in one line (``NavigationState/oneLine``), written from the nodes.
  final var laidOutOneLine: String {
    guard !nodes.isEmpty else { return "(no root)" }
    return TextWriter.make { writeOneLine(0, to: &$0) }
  }

  /// The node at `index` without presentations, as text (``NavigationState/Node/description``).
  final func describeNode(_ index: Int) -> String {
    TextWriter.make { writeStepNode(index, to: &$0) }
  }

  /// The texts of the planner's steps (``NavigationPlan/Step/description``).
  final func stepTexts(_ steps: [PlanStep]) -> [String] {
    var texts: [String] = []
    texts.reserveCapacity(steps.count)
    for index in steps.indices {
      texts.append(TextWriter.make { write(steps[index], to: &$0) })
    }
    return texts
  }

  /// Writes the node at `index` in one line: its key, its entries or children, then what it
  /// presents after ` > ` and the style.
  private func writeOneLine(_ index: Int, to text: inout TextWriter) {
    let node = nodes[index]
    text.append(describe(keys[index]))
    switch node.content {
    case .screen: break
    case .stack:
      text.appendList(node.contained.count, between: "[", and: "]") { offset, text in
        writeOneLine(node.contained.lowerBound + offset, to: &text)
      }
    case .container:
      text.appendList(node.contained.count, between: "{", and: "}") { offset, text in
        writeOneLine(node.contained.lowerBound + offset, to: &text)
      }
    }
    if let presented = node.presented {
      text.append(" > ")
      text.append(node.style.description)
      text.append(" ")
      writeOneLine(presented, to: &text)
    }
  }

  /// Writes the node at `index` as a step names it (``NavigationState/Node/description``
  /// without presentations): its key, then a stack's entries in brackets or a container's
  /// children in braces.
  private func writeStepNode(_ index: Int, to text: inout TextWriter) {
    let node = nodes[index]
    text.append(PictureText.line(describe(keys[index])))
    switch node.content {
    case .screen: break
    case .stack:
      text.appendList(node.contained.count, between: "[", and: "]") { offset, text in
        writeStepNode(node.contained.lowerBound + offset, to: &text)
      }
    case .container:
      guard !node.contained.isEmpty else { break }
      text.appendList(node.contained.count, between: "{", and: "}") { offset, text in
        writeStepNode(node.contained.lowerBound + offset, to: &text)
      }
    }
  }

  /// Writes a step's text.
  private func write(_ step: PlanStep, to text: inout TextWriter) {
    switch step {
    case .setRoot(let index?): text.appendSetRoot { writeStepNode(index, to: &$0) }
    case .setRoot(nil): text.appendSetRootToNothing()
    case .dismiss(let path): text.appendDismiss(presentedBy: path)
    case .push(let index, let path): text.appendPush({ writeStepNode(index, to: &$0) }, onto: path)
    case .popTo(let path): text.appendPopTo(path)
    case .setStack(let path, let stack):
      let entries = nodes[stack].contained
      text.appendSetStack(path, entries.count) { writeStepNode(entries.lowerBound + $0, to: &$1) }
    case .present(let index, let path, let style):
      text.appendPresent({ writeStepNode(index, to: &$0) }, from: path, style: style)
    case .addChild(let index, let path): text.appendAdd({ writeStepNode(index, to: &$0) }, to: path)
    case .popover, .removeChild:
      // An anchor's or a removed screen's key is named by the typed step: these are rare.
      text.append(typedStepText(step))
    }
  }
}
