import Foundation
import Testing

@testable import FlowServiceCore

/// The direct encoder makes what the JSON text round trip (`JSONEncoder`, then `JSONDecoder`
/// into a `JSONValue`) made.
@Suite struct JSONValueEncoderTests {
  private struct Inner: Encodable {
    var name = "a \"quoted\" name"
    var tags = ["x", "y"]
  }

  private enum Kind: String, Encodable {
    case book
  }

  private struct Sample: Encodable {
    var id = 42
    var small: Int8 = -3
    var big: UInt64 = .max
    var ratio = 1.5
    var whole = 2.0
    var flag = true
    var missing: String?
    var present: String? = "here"
    var kind = Kind.book
    var link = URL(string: "shop://catalog/products/42")!
    var bytes = Data([1, 2, 3])
    var inner = Inner()
    var list = [Inner(), Inner(name: "b", tags: [])]
    var matrix = [[1, 2], [], [3]]
    var table = ["k": 1]
    var nothing: [Int] = []
  }

  private struct Empty: Encodable {}

  /// The round trip through text, as the service made route parameters before.
  private func roundTrip(_ value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
  }

  @Test func makesWhatTheTextRoundTripMade() throws {
    let values: [any Encodable] = [Sample(), Inner(), Empty(), [1, 2, 3], "text", 7, 0.25, Kind.book]
    for value in values {
      #expect(try JSONValueEncoder.encode(value) == roundTrip(value))
    }
    #expect(
      try JSONValueEncoder.encode(Inner())
        == .object(["name": .string("a \"quoted\" name"), "tags": .array([.string("x"), .string("y")])]))
  }

  /// The text the service wrote with `JSONEncoder` (keys sorted, slashes as they are).
  private func encoderText(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test func writesTheTextJSONEncoderWrote() throws {
    let escapes = "quote \" backslash \\ slash / tab \t line \n return \r \u{08}\u{0C}\u{01}\u{1F} é ✓ 🛒"
    let values: [any Encodable] = [
      Sample(big: 7), Inner(), Empty(), [1, 2, 3], escapes, ["b": 1, "a": 2, "c": 3], [String?.none, "x"],
      ["shop://catalog/products/42"], -7, 0.25, true,
    ]
    for value in values {
      #expect(try JSONValueEncoder.encode(value).text == encoderText(value))
    }
    #expect(text(Inner()) == #"{"name":"a \"quoted\" name","tags":["x","y"]}"#)
    // An unsigned integer past Int.max is a double, as JSONDecoder reads it back.
    #expect(text(UInt64.max) == "1.8446744073709552e+19")
  }

  @Test func aNumberThatIsNotFiniteIsRefusedAsJSONEncoderRefusesIt() throws {
    struct Bad: Encodable { var value = Double.nan }
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(Bad()) }
    #expect(throws: EncodingError.self) { try JSONValueEncoder.encode(Bad()) }
  }
}
