extension ModalPresentationStyle: Codable {
  /// Decodes a style from its name, as in Swift source: `"pageSheet"`, `"popover"`, ….
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for a name that is no style's.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let style = Self.allCases.first(where: { $0.description == name }) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription:
          "\"\(name)\" is not a presentation style; the styles are "
          + Self.allCases.map { "\"\($0)\"" }.joined(separator: ", "))
    }
    self = style
  }

  /// Encodes the style as its name, as in Swift source: `"pageSheet"`, `"popover"`, ….
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
