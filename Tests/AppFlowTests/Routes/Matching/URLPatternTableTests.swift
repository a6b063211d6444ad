import AppFlow
import Foundation
import Testing

/// A fixed UUID for the tables.
private let ref = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

@Suite struct URLPatternTableTests {
  /// URLs that match, with the pattern they match and their parameters.
  static let matches: [(url: String, expected: Outcome)] = [
    ("shop://catalog", .matched("catalog", [:])),
    ("shop://catalog/", .matched("catalog", [:])),
    ("SHOP://CATALOG/products", .matched("products", [:])),
    ("shop://catalog/products/", .matched("products", [:])),
    ("shop://catalog/products/42", .matched("product", ["id": .int(42)])),
    ("shop://catalog/products/-7", .matched("product", ["id": .int(-7)])),
    (
      "shop://catalog/products/42?tab=reviews&page=3",
      .matched("product", ["id": .int(42), "tab": .string("reviews"), "page": .int(3)])
    ),
    (
      "shop://catalog/products/42?unknown=1&tab=a+b&tab=second",
      .matched("product", ["id": .int(42), "tab": .string("a+b")])
    ),
    ("shop://catalog/products/42?tab=", .matched("product", ["id": .int(42), "tab": .string("")])),
    ("shop://catalog/products/42#reviews", .matched("product", ["id": .int(42)])),
    ("shop://catalog/products/featured", .matched("featured", [:])),
    ("shop://catalog/products/\(ref.uuidString.lowercased())", .matched("productByRef", ["ref": .uuid(ref)])),
    ("shop://catalog/products/blue-shoes", .matched("productBySlug", ["slug": .string("blue-shoes")])),
    ("shop://catalog/products/caf%C3%A9", .matched("productBySlug", ["slug": .string("café")])),
    ("shop://catalog/products/café", .matched("productBySlug", ["slug": .string("café")])),
    ("shop://catalog/products/a%2Fb", .matched("productBySlug", ["slug": .string("a/b")])),
    (
      "shop://catalog/products/99999999999999999999",
      .matched("productBySlug", ["slug": .string("99999999999999999999")])
    ),
    ("shop://catalog/products/42/reviews", .matched("reviews", ["id": .int(42)])),
    ("shop://catalog/products/42/reviews/7", .matched("review", ["id": .int(42), "review": .int(7)])),
    ("shop://catalog/products/42/reviews/compose", .matched("compose", ["id": .int(42)])),
    ("shop://catalog/categories/shoes", .matched("category", ["category": .string("shoes")])),
    (
      "shop://catalog/categories/shoes/2",
      .matched("categoryPage", ["category": .string("shoes"), "page": .int(2)])
    ),
    ("shop://catalog/files/readme", .matched("readme", [:])),
    ("shop://catalog/files/a/b%20c/d", .matched("files", ["file": .path(["a", "b c", "d"])])),
    ("shop://catalog/files/readme/more/", .matched("files", ["file": .path(["readme", "more"])])),
    ("shop://account/orders/5", .matched("order", ["order": .int(5)])),
    (
      "shop://account/orders/5?expand=\(ref.uuidString)",
      .matched("order", ["order": .int(5), "expand": .uuid(ref)])
    ),
    ("shop://account/orders/abc", .matched("accountFallback", ["rest": .path(["orders", "abc"])])),
    ("shop://account/settings/privacy", .matched("settings", ["section": .string("privacy")])),
    (
      "shop://account/settings/privacy/more",
      .matched("accountFallback", ["rest": .path(["settings", "privacy", "more"])])
    ),
    ("shop://help/a", .matched("help", ["topic": .path(["a"])])),
    ("shop://search?q=red%20shoes&page=2", .matched("search", ["q": .string("red shoes"), "page": .int(2)])),
    ("chat://rooms/\(ref.uuidString)", .matched("room", ["room": .uuid(ref)])),
    (
      "chat://rooms/\(ref.uuidString)/messages/3",
      .matched("message", ["room": .uuid(ref), "message": .int(3)])
    ),
  ]

