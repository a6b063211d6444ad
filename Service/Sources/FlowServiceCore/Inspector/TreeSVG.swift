/// Draws a session's navigation tree as an SVG picture, laid out in Swift.
///
/// Every screen is a box labelled with its name (`Product(id: 42)`); a navigation
/// controller's box holds its stack as a column, its root at the top; a container's box
/// holds its children as a row; a presented screen is drawn to the right of the screen that
/// presents it, joined by an arrow labelled with the presentation's style. Every screen's
/// name is one `<text>` element; the route's URL is the box's `<title>` (its tooltip).
enum TreeSVG {
  /// The width of one character of the labels (12 px monospace), rounded up.
  static let characterWidth = 8
  /// The space around and between boxes.
  static let padding = 10
  /// The height of a screen's box, and of a container's header.
  static let rowHeight = 30
  /// The margin around the picture.
  static let margin = 16

  /// The SVG picture of a navigation tree.
  ///
  /// - Parameter root: The window's root screen, as ``SessionState`` has it; `nil` draws a
  ///   picture that says there is no screen.
  /// - Returns: One `<svg>` element, with no XML declaration, to embed in HTML or serve alone.
  static func svg(_ root: ScreenNode?) -> String {
    guard let root else {
      return
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"240\" height=\"60\" viewBox=\"0 0 240 60\">"
        + "<text x=\"16\" y=\"34\" class=\"empty\">No screen yet</text></svg>"
    }
    let drawing = layout(root)
    let width = drawing.width + 2 * margin
    let height = drawing.height + 2 * margin
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        + " viewBox=\"0 0 \(width) \(height)\" font-family=\"monospace\" font-size=\"12\">",
      "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\""
        + " markerHeight=\"8\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555\"/></marker></defs>",
    ]
    drawing.draw(margin, margin, &lines)
    lines.append("</svg>")
    return lines.joined(separator: "\n")
  }

  /// A laid-out part of the picture: its size, and how to draw it at a place.
  private struct Drawing {
    var width: Int
    var height: Int
    var draw: (_ x: Int, _ y: Int, _ lines: inout [String]) -> Void
  }

  /// The width of a label.
  private static func width(of label: String) -> Int { label.count * characterWidth }

  /// A screen with what it presents to its right.
  private static func layout(_ node: ScreenNode) -> Drawing {
    let content = box(node)
    guard let presentation = node.presents else { return content }
    let presented = layout(presentation.screen)
    let gap = max(80, width(of: presentation.style) + 2 * padding)
    return Drawing(
      width: content.width + gap + presented.width, height: max(content.height, presented.height)
    ) { x, y, lines in
      content.draw(x, y, &lines)
      presented.draw(x + content.width + gap, y, &lines)
      let arrowY = y + rowHeight / 2
      lines.append(
        "<line class=\"presents\" x1=\"\(x + content.width)\" y1=\"\(arrowY)\""
          + " x2=\"\(x + content.width + gap)\" y2=\"\(arrowY)\" stroke=\"#555\" marker-end=\"url(#arrow)\"/>"
      )
      lines.append(
        "<text class=\"style\" x=\"\(x + content.width + padding / 2)\" y=\"\(arrowY - 5)\" fill=\"#555\">"
          + "\(Markup.escaped(presentation.style))</text>")
    }
  }

  /// A screen's own box: a leaf, or a container holding its stack (a column) or its
  /// children (a row).
  private static func box(_ node: ScreenNode) -> Drawing {
    let label = Markup.escaped(node.screen)
    let title =
      node.route.map { route in
        "<title>\(Markup.escaped(route.url ?? route.name))</title>"
      } ?? ""
    let labelWidth = width(of: node.screen) + 2 * padding
    guard let items = node.stack ?? node.children else {
      let width = max(120, labelWidth)
      return Drawing(width: width, height: rowHeight) { x, y, lines in
        lines.append(
          "<g class=\"screen\">\(title)<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(rowHeight)\""
            + " rx=\"4\" fill=\"#eef4ff\" stroke=\"#3b6fd8\"/>"
            + "<text x=\"\(x + padding)\" y=\"\(y + 19)\">\(label)</text></g>")
      }
    }
    let isColumn = node.stack != nil
    let drawings = items.map(layout)
    let gaps = max(0, drawings.count - 1) * padding
    let innerWidth =
      isColumn ? drawings.map(\.width).max() ?? 0 : drawings.map(\.width).reduce(0, +) + gaps
    let innerHeight =
      isColumn ? drawings.map(\.height).reduce(0, +) + gaps : drawings.map(\.height).max() ?? 0
    let width = max(120, labelWidth, innerWidth + 2 * padding)
    let height = rowHeight + innerHeight + (drawings.isEmpty ? 0 : padding)
    let kind = isColumn ? "stack" : "container"
    return Drawing(width: width, height: height) { x, y, lines in
      lines.append(
        "<g class=\"\(kind)\">\(title)<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\""
          + " rx=\"6\" fill=\"#f6f6f6\" stroke=\"#888\" stroke-dasharray=\"4 2\"/>"
          + "<text x=\"\(x + padding)\" y=\"\(y + 19)\" font-weight=\"bold\">\(label)</text></g>")
      var itemX = x + padding
      var itemY = y + rowHeight
      for drawing in drawings {
        drawing.draw(itemX, itemY, &lines)
        if isColumn { itemY += drawing.height + padding } else { itemX += drawing.width + padding }
      }
    }
  }
}
