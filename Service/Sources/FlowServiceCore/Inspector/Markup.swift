/// Escaping of text for HTML and SVG.
enum Markup {
  /// The text with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in an
  /// element's content and in a quoted attribute value of HTML and of SVG.
  ///
  /// - Parameter text: Any text: a screen's name, a route's parameters, an event.
  /// - Returns: The escaped text.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
