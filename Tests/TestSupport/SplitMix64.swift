/// A small, fast, deterministic generator (Steele, Lea and Flood's SplitMix64), so that a
/// seed replays the same operations on every platform and toolchain.
package struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<upperBound`, computed the same way everywhere (no library algorithm).
  package mutating func index(below upperBound: Int) -> Int {
    precondition(upperBound > 0)
    return Int(next() % UInt64(upperBound))
  }

  package mutating func bool() -> Bool { next() & 1 == 1 }

  /// A random element, or `nil` for an empty collection.
  package mutating func element<C: RandomAccessCollection>(of collection: C) -> C.Element?
  where C.Index == Int {
    collection.isEmpty ? nil : collection[collection.startIndex + index(below: collection.count)]
  }
}
