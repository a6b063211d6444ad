import AppFlow
import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import FlowServiceCore

/// The API key opens the admin endpoints, the inspector and every session; a session's
/// secret opens that session alone; a refusal is the service's JSON and changes nothing.
@Suite struct AuthenticationTests {
  private let missingChallenge = "Bearer realm=\"FlowService\""
  private let invalidChallenge = "Bearer realm=\"FlowService\", error=\"invalid_token\""

  /// The 404 of a session that does not exist, as the API key sees it.
  private func unknown(_ id: String) -> ErrorBody {
    ErrorBody(
      code: "unknownSession",
      message: "No session '\(id)': the host does not hold it and its store has no snapshot of it.")
  }

  private let missingAdmin = ErrorBody(
    code: "missingCredentials",
    message: "This endpoint needs the API key: send 'Authorization: Bearer <API key>'.")
  private let invalidAdmin = ErrorBody(
    code: "invalidCredentials", message: "The credential is not the API key.")
  private let missingSession = ErrorBody(
    code: "missingCredentials",
    message:
      "A session's endpoints need its secret (from POST /sessions) or the API key: send 'Authorization: Bearer <secret>'."
  )

  /// Checks that `answer` is the JSON refusal `body` with `status` and, for a 401, `challenge`.
  private func expectRefusal(
    _ answer: Answer, _ status: Int, _ body: ErrorBody, challenge: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(answer.status == status, "\(answer)", sourceLocation: sourceLocation)
    #expect(answer.contentType == "application/json", sourceLocation: sourceLocation)
    #expect(try answer.decoded(ErrorBody.self) == body, sourceLocation: sourceLocation)
    #expect(answer.fields[.wwwAuthenticate] == challenge, sourceLocation: sourceLocation)
  }

