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
      }
    }
    nodes[node].entry = entry
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

  /// The children of `node` reached by literals, sorted by literal.
  func literalChildren(of node: Int) -> [Int] {
    var children: [Int] = []
    for first in nodes[node].literals.values {
      var candidate: Int? = first
      while let child = candidate {
        children.append(child)
        candidate = nodes[child].sameHash
      }
    }
    return children.sorted { nodes[$0].literal.lexicographicallyPrecedes(nodes[$1].literal) }
  }

  /// Appends an empty node and returns its index.
  private mutating func newNode() -> Int {
    nodes.append(Node())
    return nodes.count - 1
  }
}
