import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A `<text>` element of an SVG picture: its content with the character references read
/// back, and where it is drawn.
struct SVGText: Equatable, CustomStringConvertible {
  var text: String
  var x: Int
  var y: Int
  /// The element's `class`, if any (`style` for a presentation's label).
  var kind: String?

  var description: String { "\(text) @ (\(x), \(y))" }
}

/// The `<text>` elements of `svg`, in document order, read by an XML parser; fails the test
/// (and returns `nil`) when `svg` is not well-formed XML.
func svgTexts(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) -> [SVGText]? {
  let reader = SVGTextReader()
  let parser = XMLParser(data: Data(svg.utf8))
  parser.delegate = reader
  guard parser.parse() else {
    Issue.record(
      "Not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")\n\(svg)",
      sourceLocation: sourceLocation)
    return nil
  }
  return reader.texts
}

private final class SVGTextReader: NSObject, XMLParserDelegate {
  var texts: [SVGText] = []
  private var current: SVGText?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    guard elementName == "text" else { return }
    current = SVGText(
      text: "", x: Int(attributes["x"] ?? "") ?? -1, y: Int(attributes["y"] ?? "") ?? -1,
      kind: attributes["class"])
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    current?.text += string
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    guard elementName == "text", let text = current else { return }
    texts.append(text)
    current = nil
  }
}
