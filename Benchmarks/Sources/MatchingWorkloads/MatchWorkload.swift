// URL matching against a generated table of realistic patterns: one host, sections and
// resources sharing prefixes, typed and untyped placeholders, a query item.

public import AppFlow

/// A table of `patternCount` generated patterns and URLs that match some of them.
public final class MatchWorkload {
  /// How the generated patterns share their prefixes.
  public enum Layout: Sendable {
    /// 25 sections of resources, four shapes each (see ``pattern(_:)``).
    case resources
    /// One section per pattern under one host, `shop://app/section<i>/items/<int:id>`: the
    /// root has `patternCount` literal children.
    case sections
  }

  /// The registered table; each pattern's value is its index.
  public let table: URLPatternTable<Int>
  /// The URLs matched, in turn: each matches one of the first 1,000 patterns, so that tables
  /// of 1,000 and 10,000 patterns are timed on the same URLs.
  public let urls: [String]
  /// URLs that match no pattern, missing at each depth: the first segment, the second, a
  /// placeholder's type, a path cut short.
  public let missURLs: [String]

  /// Registers `patternCount` patterns (at least 1,000).
  ///
  /// Pattern `i` is one of four shapes under `shop://app/section<s>/resource<r>`, where
  /// `s = (i / 4) % 25` and `r = i / 100`: `/<int:id>`, `/<int:id>/details/<tab>`,
  /// `/items/<uuid:ref>`, `/<slug>/reviews?page=<int:page>`.
  public init(patternCount: Int, layout: Layout = .resources) {
    var table = URLPatternTable<Int>()
    for index in 0..<patternCount {
      do {
        let text = layout == .resources ? Self.pattern(index) : "shop://app/section\(index)/items/<int:id>"
        try table.register(URLPattern(text), for: index)
      } catch {
        fatalError("generated pattern \(index) does not register: \(error)")
      }
    }
    self.table = table
    switch layout {
    case .resources:
      urls = (0..<16).map { Self.url(($0 * 61 + 7) % 1_000) }
      missURLs = [
        "shop://app/elsewhere/1", "shop://app/section3/nothing/1",
        "shop://app/section3/resource0/items/not-a-uuid", "shop://app/section3/resource0/12/details",
      ]
    case .sections:
      urls = (0..<16).map { "shop://app/section\(($0 * 61 + 7) % 1_000)/items/\($0)" }
      missURLs = [
        "shop://app/elsewhere/1", "shop://app/section3/nothing", "shop://app/section3/items/abc",
        "shop://app/section3/items/4/more",
      ]
    }
  }

  /// The text of pattern `index`.
  public static func pattern(_ index: Int) -> String {
    let prefix = "shop://app/section\((index / 4) % 25)/resource\(index / 100)"
    switch index % 4 {
    case 0: return prefix + "/<int:id>"
    case 1: return prefix + "/<int:id>/details/<tab>"
    case 2: return prefix + "/items/<uuid:ref>"
    default: return prefix + "/<slug>/reviews?page=<int:page>"
    }
  }

  /// A URL that matches pattern `index`.
  public static func url(_ index: Int) -> String {
    let prefix = "shop://app/section\((index / 4) % 25)/resource\(index / 100)"
    switch index % 4 {
    case 0: return prefix + "/\(index * 37)"
    case 1: return prefix + "/\(index * 37)/details/specifications"
    case 2: return prefix + "/items/E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    default: return prefix + "/blue-running-shoes/reviews?page=3"
    }
  }

  /// The sum of every value matched so far: a side effect that keeps the optimizer from
  /// treating `match(rounds:)` as read-only and hoisting it out of a timing loop.
  public private(set) var checksum = 0

  /// Matches every URL `rounds` times; returns the sum of the matched values.
  @inline(never)
  public func match(rounds: Int) -> Int {
    var sum = 0
    for _ in 0..<rounds {
      for url in urls {
        do {
          let value = try table.match(url).value
          sum &+= value
          checksum &+= value
        } catch {
          fatalError("\(url) does not match: \(error)")
        }
      }
    }
    return sum
  }

  /// Matches every URL of ``missURLs`` `rounds` times; returns the total length of the closest
  /// patterns the errors name.
  @inline(never)
  public func miss(rounds: Int) -> Int {
    var sum = 0
    for _ in 0..<rounds {
      for url in missURLs {
        do {
          _ = try table.match(url)
          fatalError("\(url) matches")
        } catch {
          guard case .noMatch(_, let closest) = error else { fatalError("\(url): \(error)") }
          sum &+= closest?.utf8.count ?? 0
          checksum &+= sum
        }
      }
    }
    return sum
  }

  /// A Boolean value indicating whether each URL matches the pattern it was made for (the
  /// `resources` layout).
  public func check() -> Bool {
    (0..<16).allSatisfy { k in
      let index = (k * 61 + 7) % 1_000
      return (try? table.match(urls[k]).value) == index
    }
  }
}
