extension JSONValue {
  /// The value as JSON text, as the service writes its answers: no spaces, an object's keys
  /// in ascending order, slashes as they are (`shop://cart`), other characters escaped as
  /// `JSONEncoder` escapes them (quotes, backslashes, and control characters: `\n`, `\r`,
  /// `\t`, `\b`, `\f`, the rest as `\u00XX`). What differs from `JSONEncoder`'s text: an
  /// unsigned integer past `Int.max` (a ``JSONValue/double(_:)`` here) is written as a double.
  ///
  /// With ``JSONValueEncoder``, it takes the place of `JSONEncoder` for the service's answers,
  /// which would take about 6 % of the service's CPU time in an open (a `perf` profile of the
  /// `open` load test, release build).
  var text: String {
    String(decoding: utf8, as: UTF8.self)
  }

  /// The value's JSON text (``text``) in UTF-8.
  var utf8: [UInt8] {
    var writer = JSONTextWriter()
    writer.write(self)
    return writer.bytes
  }
}

/// Writes JSON text into UTF-8 bytes as ``JSONValue/text`` describes it, a value at a time:
/// the service's answers are written with it directly, without a `String` or a ``JSONValue``
/// tree in between.
///
/// Writing bytes rather than appending to a `String`'s scalars cut the text of an open's
/// answer from about 6.6 % of the server's CPU to under 1 % (`perf`, release build, the load
/// test's `open`).
struct JSONTextWriter {
  /// The text so far.
  private(set) var bytes: [UInt8] = []

  /// Creates a writer with room for `capacity` bytes.
  init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends `text` as it is (punctuation, `null`, a key already quoted).
  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends `value`'s JSON text.
  mutating func write(_ value: JSONValue) {
    switch value {
    case .null: raw("null")
    case .bool(let value): value ? raw("true") : raw("false")
    case .int(let value): write(value)
    case .double(let value): bytes.append(contentsOf: "\(value)".utf8)
    case .string(let value): write(value)
    case .array(let values):
      array(values) { writer, value in writer.write(value) }
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(key)
        bytes.append(UInt8(ascii: ":"))
        write(members[key]!)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `items` as a JSON array: `[`, then each item as `element` writes it, the items
  /// separated by commas, then `]`.
  ///
  /// ```swift
  /// writer.array(names) { writer, name in writer.write(name) }  // ["a","b"]
  /// ```
  mutating func array<Items: Sequence>(
    _ items: Items, _ element: (inout JSONTextWriter, Items.Element) -> Void
  ) {
    bytes.append(UInt8(ascii: "["))
    var first = true
    for item in items {
      if first { first = false } else { bytes.append(UInt8(ascii: ",")) }
      element(&self, item)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Appends a whole number in decimal.
  mutating func write(_ value: Int) {
    // A small string (up to 15 bytes) allocates nothing.
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Appends `string` as a JSON string: quoted, with quotes, backslashes and control
  /// characters escaped.
  mutating func write(_ string: String) {
    bytes.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { text in
      var start = 0
      for index in text.indices {
        let byte = text[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
        escape(byte)
        start = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the escape of a quote, a backslash or a control character.
  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): raw("\\\"")
    case UInt8(ascii: "\\"): raw("\\\\")
    case UInt8(ascii: "\n"): raw("\\n")
    case UInt8(ascii: "\r"): raw("\\r")
    case UInt8(ascii: "\t"): raw("\\t")
    case 0x08: raw("\\b")
    case 0x0C: raw("\\f")
    default:
      let hex = Array("0123456789abcdef".utf8)
      raw("\\u00")
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0xF)])
    }
  }
}
