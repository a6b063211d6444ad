/// A URL or a pattern cut into its parts, as byte ranges of its UTF-8, nothing decoded yet:
/// `scheme://host/path?query#fragment`.
///
/// Working on bytes, not `Character`s, keeps scanning linear and cheap (no grapheme breaking),
/// and every delimiter is ASCII, so each range is valid UTF-8 on its own.
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
  var scheme: Range<Int>
  /// The host (everything between `//` and the path) as written.
  var host: Range<Int>
  /// The path, starting with `/` unless empty.
  var path: Range<Int>
  /// The query after `?`, if there is a `?`.
  var query: Range<Int>?
  /// The fragment after `#`, if there is a `#`.
  var fragment: Range<Int>?

  /// Cuts the UTF-8 `bytes` into parts.
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
    let end = bytes.count
    var colon = 0
    while colon < end, !Self.isDelimiter(bytes[colon]) { colon += 1 }
    guard colon < end, bytes[colon] == UInt8(ascii: ":") else { throw .relative }
    scheme = 0..<colon
    guard Self.isValidScheme(bytes, scheme) else {
      throw .invalidScheme(String(decoding: UnsafeBufferPointer(rebasing: bytes[scheme]), as: UTF8.self))
    }
    guard colon + 2 < end, bytes[colon + 1] == UInt8(ascii: "/"),
      bytes[colon + 2] == UInt8(ascii: "/")
    else { throw .missingSlashes }
    var restEnd = end
    if let hash = Self.firstIndex(of: UInt8(ascii: "#"), in: bytes, colon + 3..<end) {
      fragment = hash + 1..<end
      restEnd = hash
    }
    if let question = Self.firstIndex(of: UInt8(ascii: "?"), in: bytes, colon + 3..<restEnd) {
      query = question + 1..<restEnd
      restEnd = question
    }
    let slash = Self.firstIndex(of: UInt8(ascii: "/"), in: bytes, colon + 3..<restEnd) ?? restEnd
    host = colon + 3..<slash
    path = slash..<restEnd
  }

  /// The path's segments: split on `/`, the leading empty piece and trailing empty pieces
  /// (from a trailing slash) dropped; empty pieces inside are kept.
  func segments(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    guard !path.isEmpty else { return [] }
    var count = 1
    for index in path where bytes[index] == UInt8(ascii: "/") { count += 1 }
    var pieces: [Range<Int>] = []
    pieces.reserveCapacity(count)
    var start = path.lowerBound + 1
    for index in start..<path.upperBound where bytes[index] == UInt8(ascii: "/") {
      pieces.append(start..<index)
      start = index + 1
    }
    pieces.append(start..<path.upperBound)
    while let last = pieces.last, last.isEmpty { pieces.removeLast() }
    return pieces
  }

  /// The query's items, split on `&` (empty items skipped) then on the first `=`; an item
  /// without `=` has an empty value.
  func queryItems(_ bytes: UnsafeBufferPointer<UInt8>) -> [(key: Range<Int>, value: Range<Int>)] {
    guard let query else { return [] }
    var items: [(key: Range<Int>, value: Range<Int>)] = []
    var start = query.lowerBound
    for index in query.lowerBound...query.upperBound
    where index == query.upperBound || bytes[index] == UInt8(ascii: "&") {
      if start < index {
        let equals = Self.firstIndex(of: UInt8(ascii: "="), in: bytes, start..<index)
        items.append((start..<(equals ?? index), (equals.map { $0 + 1 } ?? index)..<index))
      }
      start = index + 1
    }
    return items
  }

  /// The first index of `byte` in `range`, or `nil`.
  static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    for index in range where bytes[index] == byte { return index }
    return nil
  }

  /// A Boolean value indicating whether `byte` ends a scheme: `:`, `/`, `?`, `#`.
  static func isDelimiter(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
      || byte == UInt8(ascii: "#")
  }

  /// A Boolean value indicating whether the scheme is a letter then letters, digits, `+`,
  /// `-`, `.`.
  static func isValidScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ scheme: Range<Int>) -> Bool {
    guard let first = scheme.first, isLetter(bytes[first]) else { return false }
    return scheme.allSatisfy { index in
      let byte = bytes[index]
      return isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
  }

  /// A Boolean value indicating whether `byte` is an ASCII letter.
  static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }

  /// The parts of `text` as strings, not decoded: for patterns, which are parsed once.
  static func strings(
    _ text: String
  ) throws(Failure) -> (
    scheme: String, host: String, segments: [String], query: [(key: String, value: String)], hasFragment: Bool
  ) {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(Failure) in
        let parts = try URLParts(bytes)
        return (
          string(bytes, parts.scheme), string(bytes, parts.host),
          parts.segments(bytes).map { string(bytes, $0) },
          parts.queryItems(bytes).map { (string(bytes, $0.key), string(bytes, $0.value)) },
          parts.fragment != nil
        )
      }
    }
    return try result.get()
  }

  /// The bytes in `range` as a string (valid UTF-8: every range ends at an ASCII delimiter).
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }
}
