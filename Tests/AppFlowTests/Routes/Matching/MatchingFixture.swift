import AppFlow
import TestSupport
import Testing

/// The patterns the matching tests register, each with the name it is registered for.
let fixturePatterns: [(name: String, text: String)] = [
  ("catalog", "shop://catalog"),
  ("products", "shop://catalog/products"),
  ("product", "shop://catalog/products/<int:id>?tab=<tab>&page=<int:page>"),
  ("featured", "shop://catalog/products/featured"),
  ("productByRef", "shop://catalog/products/<uuid:ref>"),
  ("productBySlug", "shop://catalog/products/<slug>"),
  ("reviews", "shop://catalog/products/<int:id>/reviews"),
  ("review", "shop://catalog/products/<int:id>/reviews/<int:review>"),
  ("compose", "shop://catalog/products/<int:id>/reviews/compose"),
  ("category", "shop://catalog/categories/<string:category>"),
  ("categoryPage", "shop://catalog/categories/<category>/<int:page>"),
  ("files", "shop://catalog/files/<path:file>"),
  ("readme", "shop://catalog/files/readme"),
  ("account", "shop://account"),
  ("order", "shop://account/orders/<int:order>?expand=<uuid:expand>"),
  ("settings", "shop://account/settings/<section>"),
  ("accountFallback", "shop://account/<path:rest>"),
  ("help", "shop://help/<path:topic>"),
  ("search", "SHOP://Search?q=<q>&page=<int:page>"),
  ("message", "chat://rooms/<uuid:room>/messages/<int:message>"),
  ("room", "chat://rooms/<uuid:room>"),
]

/// The fixture's patterns registered in the given order (by default, as listed).
func fixtureTable(
  order: [Int]? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws -> URLPatternTable<String> {
  var table = URLPatternTable<String>()
  for index in order ?? Array(fixturePatterns.indices) {
    let (name, text) = fixturePatterns[index]
    try table.register(URLPattern(text), for: name)
  }
  #expect(table.count == fixturePatterns.count, sourceLocation: sourceLocation)
  return table
}

/// What matching a URL gives, as a comparable value: the registered name and the parameters,
/// or the error.
enum Outcome: Equatable, CustomStringConvertible {
  case matched(String, URLParameters)
  case failed(RouteError)

  init(_ table: URLPatternTable<String>, _ url: String) {
    do {
      let match = try table.match(url)
      self = .matched(match.value, match.parameters)
    } catch {
      self = .failed(error)
    }
  }

  var description: String {
    switch self {
    case .matched(let name, let parameters):
      let values = parameters.names.map { "\($0): \(parameters[$0]!)" }
      return "\(name) [\(values.joined(separator: ", "))]"
    case .failed(let error): return "\(error)"
    }
  }
}

/// A small deterministic generator (SplitMix64), so that property tests replay.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
