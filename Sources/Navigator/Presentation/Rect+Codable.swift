extension Rect: Codable {
  /// Decodes a rectangle: `{"x": 0, "y": 0, "width": 44, "height": 44}`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` for a missing coordinate, one that isn't a finite number, or
  ///   a field other than the four.
  public init(from decoder: any Decoder) throws {
    let container = try StateCoding.container(of: decoder, keyedBy: Field.self, named: "a rect")
    func coordinate(_ field: Field) throws -> Double {
      let value = try container.decode(Double.self, forKey: field)
      guard value.isFinite else {
        throw DecodingError.dataCorruptedError(
          forKey: field, in: container, debugDescription: "a rect's \(field.rawValue) must be a finite number"
        )
      }
      return value
    }
    self.init(
      x: try coordinate(.x), y: try coordinate(.y), width: try coordinate(.width),
      height: try coordinate(.height))
  }

  /// Encodes the rectangle: `{"x": 0, "y": 0, "width": 44, "height": 44}`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a coordinate that isn't a finite number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Field.self)
    for (field, value) in [(Field.x, x), (.y, y), (.width, width), (.height, height)] {
      guard value.isFinite else {
        throw EncodingError.invalidValue(
          self,
          EncodingError.Context(
            codingPath: container.codingPath + [field],
            debugDescription: "a rect's \(field.rawValue) must be a finite number, not \(value)"))
      }
      try container.encode(value, forKey: field)
    }
  }

  private enum Field: String, CodingKey, CaseIterable {
    case x, y, width, height
  }
}
