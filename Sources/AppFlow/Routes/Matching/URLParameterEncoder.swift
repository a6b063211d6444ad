#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Encodes a flat `Encodable` value (a route) into ``URLParameters``, one per property.
///
/// Supported properties: `Int` and the other fixed-width integers (as ``URLParameterValue/int(_:)``,
/// checked for overflow), `String` (``URLParameterValue/string(_:)``), `Bool` (the string `true`
/// or `false`), `UUID` (its string form), `[String]` (``URLParameterValue/path(_:)``), values that
/// encode as one of these (a `RawRepresentable` enumeration), and optionals of them (`nil`
/// leaves the parameter out). Anything else (a nested structure, an array of another type, a
/// floating-point number) is refused with a ``RouteError``.
public struct URLParameterEncoder {
  /// Creates an encoder.
  public init() {}

  /// Encodes `value`'s properties as parameters.
  ///
  /// - Parameter value: A value with a flat keyed encoding.
  /// - Returns: One parameter per non-`nil` property, named by its coding key.
  /// - Throws: ``RouteError/invalidParameter(_:name:value:expected:)`` naming the type and the
  ///   property that does not fit (an integer beyond `Int`, a nested value).
  public func encode<T: Encodable>(_ value: T) throws(RouteError) -> URLParameters {
    let sink = ParameterSink(type: T.self)
    do {
      try value.encode(to: ParameterEncoding(sink: sink, codingPath: []))
    } catch let error as RouteError {
      throw error
    } catch {
      throw .invalidParameter(sink.typeName, name: "", value: "\(error)", expected: .string)
    }
    return URLParameters(sink.values)
  }
}

/// Where an encoding writes its parameters.
private final class ParameterSink {
  /// The encoded type, named for errors.
  let type: any Any.Type
  /// The parameters written so far.
  var values: [String: URLParameterValue] = [:]

  init(type: any Any.Type) { self.type = type }

  /// The type's name as `String(describing:)` prints it, built only for an error, and
  /// without `String(describing:)`, whose reflection and dynamic casts take more instructions
  /// than the rest of an encoding.
  var typeName: String { _typeName(type, qualified: false) }

  /// The error for a property that cannot be a parameter.
  func refuse(_ path: [any CodingKey], _ what: String, expected: URLParameterType) -> RouteError {
    .invalidParameter(
      typeName, name: path.map(\.stringValue).joined(separator: "."), value: what, expected: expected)
  }
}

