import AppFlow
import Foundation
import ShopApp
import Testing

@testable import FlowServiceCore

/// The shop's saved sessions: the snapshot embedded as JSON, and the earlier form still read.
@Suite struct SavedShopTests {
  /// A navigation snapshot's JSON, as the snapshot's writer makes it (a stand-in: the
  /// document does not read it).
  static let navigation = Array(#"{"navigationSnapshot":1,"state":{"root":{"stack":[]}}}"#.utf8)

  @Test func theSnapshotIsEmbeddedAsJSONAfterTheAccount() {
    #expect(
      String(decoding: SavedShop(account: "carol", navigation: Self.navigation).bytes, as: UTF8.self)
        == #"{"shop":2,"account":"carol","navigation":{"navigationSnapshot":1,"state":{"root":{"stack":[]}}}}"#
    )
    #expect(
      String(decoding: SavedShop(account: nil, navigation: Self.navigation).bytes, as: UTF8.self)
        == #"{"shop":2,"account":null,"navigation":{"navigationSnapshot":1,"state":{"root":{"stack":[]}}}}"#)
  }

  @Test func theDocumentIsJSONThatOtherReadersRead() throws {
    let bytes = SavedShop(account: "a \"quoted\" \\ name\n\u{1}é😀", navigation: Self.navigation).bytes
    let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    #expect(object.keys.sorted() == ["account", "navigation", "shop"])
    #expect(object["account"] as? String == "a \"quoted\" \\ name\n\u{1}é😀")
    #expect(object["shop"] as? Int == 2)
  }

  @Test(arguments: [nil, "", "carol", "a \"quoted\" \\ name\n\t\u{1}/é😀"])
  func aDocumentReadsBackAsWritten(account: String?) throws {
    let saved = SavedShop(account: account, navigation: Self.navigation)
    #expect(try SavedShop(saved.bytes) == saved)
  }

  @Test func everyEscapeOfAnAccountIsRead() throws {
    let bytes = Array(
      #"{"shop":2,"account":"\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00x","navigation":{}}"#.utf8)
    #expect(
      try SavedShop(bytes) == SavedShop(account: "\"\\/\u{8}\u{C}\n\r\té😀x", navigation: Array("{}".utf8)))
  }

  @Test(arguments: [
    #"{"shop":2,"account":"#,
    #"{"shop":2,"account":"carol"#,
    #"{"shop":2,"account":carol,"navigation":{}}"#,
    #"{"shop":2,"account":"\x","navigation":{}}"#,
    #"{"shop":2,"account":"\uD83D","navigation":{}}"#,
    #"{"shop":2,"account":"\u12G4","navigation":{}}"#,
    #"{"shop":2,"account":null,"navigation":"#,
    #"{"shop":2,"account":null,"navigation":}"#,
    #"{"shop":2,"account":null,"navigation":{} "#,
    #"{"shop":2,"account":null,"other":{}}"#,
    "{\"shop\":2,\"account\":\"\u{1}\",\"navigation\":{}}",
    "not a shop",
    "",
  ])
  func aDamagedDocumentIsCorrupt(text: String) {
    do {
      let document = try SavedShop(Array(text.utf8))
      Issue.record("read \(document)")
    } catch {
      #expect(error.code == .corrupt)
      #expect(error.message.hasPrefix("The saved shop session is damaged: "))
    }
  }

  /// A log's JSON whose strings hold braces, brackets, quotes and backslashes: the reader
  /// must find its end by its nesting, not by the first `}`.
  static let log = Array(
    #"{"inputs":[{"input":"open","url":"shop:\/\/x?q={\"}]\\"}],"sessionLog":1}"#.utf8)

  @Test func aLogIsEmbeddedAsJSONBetweenTheAccountAndTheSnapshot() throws {
    let saved = SavedShop(account: "carol", log: Self.log, navigation: Self.navigation)
    #expect(
      String(decoding: saved.bytes, as: UTF8.self)
        == #"{"shop":3,"account":"carol","log":{"inputs":[{"input":"open","url":"shop:\/\/x?q={\"}]\\"}],"sessionLog":1},"navigation":{"navigationSnapshot":1,"state":{"root":{"stack":[]}}}}"#
    )
    #expect(try SavedShop(saved.bytes) == saved)
    #expect(
      try SavedShop(SavedShop(account: nil, log: Self.log, navigation: Self.navigation).bytes).log == Self.log
    )
    let object = try #require(try JSONSerialization.jsonObject(with: Data(saved.bytes)) as? [String: Any])
    #expect(object.keys.sorted() == ["account", "log", "navigation", "shop"])
    #expect(object["shop"] as? Int == 3)
  }

  @Test(arguments: [
    #"{"shop":3,"account":null,"navigation":{}}"#,
    #"{"shop":3,"account":null,"log":null,"navigation":{}}"#,
    #"{"shop":3,"account":null,"log":{"a":"}"#,
    #"{"shop":3,"account":null,"log":[],"navigation":{}}"#,
    #"{"shop":3,"account":null,"log":{}"navigation":{}}"#,
  ])
  func aDamagedDocumentWithALogIsCorrupt(text: String) {
    do {
      let document = try SavedShop(Array(text.utf8))
      Issue.record("read \(document)")
    } catch {
      #expect(error.code == .corrupt)
      #expect(error.message.hasPrefix("The saved shop session is damaged: "))
    }
  }

  @Test func anAccountThatIsNotUTF8IsCorrupt() {
    let bytes = Array(#"{"shop":2,"account":""#.utf8) + [0xFF] + Array(#"","navigation":{}}"#.utf8)
    #expect(throws: SnapshotError(.corrupt, "The saved shop session is damaged: the account is not UTF-8.")) {
      try SavedShop(bytes)
    }
  }

  /// The form written before the snapshot was embedded: the snapshot's JSON in a string.
  struct EarlierForm: Encodable {
    var account: String?
    var navigation: String
  }

  @Test func aSessionSavedInTheEarlierFormRestores() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let (saved, id) = try await withService(configuration) { client in
        let id = try await client.createSession()
        return (try await client.open(id, "shop://catalog/products/42"), id)
      }
      // The session's whole document now (its row holds the creation's and the deep link as a
      // change: SessionChanges), rewritten in the earlier form with an account.
      let store = try SQLiteSnapshotStore(path: configuration.databasePath)
      let row = try SessionChangesTests.wholeDocument(try #require(try await store.load(SessionID(id))))
      #expect(row.starts(with: Array(#"{"shop":2,"account":null,"navigation":{"#.utf8)))
      // The earlier writer's JSONEncoder had no sorted keys (either order was written); the
      // reader takes both, and sorting makes this row's text known.
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let earlier = try encoder.encode(
        EarlierForm(
          account: "carol", navigation: String(decoding: try SavedShop(row).navigation, as: UTF8.self)))
      #expect(
        String(decoding: earlier, as: UTF8.self).hasPrefix(
          #"{"account":"carol","navigation":"{\"navigationSnapshot\":1"#))
      try await store.save(Array(earlier), for: SessionID(id))

      var signedIn = saved
      signedIn.account = "carol"
      let expected = signedIn
      let restored = try await withService(configuration) { client in try await client.state(id) }
      #expect(restored == expected)
    }
  }
}
