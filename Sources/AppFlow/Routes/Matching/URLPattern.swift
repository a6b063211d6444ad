/// A URL pattern such as `shop://catalog/products/<int:id>?tab=<tab>&page=<int:page>`.
///
/// The scheme and host are literal (compared lowercased). The path is split on `/` and each
/// segment is a literal (percent-decoded) or a whole-segment placeholder: `<int:name>`,
/// `<uuid:name>` (typed), `<name>` or `<string:name>` (untyped), or `<path:name>` (a
/// catch-all, last segment only, matching one or more remaining segments). The query maps
/// items to parameters: `?key=<type:name>`; a query parameter is optional, and `path` is not
/// allowed there. Two patterns are equal when their texts are.
public struct URLPattern: Hashable, Sendable, CustomStringConvertible {
  /// One segment of a pattern's path.
  enum Segment: Hashable, Sendable {
    /// A literal segment, percent-decoded.
    case literal(String)
    /// A placeholder: its name and type.
    case placeholder(String, URLParameterType)
  }

  /// A query item mapped to a parameter.
  struct QueryItem: Hashable, Sendable {
    /// The item's key in the URL, percent-decoded.
    let key: String
    /// The parameter's name.
    let name: String
    /// The parameter's type (never `path`).
    let type: URLParameterType
  }

  /// The pattern as written.
  public let text: String
  /// The scheme as written, and lowercased.
  let schemeText: String, scheme: String
  /// The host as written, and lowercased.
  let hostText: String, host: String
  /// The path's segments.
  let segments: [Segment]
  /// The query items mapped to parameters, in order.
  let queryItems: [QueryItem]

  /// Parses a pattern.
  ///
  /// - Parameter text: The pattern, e.g. `shop://catalog/products/<int:id>?tab=<tab>`.
  /// - Throws: ``RouteError/invalidPattern(_:reason:)`` naming what is wrong.
  public init(_ text: String) throws(RouteError) {
    func invalid(_ reason: String) -> RouteError { .invalidPattern(text, reason: reason) }
    guard !text.isEmpty else { throw invalid("the pattern is empty") }
    let parts:
      (
        scheme: String, host: String, segments: [String], query: [(key: String, value: String)],
        hasFragment: Bool
      )
    do { parts = try URLParts.strings(text) } catch { throw invalid(error.reason) }
    guard !parts.hasFragment else { throw invalid("a pattern has no fragment ('#')") }
    guard !parts.host.contains(where: { $0 == "<" || $0 == ">" }) else {
      throw invalid("placeholders are allowed in path segments and query values, not in the host")
    }
    self.text = text
    schemeText = parts.scheme
    scheme = Self.lowercasedASCII(parts.scheme)
    hostText = parts.host
    host = Self.lowercasedASCII(parts.host)

    var names: Set<String> = []
    let pieces = parts.segments
    guard pieces.count <= URLLimits.maximumSegments else {
      throw invalid("more than \(URLLimits.maximumSegments) segments")
    }
    var segments: [Segment] = []
    for (index, piece) in pieces.enumerated() {
      guard !piece.isEmpty else { throw invalid("segment \(index + 1) is empty") }
      let segment = try Self.segment(piece[...], invalid: invalid)
      if case .placeholder(let name, let type) = segment {
        guard names.insert(name).inserted else { throw invalid("the parameter '\(name)' appears twice") }
        guard type != .path || index == pieces.count - 1 else {
          throw invalid("the catch-all '<path:\(name)>' is not the last segment")
        }
      }
      segments.append(segment)
    }
    self.segments = segments

    var queryItems: [QueryItem] = []
    for item in parts.query {
      guard let key = try? PercentCoding.decode(item.key[...]), !key.isEmpty else {
        throw invalid("the query item '\(item.key)' has no valid key")
      }
      guard !queryItems.contains(where: { $0.key == key }) else {
        throw invalid("the query key '\(key)' appears twice")
      }
      guard item.value.hasPrefix("<"),
        case .placeholder(let name, let type) = try Self.segment(item.value[...], invalid: invalid)
      else { throw invalid("the query item '\(key)' is not mapped to a placeholder") }
      guard type != .path else { throw invalid("the query item '\(key)' is a catch-all") }
      guard names.insert(name).inserted else { throw invalid("the parameter '\(name)' appears twice") }
      queryItems.append(QueryItem(key: key, name: name, type: type))
    }
    self.queryItems = queryItems
  }

  /// The parameters: the path's placeholders, then the query's, in order.
  public var parameters: [(name: String, type: URLParameterType)] {
    var result: [(name: String, type: URLParameterType)] = []
    for case .placeholder(let name, let type) in segments { result.append((name, type)) }
    for item in queryItems { result.append((item.name, item.type)) }
    return result
  }

  /// The pattern's text.
  public var description: String { text }

  /// The number of parameters, path and query.
  var parameterCount: Int {
    segments.reduce(queryItems.count) { count, segment in
      if case .placeholder = segment { count + 1 } else { count }
    }
  }

