import AppFlow
import Foundation
import Testing

/// Session identifiers: what is valid, the typed refusal of everything else, whether it
/// comes from code or a decoder, and random identifiers.
@Suite struct SessionIDTests {
  @Test(arguments: ["a", "user-42", "A.b_c-9", "...", String(repeating: "x", count: 128)])
  func validIdentifiersKeepTheirText(_ text: String) throws {
    let id = try SessionID(text)
    #expect(id.rawValue == text)
    #expect(id.description == text)
  }

  @Test func invalidIdentifiersAreRefusedWithTheirTextAndTheRule() {
    let cases: [(String, String)] = [
      ("", #"Can't use "" as a session identifier: it is empty."#),
      (
        String(repeating: "x", count: 129),
        #"Can't use "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… as a session identifier: "#
          + "it is longer than 128 characters."
      ),
      ("a/b", #"Can't use "a/b" as a session identifier: only A-Z, a-z, 0-9, '.', '_' and '-' are allowed."#),
      ("a b", #"Can't use "a b" as a session identifier: only A-Z, a-z, 0-9, '.', '_' and '-' are allowed."#),
      ("é", #"Can't use "é" as a session identifier: only A-Z, a-z, 0-9, '.', '_' and '-' are allowed."#),
      (
        "line\nbreak",
        #"Can't use "line\nbreak" as a session identifier: only A-Z, a-z, 0-9, '.', '_' and '-' are allowed."#
      ),
    ]
    var messages: [String] = []
    for (text, _) in cases {
      do throws(SessionError) {
        _ = try SessionID(text)
        Issue.record("\(text.debugDescription) was accepted")
      } catch {
        #expect(error.code == .invalidSessionID)
        #expect(error.session == nil)
        messages.append(error.message)
      }
    }
    #expect(messages == cases.map(\.1))
  }

  @Test func identifiersRoundTripThroughCodableAndInvalidTextFailsToDecode() throws {
    let ids = [sessionID("alice"), sessionID("b-0.1_x")]
    let data = try JSONEncoder().encode(ids)
    #expect(String(decoding: data, as: UTF8.self) == #"["alice","b-0.1_x"]"#)
    #expect(try JSONDecoder().decode([SessionID].self, from: data) == ids)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([SessionID].self, from: Data(#"["ok","not/ok"]"#.utf8))
    }
  }

  @Test func randomIdentifiersAreThirtyTwoHexadecimalDigitsAndDiffer() throws {
    var generator = SystemRandomNumberGenerator()
    let ids = (0..<1000).map { _ in SessionID.random(using: &generator) } + [SessionID.random()]
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.rawValue.count == 32)
      #expect(id.rawValue.allSatisfy { $0.isHexDigit && !$0.isUppercase })
      #expect(try SessionID(id.rawValue) == id)
    }
  }

  @Test func identifiersSortByTheirText() {
    let ids = ["b", "a", "B", "a.1"].map(sessionID)
    #expect(ids.sorted().map(\.rawValue) == ["B", "a", "a.1", "b"])
  }
}