/// The encoder handed to the value: a keyed container at the top, a single value per key.
private struct ParameterEncoding: Encoder {
  let sink: ParameterSink
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(ParameterWriter<Key>(sink: sink, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    RefusingUnkeyedWriter(sink: sink, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleParameterWriter(sink: sink, codingPath: codingPath)
  }
}

/// Writes one parameter: the value at the key path `codingPath` (one key deep).
private struct SingleParameterWriter: SingleValueEncodingContainer {
  let sink: ParameterSink
  let codingPath: [any CodingKey]

  /// Stores `value` under the key, refusing a value at the top or nested deeper.
  private func write(_ value: URLParameterValue) throws {
    guard codingPath.count == 1, let key = codingPath.first else {
      throw sink.refuse(codingPath, "a single value that is not a property", expected: .string)
    }
    sink.values[key.stringValue] = value
  }

  /// Stores an integer, refusing one beyond `Int`.
  private func write<I: FixedWidthInteger>(integer value: I) throws {
    guard let value = Int(exactly: value) else {
      throw sink.refuse(codingPath, "\(value)", expected: .int)
    }
    try write(.int(value))
  }

  mutating func encodeNil() throws {}
  mutating func encode(_ value: Bool) throws { try write(.string(value ? "true" : "false")) }
  mutating func encode(_ value: String) throws { try write(.string(value)) }
  mutating func encode(_ value: Double) throws {
    throw sink.refuse(codingPath, "the floating-point number \(value)", expected: .string)
  }
  mutating func encode(_ value: Float) throws {
    throw sink.refuse(codingPath, "the floating-point number \(value)", expected: .string)
  }
  mutating func encode(_ value: Int) throws { try write(.int(value)) }
  mutating func encode(_ value: Int8) throws { try write(integer: value) }
  mutating func encode(_ value: Int16) throws { try write(integer: value) }
  mutating func encode(_ value: Int32) throws { try write(integer: value) }
  mutating func encode(_ value: Int64) throws { try write(integer: value) }
  mutating func encode(_ value: UInt) throws { try write(integer: value) }
  mutating func encode(_ value: UInt8) throws { try write(integer: value) }
  mutating func encode(_ value: UInt16) throws { try write(integer: value) }
  mutating func encode(_ value: UInt32) throws { try write(integer: value) }
  mutating func encode(_ value: UInt64) throws { try write(integer: value) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    if let uuid = value as? UUID {
      try write(.string(uuid.uuidString))
    } else if let segments = value as? [String] {
      try write(.path(segments))
    } else if codingPath.count == 1 {
      try value.encode(to: ParameterEncoding(sink: sink, codingPath: codingPath))
    } else {
      throw sink.refuse(codingPath, "a nested \(T.self)", expected: .string)
    }
  }
}

/// The top-level keyed container: each property becomes a parameter; nested ones are refused.
private struct ParameterWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let sink: ParameterSink
  let codingPath: [any CodingKey]

  /// The single-value writer for `key`, refusing a keyed container below the top.
  private func writer(_ key: Key) throws -> SingleParameterWriter {
    guard codingPath.isEmpty else {
      throw sink.refuse(codingPath + [key], "a property of a nested value", expected: .string)
    }
    return SingleParameterWriter(sink: sink, codingPath: [key])
  }

  mutating func encodeNil(forKey key: Key) throws {}
  mutating func encode(_ value: Bool, forKey key: Key) throws { var w = try writer(key); try w.encode(value) }
  mutating func encode(_ value: String, forKey key: Key) throws {
    var w = try writer(key); try w.encode(value)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    var w = try writer(key); try w.encode(value)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    var w = try writer(key); try w.encode(value)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { var w = try writer(key); try w.encode(value) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { var w = try writer(key); try w.encode(value) }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    var w = try writer(key); try w.encode(value)
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    var w = try writer(key); try w.encode(value)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    var w = try writer(key); try w.encode(value)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws { var w = try writer(key); try w.encode(value) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    var w = try writer(key); try w.encode(value)
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    var w = try writer(key); try w.encode(value)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    var w = try writer(key); try w.encode(value)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    var w = try writer(key); try w.encode(value)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    var w = try writer(key)
    try w.encode(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(ParameterWriter<NestedKey>(sink: sink, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    RefusingUnkeyedWriter(sink: sink, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { ParameterEncoding(sink: sink, codingPath: [SuperKey()]) }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    ParameterEncoding(sink: sink, codingPath: codingPath + [key, SuperKey()])
  }
}

/// The key of a super encoder, which is refused: it would nest.
private struct SuperKey: CodingKey {
  var stringValue: String { "super" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }
}

/// An array other than `[String]`: every element is refused.
private struct RefusingUnkeyedWriter: UnkeyedEncodingContainer {
  let sink: ParameterSink
  let codingPath: [any CodingKey]
  var count: Int { 0 }

  /// The error for any element.
  private var refusal: RouteError { sink.refuse(codingPath, "an array", expected: .path) }

  mutating func encodeNil() throws { throw refusal }
  mutating func encode<T: Encodable>(_ value: T) throws { throw refusal }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(ParameterWriter<NestedKey>(sink: sink, codingPath: codingPath + [SuperKey()]))
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
  mutating func superEncoder() -> any Encoder {
    ParameterEncoding(sink: sink, codingPath: codingPath + [SuperKey()])
  }
}
