import AppFlow
import Foundation
import ShopApp

/// A session saved as its changes, on SQLite: each change a request made is saved as that
/// request, a small document of its own, and the whole session (``SavedShop``'s document)
/// every ``wholeEvery`` changes, when the session is created and when it is evicted. A
/// restore brings back the last whole document, then makes the changes saved after it again,
/// in order, through the same ``SessionActions`` the requests went through.
///
/// Changes are numbered, per session, from its creation in this process or its restore: the
/// whole document says up to which change it holds (its *base*), and each change document
/// carries its number, `{"change":3,"open":"shop://catalog/products/42"}` or
/// `{"change":4,"action":{"action":"back"}}`. ``SQLiteSnapshotStore`` keeps a change only
/// when the change before it is kept (so that a save that failed is never skipped over) and
/// hands a restore the whole document with its changes in one frame (``frame(base:document:changes:)``).
///
/// ``codec(_:)``'s snapshot writes a change when the session recorded one
/// (``ShopSession/unsavedChange``, set by the routes once a change succeeded); the whole
/// document when none was (a new session, an eviction), after ``wholeEvery`` changes, and
/// after a restore from a row that has no base (a row written before changes were kept). It
/// writes the whole document only while nothing waits in the session (no flow runs, no pop
/// question): a whole document leaves those out (see the README's Limits), and the changes
/// after it must replay on the state they were made on. Until then, changes go on being
/// saved as changes, and an eviction saves nothing (``unchanged``): the changes saved bring
/// the session back as it was, its waiting checkout and pop question included.
///
/// PostgreSQL saves the whole session at every change: its one-statement versioned write
/// replaces the row.
enum SessionChanges {
  /// How many changes follow a whole document before a change is saved whole again.
  static let wholeEvery = 32

