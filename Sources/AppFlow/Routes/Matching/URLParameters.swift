/// The named parameters of a URL: what matching found, or what printing needs.
public struct URLParameters: Hashable, Sendable, ExpressibleByDictionaryLiteral {
  /// The values by parameter name.
  var values: [String: URLParameterValue]

  /// Creates parameters from values by name.
  ///
  /// - Parameter values: The values, keyed by parameter name.
  public init(_ values: [String: URLParameterValue]) {
    self.values = values
  }

  /// Creates parameters from a dictionary literal; a repeated name keeps its last value.
  ///
  /// - Parameter elements: The names and values.
  public init(dictionaryLiteral elements: (String, URLParameterValue)...) {
    self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
  }

  /// The value of the parameter named `name`, or `nil`; setting `nil` removes it.
  ///
  /// - Parameter name: The parameter's name.
  public subscript(name: String) -> URLParameterValue? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// The names of the parameters, sorted.
  public var names: [String] { values.keys.sorted() }

  /// The number of parameters.
  public var count: Int { values.count }

  /// A Boolean value indicating whether there are no parameters.
  public var isEmpty: Bool { values.isEmpty }
}
