import Foundation
import Navigator
import TestSupport
import Testing

@testable import AppFlow

/// The snapshot's direct writer writes the bytes Foundation's `JSONEncoder` writes.
@Suite struct SnapshotWritingTests {
  typealias State = NavigationState<AnyRoute>

  /// `JSONEncoder`'s bytes (`.sortedKeys`) and the direct writer's, as text.
  private func both(_ value: some Encodable) throws -> (foundation: String, direct: String) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (
      String(decoding: try encoder.encode(value), as: UTF8.self),
      String(decoding: try SnapshotJSONEncoder().encode(value), as: UTF8.self)
    )
  }

  @Test func aSessionsSnapshotIsTheGoldenFile() throws {
    let app = try makeShop()
    var opened = false
    app.navigate(to: Compose(productID: 42), animated: false) { opened = (try? $0.get()) != nil }
    try #require(opened)
    let golden = try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden/shop-v1.json"))
    #expect(
      String(decoding: try app.encodeSnapshot(), as: UTF8.self)
        == String(decoding: golden, as: UTF8.self).trimmingCharacters(in: .newlines))
  }

  @Test func flowsKeptScreensAndAnchorsAreWrittenAsJSONEncoderWritesThem() throws {
    let app = try makeShop()
    try app.routes.registerFlow(FlowSnapshotTests.RouteFlow.self, tag: "Reviewing") { _ in nil }
    let catalog = ScreenKey<AnyRoute>.key(AnyRoute(Catalog()))
    let state = State(
      root: .init(
        key: .navigationController,
        content: .stack([
          .init(key: catalog),
          .init(
            key: .key(AnyRoute(Product(id: 7))),
            presenting: .init(
              .init(
                key: .navigationController,
                content: .stack([.init(key: .key(AnyRoute(Reviews(productID: 7))))]),
                presenting: .init(
                  .init(key: .key(AnyRoute(Filters()))), style: .popover,
                  anchor: .view(of: catalog, path: [0, 2], rect: Rect(x: 1.5, y: 0, width: 44, height: 1e-3)))
              ),
              style: .pageSheet)),
        ])))
    let snapshot = NavigationSnapshot(
      state: state,
      flows: [
        FlowSnapshot(
          tag: "Reviewing", route: AnyRoute(Reviews(productID: 7)),
          children: [FlowSnapshot(tag: "Reviewing", route: AnyRoute(Compose(productID: 7)))])
      ],
      keptAlive: [
        KeptAliveSnapshot(route: AnyRoute(Product(id: 1)), secondsLeft: 40),
        KeptAliveSnapshot(route: AnyRoute(Product(id: 2)), secondsLeft: 2.5),
        KeptAliveSnapshot(route: AnyRoute(Product(id: 3)), secondsLeft: nil),
      ])
    let direct = try app.routes.writeSnapshot(snapshot)
    #expect(
      String(decoding: direct, as: UTF8.self)
        == String(decoding: try app.routes.encode(snapshot), as: UTF8.self))
    #expect(try app.routes.decodeSnapshot(direct) == snapshot)
  }

  @Test(arguments: [1, 2, 3, 5, 8, 13] as [UInt64])
  func everyGeneratedStateIsWrittenAsJSONEncoderWritesIt(seed: UInt64) throws {
    var generator = StateGenerator(seed: seed)
    let app = try GeneratedStateSnapshotTests.makeSession()
    for round in 0..<50 {
      let snapshot = NavigationSnapshot(state: GeneratedStateSnapshotTests.routed(generator.state()))
      let direct = try app.routes.writeSnapshot(snapshot)
      #expect(
        String(decoding: direct, as: UTF8.self)
          == String(decoding: try app.routes.encode(snapshot), as: UTF8.self),
        "seed \(seed), round \(round)")
    }
  }

  @Test func theErrorsAreJSONEncodersErrors() throws {
    let app = try makeShop()
    let unregistered = NavigationSnapshot(state: State(root: .init(key: .key(AnyRoute(Unknown())))))
    let unkeyed = NavigationSnapshot(
      state: State(
        root: .init(
          key: .navigationController, content: .stack([.init(key: .instance(ScreenID(ViewController())))]))))
    let forever = NavigationSnapshot(
      state: State(root: .init(key: .key(AnyRoute(Catalog())))),
      keptAlive: [KeptAliveSnapshot(route: AnyRoute(Product(id: 1)), secondsLeft: .infinity)])
    for snapshot in [unregistered, unkeyed, forever] {
      let expected = #expect(throws: SnapshotError.self) { try app.routes.encode(snapshot) }
      let direct = #expect(throws: SnapshotError.self) { try app.routes.writeSnapshot(snapshot) }
      #expect(direct == expected)
    }
  }

  struct Scalars: Encodable {
    var text = "a \"quote\", a \\ and a / in é😀\n\r\t\u{8}\u{C}\u{1}\u{1F}"
    var int = -42
    var int8: Int8 = -8
    var uint64 = UInt64.max
    var uint8: UInt8 = 255
    var double = 0.1
    var whole = 3.0
    var float: Float = 0.25
    var small = 1e-10
    var flag = true
    var missing: Int? = nil
    var url = URL(string: "shop://catalog/products/42?x=1")!
    var data = Data([0, 1, 2, 250])
    var date = Date(timeIntervalSinceReferenceDate: 12.5)
    var decimal = Decimal(string: "12.75")!
    var nested = [[1, 2], [], [3]]
    var dictionary = ["b": 2, "a": 1, "B": 3]
    var optionals: [Int?] = [1, nil]
    var empty = Empty()
  }

  struct Empty: Encodable {
    func encode(to encoder: any Encoder) throws {}
  }

  @Test func scalarsAndFoundationTypesAreWrittenAsJSONEncoderWritesThem() throws {
    let (foundation, direct) = try both(Scalars())
    #expect(direct == foundation)
  }

  /// Nested containers, a super encoder, a key set twice, a single value holding a struct.
  struct Containers: Encodable {
    enum Field: String, CodingKey { case keyed, unkeyed, twice, single, zeta, alpha }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Field.self)
      var keyed = container.nestedContainer(keyedBy: Field.self, forKey: .keyed)
      try keyed.encode("z", forKey: .zeta)
      try keyed.encode("a", forKey: .alpha)
      var unkeyed = container.nestedUnkeyedContainer(forKey: .unkeyed)
      try unkeyed.encode(1)
      var inner = unkeyed.nestedContainer(keyedBy: Field.self)
      try inner.encodeNil(forKey: .alpha)
      var list = unkeyed.nestedUnkeyedContainer()
      try list.encode(false)
      try Wrapped(value: 2).encode(to: unkeyed.superEncoder())
      try container.encode(1, forKey: .twice)
      try container.encode(2, forKey: .twice)
      try Wrapped(value: 3).encode(to: container.superEncoder(forKey: .single))
      try Wrapped(value: 4).encode(to: container.superEncoder())
    }
  }

  struct Wrapped: Encodable {
    var value: Int
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(Product(id: value))
    }
  }

  @Test func nestedContainersAreWrittenAsJSONEncoderWritesThem() throws {
    let (foundation, direct) = try both(Containers())
    #expect(direct == foundation)
    #expect(
      direct
        == #"{"keyed":{"alpha":"a","zeta":"z"},"single":{"id":3},"super":{"id":4},"twice":2,"#
        + #""unkeyed":[1,{"alpha":null},[false],{"id":2}]}"#)
  }

  @Test func aNumberThatIsNotFiniteIsRefusedWhereItIs() throws {
    let values = [["a": 1.0], ["b": .nan]]
    let refusal = #expect(throws: EncodingError.self) { try SnapshotJSONEncoder().encode(values) }
    guard case .invalidValue(_, let context) = refusal else {
      Issue.record("\(String(describing: refusal))")
      return
    }
    #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["1", "b"])
  }
}
