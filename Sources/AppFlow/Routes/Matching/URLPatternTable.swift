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
  /// The trie of the registered patterns.
  var trie = PatternTrie()
  /// The registered values, by entry (registration order).
  var values: [Value] = []

  /// Creates an empty table.
  public init() {}

  /// The number of registered patterns.
  public var count: Int { values.count }

  /// The registered patterns, in registration order.
  public var patterns: [URLPattern] { trie.patterns }

  /// The pattern registered `entry`-th (0 for the first).
  func pattern(at entry: Int) -> URLPattern { trie.patterns[entry] }

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
    try trie.insert(pattern)
    values.append(value)
  }
}

extension URLPatternTable: Sendable where Value: Sendable {}
