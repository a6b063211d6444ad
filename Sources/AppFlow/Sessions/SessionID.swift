/// A session's identifier: 1 to 128 characters of `A`–`Z`, `a`–`z`, `0`–`9`, `.`, `_` and
/// `-`, so that it is safe as a file name, a database key and a URL path segment.
///
/// ```swift
/// let id = try SessionID("user-42")
/// let fresh = SessionID.random()          // 32 hexadecimal digits
/// ```
///
/// Any other text is refused with ``SessionError/Code/invalidSessionID``, whether it comes
/// from ``init(_:)`` or from a decoder.
public struct SessionID: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
  /// The identifier's text.
  public let rawValue: String

  /// The most characters an identifier has.
  public static let maximumLength = 128

  /// Creates an identifier from its text.
  ///
  /// - Parameter rawValue: 1 to 128 characters of `A`–`Z`, `a`–`z`, `0`–`9`, `.`, `_`, `-`.
  /// - Throws: ``SessionError/Code/invalidSessionID`` naming the text and what is wrong
  ///   with it.
  public init(_ rawValue: String) throws(SessionError) {
    if let problem = Self.problem(with: rawValue) {
      throw SessionError(
        .invalidSessionID, "Can't use \(Self.shown(rawValue)) as a session identifier: \(problem).")
    }
    self.rawValue = rawValue
  }

  /// Creates an identifier already known to be valid.
  init(unchecked rawValue: String) {
    self.rawValue = rawValue
  }

  /// A new identifier of 32 random hexadecimal digits (128 bits).
  ///
  /// - Parameter generator: The source of randomness; the system's by default.
  /// - Returns: The identifier.
  public static func random(using generator: inout some RandomNumberGenerator) -> SessionID {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(32)
    for _ in 0..<2 {
      var bits = generator.next()
      for _ in 0..<16 {
        text.append(digits[Int(bits & 0xF)])
        bits >>= 4
      }
    }
    return SessionID(unchecked: String(decoding: text, as: UTF8.self))
  }

  /// A new identifier of 32 random hexadecimal digits, from the system's generator.
  ///
  /// - Returns: The identifier.
  public static func random() -> SessionID {
    var generator = SystemRandomNumberGenerator()
    return random(using: &generator)
  }

  /// Decodes an identifier from a single string, refusing invalid text.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` with the ``SessionError`` message when the text
  ///   is not a valid identifier.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }

  /// Encodes the identifier as a single string.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The identifier's text.
  public var description: String { rawValue }

  /// Returns a Boolean value indicating whether `lhs` sorts before `rhs`, by their text.
  public static func < (lhs: SessionID, rhs: SessionID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// What is wrong with `text` as an identifier, or `nil` when it is valid.
  private static func problem(with text: String) -> String? {
    var count = 0
    for byte in text.utf8 {
      count += 1
      if count > maximumLength { break }
      guard isAllowed(byte) else {
        return "only A-Z, a-z, 0-9, '.', '_' and '-' are allowed"
      }
    }
    if count == 0 { return "it is empty" }
    if count > maximumLength { return "it is longer than \(maximumLength) characters" }
    return nil
  }

  /// A Boolean value indicating whether `byte` is one of the allowed ASCII characters.
  private static func isAllowed(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default:
      false
    }
  }

  /// The text as a message shows it: its first 40 characters, quoted and escaped as in
  /// Swift source, then `…` when there were more.
  private static func shown(_ text: String) -> String {
    let prefix = text.prefix(40)
    return String(prefix).debugDescription + (prefix.endIndex == text.endIndex ? "" : "…")
  }
}
