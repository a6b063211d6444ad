/// Percent-encoding and decoding of URL segments and query items (RFC 3986), byte by byte.
enum PercentCoding {
  /// Why a piece of a URL could not be decoded.
  enum Failure: Error, Hashable {
    /// A `%` not followed by two hexadecimal digits.
    case malformedEscape
    /// The decoded bytes are not UTF-8.
    case invalidUTF8
  }

  /// The text of `range` of the UTF-8 `bytes` with every `%XX` replaced by its byte; `+`
  /// stays a plus sign.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(Failure) -> String {
    guard URLParts.firstIndex(of: UInt8(ascii: "%"), in: bytes, range) != nil else {
      return URLParts.string(bytes, range)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      index += 1
      guard byte == UInt8(ascii: "%") else {
        decoded.append(byte)
        continue
      }
      guard index + 1 < range.upperBound, let high = hexValue(bytes[index]),
        let low = hexValue(bytes[index + 1])
      else { throw .malformedEscape }
      index += 2
      decoded.append(high << 4 | low)
    }
    guard let text = String(validating: decoded, as: UTF8.self) else { throw .invalidUTF8 }
    return text
  }

  /// The text of `piece` decoded as ``decode(_:_:)`` does.
  static func decode(_ piece: Substring) throws(Failure) -> String {
    var text = String(piece)
    let result = text.withUTF8 { bytes in Result { () throws(Failure) in try decode(bytes, 0..<bytes.count) }
    }
    return try result.get()
  }

  /// `text` with every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) written `%XX`.
  static func encode(_ text: String) -> String {
    if text.utf8.allSatisfy(isUnreserved) { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count * 3)
    let digits = Array("0123456789ABCDEF".utf8)
    for byte in text.utf8 {
      if isUnreserved(byte) {
        bytes.append(byte)
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A Boolean value indicating whether `byte` is written as itself in a URL.
  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  /// The value of a hexadecimal digit, or `nil`.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// `range` of the UTF-8 `bytes` with ASCII letters in lower case.
  static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    let isUpper = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    guard range.contains(where: { isUpper(bytes[$0]) }) else { return URLParts.string(bytes, range) }
    return String(decoding: range.map { isUpper(bytes[$0]) ? bytes[$0] + 32 : bytes[$0] }, as: UTF8.self)
  }
}
