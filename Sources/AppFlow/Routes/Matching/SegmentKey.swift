/// A literal segment, scheme or host as a dictionary key, hashed once with FNV-1a.
///
/// `String`'s own hashing feeds every byte through SipHash on each lookup (about 500
/// instructions for a short segment, measured with callgrind); this key feeds the hasher one
/// word. The hasher is still seeded per process, so buckets stay unpredictable.
struct SegmentKey: Hashable, Sendable {
  /// The text.
  let text: String
  /// The FNV-1a hash of the text's UTF-8.
  let fnv: UInt64

  /// Creates the key of `text`.
  init(_ text: String) {
    var copy = text
    self.text = text
    self.fnv = copy.withUTF8 { Self.hash($0, 0..<$0.count) }
  }

  /// Creates the key of `text`, whose UTF-8 is `range` of `bytes`.
  init(_ text: String, bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    self.text = text
    self.fnv = Self.hash(bytes, range)
  }

  /// The FNV-1a hash of `range` of `bytes`.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for index in range { hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3 }
    return hash
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.fnv == rhs.fnv && lhs.text == rhs.text }

  func hash(into hasher: inout Hasher) { hasher.combine(fnv) }
}
