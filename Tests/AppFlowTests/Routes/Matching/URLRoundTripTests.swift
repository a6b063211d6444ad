import AppFlow
import Foundation
import Testing

@Suite struct URLRoundTripTests {
  /// Characters a value is drawn from: letters, and everything that needs escaping.
  static let alphabet = Array("ab Z09 /?#%&=+;:@!$'()*,.-_~<>[]\"\\é日本🙂\u{7F}\t")

  /// A random non-empty string that starts with `x`, so that it never reads as an int, a
  /// UUID or a literal of the fixture.
  static func randomString(_ generator: inout SeededGenerator, allowEmpty: Bool = false) -> String {
    let count = Int.random(in: 0...12, using: &generator)
    let body = String((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
    return allowEmpty && count % 3 == 0 ? body : "x" + body
  }

  /// A random value for a parameter of `type`.
  static func randomValue(
    _ type: URLParameterType, inQuery: Bool, _ generator: inout SeededGenerator
  ) -> URLParameterValue {
    switch type {
    case .int:
      return .int(
        Int.random(in: .min ... .max, using: &generator) >> Int.random(in: 0...63, using: &generator))
    case .uuid:
      let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let uuid = bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }
      return .uuid(UUID(uuid: uuid))
    case .string:
      return .string(randomString(&generator, allowEmpty: inQuery))
    case .path:
      return .path((0..<Int.random(in: 1...4, using: &generator)).map { _ in randomString(&generator) })
    }
  }

  @Test func printedParametersMatchBackToThemselves() throws {
    let table = try fixtureTable()
    var generator = SeededGenerator(seed: 2026)
    var checked = 0
    for _ in 0..<2000 {
      let pattern = table.patterns.randomElement(using: &generator)!
      let pathNames = pattern.parameters.count - queryCount(pattern)
      var parameters = URLParameters([:])
      for (index, parameter) in pattern.parameters.enumerated() {
        let inQuery = index >= pathNames
        if inQuery && Bool.random(using: &generator) { continue }
        parameters[parameter.name] = Self.randomValue(parameter.type, inQuery: inQuery, &generator)
      }
      let url = try pattern.url(with: parameters)
      let match = try table.match(url)
      #expect(match.pattern == pattern, "\(url)")
      #expect(match.parameters == parameters, "\(url)")
      checked += 1
    }
    #expect(checked == 2000)
  }

  /// The number of query parameters of a fixture pattern (those after `?`).
  private func queryCount(_ pattern: URLPattern) -> Int {
    guard let query = pattern.text.split(separator: "?", maxSplits: 1).dropFirst().first else { return 0 }
    return query.split(separator: "&").count
  }

  @Test func aValueFullOfEscapesRoundTrips() throws {
    let table = try fixtureTable()
    let value = "a b/c?d#e%f&g=h+i é 日 🙂"
    let url = try URLPattern("shop://catalog/products/<int:id>?tab=<tab>&page=<int:page>")
      .url(with: ["id": .int(Int.max), "tab": .string(value)])
    let match = try table.match(url)
    #expect(match.parameters == ["id": .int(Int.max), "tab": .string(value)])
    let slug = try table.match(
      URLPattern("shop://catalog/products/<slug>").url(with: ["slug": .string(value)]))
    #expect(slug.parameters == ["slug": .string(value)])
  }
}

@Suite struct URLParameterCodingTests {
  struct Product: Codable, Equatable {
    var id: Int
    var tab: String?
    var page: Int?
  }

  enum Kind: String, Codable { case shoe, hat }

  struct Everything: Codable, Equatable {
    var count: Int
    var small: Int8
    var big: UInt32
    var name: String
    var flag: Bool?
    var ref: UUID
    var file: [String]
    var kind: Kind
    var note: String?
  }

  struct Nested: Codable { var inner: Product }
  struct Numbers: Codable { var values: [Int] }
  struct Huge: Codable { var value: UInt64 }
  struct Tiny: Codable { var value: Int8 }
  struct Room: Codable, Equatable { var room: UUID }

  static let ref = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