  /// Prints the URL this pattern matches with `parameters`, percent-encoding each value.
  ///
  /// Every byte but `A-Z a-z 0-9 - . _ ~` of a literal or a value is written `%XX`. A query
  /// parameter that `parameters` lacks is left out. A value may be given in another case
  /// when its text fits the type (`.string("42")` for an `int`, `.int(42)` for a string,
  /// a UUID's string for a `uuid`, `.string` for a one-segment `path`).
  ///
  /// - Parameter parameters: The values, by name; names the pattern lacks are ignored.
  /// - Returns: The URL, which ``URLPatternTable/match(_:)`` matches to this pattern.
  /// - Throws: ``RouteError/missingParameter(pattern:name:)`` for a missing path parameter;
  ///   ``RouteError/invalidParameter(_:name:value:expected:)`` for a value that does not fit
  ///   its type, or an empty value in the path; ``RouteError/urlTooLong(_:length:)`` when the
  ///   URL would be longer than the 4,096 bytes a table matches (encoding can triple a value).
  public func url(with parameters: URLParameters) throws(RouteError) -> String {
    var url = schemeText + "://" + hostText
    for segment in segments {
      url += "/"
      switch segment {
      case .literal(let literal):
        url += PercentCoding.encode(literal)
      case .placeholder(let name, let type):
        guard let value = parameters[name] else { throw .missingParameter(pattern: text, name: name) }
        url += try printed(value, name: name, type: type, inPath: true)
      }
    }
    var separator = "?"
    for item in queryItems {
      guard let value = parameters[item.name] else { continue }
      url += separator + PercentCoding.encode(item.key) + "="
      url += try printed(value, name: item.name, type: item.type, inPath: false)
      separator = "&"
    }
    // Percent-encoding can triple a value's length: a URL the table would refuse is not printed.
    let length = url.utf8.count
    guard length <= URLLimits.maximumLength else { throw .urlTooLong(URLLimits.shown(url), length: length) }
    return url
  }

  /// A value as a percent-encoded segment (or segments, for `path`) or query value.
  private func printed(
    _ value: URLParameterValue, name: String, type: URLParameterType, inPath: Bool
  ) throws(RouteError) -> String {
    let text: String?
    switch (type, value) {
    case (.int, .int(let number)): text = String(number)
    case (.int, .string(let string)): text = Int(string) == nil ? nil : string
    case (.uuid, .uuid): text = value.description
    case (.uuid, .string(let string)): text = URLSegmentParser.uuid(string) == nil ? nil : string
    case (.string, .string(let string)): text = inPath && string.isEmpty ? nil : string
    case (.string, .int(let number)): text = String(number)
    case (.string, .uuid): text = value.description
    case (.path, .path(let segments)):
      guard !segments.isEmpty, !segments.contains(where: \.isEmpty) else { text = nil; break }
      return segments.map(PercentCoding.encode).joined(separator: "/")
    case (.path, .string(let string)): text = string.isEmpty ? nil : string
    default: text = nil
    }
    guard let text else {
      throw .invalidParameter(self.text, name: name, value: value.description, expected: type)
    }
    return PercentCoding.encode(text)
  }

  /// `text` with its ASCII letters in lower case, as a URL's scheme and host are compared.
  private static func lowercasedASCII(_ text: String) -> String {
    var text = text
    return text.withUTF8 { PercentCoding.lowercased($0, 0..<$0.count) }
  }

  /// Parses one path segment or query value: a literal, or a whole-segment placeholder.
  private static func segment(
    _ piece: Substring, invalid: (String) -> RouteError
  ) throws(RouteError) -> Segment {
    guard piece.first == "<" else {
      guard !piece.contains(where: { $0 == "<" || $0 == ">" }) else {
        throw invalid("a placeholder must be a whole segment ('\(piece)')")
      }
      guard let literal = try? PercentCoding.decode(piece) else {
        throw invalid("the segment '\(piece)' has bad percent-encoding")
      }
      return .literal(literal)
    }
    guard piece.count >= 3, piece.last == ">" else {
      throw invalid("the placeholder '\(piece)' is not closed")
    }
    let inner = piece.dropFirst().dropLast()
    let pieces = inner.split(separator: ":", omittingEmptySubsequences: false)
    let name = pieces.last ?? inner
    let type: URLParameterType
    switch pieces.count {
    case 1: type = .string
    case 2:
      guard let named = URLParameterType(rawValue: String(pieces[0])) else {
        throw invalid("unknown placeholder type '\(pieces[0])' (int, string, uuid, path)")
      }
      type = named
    default: throw invalid("the placeholder '\(piece)' is not <name> or <type:name>")
    }
    let isNameCharacter = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "_") }
    guard !name.isEmpty, name.allSatisfy(isNameCharacter) else {
      throw invalid("the placeholder name '\(name)' is not letters, digits and '_'")
    }
    return .placeholder(String(name), type)
  }
}

extension URLPattern {
  /// Two patterns are equal when their texts are.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }

  /// Hashes the pattern's text.
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