  @Test func theAdminEndpointsNeedTheAPIKey() async throws {
    try await withNewService { admin, _ in
      let anonymous = admin.authorized(nil)
      let stranger = admin.authorized(bearer("not-the-api-key-at-all"))
      #expect(
        try await anonymous.get("/health")
          == Answer(status: 200, contentType: "application/json", body: "{\"status\":\"ok\"}"))
      for path in ["/sessions", "/sessions?limit=1", "/metrics"] {
        try expectRefusal(try await anonymous.get(path), 401, missingAdmin, challenge: missingChallenge)
        try expectRefusal(try await stranger.get(path), 401, invalidAdmin, challenge: invalidChallenge)
        // Another scheme, or the key without its scheme, is no credential.
        try expectRefusal(
          try await admin.authorized("Basic \(testAPIKey)").get(path), 401, missingAdmin,
          challenge: missingChallenge)
        try expectRefusal(
          try await admin.authorized(testAPIKey).get(path), 401, missingAdmin, challenge: missingChallenge)
        #expect(try await admin.get(path).status == 200, "\(path)")
        // The scheme's name is case-insensitive (RFC 9110).
        #expect(try await admin.authorized("bearer \(testAPIKey)").get(path).status == 200, "\(path)")
      }
      // A session's secret is not the API key.
      let created = try await anonymous.createSessionAndSecret()
      try expectRefusal(
        try await admin.authorized(bearer(created.secret)).get("/sessions"), 401, invalidAdmin,
        challenge: invalidChallenge)
      let metrics = Exposition(try await admin.get("/metrics").body)
      // Every refusal is counted: four on each of the three paths, and the secret's.
      #expect(metrics.errorsByStatus == ["401": 13])
    }
  }

  @Test func anyoneCreatesASessionAndGetsItsSecret() async throws {
    try await withNewService { admin, _ in
      let answer = try await admin.authorized(nil).post("/sessions")
      #expect(answer.status == 201)
      let created = try answer.decoded(CreatedSession.self)
      #expect(created.id.count == 32)
      #expect(created.secret.count == 43)
      #expect(created.secret.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
      #expect(answer.body == "{\"id\":\"\(created.id)\",\"secret\":\"\(created.secret)\"}")
    }
  }

  @Test func aSessionsSecretOpensThatSessionAlone() async throws {
    try await withNewService { admin, database in
      let a = try await admin.authorized(nil).createSessionAndSecret()
      let b = try await admin.authorized(nil).createSessionAndSecret()
      let mine = admin.authorized(bearer(a.secret))
      // Its own endpoints, every one of them.
      try await mine.open(a.id, "shop://catalog/products/42")
      try await mine.act(a.id, "back")
      #expect(try await mine.state(a.id) == Expected.state(a.id, Expected.stack([Expected.catalog])))
      #expect(try await mine.get("/sessions/\(a.id)?format=text").status == 200)
      #expect(try await mine.get("/sessions/\(a.id)/events").status == 426)
      // Not another session's, answered as a session that does not exist.
      let before = try await admin.state(b.id)
      let row = try await SQLiteSnapshotStore(path: database).load(try SessionID(b.id))
      let refusals = [
        try await mine.get("/sessions/\(b.id)"),
        try await mine.get("/sessions/\(b.id)?format=text"),
        try await mine.post("/sessions/\(b.id)/open", openBody("shop://cart")),
        try await mine.post(
          "/sessions/\(b.id)/actions", actionBody("push", url: "shop://catalog/products/1")),
        try await mine.get("/sessions/\(b.id)/events"),
        try await mine.delete("/sessions/\(b.id)"),
      ]
      for answer in refusals { try expectRefusal(answer, 404, unknown(b.id)) }
      // Which is what the API key sees of a session that does not exist.
      try expectRefusal(try await admin.get("/sessions/feedface"), 404, unknown("feedface"))
      try expectRefusal(try await mine.get("/sessions/feedface"), 404, unknown("feedface"))
      // Nor the admin endpoints, nor the inspector.
      try expectRefusal(try await mine.get("/sessions"), 401, invalidAdmin, challenge: invalidChallenge)
      try expectRefusal(try await mine.get("/metrics"), 401, invalidAdmin, challenge: invalidChallenge)
      try expectRefusal(
        try await mine.get("/inspect/\(a.id)"), 401, invalidAdmin, challenge: invalidChallenge)
      // Without a credential, a session's endpoints say what they need.
      let anonymous = admin.authorized(nil)
      try expectRefusal(
        try await anonymous.get("/sessions/\(b.id)"), 401, missingSession, challenge: missingChallenge)
      try expectRefusal(
        try await anonymous.post("/sessions/\(b.id)/open", openBody("shop://cart")), 401, missingSession,
        challenge: missingChallenge)
      try expectRefusal(
        try await anonymous.delete("/sessions/\(b.id)"), 401, missingSession, challenge: missingChallenge)
      // The refusals changed nothing: the session, its row, the list.
      #expect(try await admin.state(b.id) == before)
      #expect(try await SQLiteSnapshotStore(path: database).load(try SessionID(b.id)) == row)
      #expect(
        try await admin.get("/sessions").decoded(SessionList.self).sessions.map(\.id)
          == [a.id, b.id].sorted())
      // Its secret deletes its own session; the API key deletes any.
      #expect(try await mine.delete("/sessions/\(a.id)").status == 204)
      #expect(try await admin.delete("/sessions/\(b.id)").status == 204)
      #expect(try await admin.get("/sessions").decoded(SessionList.self).sessions.map(\.id) == [])
    }
  }

  @Test func anInvalidIdentifierIsStill400AndAnUnknownSessions404IsTheSame() async throws {
    try await withNewService { admin, _ in
      let a = try await admin.authorized(nil).createSessionAndSecret()
      let mine = admin.authorized(bearer(a.secret))
      #expect(try await mine.get("/sessions/not%20valid").status == 400)
      #expect(try await admin.get("/sessions/not%20valid").status == 400)
      // A secret that is not base64url at all is just a wrong one.
      try expectRefusal(
        try await admin.authorized(bearer("*** not base64 ***")).get("/sessions/\(a.id)"), 404, unknown(a.id))
      try expectRefusal(
        try await admin.authorized(bearer(a.secret + "A")).get("/sessions/\(a.id)"), 404, unknown(a.id))
    }
  }

  @Test func theInspectorTakesTheKeyOnceAndKeepsACookie() async throws {
    try await withNewService { admin, _ in
      let anonymous = admin.authorized(nil)
      let a = try await anonymous.createSessionAndSecret()
      try expectRefusal(
        try await anonymous.get("/"), 401,
        ErrorBody(
          code: "missingCredentials",
          message:
            "The inspector needs the API key: open it once with '?key=<API key>' (a cookie keeps it), or send 'Authorization: Bearer <API key>'."
        ), challenge: missingChallenge)
      try expectRefusal(
        try await anonymous.get("/inspect/\(a.id)?key=wrong-key-wrong-key"), 401,
        ErrorBody(code: "invalidCredentials", message: "The key in the address is not the API key."),
        challenge: invalidChallenge)
      // The key in the address: a redirect without it, which sets the cookie.
      let redirect = try await anonymous.get("/inspect/\(a.id)?key=\(testAPIKey)&limit=2")
      #expect(redirect.status == 303)
      #expect(redirect.fields[.location] == "/inspect/\(a.id)?limit=2")
      #expect(redirect.fields[.cacheControl] == "no-store")
      let setCookie = try #require(redirect.fields[.setCookie])
      let cookie = try #require(setCookie.split(separator: ";").first.map(String.init))
      #expect(setCookie == "\(cookie); Path=/; HttpOnly; SameSite=Strict")
      #expect(cookie.hasPrefix("flow_service_inspector="))
      #expect(!setCookie.contains(testAPIKey))
      #expect(try await anonymous.get("/?key=\(testAPIKey)").fields[.location] == "/")
      // The cookie opens the pages.
      let page = try await anonymous.send(.get, "/inspect/\(a.id)", headers: [.cookie: "other=1; \(cookie)"])
      #expect(page.status == 200)
      #expect(page.body.contains("data-session=\"\(a.id)\" data-secret=\"\(a.secret)\""))
      // It holds the session's secret: no cache keeps it.
      #expect(page.fields[.cacheControl] == "no-store")
      #expect(try await anonymous.send(.get, "/", headers: [.cookie: cookie]).status == 200)
      #expect(
        try await anonymous.send(.get, "/inspect/\(a.id)/tree.svg", headers: [.cookie: cookie]).status == 200)
      // The cookie is not the API key, and opens nothing else.
      let viaCookie = try await anonymous.send(.get, "/metrics", headers: [.cookie: cookie])
      try expectRefusal(viaCookie, 401, missingAdmin, challenge: missingChallenge)
      try expectRefusal(
        try await anonymous.send(.get, "/", headers: [.cookie: "flow_service_inspector=forged"]), 401,
        ErrorBody(
          code: "invalidCredentials",
          message:
            "The inspector's cookie is not from this API key: open the page with '?key=<API key>' again."),
        challenge: invalidChallenge)
      // The API key as a header opens the pages too.
      #expect(try await admin.get("/inspect/\(a.id)").status == 200)
    }
  }

  @Test func theSecretIsTheSessionKeysHMACOfTheIdentifier() throws {
    // HMAC-SHA256("Jefe", "feedface") in base64url, by Python's hmac module.
    let authentication = Authentication(apiKey: testAPIKey, sessionKey: Array("Jefe".utf8))
    #expect(
      try authentication.secret(for: try SessionID("feedface"))
        == "vqXHgSu5dhm01ZnEXpWSWHbTJ2f4iVHSdgRuFjEzg8E")
    #expect(
      try authentication.opens(try SessionID("feedface"), with: "vqXHgSu5dhm01ZnEXpWSWHbTJ2f4iVHSdgRuFjEzg8E")
    )
    #expect(
      !(try authentication.opens(
        try SessionID("feedfacf"), with: "vqXHgSu5dhm01ZnEXpWSWHbTJ2f4iVHSdgRuFjEzg8E")))
    #expect(try authentication.opens(try SessionID("anything"), with: testAPIKey))
    #expect(Authentication.constantTimeEqual([1, 2, 3], [1, 2, 3]))
    #expect(!Authentication.constantTimeEqual([1, 2, 3], [1, 2, 4]))
    #expect(!Authentication.constantTimeEqual([1, 2, 3], [1, 2]))
    #expect(Authentication.bytes(base64URL: "_-8") == [0xFF, 0xEF])
    #expect(Authentication.bytes(base64URL: "/+8") == nil)
    // Without a session key yet (PostgreSQL loads it before the server listens), nothing opens.
    let loading = Authentication(apiKey: testAPIKey)
    #expect(
      throws: ServiceError(
        status: 503, code: "notReady", message: "The service has not loaded its session key yet.")
    ) {
      try loading.secret(for: try SessionID("feedface"))
    }
  }

  @Test func aSecretKeptFromAnEarlierCheckStopsOpeningOnceTheSessionKeyChanges() throws {
    let id = try SessionID("feedface")
    let authentication = Authentication(apiKey: testAPIKey, sessionKey: Array("Jefe".utf8))
    let secret = try authentication.secret(for: id)
    #expect(try authentication.opens(id, with: secret))
    #expect(try authentication.opens(id, with: secret), "the second check uses the kept MAC")
    #expect(!(try authentication.opens(id, with: String(secret.dropLast()) + "A")))
    authentication.setSessionKey(Array("another key".utf8))
    #expect(!(try authentication.opens(id, with: secret)))
    #expect(try authentication.opens(id, with: try authentication.secret(for: id)))
    #expect(try authentication.opens(id, with: testAPIKey))
    // More sessions than are kept: every one still opens with its own secret, none with another's.
    let ids = try (0...Authentication.recentSecretLimit).map { try SessionID("s\($0)") }
    let secrets = try ids.map { try authentication.secret(for: $0) }
    for (id, secret) in zip(ids, secrets) { #expect(try authentication.opens(id, with: secret)) }
    #expect(try zip(ids, secrets.dropFirst()).allSatisfy { !(try authentication.opens($0, with: $1)) })
  }

  @Test func forgettingSessionsDropsOnlyTheirKeptSecrets() throws {
    let authentication = Authentication(apiKey: testAPIKey, sessionKey: Array("Jefe".utf8))
    let ids = try ["a", "b", "c"].map { try SessionID($0) }
    let secrets = try ids.map { try authentication.secret(for: $0) }
    for (id, secret) in zip(ids, secrets) { #expect(try authentication.opens(id, with: secret)) }
    #expect(authentication.recentSecretCount == 3)
    authentication.forget([ids[0], ids[2], try SessionID("unknown")])
    #expect(authentication.recentSecretCount == 1)
    // A forgotten session's secret still opens it (computed again), and another's doesn't.
    #expect(try authentication.opens(ids[0], with: secrets[0]))
    #expect(!(try authentication.opens(ids[2], with: secrets[1])))
    #expect(authentication.recentSecretCount == 3)
  }

  @Test func theSessionKeyIsKeptInTheDatabaseOrConfigured() async throws {
    try await withTemporaryDirectory { directory in
      let database = directory.file("keys.sqlite")
      let created = try await withService(testConfiguration(database: database)) { client in
        try await client.createSessionAndSecret()
      }
      // Another start over the same database finds the same key: the secret still opens.
      try await withService(testConfiguration(database: database)) { client in
        let answer = try await client.authorized(bearer(created.secret)).get("/sessions/\(created.id)")
        #expect(answer.status == 200)
      }
      let store = try SQLiteSnapshotStore(path: database)
      let stored = try store.sessionKey(storing: Array(repeating: 1, count: 32))
      #expect(stored.count == 32)
      #expect(stored != Array(repeating: 1, count: 32))
      #expect(
        try Authentication(apiKey: testAPIKey, sessionKey: stored).secret(for: try SessionID(created.id))
          == created.secret)
      // A configured key wins over the stored one.
      var configured = testConfiguration(database: database)
      configured.sessionKey = String(repeating: "k", count: 32)
      try await withService(configured) { client in
        try expectRefusal(
          try await client.authorized(bearer(created.secret)).get("/sessions/\(created.id)"), 404,
          unknown(created.id))
        let again = try await client.createSessionAndSecret()
        #expect(
          again.secret
            == (try Authentication(
              apiKey: testAPIKey, sessionKey: Array(String(repeating: "k", count: 32).utf8)
            )
            .secret(for: try SessionID(again.id))))
      }
    }
  }

  @Test func aSQLiteDatabaseKeepsTheFirstSessionKeyAndNamesADamagedOne() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteSnapshotStore(path: directory.file("settings.sqlite"))
      let first = Array(repeating: UInt8(1), count: 32)
      #expect(try store.sessionKey(storing: first) == first)
      #expect(try store.sessionKey(storing: Array(repeating: 2, count: 32)) == first)
      try store.pool.write { db in
        try db.execute(sql: "UPDATE settings SET value = x'0102' WHERE name = 'sessionKey'")
      }
      #expect {
        _ = try store.sessionKey(storing: first)
      } throws: { error in
        (error as? SnapshotStoreError)?.code == .damaged
      }
    }
  }

  @Test func withoutAnAPIKeyARandomOneIsLoggedOnceAtNotice() async throws {
    try await withTemporaryDirectory { directory in
      let recorder = CapturedLogs()
      var configuration = testConfiguration(database: directory.file("generated.sqlite"))
      configuration.apiKey = nil
      let app = try buildApplication(configuration: configuration, logger: recorder.logger())
      let notices = recorder.records.filter { $0.level == .notice }
      #expect(notices.count == 1)
      let text = try #require(notices.first?.text)
      let marker = "this process's API key is "
      let range = try #require(text.range(of: marker))
      let key = String(text[range.upperBound...].prefix { $0 != ";" })
      #expect(key.count == 43)
      #expect(text.contains("open the inspector at /?key=\(key)"))
      try await app.test(.router) { client in
        let opened = try await ServiceClient(client: client, authorization: bearer(key)).get("/metrics")
        let refused = try await ServiceClient(client: client).get("/metrics")
        let statuses: [Int] = [opened.status, refused.status]
        #expect(statuses == [200, 401])
      }
      // Another start makes another key.
      let again = CapturedLogs()
      _ = try buildApplication(configuration: configuration, logger: again.logger())
      #expect(again.records.filter { $0.level == .notice }.count == 1)
      #expect(again.records.allSatisfy { !$0.text.contains(key) })
      // A configured key is never logged, nor is one made.
      let configured = CapturedLogs()
      _ = try buildApplication(
        configuration: testConfiguration(database: directory.file("c.sqlite")), logger: configured.logger())
      #expect(configured.records.filter { $0.level >= .notice } == [])
    }
  }

  @Test func noCredentialReachesTheLogs() async throws {
    try await withTemporaryDirectory { directory in
      let recorder = CapturedLogs()
      var configuration = testConfiguration(database: directory.file("logs.sqlite"))
      configuration.sessionKey = "a session key of thirty-two bytes or more"
      let app = try buildApplication(configuration: configuration, logger: recorder.logger())
      let seen = try await app.test(.live) { client in
        let admin = ServiceClient(client: client)
        let a = try await admin.authorized(nil).createSessionAndSecret()
        let mine = admin.authorized(bearer(a.secret))
        try await mine.open(a.id, "shop://catalog/products/42")
        _ = try await mine.get("/sessions")
        _ = try await admin.authorized(bearer(a.secret + "x")).get("/sessions/\(a.id)")
        _ = try await admin.get("/?key=\(testAPIKey)")
        _ = try await admin.authorized(nil).get("/inspect/\(a.id)?key=\(testAPIKey)x")
        _ = try await admin.get("/metrics")
        _ = try await mine.post("/sessions/\(a.id)/open", String(repeating: "x", count: 10))
        return [testAPIKey, a.secret, "a session key of thirty-two bytes or more"]
      }
      #expect(!recorder.records.isEmpty)
      for secret in seen {
        #expect(recorder.records.filter { $0.text.contains(secret) } == [], "a credential in the logs")
      }
    }
  }

  @Test func base64URLIsRFC4648WithoutPaddingAndReadsBackOnlyAsWritten() {
    // Every length from 0 to 40 bytes, against Foundation's Base64 with the URL alphabet.
    var generator = SystemRandomNumberGenerator()
    for count in 0...40 {
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let expected = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
      #expect(Authentication.base64URL(bytes) == expected, "\(bytes)")
      #expect(Authentication.bytes(base64URL: expected) == bytes, "\(expected)")
    }
    #expect(Authentication.base64URL([0xFB, 0xFF]) == "-_8")
    // Outside the alphabet, padded, a length no bytes have, bits set past the last byte.
    for text in ["/+8", "-_8=", "ab cd", "é", "A", "ABCDE", "-_9", "_x"] {
      #expect(Authentication.bytes(base64URL: text) == nil, "\(text)")
    }
    #expect(Authentication.bytes(base64URL: "_w") == [0xFF])
    #expect(Authentication.bytes(base64URL: "_g") == [0xFE])
  }

  @Test func theBearerTokenIsReadWithTheSchemeInAnyCase() {
    let cases: [(String?, String?)] = [
      ("Bearer abc", "abc"), ("bearer abc", "abc"), ("BEARER abc", "abc"), ("BeArEr  abc \t", "abc"),
      ("  Bearer abc", "abc"), ("Bearer a b", "a b"), ("Bearer", nil), ("Bearer   ", nil), ("Basic abc", nil),
      ("Bearerabc", nil), ("Bearer\tabc", nil), ("Bearers abc", nil), ("", nil), (nil, nil),
    ]
    #expect(cases.map { Authentication.bearer($0.0) } == cases.map(\.1))
  }
}
