/// Registered URL patterns and their values, matched deterministically through a trie.
///
/// Patterns are kept in a trie keyed per segment (one per scheme and host), so matching costs
/// grow with the URL's length, not with the number of patterns. At each segment a literal beats
/// a typed placeholder (`int`, `uuid`), which beats an untyped one (`string`), which beats the
/// catch-all (`path`); when a branch leads nowhere the next one is tried. The result never
/// depends on the order of registration.
///
/// ```swift
/// var table = URLPatternTable<String>()
/// try table.register(URLPattern("shop://catalog/products/<int:id>"), for: "product")
/// let match = try table.match("shop://catalog/products/42")  // parameters: ["id": .int(42)]
/// ```
public struct URLPatternTable<Value> {
  /// A node of the trie: the segments that lead on from here, and the patterns ending here.
  struct Node: Sendable {
    /// The children by literal segment.
    var literals: [String: Int] = [:]
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

  /// The registered patterns and values, in registration order.
  var entries: [(pattern: URLPattern, value: Value)] = []
  /// The trie's nodes; a node refers to others by index.
  var nodes: [Node] = []
  /// The root node for each lowercased scheme and host.
  var roots: [String: [String: Int]] = [:]

  /// Creates an empty table.
  public init() {}

  /// The number of registered patterns.
  public var count: Int { entries.count }

  /// The registered patterns, in registration order.
  public var patterns: [URLPattern] { entries.map(\.pattern) }

  /// Registers `pattern` for `value`.
  ///
  /// - Parameters:
  ///   - pattern: The pattern.
  ///   - value: What a match of the pattern gives.
  /// - Throws: ``RouteError/ambiguousPatterns(_:_:)`` naming `pattern` then the registered
  ///   pattern when both could match a URL with the same precedence: the same scheme and
  ///   host, and at each segment equal literals, or placeholders of the same kind (`int`,
  ///   `uuid`, untyped, catch-all). Query items don't tell patterns apart. The table is
  ///   unchanged.
  /// - Complexity: O(*n*), where *n* is the number of segments of the pattern.
  public mutating func register(_ pattern: URLPattern, for value: Value) throws(RouteError) {
    if let existing = existingEntry(like: pattern) {
      throw .ambiguousPatterns(pattern.text, entries[existing].pattern.text)
    }
    let entry = entries.count
    entries.append((pattern, value))
    var node: Int
    if let root = roots[pattern.scheme]?[pattern.host] {
      node = root
    } else {
      node = newNode()
      roots[pattern.scheme, default: [:]][pattern.host] = node
    }
    for segment in pattern.segments {
      switch segment {
      case .literal(let literal):
        if let next = nodes[node].literals[literal] {
          node = next
        } else {
          let next = newNode()
          nodes[node].literals[literal] = next
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
    guard var node = roots[pattern.scheme]?[pattern.host] else { return nil }
    for segment in pattern.segments {
      switch segment {
      case .literal(let literal):
        guard let next = nodes[node].literals[literal] else { return nil }
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

extension URLPatternTable: Sendable where Value: Sendable {}
