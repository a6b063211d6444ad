// Saving a position: a `StatePath` is `Codable` as its description, `"root[1].presented[0]"`.

extension StatePath: Codable {
  /// Decodes a path from its description: `root`, then `[i]` for an entry, `.child(i)` for
  /// a child and `.presented` for a presentation (`"root[1].presented[0]"`).
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for a string that isn't such a path, or an
  ///   index that is negative or too large.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let path = StatePath(parsing: text) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription:
          "\"\(text)\" is not a path: \"root\", then [i] for an entry, .child(i) for a child, "
          + ".presented for a presentation, each i a number from 0")
    }
    self = path
  }

  /// Encodes the path as its ``description``.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a negative index.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    for component in components {
      switch component {
      case .entry(let index), .child(let index):
        guard index >= 0 else {
          throw EncodingError.invalidValue(
            self,
            EncodingError.Context(
              codingPath: container.codingPath,
              debugDescription: "a path's index can't be negative (\(index) in \(self))"))
        }
      case .presented: break
      }
    }
    try container.encode(description)
  }

  /// Parses a path's description; `nil` when `text` isn't one.
  private init?(parsing text: String) {
    var rest = Substring(text)
    guard rest.hasPrefix("root") else { return nil }
    rest = rest.dropFirst("root".count)
    var components: [Component] = []
    func index(closedBy close: Character) -> Int? {
      guard let end = rest.firstIndex(of: close) else { return nil }
      let digits = rest[..<end]
      guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else {
        return nil
      }
      rest = rest[rest.index(after: end)...]
      return value
    }
    while !rest.isEmpty {
      if rest.hasPrefix("[") {
        rest = rest.dropFirst()
        guard let value = index(closedBy: "]") else { return nil }
        components.append(.entry(value))
      } else if rest.hasPrefix(".child(") {
        rest = rest.dropFirst(".child(".count)
        guard let value = index(closedBy: ")") else { return nil }
        components.append(.child(value))
      } else if rest.hasPrefix(".presented") {
        rest = rest.dropFirst(".presented".count)
        components.append(.presented)
      } else {
        return nil
      }
    }
    self.init(components)
  }
}
