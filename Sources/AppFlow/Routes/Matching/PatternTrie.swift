/// The patterns of a ``URLPatternTable``, in a trie keyed per segment: one root per scheme
/// and host, then a node per segment. Not generic, so that matching runs as specialized code
/// whatever the table's `Value`.
struct PatternTrie: Sendable {
  /// A node of the trie: the segments that lead on from here, and the patterns ending here.
  struct Node: Sendable {
    /// The literal that leads to this node (its UTF-8), if a literal does.
    var literal: [UInt8] = []
    /// The next child of the same parent whose literal has the same FNV-1a hash.
    var sameHash: Int?
    /// The first entry at or below this node in the fixed order (``PatternTrie/precedes(_:_:)``),
    /// kept as patterns are inserted, so that a miss names its closest pattern in constant
    /// time; -1 before the first insert. (An `Int32` fits in `sameHash`'s padding.)
    var first: Int32 = -1
    /// The children by the FNV-1a hash of their literal segment; children whose hashes
    /// collide are chained through ``sameHash``.
    var literals: [UInt64: Int] = [:]
    /// The child for an `int` placeholder.
    var int: Int?
    /// The child for a `uuid` placeholder.
    var uuid: Int?
    /// The child for a `string` placeholder.
    var string: Int?
    /// The entry of the pattern whose path ends here.
    var entry: Int?
    /// The entry of the pattern whose catch-all starts here.
    var catchAll: Int?

    /// The child for a placeholder of `type` (not `path`).
    func child(_ type: URLParameterType) -> Int? {
      switch type {
      case .int: return int
      case .uuid: return uuid
      case .string, .path: return string
      }
    }

    /// Sets the child for a placeholder of `type` (not `path`).
    mutating func setChild(_ type: URLParameterType, _ child: Int) {
      switch type {
      case .int: int = child
      case .uuid: uuid = child
      case .string, .path: string = child
      }
    }
  }

  /// The registered patterns, by entry (registration order).
  var patterns: [URLPattern] = []
  /// The trie's nodes; a node refers to others by index.
  var nodes: [Node] = []
  /// The root node for each lowercased scheme and host.
  var roots: [SegmentKey: [SegmentKey: Int]] = [:]

  /// Adds `pattern` as the next entry, or throws ``RouteError/ambiguousPatterns(_:_:)``
  /// without changing anything.
  mutating func insert(_ pattern: URLPattern) throws(RouteError) {
    if let existing = existingEntry(like: pattern) {
      throw .ambiguousPatterns(pattern.text, patterns[existing].text)
    }
    let entry = patterns.count
    patterns.append(pattern)
    var node: Int
    if let root = roots[SegmentKey(pattern.scheme)]?[SegmentKey(pattern.host)] {
      node = root
    } else {
      node = newNode()
      roots[SegmentKey(pattern.scheme), default: [:]][SegmentKey(pattern.host)] = node
    }
    // Every node on the pattern's path: the new entry may come first below each.
    var path = [node]
    defer {
      for visited in path
      where nodes[visited].first < 0 || precedes(pattern, patterns[Int(nodes[visited].first)]) {
        nodes[visited].first = Int32(entry)
      }
    }
    for segment in pattern.segments {
      switch segment {
      case .literal(let literal):
        let key = SegmentKey(literal)
        if let next = literalChild(of: node, key) {
          node = next
        } else {
          let next = newNode()
          nodes[next].literal = Array(literal.utf8)
          nodes[next].sameHash = nodes[node].literals[key.fnv]
          nodes[node].literals[key.fnv] = next
          node = next
        }
        path.append(node)
      case .placeholder(_, .path):
        nodes[node].catchAll = entry
        return
      case .placeholder(_, let type):
        if let next = nodes[node].child(type) {
          node = next
        } else {
          let next = newNode()
          nodes[node].setChild(type, next)
          node = next
        }
        path.append(node)
      }
    }
    nodes[node].entry = entry
  }

  /// A Boolean value indicating whether `pattern` comes before `other` in the order that
  /// names a miss's closest pattern: segment by segment, a pattern that ends first, then a
  /// catch-all, then literals (by their UTF-8), then `int`, `uuid` and untyped placeholders.
  ///
  /// - Complexity: O(*n*), where *n* is the number of segments the two share.
  func precedes(_ pattern: URLPattern, _ other: URLPattern) -> Bool {
    var depth = 0
    while true {
      let (rank, literal) = Self.rank(pattern, depth)
      let (otherRank, otherLiteral) = Self.rank(other, depth)
      if rank != otherRank { return rank < otherRank }
      if rank < 2 { return false }
      if let literal, let otherLiteral, literal != otherLiteral {
        return literal.utf8.lexicographicallyPrecedes(otherLiteral.utf8)
      }
      depth += 1
    }
  }

  /// Where a pattern's segment at `depth` sorts: 0 when the pattern ends before it, 1 for a
  /// catch-all, 2 for a literal (with its text), 3, 4 and 5 for `int`, `uuid` and untyped.
  private static func rank(_ pattern: URLPattern, _ depth: Int) -> (Int, String?) {
    guard depth < pattern.segments.count else { return (0, nil) }
    switch pattern.segments[depth] {
    case .placeholder(_, .path): return (1, nil)
    case .literal(let literal): return (2, literal)
    case .placeholder(_, .int): return (3, nil)
    case .placeholder(_, .uuid): return (4, nil)
    case .placeholder(_, .string): return (5, nil)
    }
  }

  /// The entry of a registered pattern that `pattern` would be ambiguous with, or `nil`.
  private func existingEntry(like pattern: URLPattern) -> Int? {
    guard var node = roots[SegmentKey(pattern.scheme)]?[SegmentKey(pattern.host)] else { return nil }
    for segment in pattern.segments {
      switch segment {
      case .literal(let literal):
        guard let next = literalChild(of: node, SegmentKey(literal)) else { return nil }
        node = next
      case .placeholder(_, .path):
        return nodes[node].catchAll
      case .placeholder(_, let type):
        guard let next = nodes[node].child(type) else { return nil }
        node = next
      }
    }
    return nodes[node].entry
  }

  /// The child of `node` for the literal `key`, or `nil`.
  func literalChild(of node: Int, _ key: SegmentKey) -> Int? {
    var candidate = nodes[node].literals[key.fnv]
    while let child = candidate {
      if nodes[child].literal.elementsEqual(key.text.utf8) { return child }
      candidate = nodes[child].sameHash
    }
    return nil
  }

  /// The child of `node` for the literal segment whose UTF-8 is `bytes` and FNV-1a hash `fnv`.
  func literalChild(of node: Int, fnv: UInt64, bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var candidate = nodes[node].literals[fnv]
    while let child = candidate {
      let isEqual = nodes[child].literal.withUnsafeBufferPointer { $0.elementsEqual(bytes) }
      if isEqual { return child }
      candidate = nodes[child].sameHash
    }
    return nil
  }

  /// Appends an empty node and returns its index.
  private mutating func newNode() -> Int {
    nodes.append(Node())
    return nodes.count - 1
  }
}