  @Test func encodesAFlatRoute() throws {
    let parameters = try URLParameterEncoder().encode(Product(id: 42, tab: nil, page: 3))
    #expect(parameters == ["id": .int(42), "page": .int(3)])
    let everything = Everything(
      count: -5, small: 7, big: 4_000_000_000, name: "n a", flag: true, ref: Self.ref, file: ["a", "b"],
      kind: .hat, note: nil)
    let all = try URLParameterEncoder().encode(everything)
    #expect(
      all == [
        "count": .int(-5), "small": .int(7), "big": .int(4_000_000_000), "name": .string("n a"),
        "flag": .string("true"), "ref": .string(Self.ref.uuidString), "file": .path(["a", "b"]),
        "kind": .string("hat"),
      ])
    #expect(try URLParameterDecoder().decode(Everything.self, from: all) == everything)
  }

  @Test func routesRoundTripThroughURLs() throws {
    let table = try fixtureTable()
    let product = try URLPattern("shop://catalog/products/<int:id>?tab=<tab>&page=<int:page>")
    for route in [Product(id: 1, tab: nil, page: nil), Product(id: -9, tab: "a&b c", page: 0)] {
      let url = try product.url(with: URLParameterEncoder().encode(route))
      #expect(try URLParameterDecoder().decode(Product.self, from: table.match(url).parameters) == route)
    }
    let room = Room(room: Self.ref)
    let url = try URLPattern("chat://rooms/<uuid:room>").url(with: URLParameterEncoder().encode(room))
    #expect(try URLParameterDecoder().decode(Room.self, from: table.match(url).parameters) == room)
  }

  @Test func decodingConvertsWhatParses() throws {
    let decoder = URLParameterDecoder()
    #expect(try decoder.decode(Product.self, from: ["id": .string("12")]) == Product(id: 12))
    #expect(try decoder.decode(Room.self, from: ["room": .uuid(Self.ref)]) == Room(room: Self.ref))
    #expect(
      try decoder.decode(Room.self, from: ["room": .string(Self.ref.uuidString.lowercased())])
        == Room(room: Self.ref))
  }

  @Test func refusesWhatDoesNotFit() {
    let encoder = URLParameterEncoder()
    let decoder = URLParameterDecoder()
    #expect(
      throws: RouteError.invalidParameter("Huge", name: "value", value: "\(UInt64.max)", expected: .int)
    ) {
      try encoder.encode(Huge(value: .max))
    }
    #expect(throws: RouteError.invalidParameter("Tiny", name: "value", value: "300", expected: .int)) {
      try decoder.decode(Tiny.self, from: ["value": .int(300)])
    }
    #expect(throws: RouteError.invalidParameter("Product", name: "id", value: "x", expected: .int)) {
      try decoder.decode(Product.self, from: ["id": .string("x")])
    }
    #expect(throws: RouteError.missingParameter(pattern: "Product", name: "id")) {
      try decoder.decode(Product.self, from: ["tab": .string("t")])
    }
    #expect(throws: RouteError.invalidParameter("Room", name: "room", value: "nope", expected: .uuid)) {
      try decoder.decode(Room.self, from: ["room": .string("nope")])
    }
    #expect(
      throws: RouteError.invalidParameter(
        "Nested", name: "inner.id", value: "a property of a nested value", expected: .string)
    ) {
      try encoder.encode(Nested(inner: Product(id: 1)))
    }
    #expect(
      throws: RouteError.invalidParameter("Numbers", name: "values", value: "an array", expected: .path)
    ) {
      try encoder.encode(Numbers(values: [1]))
    }
    #expect(
      throws: RouteError.invalidParameter("Nested", name: "inner", value: "a nested value", expected: .string)
    ) {
      try decoder.decode(Nested.self, from: ["inner": .string("x")])
    }
    #expect(
      throws: RouteError.invalidParameter("Numbers", name: "values", value: "an array", expected: .path)
    ) {
      try decoder.decode(Numbers.self, from: ["values": .path(["1"])])
    }
  }
}

extension URLParameterCodingTests.Product {
  init(id: Int) { self.init(id: id, tab: nil, page: nil) }
}
