import Foundation
import Testing

@testable import FlowServiceCore

/// The usual body of an open is read directly, as `JSONDecoder` reads it; any other is left to
/// `JSONDecoder`.
@Suite struct OpenRequestReadingTests {
  @Test func theUsualBodiesAreReadAsJSONDecoderReadsThem() throws {
    let bodies = [
      #"{"url":"shop://cart"}"#,
      #"{"url": "shop://catalog/products/42"}"#,
      #"{"url":"shop:\/\/cart"}"#,
      " \n{ \"url\" :\t\"shop://caté\" }\r\n",
      #"{"url":""}"#,
    ]
    var read: [String] = []
    for body in bodies {
      let direct = try #require(OpenRequest(usualBody: Array(body.utf8)), "\(body)")
      #expect(direct == (try JSONDecoder().decode(OpenRequest.self, from: Data(body.utf8))), "\(body)")
      read.append(direct.url)
    }
    #expect(read == ["shop://cart", "shop://catalog/products/42", "shop://cart", "shop://caté", ""])
  }

  @Test func everyOtherBodyIsLeftToJSONDecoder() {
    let bodies = [
      "", "{}", #"{"url":"a\"b"}"#, #"{"url":"a\nb"}"#, #"{"url":"a\u0041"}"#, "{\"url\":\"a\u{1}\"}",
      #"{"url":"shop://cart","extra":1}"#, #"{"extra":1,"url":"shop://cart"}"#, #"{"url":42}"#,
      #"{"url":"shop://cart"} x"#, #"{"url":"shop://cart""#, #"{"url":"shop://cart"#, #"["url"]"#,
      #"{"URL":"shop://cart"}"#,
    ]
    #expect(bodies.filter { OpenRequest(usualBody: Array($0.utf8)) != nil } == [])
    #expect(OpenRequest(usualBody: Array(#"{"url":""#.utf8) + [0xFF] + Array(#""}"#.utf8)) == nil)
  }
}
