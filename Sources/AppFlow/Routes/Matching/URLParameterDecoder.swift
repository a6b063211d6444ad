#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes a flat `Decodable` value (a route) from ``URLParameters``, one per property.
///
/// The counterpart of ``URLParameterEncoder``. Integers accept ``URLParameterValue/int(_:)`` or
/// a string that parses, and are checked for overflow; `String` accepts any value but a
/// multi-segment path; `Bool` accepts `true`, `false`, `1`, `0`; `UUID` accepts
/// ``URLParameterValue/uuid(_:)`` or a string that parses; `[String]` accepts a path or a
/// string (one segment). An absent parameter decodes an optional as `nil`.
public struct URLParameterDecoder {
  /// Creates a decoder.
  public init() {}

  /// Decodes a `T` from `parameters`.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - parameters: The parameters, e.g. a ``URLMatch``'s.
  /// - Returns: The decoded value.
  /// - Throws: ``RouteError/missingParameter(pattern:name:)`` (naming the type) for an absent
  ///   non-optional property; ``RouteError/invalidParameter(_:name:value:expected:)`` for a
  ///   value that does not fit, or a nested value.
  public func decode<T: Decodable>(_ type: T.Type, from parameters: URLParameters) throws(RouteError) -> T {
    let source = ParameterSource(T.self, parameters)
    do {
      return try T(from: ParameterDecoding(source: source, codingPath: []))
    } catch let error as RouteError {
      throw error
    } catch {
      throw .invalidParameter(source.typeName, name: "", value: "\(error)", expected: .string)
    }
  }
}

/// The parameters being decoded and the type, named for errors.
private struct ParameterSource {
  let type: any Any.Type
  let parameters: URLParameters

  init(_ type: any Any.Type, _ parameters: URLParameters) {
    self.type = type
    self.parameters = parameters
  }

  /// The type's name as `String(describing:)` prints it, built only for an error, and
  /// without `String(describing:)`, whose reflection and dynamic casts take more instructions
  /// than the rest of a match.
  var typeName: String { _typeName(type, qualified: false) }

  /// The dotted name of a coding path.
  func name(_ path: [any CodingKey]) -> String { path.map(\.stringValue).joined(separator: ".") }

  /// The error for a value that does not fit.
  func mismatch(_ path: [any CodingKey], _ value: String, _ expected: URLParameterType) -> RouteError {
    .invalidParameter(typeName, name: name(path), value: value, expected: expected)
  }
}

/// The decoder handed to the type: a keyed container at the top, a single value per key.
private struct ParameterDecoding: Decoder {
  let source: ParameterSource
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard codingPath.isEmpty else { throw source.mismatch(codingPath, "a nested value", .string) }
    return KeyedDecodingContainer(ParameterReader<Key>(source: source))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw source.mismatch(codingPath, "an array", .path)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    guard codingPath.count == 1, let key = codingPath.first else {
      throw source.mismatch(codingPath, "a single value that is not a property", .string)
    }
    guard let value = source.parameters[key.stringValue] else {
      throw RouteError.missingParameter(pattern: source.typeName, name: key.stringValue)
    }
    return SingleParameterReader(source: source, codingPath: codingPath, value: value)
  }
}

/// Reads one parameter's value as the type a property asks for.
private struct SingleParameterReader: SingleValueDecodingContainer {
  let source: ParameterSource
  let codingPath: [any CodingKey]
  let value: URLParameterValue

  /// The error for this value.
  private func mismatch(_ expected: URLParameterType) -> RouteError {
    source.mismatch(codingPath, value.description, expected)
  }

  /// The value as an integer of type `I`, from an int or a string that parses.
  private func integer<I: FixedWidthInteger>(_: I.Type = I.self) throws -> I {
    switch value {
    case .int(let number): if let result = I(exactly: number) { return result }
    case .string(let text): if let result = I(text) { return result }
    default: break
    }
    throw mismatch(.int)
  }

  func decodeNil() -> Bool { false }
  func decode(_ type: Bool.Type) throws -> Bool {
    switch value {
    case .string("true"), .string("1"), .int(1): return true
    case .string("false"), .string("0"), .int(0): return false
    default: throw mismatch(.string)
    }
  }
  func decode(_ type: String.Type) throws -> String {
    if case .path(let segments) = value, segments.count != 1 { throw mismatch(.string) }
    return value.description
  }
  func decode(_ type: Double.Type) throws -> Double { throw mismatch(.string) }
  func decode(_ type: Float.Type) throws -> Float { throw mismatch(.string) }
  func decode(_ type: Int.Type) throws -> Int { try integer() }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
  func decode(_ type: UInt.Type) throws -> UInt { try integer() }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == UUID.self {
      switch value {
      case .uuid(let uuid): return uuid as! T
      case .string(let text): if let uuid = URLSegmentParser.uuid(text) { return uuid as! T }
      default: break
      }
      throw mismatch(.uuid)
    }
    if T.self == [String].self {
      switch value {
      case .path(let segments): return segments as! T
      case .string(let text): return [text] as! T
      default: throw mismatch(.path)
      }
    }
    return try T(from: ParameterDecoding(source: source, codingPath: codingPath))
  }
}

/// The top-level keyed container: each property reads its parameter.
private struct ParameterReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let source: ParameterSource
  var codingPath: [any CodingKey] { [] }

  var allKeys: [Key] { source.parameters.names.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { source.parameters[key.stringValue] != nil }

  /// The reader of `key`'s parameter.
  private func reader(_ key: Key) throws -> SingleParameterReader {
    guard let value = source.parameters[key.stringValue] else {
      throw RouteError.missingParameter(pattern: source.typeName, name: key.stringValue)
    }
    return SingleParameterReader(source: source, codingPath: [key], value: value)
  }

  func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader(key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader(key).decode(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try reader(key).decode(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try reader(key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try reader(key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try reader(key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try reader(key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try reader(key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try reader(key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try reader(key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try reader(key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try reader(key).decode(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try reader(key).decode(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try reader(key).decode(type) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try reader(key).decode(type) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw source.mismatch([key], "a nested value", .string)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw source.mismatch([key], "an array", .path)
  }

  func superDecoder() throws -> any Decoder { throw source.mismatch([], "a super decoder", .string) }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    throw source.mismatch([key], "a super decoder", .string)
  }
}
