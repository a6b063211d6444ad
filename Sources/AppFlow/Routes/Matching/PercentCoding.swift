/// Percent-encoding and decoding of URL segments and query items (RFC 3986), byte by byte.
enum PercentCoding {
  /// Why a piece of a URL could not be decoded.
  enum Failure: Error, Hashable {
    /// A `%` not followed by two hexadecimal digits.
    case malformedEscape
    /// The decoded bytes are not UTF-8.
    case invalidUTF8
  }

  /// The text of `piece` with every `%XX` replaced by its byte; `+` stays a plus sign.
  static func decode(_ piece: Substring) throws(Failure) -> String {
    let utf8 = piece.utf8
    guard utf8.contains(UInt8(ascii: "%")) else { return String(piece) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      utf8.formIndex(after: &index)
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard index < utf8.endIndex, let high = hexValue(utf8[index]) else { throw .malformedEscape }
      utf8.formIndex(after: &index)
      guard index < utf8.endIndex, let low = hexValue(utf8[index]) else { throw .malformedEscape }
      utf8.formIndex(after: &index)
      bytes.append(high << 4 | low)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
    return text
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

  /// `text` in lower case, without a copy when it has no upper-case ASCII letter.
  static func lowercased(_ text: Substring) -> String {
    let hasUpper = text.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    return hasUpper ? text.lowercased() : String(text)
  }
}
