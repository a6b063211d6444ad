/// What matching a URL found: the registered value, its pattern, and the parameters.
public struct URLMatch<Value> {
  /// The value registered with the pattern.
  public let value: Value
  /// The pattern that matched.
  public let pattern: URLPattern
  /// The path's parameters, and the query's that the URL has.
  public let parameters: URLParameters

  /// Creates a match.
  ///
  /// - Parameters:
  ///   - value: The value registered with the pattern.
  ///   - pattern: The pattern that matched.
  ///   - parameters: The parameters.
  public init(value: Value, pattern: URLPattern, parameters: URLParameters) {
    self.value = value
    self.pattern = pattern
    self.parameters = parameters
  }
}

extension URLMatch: Sendable where Value: Sendable {}
extension URLMatch: Equatable where Value: Equatable {}
extension URLMatch: Hashable where Value: Hashable {}
