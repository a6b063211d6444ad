import Testing

@testable import AppFlow

/// An error keeps a URL's first 200 characters, then `…` if it was longer, whether the URL is
/// ASCII or made of characters of several bytes or several scalars.
@Suite struct URLLimitsTests {
  /// The rule, stated on characters: at most 200 kept whole, otherwise 200 and `…`.
  private func expectedShown(_ url: some StringProtocol) -> String {
    url.count <= 200 ? String(url) : String(url.prefix(200)) + "…"
  }

  /// URLs of 199 to 201 characters of one to eight bytes (ASCII, `é`, `e` with a combining
  /// acute, `\r\n`, a flag), and URLs of 199 to 201 bytes, most of them `é`.
  private var urls: [String] {
    let characters = ["a", "é", "e\u{301}", "\r\n", "🇫🇷"]
    let prefix = "shop://catalog/"
    var urls: [String] = []
    for character in characters {
      for count in [199, 200, 201] {
        urls.append(prefix + String(repeating: character, count: count - prefix.count))
      }
    }
    let accents = String(repeating: "é", count: 92)
    urls += [prefix + accents, prefix + accents + "a", prefix + accents + "é"]
    return urls
  }

  @Test func shownKeeps200CharactersWhateverTheirBytes() {
    let urls = urls
    let characters = [
      199, 200, 201, 199, 200, 201, 199, 200, 201, 199, 200, 201, 199, 200, 201, 107, 108, 108,
    ]
    #expect(urls.map(\.count) == characters)
    #expect(urls.map(\.utf8.count).suffix(3) == [199, 200, 201])
    for url in urls {
      #expect(URLLimits.shown(url) == expectedShown(url), "\(url.utf8.count) bytes")
      let substring = ("x" + url)[...].dropFirst()
      #expect(URLLimits.shown(substring) == expectedShown(url), "\(url.utf8.count) bytes, a substring")
    }
  }

  @Test func aMissShowsTheURLAsAnErrorKeepsIt() throws {
    var table = URLPatternTable<Int>()
    try table.register(URLPattern("shop://catalog/products"), for: 0)
    let long = "shop://catalog/" + String(repeating: "a", count: 300)
    let accented = "shop://catalog/" + String(repeating: "é", count: 150)
    #expect(
      throws: RouteError.noMatch(String(long.prefix(200)) + "…", closestPattern: "shop://catalog/products")
    ) {
      try table.match(long)
    }
    #expect(throws: RouteError.noMatch(accented, closestPattern: "shop://catalog/products")) {
      try table.match(accented)
    }
    #expect(
      RouteError.noMatch(accented, closestPattern: "shop://catalog/products").description
        == "noMatch: no pattern matches '\(accented)'; the closest pattern is 'shop://catalog/products'")
  }
}
