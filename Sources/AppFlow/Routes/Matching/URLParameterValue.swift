#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The value of one parameter of a matched or printed URL.
public enum URLParameterValue: Hashable, Sendable, CustomStringConvertible {
  /// The value of an `int` placeholder.
  case int(Int)
  /// The value of a `string` placeholder, percent-decoded.
  case string(String)
  /// The value of a `uuid` placeholder.
  case uuid(UUID)
  /// The segments a `path` placeholder caught, each percent-decoded.
  case path([String])

  /// The value as text: the number, the string, the UUID's string, or the segments joined
  /// by `/`.
  public var description: String {
    switch self {
    case .int(let value): return String(value)
    case .string(let value): return value
    case .uuid(let value): return value.uuidString
    case .path(let segments): return segments.joined(separator: "/")
    }
  }
}
