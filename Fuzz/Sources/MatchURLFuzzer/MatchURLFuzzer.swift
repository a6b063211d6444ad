// A libFuzzer target: deep links come from outside the app, so matching any text against a
// registered table must give a match or a RouteError, never a trap, and a match must print
// back to a URL that matches again to the same pattern and parameters. A trap (a crash, a
// sanitizer report, or a failed check below) is a finding.

import AppFlow

/// The registered table: 21 patterns with shared prefixes, every placeholder type, query
/// items, a catch-all beside literals, and two schemes (as the matching tests' fixture).
let table: URLPatternTable<Int> = {
  let texts = [
    "shop://catalog",
    "shop://catalog/products",
    "shop://catalog/products/<int:id>?tab=<tab>&page=<int:page>",
    "shop://catalog/products/featured",
    "shop://catalog/products/<uuid:ref>",
    "shop://catalog/products/<slug>",
    "shop://catalog/products/<int:id>/reviews",
    "shop://catalog/products/<int:id>/reviews/<int:review>",
    "shop://catalog/products/<int:id>/reviews/compose",
    "shop://catalog/categories/<string:category>",
    "shop://catalog/categories/<category>/<int:page>",
    "shop://catalog/files/<path:file>",
    "shop://catalog/files/readme",
    "shop://account",
    "shop://account/orders/<int:order>?expand=<uuid:expand>",
    "shop://account/settings/<section>",
    "shop://account/<path:rest>",
    "shop://help/<path:topic>",
    "SHOP://Search?q=<q>&page=<int:page>",
    "chat://rooms/<uuid:room>/messages/<int:message>",
    "chat://rooms/<uuid:room>",
  ]
  var table = URLPatternTable<Int>()
  for (index, text) in texts.enumerated() {
    do {
      try table.register(URLPattern(text), for: index)
    } catch {
      fatalError("the fuzzer's table does not register: \(error)")
    }
  }
  return table
}()

/// libFuzzer's entry point: matches the bytes (as UTF-8, invalid sequences replaced) as a URL,
/// and parses them as a pattern.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer asks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  checkMatch(text)
  checkPattern(text)
  return 0
}

/// Matches `url`; a match must print back to a URL that matches to the same pattern and
/// parameters.
private func checkMatch(_ url: String) {
  let match: URLMatch<Int>
  do {
    match = try table.match(url)
  } catch {
    require(!error.description.isEmpty, "an error without a message for \(url)")
    return
  }
  let printed: String
  do {
    printed = try match.pattern.url(with: match.parameters)
  } catch .urlTooLong(_, let length) {
    // Percent-encoding can triple a value: the printer refuses what the table would refuse.
    require(length > 4096, "\(url): printing refused a URL of \(length) bytes as too long")
    return
  } catch {
    fatalError("the parameters of a match do not print: \(url) with \(match.pattern): \(error)")
  }
  do {
    let again = try table.match(printed)
    require(
      again.value == match.value, "\(url) matched \(match.pattern), printed \(printed) \(again.pattern)")
    require(
      again.parameters == match.parameters,
      "\(url) gave \(match.parameters), printed \(printed) gave \(again.parameters)")
  } catch {
    fatalError("\(url) matched \(match.pattern) but its print \(printed) does not: \(error)")
  }
}

/// Parses `text` as a pattern; one that parses must register in a copy of the table or be
/// refused as ambiguous, and print its text back.
private func checkPattern(_ text: String) {
  guard let pattern = try? URLPattern(text) else { return }
  require(pattern.description == text, "a pattern does not keep its text: \(text)")
  var copy = table
  do {
    try copy.register(pattern, for: -1)
    require(copy.count == table.count + 1, "registering \(text) did not add it")
  } catch {
    guard case .ambiguousPatterns(text, _) = error else {
      fatalError("registering \(text) failed with \(error)")
    }
  }
}

/// Traps with `message` when `condition` is false.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}
