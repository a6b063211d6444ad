extension URLPatternTable {
  /// Matches `url` against the registered patterns.
  ///
  /// The URL is scanned first (limits, syntax, percent-decoding after splitting the path on
  /// `/`; `+` stays a plus sign), then its scheme and host select a trie, then its segments
  /// walk the trie in precedence order: literal, typed, untyped, catch-all, trying the next
  /// branch when one leads nowhere. The matched pattern's query items are then read: an absent
  /// one is left out, a present one must fit its type; items the pattern does not name are
  /// ignored, and a repeated item counts once (the first).
  ///
  /// - Parameter url: An absolute URL, e.g. `shop://catalog/products/42?tab=reviews`.
  /// - Returns: The registered value, its pattern and the parameters.
  /// - Throws: ``RouteError/emptyURL``, ``RouteError/urlTooLong(_:length:)``,
  ///   ``RouteError/relativeURL(_:)``, ``RouteError/malformedURL(_:reason:)``,
  ///   ``RouteError/tooManySegments(_:count:)``, ``RouteError/unknownScheme(_:scheme:)``,
  ///   ``RouteError/unknownHost(_:host:)``, ``RouteError/noMatch(_:closestPattern:)``, or
  ///   ``RouteError/invalidParameter(_:name:value:expected:)`` (an `int` that overflows, a
  ///   query value that does not fit its type).
  /// - Complexity: O(*n*) in the URL's length for a table without dead ends; at worst each
  ///   node of the host's trie is visited once.
  public func match(_ url: some StringProtocol) throws(RouteError) -> URLMatch<Value> {
    let (entry, parameters) = try trie.match(String(url))
    return URLMatch(value: values[entry], pattern: trie.patterns[entry], parameters: parameters)
  }
}

extension PatternTrie {
  /// The entry `url` matches and its parameters; see ``URLPatternTable/match(_:)``.
  func match(_ url: String) throws(RouteError) -> (entry: Int, parameters: URLParameters) {
    var text = url
    guard !text.isEmpty else { throw .emptyURL }
    let length = text.utf8.count
    guard length <= URLLimits.maximumLength else {
      throw .urlTooLong(URLLimits.shown(text), length: length)
    }
    let result = text.withUTF8 { bytes in
      Result { () throws(RouteError) -> (entry: Int, parameters: URLParameters) in
        try match(ScannedURL(bytes))
      }
    }
    return try result.get()
  }

  /// The entry `scanned` matches and its parameters; see ``URLPatternTable/match(_:)``.
  func match(_ scanned: ScannedURL) throws(RouteError) -> (entry: Int, parameters: URLParameters) {
    guard let hosts = roots[scanned.scheme] else {
      throw .unknownScheme(scanned.shown, scheme: scanned.scheme.text)
    }
    guard let root = hosts[scanned.host] else { throw .unknownHost(scanned.shown, host: scanned.host.text) }
    var search = Search(trie: self, url: scanned)
    guard let entry = search.find(root, depth: 0) else {
      if let overflow = search.overflow, let owner = firstEntry(below: overflow.node),
        case .placeholder(let name, _) = patterns[owner].segments[overflow.depth]
      {
        throw .invalidParameter(scanned.shown, name: name, value: overflow.text, expected: .int)
      }
      let closest = firstEntry(below: search.deepest.node).map { patterns[$0].text }
      throw .noMatch(scanned.shown, closestPattern: closest)
    }
    let pattern = patterns[entry]
    var values = [String: URLParameterValue](minimumCapacity: pattern.parameterCount)
    for index in pattern.segments.indices {
      guard case .placeholder(let name, let type) = pattern.segments[index] else { continue }
      let text = scanned.text(index)
      if type == .path {
        values[name] = .path((index..<scanned.segments.count).map { scanned.text($0) })
      } else if let value = URLSegmentParser.value(text, as: type) {
        values[name] = value
      } else {
        throw .invalidParameter(scanned.shown, name: name, value: text, expected: type)
      }
    }
    for item in pattern.queryItems {
      guard let text = scanned.queryValue(item.key) else { continue }
      guard let value = URLSegmentParser.value(text, as: item.type) else {
        throw .invalidParameter(scanned.shown, name: item.name, value: text, expected: item.type)
      }
      values[item.name] = value
    }
    return (entry, URLParameters(values))
  }

  /// The first entry at or below `node`, in a fixed order: the node's own entry, its
  /// catch-all, then its children (literals sorted, `int`, `uuid`, untyped).
  ///
  /// - Complexity: O(1): each node keeps its first entry as patterns are inserted.
  func firstEntry(below node: Int) -> Int? {
    let first = nodes[node].first
    return first < 0 ? nil : Int(first)
  }

  /// A depth-first walk of one host's trie along a URL's segments, in precedence order.
  struct Search {
    /// The trie.
    let trie: PatternTrie
    /// The URL.
    let url: ScannedURL
    /// The first node reached at the greatest depth: where the closest pattern is.
    var deepest = (node: 0, depth: -1)
    /// The first `int` child whose segment overflowed `Int`, its depth and the segment.
    var overflow: (node: Int, depth: Int, text: String)?

    /// The entry matching the segments from `depth` on, starting at `node`, or `nil`.
    mutating func find(_ node: Int, depth: Int) -> Int? {
      if depth > deepest.depth { deepest = (node, depth) }
      guard depth < url.segments.count else { return trie.nodes[node].entry }
      let segment = url.segments[depth]
      if !trie.nodes[node].literals.isEmpty,
        let next = url.withDecodedUTF8(depth, { trie.literalChild(of: node, fnv: segment.fnv, bytes: $0) }),
        let found = find(next, depth: depth + 1)
      {
        return found
      }
      if let next = trie.nodes[node].int {
        switch url.withDecodedUTF8(depth, URLSegmentParser.integer) {
        case .value:
          if let found = find(next, depth: depth + 1) { return found }
        case .overflow:
          if overflow == nil { overflow = (next, depth, url.text(depth)) }
        case .notInteger:
          break
        }
      }
      if let next = trie.nodes[node].uuid, url.withDecodedUTF8(depth, URLSegmentParser.isUUID),
        let found = find(next, depth: depth + 1)
      {
        return found
      }
      if let next = trie.nodes[node].string, !segment.range.isEmpty, let found = find(next, depth: depth + 1)
      {
        return found
      }
      if let entry = trie.nodes[node].catchAll, !url.segments[depth...].contains(where: { $0.range.isEmpty })
      {
        return entry
      }
      return nil
    }
  }
}
