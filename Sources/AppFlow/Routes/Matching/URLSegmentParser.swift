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
    var text = text
    return text.withUTF8(integer)
  }

  /// Reads the UTF-8 `utf8` as an optionally signed (`+`, `-`) decimal integer.
  static func integer(_ utf8: UnsafeBufferPointer<UInt8>) -> IntegerReading {
    var index = 0
    var isNegative = false
    if let sign = utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      isNegative = sign == UInt8(ascii: "-")
      index = 1
    }
    guard index < utf8.count else { return .notInteger }
    var value = 0
    var overflows = false
    while index < utf8.count {
      let digit = utf8[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return .notInteger }
      if !overflows {
        let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (next, overflow2) =
          isNegative
          ? times10.subtractingReportingOverflow(Int(digit)) : times10.addingReportingOverflow(Int(digit))
        if overflow1 || overflow2 { overflows = true } else { value = next }
      }
      index += 1
    }
    return overflows ? .overflow : .value(value)
  }

  /// A Boolean value indicating whether the UTF-8 `utf8` is a UUID's text.
  static func isUUID(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard utf8.count == 36 else { return false }
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &bytes) { uuid(utf8, into: $0) }
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
