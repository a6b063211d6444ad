import Foundation

/// Encodes an `Encodable` value straight into a ``JSONValue``: what `JSONEncoder` would
/// write and `JSONDecoder` would read back as a ``JSONValue``, without the text in between.
///
/// The state of a session shows each screen's route parameters as JSON (``RouteInfo``); this
/// encoder makes them for every request that answers a state. With the text round trip
/// through Foundation's coders, making them takes about 6 % of the service's CPU time in an
/// open; with this encoder, about 3 % (`perf` profiles of the `open` load test, release
/// builds, on a loaded 2-core machine).
///
/// What `JSONEncoder` (default strategies) and `JSONDecoder` would make of it: integers are
/// ``JSONValue/int(_:)``; a floating-point number that is a whole number within `Int`'s
/// range is an `int` too (the text has no fraction), any other finite one a
/// ``JSONValue/double(_:)``; an unsigned integer past `Int.max` is a `double`; a `URL` is its
/// absolute string and `Data` its Base64 string (a `Date` encodes itself, as a number of
/// seconds); a value that encodes nothing is an empty object, and a key encoded twice keeps
/// the last value.
enum JSONValueEncoder {
  /// The JSON value of `value`.
  ///
  /// - Parameter value: The value.
  /// - Returns: Its JSON value.
  /// - Throws: `EncodingError.invalidValue` for a floating-point number that is not finite
  ///   (as `JSONEncoder` does); what `value`'s `encode(to:)` throws.
  static func encode(_ value: some Encodable) throws -> JSONValue {
    let node = Node()
    try node.encode(value, codingPath: [])
    return node.value
  }

  /// One value being encoded: a scalar, an object or an array of further nodes.
  fileprivate final class Node {
    var scalar: JSONValue?
    var object: [String: Node]?
    var array: [Node]?

    var value: JSONValue {
      if let scalar { return scalar }
      if let array { return .array(array.map(\.value)) }
      return .object((object ?? [:]).mapValues(\.value))
    }

    /// Encodes `value` into this node, the types `JSONEncoder` writes specially first.
    func encode(_ value: some Encodable, codingPath: [any CodingKey]) throws {
      switch value {
      case let url as URL: scalar = .string(url.absoluteString)
      case let data as Data: scalar = .string(data.base64EncodedString())
      default: try value.encode(to: ValueEncoder(node: self, codingPath: codingPath))
      }
    }

    /// A floating-point number as JSON text would carry it back.
    static func number(_ value: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
      guard value.isFinite else {
        throw EncodingError.invalidValue(
          value,
          EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not valid in JSON."))
      }
      if value == value.rounded(), let whole = Int(exactly: value) { return .int(whole) }
      return .double(value)
    }

    func makeObject() {
      if object == nil {
        scalar = nil
        array = nil
        object = [:]
      }
    }

    func makeArray() {
      if array == nil {
        scalar = nil
        object = nil
        array = []
      }
    }
  }

  private struct ValueEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      node.makeObject()
      return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      node.makeArray()
      return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      SingleContainer(node: node, codingPath: codingPath)
    }
  }

  private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> Node {
      let child = Node()
      node.object?[key.stringValue] = child
      return child
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).scalar = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).scalar = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).scalar = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
      child(key).scalar = try Node.number(value, codingPath + [key])
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
      child(key).scalar = try Node.number(Double(value), codingPath + [key])
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { child(key).scalar = .int(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).scalar = .int(Int(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).scalar = .int(Int(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).scalar = .int(Int(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).scalar = .int(Int(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
      child(key).scalar = try Self.int(value, codingPath + [key])
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).scalar = .int(Int(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).scalar = .int(Int(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).scalar = .int(Int(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
      child(key).scalar = try Self.int(value, codingPath + [key])
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try child(key).encode(value, codingPath: codingPath + [key])
    }

    /// An unsigned integer: a number past `Int.max` reads back as a double.
    static func int(_ value: some UnsignedInteger, _ codingPath: [any CodingKey]) throws -> JSONValue {
      if let int = Int(exactly: value) { return .int(int) }
      return .double(Double(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let child = child(key)
      child.makeObject()
      return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let child = child(key)
      child.makeArray()
      return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
      ValueEncoder(node: child(Key(stringValue: "super")!), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      ValueEncoder(node: child(key), codingPath: codingPath + [key])
    }
  }

  /// An index in an array, as a coding key.
  private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
  }

  private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.array?.count ?? 0 }

    private func next() -> Node {
      let child = Node()
      node.array?.append(child)
      return child
    }

    mutating func encodeNil() throws { next().scalar = .null }
    mutating func encode<T: Encodable>(_ value: T) throws {
      let path = codingPath + [IndexKey(count)]
      try next().encode(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      let path = codingPath + [IndexKey(count)]
      let child = next()
      child.makeObject()
      return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let path = codingPath + [IndexKey(count)]
      let child = next()
      child.makeArray()
      return UnkeyedContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
      let path = codingPath + [IndexKey(count)]
      return ValueEncoder(node: next(), codingPath: path)
    }
  }

  private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.scalar = .null }
    mutating func encode(_ value: Bool) throws { node.scalar = .bool(value) }
    mutating func encode(_ value: String) throws { node.scalar = .string(value) }
    mutating func encode(_ value: Double) throws { node.scalar = try Node.number(value, codingPath) }
    mutating func encode(_ value: Float) throws { node.scalar = try Node.number(Double(value), codingPath) }
    mutating func encode(_ value: Int) throws { node.scalar = .int(value) }
    mutating func encode(_ value: Int8) throws { node.scalar = .int(Int(value)) }
    mutating func encode(_ value: Int16) throws { node.scalar = .int(Int(value)) }
    mutating func encode(_ value: Int32) throws { node.scalar = .int(Int(value)) }
    mutating func encode(_ value: Int64) throws { node.scalar = .int(Int(value)) }
    mutating func encode(_ value: UInt) throws {
      node.scalar = try KeyedContainer<IndexKey>.int(value, codingPath)
    }
    mutating func encode(_ value: UInt8) throws { node.scalar = .int(Int(value)) }
    mutating func encode(_ value: UInt16) throws { node.scalar = .int(Int(value)) }
    mutating func encode(_ value: UInt32) throws { node.scalar = .int(Int(value)) }
    mutating func encode(_ value: UInt64) throws {
      node.scalar = try KeyedContainer<IndexKey>.int(value, codingPath)
    }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.encode(value, codingPath: codingPath) }
  }
}
