// Temporary stand-ins for the URL matcher, replaced by the routes-matcher branch.
public import Navigator

public enum URLParameterType: String, Hashable, Sendable { case int, string, uuid, path }
public enum URLParameterValue: Hashable, Sendable { case int(Int), string(String), path([String]) }
public struct URLParameters: Hashable, Sendable {
  public init(_ values: [String: URLParameterValue]) {}
}
public struct URLPattern: Hashable, Sendable, CustomStringConvertible {
  public let text: String
  public init(_ text: String) throws(RouteError) { self.text = text }
  public var description: String { text }
  public func url(with parameters: URLParameters) throws(RouteError) -> String { text }
}
public struct URLMatch<Value> {
  public let value: Value
  public let pattern: URLPattern
  public let parameters: URLParameters
}
public struct URLPatternTable<Value> {
  public init() {}
  public mutating func register(_ pattern: URLPattern, for value: Value) throws(RouteError) {}
  public func match(_ url: some StringProtocol) throws(RouteError) -> URLMatch<Value> {
    throw .noMatch(String(url), closestPattern: nil)
  }
}
public struct URLParameterEncoder {
  public init() {}
  public func encode<T: Encodable>(_ value: T) throws(RouteError) -> URLParameters { URLParameters([:]) }
}
public struct URLParameterDecoder {
  public init() {}
  public func decode<T: Decodable>(_ type: T.Type, from parameters: URLParameters) throws(RouteError) -> T {
    throw .unregisteredRoute("\(T.self)")
  }
}
public enum RouteError: Error, Hashable, Sendable, CustomStringConvertible {
  case emptyURL
  case relativeURL(String)
  case malformedURL(String, reason: String)
  case urlTooLong(String, length: Int)
  case tooManySegments(String, count: Int)
  case unknownScheme(String, scheme: String)
  case unknownHost(String, host: String)
  case noMatch(String, closestPattern: String?)
  case invalidParameter(String, name: String, value: String, expected: URLParameterType)
  case missingParameter(pattern: String, name: String)
  case ambiguousPatterns(String, String)
  case invalidPattern(String, reason: String)
  case unregisteredRoute(String)
  case refused(NavigationError)
  case duplicateRoute(String)
  case invalidChain(String, reason: String)
  public var description: String { "stub" }
}
