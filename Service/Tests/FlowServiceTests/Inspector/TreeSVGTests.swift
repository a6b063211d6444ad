import Testing

@testable import FlowServiceCore

/// The tree's SVG picture, drawn without a server.
@Suite struct TreeSVGTests {
  /// The catalog and a product in the window's stack, presenting the cart in a page sheet.
  private let cartOverProduct = Expected.stack(
    [Expected.catalog, Expected.product(42)], presents: Expected.sheet([Expected.cart]))

  @Test func aLoneScreenIsOneBox() {
    #expect(
      TreeSVG.svg(Expected.catalog)
        == """
        <svg xmlns="http://www.w3.org/2000/svg" width="152" height="62" viewBox="0 0 152 62" \
        font-family="monospace" font-size="12">
        <defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" \
        orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>
        <g class="screen"><title>shop://catalog</title><rect x="16" y="16" width="120" height="30" rx="4" \
        fill="#eef4ff" stroke="#3b6fd8"/><text x="26" y="35">Catalog()</text></g>
        </svg>
        """)
  }

  @Test func noRootSaysSo() throws {
    let texts = try #require(svgTexts(TreeSVG.svg(nil)))
    #expect(texts.map(\.text) == ["No screen yet"])
  }

  @Test func everyScreenIsOneTextAndEveryPresentationIsLabelledWithItsStyle() throws {
    let texts = try #require(svgTexts(TreeSVG.svg(cartOverProduct)))
    #expect(
      texts.filter { $0.kind != "style" }.map(\.text).sorted()
        == ["Cart()", "Catalog()", "NavigationController", "NavigationController", "Product(id: 42)"])
    #expect(texts.filter { $0.kind == "style" }.map(\.text) == ["pageSheet"])
  }

  @Test func aStackIsAColumnAndAPresentationIsToItsRight() throws {
    let texts = try #require(svgTexts(TreeSVG.svg(cartOverProduct)))
    let at = Dictionary(texts.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
    let catalog = try #require(at["Catalog()"])
    let product = try #require(at["Product(id: 42)"])
    let cart = try #require(at["Cart()"])
    let style = try #require(at["pageSheet"])
    #expect(product.x == catalog.x)
    #expect(product.y > catalog.y)
    #expect(style.x > product.x)
    #expect(cart.x > style.x)
  }

  @Test func aContainersChildrenAreARow() throws {
    let tabs = ScreenNode(screen: "TabBarController", children: [Expected.catalog, Expected.cart])
    let texts = try #require(svgTexts(TreeSVG.svg(tabs)))
    #expect(texts.map(\.text) == ["TabBarController", "Catalog()", "Cart()"])
    #expect(texts[1].y == texts[2].y)
    #expect(texts[2].x > texts[1].x)
  }

  @Test func namesAndURLsAreEscaped() throws {
    let name = "Search(query: \"<script>alert('x')</script> & more\")"
    let url = "shop://search?q=<script>&x=\"'"
    let search = ScreenNode(
      screen: name, route: RouteInfo(name: "Search", url: url, parameters: ["query": .string("<script>")]))
    let svg = TreeSVG.svg(Expected.stack([Expected.catalog, search]))
    #expect(!svg.contains("<script"))
    #expect(
      svg.contains("Search(query: &quot;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more&quot;)"))
    #expect(svg.contains("<title>shop://search?q=&lt;script&gt;&amp;x=&quot;&#39;</title>"))
    let texts = try #require(svgTexts(svg))
    #expect(texts.map(\.text) == ["NavigationController", "Catalog()", name])
  }

  @Test func markupEscapesTheFiveCharacters() {
    #expect(Markup.escaped("a<b>&\"c'd é") == "a&lt;b&gt;&amp;&quot;c&#39;d é")
  }
}
