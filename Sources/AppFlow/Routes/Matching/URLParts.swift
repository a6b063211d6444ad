/// A URL or a pattern cut into its parts, nothing decoded yet:
/// `scheme://host/path?query#fragment`.
struct URLParts {
  /// Why a text could not be cut into parts.
  enum Failure: Error, Hashable {
    /// No `scheme:` before the first `/`, `?` or `#`.
    case relative
    /// The scheme is empty or has a character other than letters, digits, `+`, `-`, `.`, or
    /// does not start with a letter.
    case invalidScheme(String)
    /// `scheme:` is not followed by `//`.
    case missingSlashes

    /// The failure in words.
    var reason: String {
      switch self {
      case .relative: return "no scheme"
      case .invalidScheme(let scheme): return "the scheme '\(scheme)' is not valid"
      case .missingSlashes: return "the scheme is not followed by '//'"
      }
    }
  }

  /// The scheme as written.
  var scheme: Substring
  /// The host (everything between `//` and the path) as written.
  var host: Substring
  /// The path, starting with `/` unless empty.
  var path: Substring
  /// The query after `?`, if there is a `?`.
  var query: Substring?
  /// The fragment after `#`, if there is a `#`.
  var fragment: Substring?

  /// Cuts `text` into parts.
  init(_ text: Substring) throws(Failure) {
    let utf8 = text.utf8
    guard
      let colon = utf8.firstIndex(where: {
        $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?")
          || $0 == UInt8(ascii: "#")
      }), utf8[colon] == UInt8(ascii: ":")
    else { throw .relative }
    scheme = text[..<colon]
    guard Self.isValidScheme(scheme) else { throw .invalidScheme(String(scheme)) }
    var rest = text[text.index(after: colon)...]
    guard rest.utf8.starts(with: "//".utf8) else { throw .missingSlashes }
    rest = rest.dropFirst(2)
    if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
      fragment = rest[rest.index(after: hash)...]
      rest = rest[..<hash]
    }
    if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
      query = rest[rest.index(after: question)...]
      rest = rest[..<question]
    }
    let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
    host = rest[..<slash]
    path = rest[slash...]
  }

  /// The path's segments: split on `/`, the leading empty piece and trailing empty pieces
  /// (from a trailing slash) dropped; empty pieces inside are kept.
  var segments: [Substring] {
    guard !path.isEmpty else { return [] }
    var pieces = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    while let last = pieces.last, last.isEmpty { pieces.removeLast() }
    return pieces
  }

  /// The query's items, split on `&` (empty items skipped) then on the first `=`; an item
  /// without `=` has an empty value.
  var queryItems: [(key: Substring, value: Substring)] {
    guard let query else { return [] }
    return query.split(separator: "&").map { item in
      guard let equals = item.firstIndex(of: "=") else { return (item, item[item.endIndex...]) }
      return (item[..<equals], item[item.index(after: equals)...])
    }
  }

  /// A Boolean value indicating whether `scheme` is a letter then letters, digits, `+`, `-`, `.`.
  static func isValidScheme(_ scheme: Substring) -> Bool {
    guard let first = scheme.utf8.first, isLetter(first) else { return false }
    return scheme.utf8.allSatisfy { byte in
      isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
  }

  /// A Boolean value indicating whether `byte` is an ASCII letter.
  static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }
}
