extension Dictionary {
  /// Rebuilds the dictionary at the size of its contents when they fill less than an eighth
  /// of its capacity: a dictionary keeps its capacity after removals, so a table that once
  /// held many entries would otherwise keep their buckets for good.
  ///
  /// - Complexity: O(*n*) when it rebuilds, where *n* is the number of entries; amortized
  ///   O(1) per removal, since a rebuilt table must lose seven eighths of its capacity's
  ///   worth of entries before the next rebuild.
  mutating func shrinkIfSparse() {
    guard capacity > 64, count < capacity / 8 else { return }
    var rebuilt = Self(minimumCapacity: count)
    for (key, value) in self { rebuilt[key] = value }
    self = rebuilt
  }
}
