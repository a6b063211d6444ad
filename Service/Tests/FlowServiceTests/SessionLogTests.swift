import AppFlow
import Foundation
import HummingbirdTesting
import Navigator
import ShopApp
import Testing

@testable import FlowServiceCore

/// `GET /sessions/{id}/log`: the inputs a session recorded, bounded, authenticated like the
/// session's other endpoints, saved with its snapshot, and replayable into its state.
@Suite struct SessionLogTests {
  /// The log a `GET /sessions/{id}/log` answered: the document's fields, and the log read
  /// back through the shop's route table.
  struct Answered {
    var id: String
    var inputs: Int
    var limit: Int
    var log: SessionLog
    /// The log's JSON as the document embeds it.
    var logBytes: [UInt8]
  }

  /// Reads a log document, failing the test when it is not one.
  static func read(_ answer: Answer, sourceLocation: SourceLocation = #_sourceLocation) throws -> Answered {
    #expect(answer.status == 200, "\(answer)", sourceLocation: sourceLocation)
    #expect(answer.contentType == "application/json", sourceLocation: sourceLocation)
    struct Fields: Decodable {
      var id: String
      var inputs: Int
      var limit: Int
    }
    let fields = try answer.decoded(Fields.self, sourceLocation: sourceLocation)
    let head = #"{"id":"\#(fields.id)","inputs":\#(fields.inputs),"limit":\#(fields.limit),"log":"#
    #expect(answer.body.hasPrefix(head), "\(answer.body)", sourceLocation: sourceLocation)
    let bytes = Array(answer.body.utf8.dropFirst(head.utf8.count).dropLast())
    let log = try ShopApp.makeApp().routes.decodeSessionLog(bytes)
    return Answered(id: fields.id, inputs: fields.inputs, limit: fields.limit, log: log, logBytes: bytes)
  }

