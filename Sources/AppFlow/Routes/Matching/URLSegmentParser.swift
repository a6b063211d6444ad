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

  /// Reads `text` as a UUID (`8-4-4-4-12` hexadecimal digits in either case), or `nil`.
  ///
  /// Parsed here rather than by `UUID(uuidString:)`, which scans with `sscanf` (about 2,400
  /// instructions a call on Linux, measured with callgrind).
  static func uuid(_ text: String) -> UUID? {
    guard text.utf8.count == 36 else { return nil }
    var text = text
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let valid = withUnsafeMutableBytes(of: &bytes) { output in
      text.withUTF8 { utf8 in uuid(utf8, into: output) }
    }
    return valid ? UUID(uuid: bytes) : nil
  }

  /// Reads the 36 UTF-8 bytes of a UUID's text into 16 bytes; `false` if they are not one.
  private static func uuid(_ utf8: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableRawBufferPointer)
    -> Bool
  {
    var position = 0
    var high: UInt8?
    for index in 0..<utf8.count {
      let byte = utf8[index]
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard byte == UInt8(ascii: "-") else { return false }
        continue
      }
      guard let digit = PercentCoding.hexValue(byte) else { return false }
      if let first = high {
        output[position] = first << 4 | digit
        position += 1
        high = nil
      } else {
        high = digit
      }
    }
    return true
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
