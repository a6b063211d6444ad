extension Window {
  /// The window's screens as an indented tree, one screen a line.
  ///
  /// Each line names the screen and its appearance state; a navigation stack marks its
  /// top; presented screens hang under their presenter after `presents`. Useful in logs,
  /// demos and failing tests, like UIKit's private `_printHierarchy`.
  ///
  /// ```
  /// Window (visible)
  /// └─ Nav [NavigationController] appeared
  ///    ├─ Home [Screen] disappeared
  ///    └─ Detail [Screen] appeared (top)
  /// ```
  ///
  /// - Returns: The tree, lines separated by newlines, without a final newline.
  public func hierarchyDescription() -> String {
    var lines = ["Window (\(isHidden ? "hidden" : "visible"))"]
    if let root = rootViewController {
      describe(root, prefix: "", isLast: true, label: nil, into: &lines)
    }
    return lines.joined(separator: "\n")
  }

  private func describe(
    _ screen: ViewController, prefix: String, isLast: Bool, label: String?, into lines: inout [String]
  ) {
    let branch = isLast ? "└─ " : "├─ "
    var line = prefix + branch + (label.map { "\($0) " } ?? "")
    line += "\(screen.screenID.name) [\(type(of: screen))] \(screen.appearanceState)"
    if let navigation = screen.parent as? NavigationController, navigation.topViewController === screen {
      line += " (top)"
    }
    if label != nil, let style = screen.presentationController?.adaptivePresentationStyle {
      line += " (\(style))"
    }
    lines.append(line)
    let childPrefix = prefix + (isLast ? "   " : "│  ")
    let children = screen.children
    for (index, child) in children.enumerated() {
      let last = index == children.count - 1 && screen.presented == nil
      describe(child, prefix: childPrefix, isLast: last, label: nil, into: &lines)
    }
    if let presented = screen.presented {
      describe(presented, prefix: childPrefix, isLast: true, label: "presents", into: &lines)
    }
  }
}