  /// The log of session `id`.
  static func log(
    _ client: ServiceClient, _ id: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Answered {
    try read(try await client.get("/sessions/\(id)/log"), sourceLocation: sourceLocation)
  }

  /// The state a log's replay on a fresh shop app controller ends in.
  static func replayed(_ log: SessionLog, id: String) throws -> SessionState {
    let app = try ShopApp.makeApp()
    try log.replay(into: app)
    return SessionRendering.state(of: app, id: try SessionID(id))
  }

  /// The tests' configuration over `database`, its sessions recording logs of `limit` inputs.
  static func recording(database: String, limit: Int = 100) -> ServiceConfiguration {
    var configuration = testConfiguration(database: database)
    configuration.sessionLogLimit = limit
    return configuration
  }

  /// A service over a new database, live, its log bounded by `logLimit`.
  static func withLiveService(
    logLimit: Int = 100, _ body: @escaping @Sendable (ServiceClient) async throws -> Void
  ) async throws {
    try await withTemporaryDirectory { directory in
      let configuration = Self.recording(database: directory.file("sessions.sqlite"), limit: logLimit)
      let app = try buildApplication(configuration: configuration)
      try await app.test(.live) { client in try await body(ServiceClient(client: client)) }
    }
  }

  @Test func theLogHoldsEveryInputSinceTheSessionStartedAndReplaysToItsState() async throws {
    try await Self.withLiveService { client in
      let id = try await client.createSession()
      let fresh = try await Self.log(client, id)
      #expect(fresh.id == id)
      #expect(fresh.limit == 100)
      #expect(fresh.inputs == 1)
      #expect(fresh.log.start == nil)
      #expect(fresh.log.inputs == [.start])

      try await client.open(id, "shop://catalog/products/42")
      try await client.act(id, "push", url: "shop://catalog/products/3")
      try await client.act(id, "back")
      let live = try await client.act(id, "present", url: "shop://cart")
      let answered = try await Self.log(client, id)
      #expect(answered.inputs == 5)
      #expect(answered.log.start == nil)
      #expect(answered.log.inputs.count == 5)
      #expect(
        Array(answered.log.inputs.prefix(2)) == [
          .start, .open(url: "shop://catalog/products/42", animated: false),
        ])
      #expect(answered.log.inputs[2].description == "push(Product(id: 3), animated: false)")
      #expect(answered.log.inputs[3] == .pop(from: nil, animated: false))
      #expect(answered.log.inputs[4].description == "presentModal(Cart(), style: pageSheet, animated: false)")
      #expect(answered.log.steps.map(\.events) == [nil, nil, nil, nil, nil])
      #expect(try Self.replayed(answered.log, id: id) == live)
      #expect(
        live
          == Expected.state(
            id,
            Expected.stack(
              [Expected.catalog, Expected.product(42)],
              presents: PresentedScreen(
                style: "pageSheet", embeddedInNavigationController: false, screen: Expected.cart))))
      // The dismiss action is the navigator's dismiss, from the screen that presents: an input.
      let dismissed = try await client.act(id, "dismiss")
      let afterDismiss = try await Self.log(client, id).log
      #expect(afterDismiss.inputs.count == 6)
      #expect(afterDismiss.inputs[5].description == "dismiss(from: root, animated: false)")
      #expect(try Self.replayed(afterDismiss, id: id) == dismissed)
      #expect(dismissed == Expected.state(id, Expected.stack([Expected.catalog, Expected.product(42)])))
      // A refused request is not saved, but its input was heard: the log keeps it.
      let refused = try await client.post("/sessions/\(id)/open", openBody("shop://nowhere"))
      #expect(refused.status == 422)
      #expect(try await Self.log(client, id).log.inputs.last == .open(url: "shop://nowhere", animated: false))
    }
  }

  @Test func afterNPlusKInputsTheLogHoldsTheLastKFromASnapshotAfterTheNth() async throws {
    try await Self.withLiveService(logLimit: 3) { client in
      let id = try await client.createSession()
      try await client.open(id, "shop://catalog/products/1")
      let third = try await client.open(id, "shop://catalog/products/2")
      // Full: start, and two deep links.
      #expect(
        try await Self.log(client, id).log.inputs == [
          .start, .open(url: "shop://catalog/products/1", animated: false),
          .open(url: "shop://catalog/products/2", animated: false),
        ])
      try await client.open(id, "shop://catalog/products/3")
      let live = try await client.open(id, "shop://cart")
      let answered = try await Self.log(client, id)
      #expect(answered.limit == 3)
      #expect(answered.inputs == 2)
      #expect(
        answered.log.inputs == [
          .open(url: "shop://catalog/products/3", animated: false),
          .open(url: "shop://cart", animated: false),
        ])
      // Its start is the state after the third input, and it replays to the live state.
      let start = try #require(answered.log.start)
      #expect(try Self.replayed(SessionLog(start: start), id: id) == third)
      #expect(try Self.replayed(answered.log, id: id) == live)
    }
  }

  @Test func theSignInAndCheckoutPathReplaysToTheSessionsStateAtEachStep() async throws {
    try await Self.withLiveService { client in
      let id = try await client.createSession()
      var states = [try await client.open(id, "shop://cart")]
      // The checkout waits for the sign-in, which finishes with the account; the checkout
      // finishes with its result; a second checkout, signed in, is cancelled.
      states.append(try await client.act(id, "checkout"))
      states.append(try await client.act(id, "signIn", account: "bob"))
      states.append(try await client.act(id, "finishFlow"))
      states.append(try await client.act(id, "checkout"))
      states.append(try await client.act(id, "cancelFlow"))
      let log = try await Self.log(client, id).log
      #expect(log.start == nil)
      #expect(log.inputs.count == 7)
      // The log up to each action replays to the state that action answered with.
      for (index, state) in states.enumerated() {
        let prefix = SessionLog(start: log.start, steps: Array(log.steps.prefix(index + 2)))
        #expect(try Self.replayed(prefix, id: id) == state, "after action \(index)")
      }
      #expect(states.last?.account == "bob")
    }
  }

  @Test func popoversAtABarButtonItemOrAViewReplayToTheSessionsState() async throws {
    try await Self.withLiveService { client in
      let id = try await client.createSession()
      var states = [try await client.open(id, "shop://catalog")]
      for anchor in [
        #"{"barButtonItem": {"side": "right", "index": 0}}"#,
        #"{"view": {"path": [], "rect": {"x": 10, "y": 20, "width": 30, "height": 40}}}"#,
      ] {
        let shown = try await client.post(
          "/sessions/\(id)/actions",
          #"{"action": "popover", "url": "shop://catalog/products/9", "anchor": \#(anchor)}"#)
        #expect(shown.status == 200, "\(shown)")
        states.append(try shown.decoded(SessionState.self))
        states.append(try await client.act(id, "dismiss"))
      }
      let log = try await Self.log(client, id).log
      #expect(log.inputs.filter { if case .popover = $0 { true } else { false } }.count == 2, "\(log.inputs)")
      #expect(!log.inputs.contains { if case .unreplayable = $0 { true } else { false } }, "\(log.inputs)")
      // The log up to each action replays to the state that action answered with.
      for (index, state) in states.enumerated() {
        let prefix = SessionLog(start: log.start, steps: Array(log.steps.prefix(index + 2)))
        #expect(try Self.replayed(prefix, id: id) == state, "after action \(index)")
      }
    }
  }

  @Test func theLogNeedsTheSessionsSecretOrTheAPIKey() async throws {
    try await Self.withLiveService { client in
      let a = try await client.authorized(nil).createSessionAndSecret()
      let b = try await client.authorized(nil).createSessionAndSecret()
      let ownSecret = try await client.authorized(bearer(a.secret)).get("/sessions/\(a.id)/log")
      let apiKey = try await client.get("/sessions/\(a.id)/log")
      #expect(try Self.read(ownSecret).log.inputs == [.start])
      #expect(ownSecret == apiKey)

      let missing = try await client.authorized(nil).get("/sessions/\(a.id)/log")
      #expect(missing.status == 401)
      #expect(try missing.decoded(ErrorBody.self).error.code == "missingCredentials")
      // B's secret on A: the answer of a session that does not exist.
      let unknown = ErrorBody(
        code: "unknownSession",
        message: "No session '\(a.id)': the host does not hold it and its store has no snapshot of it.")
      let wrong = try await client.authorized(bearer(b.secret)).get("/sessions/\(a.id)/log")
      #expect(wrong.status == 404)
      #expect(wrong.contentType == "application/json")
      #expect(try wrong.decoded(ErrorBody.self) == unknown)
      // A's identifier removed: the API key gets the same answer.
      #expect(try await client.delete("/sessions/\(a.id)").status == 204)
      let removed = try await client.get("/sessions/\(a.id)/log")
      #expect(removed.status == 404)
      #expect(try removed.decoded(ErrorBody.self) == unknown)
      let invalid = try await client.get("/sessions/not%20an%20id/log")
      #expect(invalid.status == 400)
      #expect(try invalid.decoded(ErrorBody.self).error.code == "invalidSessionID")
      #expect(try await client.post("/sessions/\(b.id)/log").status == 405)
    }
  }

  @Test func byDefaultTheLogIs404AndSavesKeepNone() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = testConfiguration(database: directory.file("sessions.sqlite"))
      let id = try await withService(configuration) { client in
        let id = try await client.createSession()
        try await client.open(id, "shop://cart")
        let answer = try await client.get("/sessions/\(id)/log")
        #expect(answer.status == 404)
        #expect(
          try answer.decoded(ErrorBody.self)
            == ErrorBody(
              code: "noSessionLog",
              message: "Session '\(id)' keeps no log: the service records none (--session-log-limit 0)."))
        return id
      }
      // The whole document the row holds (the deep link is a change after it: SessionChanges).
      let saved = try #require(
        try await SQLiteSnapshotStore(path: configuration.databasePath).load(SessionID(id)))
      let row = try #require(try SessionChanges.unframe(saved)).document
      #expect(try SavedShop(row).log == nil)
      #expect(row.starts(with: Array(#"{"shop":2,"account":null,"navigation":{"#.utf8)))
    }
  }

  // MARK: Restarts

  @Test func aStoredLogSurvivesARestartAndGoesOn() async throws {
    try await withTemporaryDirectory { directory in
      try await Self.storedLogSurvivesARestart(Self.recording(database: directory.file("sessions.sqlite")))
    }
  }

  /// Records a session's inputs, builds the service again over the same store, and checks
  /// that the log comes back as it was saved, replays to the restored state, and goes on.
  static func storedLogSurvivesARestart(_ configuration: ServiceConfiguration) async throws {
    let (id, before) = try await withService(configuration) { client in
      let id = try await client.createSession()
      try await client.open(id, "shop://catalog/products/7")
      try await client.act(id, "present", url: "shop://cart")
      return (id, try await client.get("/sessions/\(id)/log"))
    }
    let saved = try read(before)
    #expect(saved.log.inputs.count == 3)
    try await withService(configuration) { client in
      let restored = try await client.get("/sessions/\(id)/log")
      #expect(restored == before)
      let live = try await client.open(id, "shop://catalog/products/8")
      let goneOn = try await log(client, id)
      #expect(goneOn.log.start == nil)
      #expect(
        goneOn.log.inputs == saved.log.inputs + [.open(url: "shop://catalog/products/8", animated: false)])
      #expect(try replayed(goneOn.log, id: id) == live)
    }
  }

  @Test func aRowWithoutALogRestoresAndItsLogStartsFromTheRestoredState() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = Self.recording(database: directory.file("sessions.sqlite"))
      let (id, state) = try await withService(configuration) { client in
        let id = try await client.createSession()
        return (id, try await client.open(id, "shop://catalog/products/42"))
      }
      // The row rewritten as a service without logs writes it.
      let store = try SQLiteSnapshotStore(path: configuration.databasePath)
      let row = try #require(try await store.load(SessionID(id)))
      var document = try SavedShop(row)
      #expect(document.log != nil)
      #expect(row.starts(with: Array(#"{"shop":3,"account":null,"log":{"#.utf8)))
      document.log = nil
      try await store.save(document.bytes, for: SessionID(id))

      try await withService(configuration) { client in
        #expect(try await client.state(id) == state)
        let restored = try await Self.log(client, id)
        #expect(restored.log.inputs == [])
        let start = try #require(restored.log.start)
        #expect(try Self.replayed(SessionLog(start: start), id: id) == state)
        let live = try await client.act(id, "back")
        let goneOn = try await Self.log(client, id)
        #expect(goneOn.log.inputs == [.pop(from: nil, animated: false)])
        #expect(try Self.replayed(goneOn.log, id: id) == live)
      }
    }
  }

  @Test func aSessionSavedWithALogRestoresInAServiceThatRecordsNone() async throws {
    try await withTemporaryDirectory { directory in
      let recording = Self.recording(database: directory.file("sessions.sqlite"))
      let (id, state) = try await withService(recording) { client in
        let id = try await client.createSession()
        return (id, try await client.open(id, "shop://catalog/products/9"))
      }
      try await withService(testConfiguration(database: recording.databasePath)) { client in
        #expect(try await client.state(id) == state)
        #expect(try await client.get("/sessions/\(id)/log").status == 404)
        try await client.act(id, "back")
      }
      // Saved again without its log: whole, since the row had no base (SessionChanges).
      let saved = try #require(
        try await SQLiteSnapshotStore(path: recording.databasePath).load(SessionID(id)))
      let frame = try #require(try SessionChanges.unframe(saved))
      #expect(frame.base == 1)
      #expect(frame.changes == [])
      #expect(try SavedShop(frame.document).log == nil)
    }
  }

  @Test func aLogLongerThanALoweredLimitStartsAgainFromTheRestoredState() async throws {
    try await withTemporaryDirectory { directory in
      let database = directory.file("sessions.sqlite")
      let (id, state) = try await withService(Self.recording(database: database)) { client in
        let id = try await client.createSession()
        try await client.open(id, "shop://catalog/products/1")
        return (id, try await client.open(id, "shop://catalog/products/2"))
      }
      try await withService(Self.recording(database: database, limit: 2)) { client in
        let restored = try await Self.log(client, id)
        #expect(restored.limit == 2)
        #expect(restored.log.inputs == [])
        let start = try #require(restored.log.start)
        #expect(try Self.replayed(SessionLog(start: start), id: id) == state)
      }
    }
  }

  @Test func oneRecorderKeepsTheLogForTheSessionsWholeLife() throws {
    let app = try ShopApp.makeApp(logLimit: 10)
    let recorder = try #require(app.recorder)
    #expect(recorder.limit == 10)
    try app.start()
    try SessionActions.open("shop://catalog/products/42", in: app)
    try SessionActions.perform(ActionRequest(action: "back"), in: app)
    #expect(app.recorder === recorder)
    #expect(ShopApp.logCount(of: app) == 3)
    #expect(ShopApp.logLimit(of: app) == 10)
    let bytes = try #require(ShopApp.logBytes(of: app))
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"inputs":[{"input":"start"},{"animated":false,"input":"open","url":"shop:\/\/catalog\/products\/42"},{"animated":false,"input":"pop"}],"sessionLog":1}"#
    )
    #expect(ShopApp.log(of: app) == recorder.log)
    // A service that records none: no recorder, no log.
    let silent = try ShopApp.makeApp(logLimit: 0)
    try silent.start()
    #expect(silent.recorder == nil)
    #expect(ShopApp.logBytes(of: silent) == nil)
    #expect(ShopApp.logCount(of: silent) == nil)
  }

  @Test func aRestoreContinuesTheSavedLogOnANewRecorder() throws {
    let codec = ShopApp.codec(logLimit: 10)
    let first = try ShopApp.makeApp(logLimit: 10)
    try first.start()
    try SessionActions.open("shop://catalog/products/7", in: first)
    let saved = try codec.snapshot(first)
    let savedLog = try #require(ShopApp.log(of: first))

    let second = try ShopApp.makeApp(logLimit: 10)
    try second.start()
    try codec.restore(second, saved)
    // The new app controller's start and the restore are not in the log: it is the saved one.
    #expect(ShopApp.log(of: second) == savedLog)
    #expect(second.recorder?.limit == 10)
    try SessionActions.perform(ActionRequest(action: "back"), in: second)
    #expect(ShopApp.log(of: second)?.inputs == savedLog.inputs + [.pop(from: nil, animated: false)])
    #expect(ShopApp.log(of: second)?.start == nil)
  }

  @Test func aRowWhoseLogIsUnreadableRestoresWithoutIt() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = Self.recording(database: directory.file("sessions.sqlite"))
      let (id, state) = try await withService(configuration) { client in
        let id = try await client.createSession()
        return (id, try await client.open(id, "shop://cart"))
      }
      let store = try SQLiteSnapshotStore(path: configuration.databasePath)
      var document = try SavedShop(try #require(try await store.load(SessionID(id))))
      document.log = Array(#"{"sessionLog":99,"inputs":[]}"#.utf8)
      try await store.save(document.bytes, for: SessionID(id))
      try await withService(configuration) { client in
        #expect(try await client.state(id) == state)
        let restored = try await Self.log(client, id)
        #expect(restored.log.inputs == [])
        #expect(restored.log.start != nil)
      }
    }
  }

  @Test func aLogSavedFullIsTheOneReadAfterARestartUntilTheNextInput() async throws {
    try await withTemporaryDirectory { directory in
      let configuration = Self.recording(database: directory.file("sessions.sqlite"), limit: 2)
      let (id, before) = try await withService(configuration) { client in
        let id = try await client.createSession()
        try await client.open(id, "shop://catalog/products/1")
        return (id, try await client.get("/sessions/\(id)/log"))
      }
      #expect(try Self.read(before).log.inputs.count == 2)
      try await withService(configuration) { client in
        #expect(try await client.get("/sessions/\(id)/log") == before)
        // One more: the saved part and the new input would be 3, over the bound of 2.
        let live = try await client.open(id, "shop://catalog/products/2")
        let goneOn = try await Self.log(client, id)
        #expect(goneOn.log.inputs == [.open(url: "shop://catalog/products/2", animated: false)])
        #expect(goneOn.log.start != nil)
        #expect(try Self.replayed(goneOn.log, id: id) == live)
      }
    }
  }
}
