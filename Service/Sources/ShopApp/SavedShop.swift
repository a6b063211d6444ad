package import AppFlow
import Foundation

/// A saved shop session: the account signed in, the session's log when it records one, and
/// the navigation snapshot's JSON.
///
/// It is written as one JSON object whose `log` and `navigation` members are the log's and
/// the snapshot's JSON themselves, embedded byte for byte (neither parsed again nor escaped
/// into a string):
///
/// ```
/// {"shop":3,"account":"carol","log":{"sessionLog":1,…},"navigation":{"navigationSnapshot":1,"state":…}}
/// {"shop":2,"account":"carol","navigation":{"navigationSnapshot":1,"state":…}}
/// ```
///
/// the first with a log, the second (the form written before logs were kept) without one,
/// with `"account":null` when no one is signed in. The members come in that order, and the
/// reader expects them so: it reads the account, finds where the log's JSON value ends (its
/// strings and nesting, not its contents), then hands the bytes between `"navigation":` and
/// the closing brace to the snapshot's own reader, which checks them; the log's own reader
/// checks the log. The earliest form,
/// `{"account":"carol","navigation":"<the snapshot's JSON as a string>"}` (no `shop`
/// member), is read too, so sessions saved before stay restorable.
package struct SavedShop: Hashable, Sendable {
  /// The account signed in; `nil` when no one is.
  package var account: String?
  /// The session log's JSON bytes (`RouteTable.encode(_:)` of a `SessionLog`); `nil` when
  /// the session keeps none.
  package var log: [UInt8]?
  /// The navigation snapshot's JSON bytes.
  package var navigation: [UInt8]

  /// The version the `shop` member holds in the documents this type writes with a log; those
  /// without one hold version 2.
  package static let formatVersion = 3

  /// Creates a saved session.
  ///
  /// - Parameters:
  ///   - account: The account signed in; `nil` when no one is.
  ///   - log: The session log's JSON bytes; `nil` (the default) when the session keeps none.
  ///   - navigation: The navigation snapshot's JSON bytes.
  package init(account: String?, log: [UInt8]? = nil, navigation: [UInt8]) {
    self.account = account
    self.log = log
    self.navigation = navigation
  }

  /// The opening of a document without a log, up to the account's value.
  private static let head = Array(#"{"shop":2,"account":"#.utf8)
  /// The opening of a document with a log, up to the account's value.
  private static let headWithLog = Array(#"{"shop":3,"account":"#.utf8)
  /// Between the account's value and the log.
  private static let logMember = Array(#","log":"#.utf8)
  /// Before the snapshot.
  private static let middle = Array(#","navigation":"#.utf8)
  private static let null = Array("null".utf8)

  /// The document's JSON bytes.
  package var bytes: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(
      Self.headWithLog.count + Self.logMember.count + Self.middle.count + (log?.count ?? 0) + navigation.count
        + (account?.utf8.count ?? 4) + 8)
    out += log == nil ? Self.head : Self.headWithLog
    if let account {
      Self.appendString(account, to: &out)
    } else {
      out += Self.null
    }
    if let log {
      out += Self.logMember
      out += log
    }
    out += Self.middle
    out += navigation
    out.append(UInt8(ascii: "}"))
    return out
  }

  /// Reads a document of any form.
  ///
  /// - Parameter bytes: The document's JSON bytes.
  /// - Throws: A ``SnapshotError`` with ``SnapshotError/Code/corrupt`` when the bytes are
  ///   none of the forms. The log and the snapshot inside are not checked here: their readers
  ///   do that.
  package init(_ bytes: [UInt8]) throws(SnapshotError) {
    if bytes.starts(with: Self.head) {
      try self.init(current: bytes[...], headCount: Self.head.count, withLog: false)
    } else if bytes.starts(with: Self.headWithLog) {
      try self.init(current: bytes[...], headCount: Self.headWithLog.count, withLog: true)
    } else {
      try self.init(earlier: bytes)
    }
  }

  /// Reads a form with a `shop` member: the head, the account, the log when `withLog`, the
  /// middle, the snapshot, `}`.
  private init(current bytes: ArraySlice<UInt8>, headCount: Int, withLog: Bool) throws(SnapshotError) {
    var rest = bytes.dropFirst(headCount)
    if rest.starts(with: Self.null) {
      account = nil
      rest = rest.dropFirst(Self.null.count)
    } else {
      account = try Self.readString(&rest)
    }
    if withLog {
      guard rest.starts(with: Self.logMember) else {
        throw Self.corrupt("\"log\" does not follow the account")
      }
      rest = rest.dropFirst(Self.logMember.count)
      let end = try Self.endOfValue(rest)
      log = Array(rest[..<end])
      rest = rest[end...]
    } else {
      log = nil
    }
    guard rest.starts(with: Self.middle) else {
      throw Self.corrupt("\"navigation\" does not follow the \(withLog ? "log" : "account")")
    }
    rest = rest.dropFirst(Self.middle.count)
    guard rest.count > 1, rest.last == UInt8(ascii: "}") else {
      throw Self.corrupt("the document does not end with the snapshot and '}'")
    }
    navigation = Array(rest.dropLast())
  }

  /// Reads the earlier form, whose snapshot is a JSON string.
  private init(earlier bytes: [UInt8]) throws(SnapshotError) {
    struct Earlier: Decodable {
      var account: String?
      var navigation: String
    }
    do {
      let document = try JSONDecoder().decode(Earlier.self, from: Data(bytes))
      account = document.account
      log = nil
      navigation = Array(document.navigation.utf8)
    } catch {
      throw Self.corrupt("\(error)")
    }
  }

  private static func corrupt(_ reason: String) -> SnapshotError {
    SnapshotError(.corrupt, "The saved shop session is damaged: \(reason).")
  }

  /// Where the JSON object at the start of `bytes` ends: the index after its closing brace.
  /// Only strings (and their escapes) and the brackets' nesting are read; the value's own
  /// reader checks the rest.
  private static func endOfValue(_ bytes: ArraySlice<UInt8>) throws(SnapshotError) -> Int {
    guard bytes.first == UInt8(ascii: "{") else {
      throw corrupt("the log is not a JSON object")
    }
    var depth = 0
    var inString = false
    var escaped = false
    for index in bytes.indices {
      let byte = bytes[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return index + 1 }
      default: break
      }
    }
    throw corrupt("the log's JSON is not closed")
  }

  /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped,
  /// everything else as its UTF-8.
  private static func appendString(_ text: String, to out: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        out += [UInt8(ascii: "\\"), byte]
      case 0..<0x20:
        out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default:
        out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Reads a JSON string at the start of `bytes` (every escape of RFC 8259) and drops it.
  private static func readString(_ bytes: inout ArraySlice<UInt8>) throws(SnapshotError) -> String {
    guard bytes.first == UInt8(ascii: "\"") else { throw corrupt("the account is neither a string nor null") }
    var index = bytes.index(after: bytes.startIndex)
    var utf8: [UInt8] = []
    var scalars = String.UnicodeScalarView()
    var escaped = false
    func next() throws(SnapshotError) -> UInt8 {
      guard index < bytes.endIndex else { throw corrupt("the account's string is not closed") }
      defer { index += 1 }
      return bytes[index]
    }
    func hex4() throws(SnapshotError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = try next()
        guard let digit = hexValue(byte) else {
          throw corrupt("a \\u escape in the account is not hexadecimal")
        }
        value = value << 4 | digit
      }
      return value
    }
    while true {
      let byte = try next()
      if byte == UInt8(ascii: "\"") { break }
      guard byte >= 0x20 else { throw corrupt("the account holds a control character") }
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        continue
      }
      // An escape: the UTF-8 so far goes first, then the escaped scalar.
      escaped = true
      guard let text = String(validating: utf8, as: UTF8.self) else {
        throw corrupt("the account is not UTF-8")
      }
      scalars.append(contentsOf: text.unicodeScalars)
      utf8.removeAll(keepingCapacity: true)
      let scalar: Unicode.Scalar?
      switch try next() {
      case UInt8(ascii: "\""): scalar = "\""
      case UInt8(ascii: "\\"): scalar = "\\"
      case UInt8(ascii: "/"): scalar = "/"
      case UInt8(ascii: "b"): scalar = "\u{8}"
      case UInt8(ascii: "f"): scalar = "\u{C}"
      case UInt8(ascii: "n"): scalar = "\n"
      case UInt8(ascii: "r"): scalar = "\r"
      case UInt8(ascii: "t"): scalar = "\t"
      case UInt8(ascii: "u"):
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high) {
          guard try next() == UInt8(ascii: "\\"), try next() == UInt8(ascii: "u") else {
            throw corrupt("a surrogate in the account has no pair")
          }
          let low = try hex4()
          guard (0xDC00..<0xE000).contains(low) else {
            throw corrupt("a surrogate in the account has no pair")
          }
          scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
        } else {
          scalar = Unicode.Scalar(high)
        }
      default: scalar = nil
      }
      guard let scalar else { throw corrupt("the account holds an invalid escape") }
      scalars.append(scalar)
    }
    bytes = bytes[index...]
    guard let text = String(validating: utf8, as: UTF8.self) else {
      throw corrupt("the account is not UTF-8")
    }
    guard escaped else { return text }
    scalars.append(contentsOf: text.unicodeScalars)
    return String(scalars)
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