  /// The opening of a change document, up to its number.
  static let changeHead = Array(#"{"change":"#.utf8)

  /// The number of the change document `bytes`; `nil` when they are not one.
  static func number(of bytes: [UInt8]) -> Int? {
    guard bytes.starts(with: changeHead) else { return nil }
    var value = 0
    var digits = 0
    for byte in bytes.dropFirst(changeHead.count) {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
      guard digits < 15 else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
    }
    return digits > 0 ? value : nil
  }

  /// What the codec saves when the store holds the session as it is already (every change
  /// saved) and a whole document would not bring it back exactly: the store writes nothing.
  static let unchanged = Array(#"{"unchanged":true}"#.utf8)

  // MARK: What a change records

  /// What a deep link to `url` records, without its number: `"open":"<url>"}`.
  static func open(_ url: String) -> [UInt8] {
    var out = Array(#""open":"#.utf8)
    out.reserveCapacity(out.count + url.utf8.count + 3)
    appendString(url, to: &out)
    out.append(UInt8(ascii: "}"))
    return out
  }

  /// What an action records, without its number: `"action":{…}}`.
  static func action(_ request: ActionRequest) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // An ActionRequest is strings and an anchor of numbers and strings: it always encodes.
    let body = (try? encoder.encode(request)).map { Array($0) } ?? Array("{}".utf8)
    return Array(#""action":"#.utf8) + body + [UInt8(ascii: "}")]
  }

  // MARK: Frames

  /// The first bytes of a frame: a zero byte, which never starts a JSON document, and `FSC`.
  static let frameMark: [UInt8] = [0, 0x46, 0x53, 0x43]

  /// A whole document, the number of the last change it holds (`base`), and the change
  /// documents after it, as one byte string: the mark, `base` (8 bytes, big-endian), then
  /// each document's length (4 bytes, big-endian) and bytes.
  static func frame(base: Int, document: [UInt8], changes: [[UInt8]] = []) -> [UInt8] {
    var out = frameMark
    out.reserveCapacity(12 + 4 * (changes.count + 1) + document.count + changes.reduce(0) { $0 + $1.count })
    for shift in stride(from: 56, through: 0, by: -8) {
      out.append(UInt8(truncatingIfNeeded: UInt64(base) >> shift))
    }
    func append(_ part: [UInt8]) {
      let count = UInt32(part.count)
      for shift in stride(from: 24, through: 0, by: -8) {
        out.append(UInt8(truncatingIfNeeded: count >> shift))
      }
      out += part
    }
    append(document)
    for change in changes { append(change) }
    return out
  }

  /// A frame's parts; `nil` when `bytes` are not a frame (a whole document alone).
  ///
  /// - Throws: ``SnapshotError/Code/corrupt`` when the frame's lengths don't add up.
  static func unframe(
    _ bytes: [UInt8]
  ) throws(SnapshotError) -> (base: Int, document: [UInt8], changes: [[UInt8]])? {
    guard bytes.starts(with: frameMark) else { return nil }
    guard bytes.count >= 12 else { throw damaged("its base is cut off") }
    let base = bytes[4..<12].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    guard base <= UInt64(Int.max) else { throw damaged("its base is out of range") }
    var parts: [[UInt8]] = []
    var index = 12
    while index < bytes.count {
      guard index + 4 <= bytes.count else { throw damaged("a length is cut off") }
      let count = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
      index += 4
      guard count <= bytes.count - index else { throw damaged("a document is cut off") }
      parts.append(Array(bytes[index..<index + count]))
      index += count
    }
    guard let document = parts.first else { throw damaged("it holds no whole document") }
    return (Int(base), document, Array(parts.dropFirst()))
  }

  private static func damaged(_ reason: String) -> SnapshotError {
    SnapshotError(.corrupt, "The saved session's frame is damaged: \(reason).")
  }

  // MARK: The codec

  /// A change document, read.
  private struct ChangeDocument: Decodable {
    var change: Int
    var open: String?
    var action: ActionRequest?
  }

  /// `codec`, saving a change as the request that made it when the session recorded one
  /// (``ShopSession/unsavedChange``), and restoring a frame by restoring its whole document
  /// with `codec`, then making each change again.
  ///
  /// - Parameter codec: The codec of whole documents.
  /// - Returns: The codec.
  static func codec(_ codec: SessionCodec) -> SessionCodec {
    SessionCodec(
      snapshot: { app in
        guard let shop = ShopApp.shop(of: app) else { return try codec.snapshot(app) }
        if let change = shop.unsavedChange {
          shop.unsavedChange = nil
          shop.changeCount += 1
          if !shop.needsWhole, shop.changesSinceWhole + 1 < wholeEvery || !isQuiet(app, shop) {
            shop.changesSinceWhole += 1
            return changeHead + Array(String(shop.changeCount).utf8) + [UInt8(ascii: ",")] + change
          }
        }
        // Every change is saved already (a failed save releases the session): while something
        // waits, a whole document would lose it, so nothing is written.
        if !shop.needsWhole, !isQuiet(app, shop) { return unchanged }
        let document = try codec.snapshot(app)
        shop.changesSinceWhole = 0
        shop.needsWhole = false
        return frame(base: shop.changeCount, document: document)
      },
      restore: { app, bytes in
        let shop = ShopApp.shop(of: app)
        // Until the restore is done: a session left where a failed restore stopped is saved
        // whole by its next change.
        shop?.needsWhole = true
        guard let frame = try unframe(bytes) else {
          // A row without a base: its next change is saved whole, with one.
          try codec.restore(app, bytes)
          return
        }
        try codec.restore(app, frame.document)
        for (offset, change) in frame.changes.enumerated() {
          try replay(change, number: frame.base + offset + 1, in: app)
        }
        shop?.changeCount = frame.base + frame.changes.count
        shop?.changesSinceWhole = frame.changes.count
        shop?.needsWhole = false
      })
  }

  /// Whether a whole document brings the session back as it is: no flow runs (a waiting
  /// checkout is not in it) and no pop question waits (nor is that).
  private static func isQuiet(_ app: AppController, _ shop: ShopSession) -> Bool {
    shop.pendingPop == nil && app.liveFlows.isEmpty
  }

  /// Makes a saved change again.
  private static func replay(_ bytes: [UInt8], number: Int, in app: AppController) throws(SnapshotError) {
    let document: ChangeDocument
    do {
      document = try JSONDecoder().decode(ChangeDocument.self, from: Data(bytes))
    } catch {
      throw SnapshotError(.corrupt, "The saved change \(number) is damaged: it is not a change document.")
    }
    guard document.change == number else {
      throw SnapshotError(
        .corrupt, "The saved change \(number) is damaged: it is numbered \(document.change).")
    }
    do throws(ServiceError) {
      if let url = document.open {
        try SessionActions.open(url, in: app)
      } else if let action = document.action {
        try SessionActions.perform(action, in: app)
      } else {
        throw ServiceError(
          status: 500, code: "corrupt", message: "it names neither a deep link nor an action.")
      }
    } catch {
      throw SnapshotError(.corrupt, "The saved change \(number) can't be made again: \(error.message)")
    }
  }

  /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
  private static func appendString(_ text: String, to out: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
      case 0..<0x20: out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
