import TestSupport
import Testing

@testable import AppFlow

/// A miss names its closest pattern from what each node of the trie keeps (constant time),
/// exactly as the full walk below every node in the fixed order would find it.
@Suite struct ClosestPatternTests {
  /// The reference: the first entry at or below `node`, walking its own entry, its
  /// catch-all, its literal children sorted by UTF-8, then `int`, `uuid` and untyped.
  private func walk(_ trie: PatternTrie, _ node: Int) -> Int? {
    let here = trie.nodes[node]
    if let entry = here.entry ?? here.catchAll { return entry }
    var literals: [Int] = []
    for first in here.literals.values {
      var candidate: Int? = first
      while let child = candidate {
        literals.append(child)
        candidate = trie.nodes[child].sameHash
      }
    }
    literals.sort { trie.nodes[$0].literal.lexicographicallyPrecedes(trie.nodes[$1].literal) }
    for child in literals + [here.int, here.uuid, here.string].compactMap({ $0 }) {
      if let entry = walk(trie, child) { return entry }
    }
    return nil
  }

  @Test func everyNodeKeepsTheFirstEntryTheFullWalkFinds() throws {
    let segments = ["a", "b", "ab", "<int:n>", "<uuid:u>", "<s>", "<path:rest>", "z"]
    var rng = SplitMix64(seed: 27)
    for round in 0..<200 {
      var table = URLPatternTable<Int>()
      for index in 0..<rng.index(below: 40) {
        let depth = rng.index(below: 4)
        var path: [String] = []
        for level in 0..<depth {
          let segment = rng.element(of: segments)!
          path.append(segment)
          if segment.hasPrefix("<path:") || level == depth - 1 { break }
        }
        let host = rng.bool() ? "h" : "g"
        // Ambiguous or repeated patterns are refused; the rest are kept.
        try? table.register(URLPattern("app://\(host)/" + path.joined(separator: "/")), for: index)
      }
      for node in table.trie.nodes.indices {
        #expect(table.trie.firstEntry(below: node) == walk(table.trie, node), "round \(round), node \(node)")
      }
    }
  }

  @Test func aMissAtTheFirstSegmentOfTenThousandSectionsNamesTheFirstSection() throws {
    var table = URLPatternTable<Int>()
    for section in (0..<10_000).reversed() {
      try table.register(URLPattern("myapp://app/section\(section)/items/<int:id>"), for: section)
    }
    #expect(
      throws: RouteError.noMatch(
        "myapp://app/elsewhere/1", closestPattern: "myapp://app/section0/items/<int:id>")
    ) { try table.match("myapp://app/elsewhere/1") }
  }
}