  @Test func matchesTheWholeTable() throws {
    let table = try fixtureTable()
    let outcomes = Self.matches.map { Outcome(table, $0.url) }
    let expected = Self.matches.map(\.expected)
    for (index, (outcome, expectation)) in zip(outcomes, expected).enumerated() {
      #expect(outcome == expectation, "\(Self.matches[index].url)")
    }
  }

  @Test func theMatchNamesItsPattern() throws {
    let table = try fixtureTable()
    let match = try table.match("shop://catalog/products/42")
    #expect(match.pattern == (try URLPattern("shop://catalog/products/<int:id>?tab=<tab>&page=<int:page>")))
    #expect(match.value == "product")
  }

  /// Inputs that give an error, with the error.
  static let failures: [(url: String, expected: RouteError)] = {
    let long = "shop://catalog/" + String(repeating: "a", count: 5000)
    let deep = "shop://catalog" + String(repeating: "/a", count: 65)
    let sixtyFour = "shop://catalog" + String(repeating: "/a", count: 64)
    let big = "99999999999999999999"
    return [
      ("", .emptyURL),
      ("/catalog/products", .relativeURL("/catalog/products")),
      ("catalog/products", .relativeURL("catalog/products")),
      ("shop:catalog", .malformedURL("shop:catalog", reason: "the scheme is not followed by '//'")),
      ("1shop://catalog", .malformedURL("1shop://catalog", reason: "the scheme '1shop' is not valid")),
      (
        "shop://catalog/products/%ZZ",
        .malformedURL("shop://catalog/products/%ZZ", reason: "'%' is not followed by two hexadecimal digits")
      ),
      (
        "shop://catalog/products/%4",
        .malformedURL("shop://catalog/products/%4", reason: "'%' is not followed by two hexadecimal digits")
      ),
      (
        "shop://catalog/products/%FF",
        .malformedURL("shop://catalog/products/%FF", reason: "percent-decoding gives invalid UTF-8")
      ),
      (
        "shop://catalog/products/%C3",
        .malformedURL("shop://catalog/products/%C3", reason: "percent-decoding gives invalid UTF-8")
      ),
      (
        "shop://catalog/products/1?tab=%E2%82",
        .malformedURL("shop://catalog/products/1?tab=%E2%82", reason: "percent-decoding gives invalid UTF-8")
      ),
      ("ftp://catalog", .unknownScheme("ftp://catalog", scheme: "ftp")),
      ("shop://nowhere/products", .unknownHost("shop://nowhere/products", host: "nowhere")),
      (long, .urlTooLong(String(long.prefix(200)) + "…", length: 5015)),
      (deep, .tooManySegments(deep, count: 65)),
      (sixtyFour, .noMatch(sixtyFour, closestPattern: "shop://catalog")),
      (
        "shop://catalog/products/42?unknown=%ZZ",
        .malformedURL(
          "shop://catalog/products/42?unknown=%ZZ", reason: "'%' is not followed by two hexadecimal digits")
      ),
      ("shop://catalog/nothing", .noMatch("shop://catalog/nothing", closestPattern: "shop://catalog")),
      (
        "shop://catalog/products/slug/reviews",
        .noMatch("shop://catalog/products/slug/reviews", closestPattern: "shop://catalog/products/<slug>")
      ),
      (
        "shop://catalog/files",
        .noMatch("shop://catalog/files", closestPattern: "shop://catalog/files/<path:file>")
      ),
      (
        "shop://catalog//products",
        .noMatch("shop://catalog//products", closestPattern: "shop://catalog")
      ),
      ("shop://help", .noMatch("shop://help", closestPattern: "shop://help/<path:topic>")),
      (
        "shop://catalog/products/\(big)/reviews",
        .invalidParameter("shop://catalog/products/\(big)/reviews", name: "id", value: big, expected: .int)
      ),
      (
        "chat://rooms/\(ref.uuidString)/messages/\(big)",
        .invalidParameter(
          "chat://rooms/\(ref.uuidString)/messages/\(big)", name: "message", value: big, expected: .int)
      ),
      (
        "shop://catalog/products/42?page=abc",
        .invalidParameter("shop://catalog/products/42?page=abc", name: "page", value: "abc", expected: .int)
      ),
      (
        "shop://catalog/products/42?page=\(big)",
        .invalidParameter("shop://catalog/products/42?page=\(big)", name: "page", value: big, expected: .int)
      ),
      (
        "shop://account/orders/5?expand=nope",
        .invalidParameter(
          "shop://account/orders/5?expand=nope", name: "expand", value: "nope", expected: .uuid)
      ),
    ]
  }()

