/// Writes a short text from its parts into scratch space, then makes one string of it.
///
/// A journal that records every event builds a text per event (a service streams them). An
/// interpolation appends each part to a `String`, several hundred instructions a part;
/// ``make(_:)`` copies the parts' UTF-8 bytes into a buffer on the stack and makes the string
/// once. A text longer than the buffer moves to the heap and goes on.
struct TextWriter: ~Copyable {
  /// The scratch space on the stack.
  private let scratch: UnsafeMutableBufferPointer<UInt8>
  /// The bytes written to `scratch`.
  private var count = 0
  /// The text once it outgrew `scratch`.
  private var spill: [UInt8]?

  private init(scratch: UnsafeMutableBufferPointer<UInt8>) {
    self.scratch = scratch
  }

  /// Returns the text `write` writes.
  ///
  /// - Parameter write: Writes the parts in order.
  static func make(_ write: (inout TextWriter) -> Void) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { scratch in
      var writer = TextWriter(scratch: scratch)
      write(&writer)
      return writer.text
    }
  }

  /// The text written.
  private var text: String {
    if let spill { return String(decoding: spill, as: UTF8.self) }
    return String(decoding: UnsafeBufferPointer(rebasing: scratch[..<count]), as: UTF8.self)
  }

  /// Appends a literal.
  mutating func append(_ literal: StaticString) {
    copy(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Appends a string.
  mutating func append(_ text: String) {
    // A native string's bytes are read in place, without the copy (a retain and a release)
    // that `withUTF8` needs; a small or bridged string is copied.
    if text.utf8.withContiguousStorageIfAvailable({ copy($0) }) != nil { return }
    var text = text
    text.withUTF8 { copy($0) }
  }

  /// Appends `true` or `false`.
  mutating func append(_ value: Bool) {
    append(value ? "true" : "false")
  }

  /// Appends a list of screens by their names between brackets: `[Home, Detail]` (no
  /// address, so that a journal prints the same in every run).
  mutating func append(_ screens: [ScreenID]) {
    appendList(screens.count, between: "[", and: "]") { index, text in text.append(screens[index].name) }
  }

  /// Appends `count` items between `open` and `close`, separated by `separator`, each written
  /// by `item` with its index (an index, not the item: generic code that runs unspecialized
  /// would copy each item through its type's metadata).
  mutating func appendList(
    _ count: Int, between open: StaticString, and close: StaticString, separator: StaticString = ", ",
    _ item: (Int, inout TextWriter) -> Void
  ) {
    append(open)
    for index in 0..<count {
      if index > 0 { append(separator) }
      item(index, &self)
    }
    append(close)
  }

  private mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
    if spill != nil {
      spill!.append(contentsOf: bytes)
    } else if count + bytes.count <= scratch.count {
      scratch.baseAddress!.advanced(by: count).update(from: start, count: bytes.count)
      count += bytes.count
    } else {
      var heap = [UInt8](UnsafeBufferPointer(rebasing: scratch[..<count]))
      heap.append(contentsOf: bytes)
      spill = heap
    }
  }
}
