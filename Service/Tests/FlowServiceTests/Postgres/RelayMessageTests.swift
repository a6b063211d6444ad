import AppFlow
import Foundation
import Testing

@testable import FlowServiceCore

/// How a request's events are cut into PostgreSQL notifications, each under 8,000 bytes.
@Suite struct RelayMessageTests {
  private let session = try! SessionID("0123456789abcdef0123456789abcdef")

  /// The messages the payloads decode to.
  private func decoded(_ payloads: [String]) throws -> [RelayMessage] {
    try payloads.map { try JSONDecoder().decode(RelayMessage.self, from: Data($0.utf8)) }
  }

  @Test func aFewEventsTravelInOneMessage() throws {
    let payloads = RelayMessage.payloads(
      session, ["Catalog().viewDidLoad()", "Catalog().viewWillAppear(animated: false)"])
    let messages = try decoded(payloads)
    #expect(
      messages.map(\.events) == [["Catalog().viewDidLoad()", "Catalog().viewWillAppear(animated: false)"]])
    #expect(messages.map(\.session) == [session.rawValue])
  }

  @Test func manyEventsAreCutIntoMessagesUnderTheLimitInOrder() throws {
    // Quotes and backslashes double in JSON: the worst case for the size.
    let events = (0..<2_000).map { "Product(id: \($0)).viewDidAppear(\"\\\\\")" }
    let payloads = RelayMessage.payloads(session, events)
    #expect(payloads.count > 1)
    #expect(payloads.allSatisfy { $0.utf8.count < 8_000 })
    #expect(try decoded(payloads).flatMap { $0.events ?? [] } == events)
  }

  @Test func anEventTooLongForANotificationIsCut() throws {
    let long = String(repeating: "\"", count: 20_000)
    let payloads = RelayMessage.payloads(session, ["before", long, "after"])
    #expect(payloads.allSatisfy { $0.utf8.count < 8_000 })
    let events = try decoded(payloads).flatMap { $0.events ?? [] }
    #expect(events.count == 3)
    #expect(events.first == "before" && events.last == "after")
    #expect(events[1].hasSuffix("…") && events[1].hasPrefix("\"\"\""))
  }

  @Test func controlCharactersCountAsTheirEscapes() throws {
    let events = (0..<500).map { _ in String(repeating: "\u{01}", count: 100) }
    let payloads = RelayMessage.payloads(session, events)
    #expect(payloads.allSatisfy { $0.utf8.count < 8_000 })
    #expect(try decoded(payloads).flatMap { $0.events ?? [] } == events)
    for text in ["plain", "a\"b\\c/d", "\n\t\u{01}", "é✓"] {
      let encoded = try JSONEncoder().encode(text)
      #expect(RelayMessage.jsonSize(text) == encoded.count, "\(text)")
    }
  }

  @Test func theDirectTextIsTheEncodersText() {
    let messages = [
      RelayMessage(session: session.rawValue, events: ["Catalog().viewDidLoad()", "a\"b\\c/d\n\t\u{01}é✓"]),
      RelayMessage(session: session.rawValue, events: []),
      RelayMessage(session: session.rawValue, removed: true),
      RelayMessage(session: session.rawValue, events: ["x"], removed: false),
      RelayMessage(session: "a\"b", events: nil, removed: nil),
    ]
    #expect(messages.map(\.json) == messages.map { text($0) })
  }

  @Test func theUsualTextIsReadAsJSONDecoderReadsIt() throws {
    let events = [
      "Catalog().viewDidLoad()", "a\"b\\c/d\n\r\t\u{08}\u{0C}\u{01}\u{1F}é✓🛒", "", "Product(id: 42)",
    ]
    var texts = RelayMessage.payloads(session, events) + RelayMessage.payloads(session, ["x"])
    texts.append(RelayMessage(session: session.rawValue, removed: true).json)
    texts.append(RelayMessage(session: session.rawValue, events: []).json)
    texts.append(RelayMessage(session: session.rawValue, events: ["y"], removed: false).json)
    for text in texts {
      let read = try #require(RelayMessage(usualText: text), "\(text)")
      let decoded = try JSONDecoder().decode(RelayMessage.self, from: Data(text.utf8))
      #expect(read.session == decoded.session)
      #expect(read.events == decoded.events)
      #expect(read.removed == decoded.removed)
    }
    #expect(try decoded(RelayMessage.payloads(session, events)).flatMap { $0.events ?? [] } == events)
    // Any other form is left to JSONDecoder.
    for other in [
      #"{ "events": ["a"], "session": "s" }"#, #"{"session":"s","events":["a"]}"#,
      #"{"events":["\u00e9"],"session":"s"}"#,
      #"{"events":["a"],"session":"s"} "#, #"{"events":["a],"session":"s"}"#, "",
    ] {
      #expect(RelayMessage(usualText: other) == nil, "\(other)")
    }
  }

  @Test func noEventsNoMessage() {
    #expect(RelayMessage.payloads(session, []) == [])
  }
}
