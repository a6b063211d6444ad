import AppFlow
import Foundation
import Testing

@Suite struct URLPatternTests {
  @Test func listsItsParametersPathThenQuery() throws {
    let pattern = try URLPattern("shop://catalog/products/<int:id>/<path:rest>?tab=<tab>&page=<int:page>")
    #expect(
      pattern.parameters.map { "\($0.name):\($0.type)" } == ["id:int", "rest:path", "tab:string", "page:int"])
    #expect(pattern.description == pattern.text)
    #expect(try URLPattern("shop://catalog").parameters.isEmpty)
  }

  @Test func refusesInvalidPatternsSayingWhy() {
    let cases: [(String, String)] = [
      ("", "the pattern is empty"),
      ("catalog/products", "no scheme"),
      ("shop:catalog", "the scheme is not followed by '//'"),
      ("shop://catalog/<int:id", "the placeholder '<int:id' is not closed"),
      ("shop://catalog/item-<id>", "a placeholder must be a whole segment ('item-<id>')"),
      ("shop://catalog/<float:x>", "unknown placeholder type 'float' (int, string, uuid, path)"),
      ("shop://catalog/<a:b:c>", "the placeholder '<a:b:c>' is not <name> or <type:name>"),
      ("shop://catalog/<a-b>", "the placeholder name 'a-b' is not letters, digits and '_'"),
      ("shop://catalog/<path:rest>/more", "the catch-all '<path:rest>' is not the last segment"),
      ("shop://catalog/<id>/<int:id>", "the parameter 'id' appears twice"),
      ("shop://catalog/a//b", "segment 2 is empty"),
      ("shop://catalog/%ZZ", "the segment '%ZZ' has bad percent-encoding"),
      ("shop://catalog/a?tab=reviews", "the query item 'tab' is not mapped to a placeholder"),
      ("shop://catalog/a?rest=<path:rest>", "the query item 'rest' is a catch-all"),
      ("shop://catalog/a?t=<x>&t=<y>", "the query key 't' appears twice"),
      ("shop://catalog/<x>?t=<x>", "the parameter 'x' appears twice"),
      ("shop://catalog/a?=<x>", "the query item '' has no valid key"),
      ("shop://<host>/a", "placeholders are allowed in path segments and query values, not in the host"),
      ("shop://catalog/a#top", "a pattern has no fragment ('#')"),
      ("shop://catalog" + String(repeating: "/a", count: 65), "more than 64 segments"),
    ]
    for (text, reason) in cases {
      #expect(throws: RouteError.invalidPattern(text, reason: reason)) { try URLPattern(text) }
    }
  }

  @Test func printsURLsPercentEncodingValues() throws {
    let product = try URLPattern("shop://catalog/products/<int:id>?tab=<tab>&page=<int:page>")
    #expect(try product.url(with: ["id": .int(42)]) == "shop://catalog/products/42")
    #expect(
      try product.url(with: ["id": .int(-1), "tab": .string("a b/c?d#e%f&g=h+é"), "page": .int(3)])
        == "shop://catalog/products/-1?tab=a%20b%2Fc%3Fd%23e%25f%26g%3Dh%2B%C3%A9&page=3")
    #expect(
      try product.url(with: ["id": .string("42"), "page": .int(2), "other": .int(1)])
        == "shop://catalog/products/42?page=2")
    let files = try URLPattern("Shop://Catalog/files/<path:file>")
    #expect(
      try files.url(with: ["file": .path(["a b", "c/d", "日本"])])
        == "Shop://Catalog/files/a%20b/c%2Fd/%E6%97%A5%E6%9C%AC")
    let literal = try URLPattern("shop://catalog/caf%C3%A9/<name>")
    #expect(try literal.url(with: ["name": .int(7)]) == "shop://catalog/caf%C3%A9/7")
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    let room = try URLPattern("chat://rooms/<uuid:room>")
    #expect(try room.url(with: ["room": .uuid(uuid)]) == "chat://rooms/E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    #expect(
      try room.url(with: ["room": .string(uuid.uuidString)])
        == "chat://rooms/E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
  }

  @Test func printingRefusesMissingAndInvalidParameters() throws {
    let product = try URLPattern("shop://catalog/products/<int:id>/<name>?page=<int:page>")
    let text = product.text
    let cases: [(URLParameters, RouteError)] = [
      ([:], .missingParameter(pattern: text, name: "id")),
      (["id": .int(1)], .missingParameter(pattern: text, name: "name")),
      (
        ["id": .string("x"), "name": .string("n")],
        .invalidParameter(text, name: "id", value: "x", expected: .int)
      ),
      (
        ["id": .int(1), "name": .string("")],
        .invalidParameter(text, name: "name", value: "", expected: .string)
      ),
      (
        ["id": .int(1), "name": .path(["a"])],
        .invalidParameter(text, name: "name", value: "a", expected: .string)
      ),
      (
        ["id": .int(1), "name": .string("n"), "page": .string("two")],
        .invalidParameter(text, name: "page", value: "two", expected: .int)
      ),
    ]
    for (parameters, error) in cases {
      #expect(throws: error) { try product.url(with: parameters) }
    }
    let files = try URLPattern("shop://catalog/files/<path:file>")
    let long = String(repeating: "é", count: 700)  // 1,400 bytes, 4,200 once encoded
    let longURL = "shop://catalog/files/" + String(repeating: "%C3%A9", count: 700)
    #expect(throws: RouteError.urlTooLong(String(longURL.prefix(200)) + "…", length: 4221)) {
      try files.url(with: ["file": .path([long])])
    }
    #expect(throws: RouteError.invalidParameter(files.text, name: "file", value: "", expected: .path)) {
      try files.url(with: ["file": .path([])])
    }
    #expect(throws: RouteError.invalidParameter(files.text, name: "file", value: "a/", expected: .path)) {
      try files.url(with: ["file": .path(["a", ""])])
    }
  }

  @Test func patternsAreEqualWhenTheirTextsAre() throws {
    #expect(try URLPattern("shop://a/<id>") == URLPattern("shop://a/<id>"))
    #expect(try URLPattern("shop://a/<id>") != URLPattern("shop://a/<string:id>"))
    #expect(Set([try URLPattern("shop://a"), try URLPattern("shop://a")]).count == 1)
  }

  @Test func parametersKeepTheirValuesByName() {
    var parameters: URLParameters = ["b": .int(1), "a": .string("x"), "b": .int(2)]
    #expect(parameters.names == ["a", "b"])
    #expect(parameters["b"] == .int(2))
    parameters["a"] = nil
    parameters["c"] = .path(["p", "q"])
    #expect(parameters == URLParameters(["b": .int(2), "c": .path(["p", "q"])]))
    #expect(parameters.count == 2 && !parameters.isEmpty)
    #expect(URLParameterValue.path(["p", "q"]).description == "p/q")
  }

  @Test func errorsNameTheRuleTheURLAndThePatterns() {
    let messages = [
      RouteError.emptyURL.description,
      RouteError.noMatch("shop://x/y", closestPattern: "shop://x/<int:id>").description,
      RouteError.invalidParameter("shop://x/1?p=q", name: "p", value: "q", expected: .int).description,
      RouteError.ambiguousPatterns("shop://x/<a>", "shop://x/<b>").description,
      RouteError.urlTooLong("shop://…", length: 5000).description,
    ]
    #expect(
      messages == [
        "emptyURL: the URL is empty",
        "noMatch: no pattern matches 'shop://x/y'; the closest pattern is 'shop://x/<int:id>'",
        "invalidParameter: parameter 'p' of 'shop://x/1?p=q' is 'q', which is not a valid int",
        "ambiguousPatterns: 'shop://x/<a>' could match the same URLs as 'shop://x/<b>' with the same precedence",
        "urlTooLong: the URL is 5000 bytes, more than 4096 ('shop://…')",
      ])
  }
}
