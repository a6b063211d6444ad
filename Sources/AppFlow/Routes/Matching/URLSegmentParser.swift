#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads typed values from decoded segments and query values.
enum URLSegmentParser {
  /// What a text holds as an `int`.
  enum IntegerReading: Hashable {
    /// A decimal integer that fits `Int`.
    case value(Int)
    /// A decimal integer that does not fit `Int`.
    case overflow
    /// Not a decimal integer.
    case notInteger
  }

  /// Reads `text` as an optionally signed (`+`, `-`) decimal integer.
  static func integer(_ text: String) -> IntegerReading {
    if let value = Int(text) { return .value(value) }
    var digits = text.utf8[...]
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      digits = digits.dropFirst()
    }
    let isDecimal =
      !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    return isDecimal ? .overflow : .notInteger
  }

  /// Reads `text` as a UUID (36 characters, hexadecimal in either case), or `nil`.
  static func uuid(_ text: String) -> UUID? {
    text.utf8.count == 36 ? UUID(uuidString: text) : nil
  }

  /// Reads `text` as a value of `type`: `nil` when it does not fit (an empty string included).
  static func value(_ text: String, as type: URLParameterType) -> URLParameterValue? {
    switch type {
    case .int:
      guard case .value(let value) = integer(text) else { return nil }
      return .int(value)
    case .uuid: return uuid(text).map(URLParameterValue.uuid)
    case .string: return .string(text)
    case .path: return text.isEmpty ? nil : .path([text])
    }
  }
}
