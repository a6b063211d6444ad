import Foundation
import Navigator

// A navigator call protected by its options, as a log writes it: the space by its name, the
// navigation as an input of its own (without events), and `canWait` only when `false`.
//
//   {"input": "protected", "space": "SignIn",
//    "navigation": {"input": "push", "route": {"route": "Orders", "value": {}}, "animated": false}}
//   {"input": "protected", "space": "SignIn", "canWait": false,
//    "navigation": {"input": "pushScreen", "screen": {"type": "settings"}}}

/// The input a protected call protects, as its document's `navigation` field (a box: a
/// document can't hold one of its own kind inline).
final class NestedInputDocument: Codable {
  /// The protected navigation's document.
  let document: InputDocument

  init(_ document: InputDocument) {
    self.document = document
  }

  /// Reads the navigation as any input is read, checking its kind and fields.
  init(from decoder: any Decoder) throws {
    document = try InputDocument(from: decoder)
  }

  /// Writes the navigation as any input is written.
  func encode(to encoder: any Encoder) throws {
    try document.encode(to: encoder)
  }
}

extension InputDocument {
  /// The kinds of input a protection guards: the navigator calls that make a screen.
  private static let protectable: [Kind] = [
    .push, .presentModal, .pushScreen, .presentModalScreen, .popover, .addChild,
  ]

  /// Reads the fields of a protected call, checking them: a space's name, and a navigation
  /// of a kind a protection guards.
  mutating func decodeProtected(_ container: KeyedDecodingContainer<CodingKeys>, at place: String) throws {
    func require<Value: Decodable>(_ key: CodingKeys, _: Value.Type = Value.self) throws -> Value {
      guard container.contains(key) else {
        throw SessionLogError(.corrupt, "The \(input) input at \(place) has no \"\(key.stringValue)\".")
      }
      return try container.decode(Value.self, forKey: key)
    }
    let space: String = try require(.space)
    guard !space.isEmpty else {
      throw SessionLogError(
        .corrupt, "The protected input at \(place) names its space \"\"; a space has a name.")
    }
    self.space = space
    canWait = try container.decodeIfPresent(Bool.self, forKey: .canWait)
    let navigation: NestedInputDocument = try require(.navigation)
    guard let kind = Kind(rawValue: navigation.document.input), Self.protectable.contains(kind) else {
      throw SessionLogError(
        .corrupt,
        "The protected input at \(place) protects a \(navigation.document.input) input; a protection guards "
          + "push, presentModal, pushScreen, presentModalScreen, popover and addChild inputs.")
    }
    self.navigation = navigation
  }
}
