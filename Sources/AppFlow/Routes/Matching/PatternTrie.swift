/// The patterns of a ``URLPatternTable``, in a trie keyed per segment: one root per scheme
/// and host, then a node per segment. Not generic, so that matching runs as specialized code
/// whatever the table's `Value`.
struct PatternTrie: Sendable {
  /// A node of the trie: the segments that lead on from here, and the patterns ending here.
  struct Node: Sendable {
    /// The children by literal segment.
    var literals: [SegmentKey: Int] = [:]
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
        if let next = nodes[node].literals[SegmentKey(literal)] {
          node = next
        } else {
          let next = newNode()
          nodes[node].literals[SegmentKey(literal)] = next
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
        guard let next = nodes[node].literals[SegmentKey(literal)] else { return nil }
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

  /// Appends an empty node and returns its index.
  private mutating func newNode() -> Int {
    nodes.append(Node())
    return nodes.count - 1
  }
}