  @Test func refusesEveryBadInputWithATypedError() throws {
    let table = try fixtureTable()
    for (url, expected) in Self.failures {
      #expect(Outcome(table, url) == .failed(expected), "\(url.prefix(80))")
    }
  }

  @Test func matchingDoesNotDependOnTheOrderOfRegistration() throws {
    let reference = try fixtureTable()
    let urls = Self.matches.map(\.url) + Self.failures.map(\.url)
    let expected = urls.map { Outcome(reference, $0) }
    var generator = SeededGenerator(seed: 15)
    for _ in 0..<8 {
      let order = Array(fixturePatterns.indices).shuffled(using: &generator)
      let table = try fixtureTable(order: order)
      #expect(urls.map { Outcome(table, $0) } == expected, "order \(order)")
    }
    #expect(Set(reference.patterns.map(\.text)) == Set(fixturePatterns.map(\.text)))
  }

  @Test func precedenceIsLiteralThenTypedThenUntypedThenCatchAll() throws {
    var table = URLPatternTable<String>()
    try table.register(URLPattern("app://x/<path:rest>"), for: "catch-all")
    try table.register(URLPattern("app://x/<name>"), for: "untyped")
    try table.register(URLPattern("app://x/<int:n>"), for: "int")
    try table.register(URLPattern("app://x/<uuid:u>"), for: "uuid")
    try table.register(URLPattern("app://x/7"), for: "literal")
    let cases = [
      "app://x/7": "literal", "app://x/8": "int", "app://x/\(ref.uuidString)": "uuid",
      "app://x/seven": "untyped", "app://x/7/8": "catch-all",
    ]
    for (url, expected) in cases {
      #expect(try table.match(url).value == expected, "\(url)")
    }
  }

  @Test func refusesAmbiguousPatternsNamingBoth() throws {
    var table = try fixtureTable()
    let ambiguous: [(String, String)] = [
      ("shop://catalog/products/<int:other>", "shop://catalog/products/<int:id>?tab=<tab>&page=<int:page>"),
      (
        "shop://catalog/products/<int:id>?x=<y>", "shop://catalog/products/<int:id>?tab=<tab>&page=<int:page>"
      ),
      ("shop://catalog/products/<string:name>", "shop://catalog/products/<slug>"),
      ("shop://catalog/products/<uuid:other>", "shop://catalog/products/<uuid:ref>"),
      ("Shop://CATALOG/products", "shop://catalog/products"),
      ("shop://catalog/files/<path:other>", "shop://catalog/files/<path:file>"),
      ("shop://catalog/files/read%6De", "shop://catalog/files/readme"),
      ("shop://catalog/categories/<x>/<int:y>", "shop://catalog/categories/<category>/<int:page>"),
    ]
    for (new, existing) in ambiguous {
      #expect(throws: RouteError.ambiguousPatterns(new, existing)) {
        try table.register(URLPattern(new), for: "new")
      }
    }
    #expect(table.count == fixturePatterns.count)
    #expect(table.patterns.map(\.text) == fixturePatterns.map(\.text))
    // int and uuid at the same position are disjoint; so are different hosts and schemes.
    try table.register(URLPattern("chat://rooms/<int:number>"), for: "numbered room")
    try table.register(URLPattern("shop://catalog/categories/<int:id>"), for: "category by id")
    try table.register(URLPattern("shop://other/products"), for: "other host")
    #expect(table.count == fixturePatterns.count + 3)
    #expect(try table.match("chat://rooms/12").value == "numbered room")
    #expect(try table.match("shop://catalog/categories/12").value == "category by id")
  }

  @Test func anEmptyTableKnowsNoScheme() {
    let table = URLPatternTable<Int>()
    #expect(table.count == 0 && table.patterns.isEmpty)
    #expect(throws: RouteError.unknownScheme("shop://catalog", scheme: "shop")) {
      try table.match("shop://catalog")
    }
  }
}
