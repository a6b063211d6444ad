import AppFlow
import Testing

@testable import FlowServiceCore

/// Every refused request answers its status with `{"error": {...}}` and leaves the session
/// exactly as it was, in memory and in the database.
@Suite struct ErrorTests {
  /// Sends `request` to a session at `setUp`'s place and checks that it answers `status`
  /// with `expected`, and that neither the state nor the stored snapshot changed.
  private func expectRefusal(
    _ status: Int, _ expected: ErrorBody, bodyLimit: Int = 64 * 1024,
    setUp: @escaping @Sendable (ServiceClient, String) async throws -> Void = { _, _ in },
    _ request: @escaping @Sendable (ServiceClient, String) async throws -> Answer,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await withNewService(bodyLimit: bodyLimit) { client, database in
      let id = try await client.createSession()
      try await setUp(client, id)
      let store = try SQLiteSnapshotStore(path: database)
      let before = try await client.get("/sessions/\(id)")
      let storedBefore = try await store.load(SessionID(id))
      let answer = try await request(client, id)
      #expect(answer.status == status, sourceLocation: sourceLocation)
      #expect(answer.contentType == "application/json", sourceLocation: sourceLocation)
      #expect(try answer.decoded(ErrorBody.self) == expected, sourceLocation: sourceLocation)
      #expect(try await client.get("/sessions/\(id)") == before, sourceLocation: sourceLocation)
      #expect(try await store.load(SessionID(id)) == storedBefore, sourceLocation: sourceLocation)
    }
  }

  @Test func aMalformedBodyIs400() async throws {
    try await expectRefusal(
      400,
      ErrorBody(
        code: "malformedBody", message: "The request body is not valid: The given data was not valid JSON."),
      setUp: { client, id in try await client.open(id, "shop://catalog/products/1") }
    ) { client, id in try await client.post("/sessions/\(id)/open", "{\"url\": ") }
    try await expectRefusal(
      400,
      ErrorBody(code: "malformedBody", message: "The request body is not valid: the field 'url' is missing.")
    ) { client, id in try await client.post("/sessions/\(id)/open", "{\"link\": \"shop://cart\"}") }
  }

  @Test func anUnknownActionIs400() async throws {
    try await expectRefusal(
      400,
      ErrorBody(
        code: "unknownAction",
        message: "Unknown action 'fly'; the actions are back, dismiss, push, present, popover, checkout, "
          + "finishFlow, cancelFlow, signIn, signInFails, confirmPop, denyPop.")
    ) { client, id in try await client.post("/sessions/\(id)/actions", actionBody("fly")) }
    try await expectRefusal(
      400, ErrorBody(code: "missingURL", message: "The action 'push' needs a 'url'.")
    ) { client, id in try await client.post("/sessions/\(id)/actions", actionBody("push")) }
  }

  @Test func anUnknownSessionIs404AndAnInvalidIdentifier400() async throws {
    try await withNewService { client, _ in
      let unknown = try await client.post("/sessions/feedface/open", openBody("shop://cart"))
      #expect(unknown.status == 404)
      #expect(
        try unknown.decoded(ErrorBody.self)
          == ErrorBody(
            code: "unknownSession",
            message: "No session 'feedface': the host does not hold it and its store has no snapshot of it."))
      let invalid = try await client.get("/sessions/no%20spaces")
      #expect(invalid.status == 400)
      #expect(
        try invalid.decoded(ErrorBody.self)
          == ErrorBody(
            code: "invalidSessionID",
            message:
              "Can't use \"no%20spaces\" as a session identifier: only A-Z, a-z, 0-9, '.', '_' and '-' are allowed."
          ))
      let route = try await client.get("/nowhere")
      #expect(route.status == 404)
      #expect(try route.decoded(ErrorBody.self) == ErrorBody(code: "notFound", message: "Not Found"))
    }
  }

  @Test func aURLMatchingNoRouteIs422() async throws {
    try await expectRefusal(
      422,
      ErrorBody(
        code: "noMatch",
        message:
          "noMatch: no pattern matches 'shop://catalog/products/forty-two'; the closest pattern is 'shop://catalog/products/<int:id>'"
      ),
      setUp: { client, id in try await client.open(id, "shop://cart") }
    ) { client, id in
      try await client.post("/sessions/\(id)/open", openBody("shop://catalog/products/forty-two"))
    }
    try await expectRefusal(
      422,
      ErrorBody(
        code: "invalidParameter",
        message:
          "invalidParameter: parameter 'id' of 'shop://catalog/products/99999999999999999999' is '99999999999999999999', which is not a valid int"
      )
    ) { client, id in
      try await client.post(
        "/sessions/\(id)/actions", actionBody("push", url: "shop://catalog/products/99999999999999999999"))
    }
  }

  @Test func aURLOverTheRoutersLimitIs422() async throws {
    let url = "shop://catalog/products/" + String(repeating: "7", count: 5000)
    let expected: RouteError
    do {
      _ = try RouteTable().route(for: url)
      Issue.record("An empty route table matched \(url.prefix(40))…")
      return
    } catch {
      expected = error
    }
    guard case .urlTooLong = expected else {
      Issue.record("Expected urlTooLong, got \(expected)")
      return
    }
    try await expectRefusal(422, ErrorBody(code: "urlTooLong", message: expected.description)) { client, id in
      try await client.post("/sessions/\(id)/open", openBody(url))
    }
  }

  @Test func aBodyOverTheLimitIs413() async throws {
    let url = "shop://catalog/products/" + String(repeating: "7", count: 2000)
    try await expectRefusal(
      413, ErrorBody(code: "bodyTooLarge", message: "The request body is larger than the limit."),
      bodyLimit: 1024
    ) { client, id in try await client.post("/sessions/\(id)/open", openBody(url)) }
  }

  @Test func aRefusedNavigationIs409() async throws {
    try await expectRefusal(
      409,
      ErrorBody(
        code: "invalidRequest", message: "Can't pop from NavigationController: only its root screen is left.")
    ) { client, id in try await client.post("/sessions/\(id)/actions", actionBody("back")) }
    try await expectRefusal(
      409,
      ErrorBody(
        code: "nothingToDismiss", message: "Nothing is presented: the window shows only its root stack.")
    ) { client, id in try await client.post("/sessions/\(id)/actions", actionBody("dismiss")) }
    try await expectRefusal(
      409, ErrorBody(code: "notInCart", message: "The checkout starts from the cart: open shop://cart first.")
    ) { client, id in try await client.post("/sessions/\(id)/actions", actionBody("checkout")) }
    try await expectRefusal(
      409, ErrorBody(code: "noPendingSignIn", message: "No sign-in is running.")
    ) { client, id in try await client.post("/sessions/\(id)/actions", actionBody("signIn")) }
    try await expectRefusal(
      409, ErrorBody(code: "noLiveFlow", message: "No flow is running.")
    ) { client, id in try await client.post("/sessions/\(id)/actions", actionBody("finishFlow")) }
    try await expectRefusal(
      409, ErrorBody(code: "noPendingPop", message: "No screen is waiting for an answer to leave it.")
    ) { client, id in try await client.post("/sessions/\(id)/actions", actionBody("confirmPop")) }
  }

  @Test func aPushOntoAScreenOutsideAStackIsRefusedByTheEngine() async throws {
    try await withNewService { client, _ in
      let id = try await client.createSession()
      try await client.act(id, "present", url: "shop://catalog/products/9")
      let before = try await client.get("/sessions/\(id)")
      let answer = try await client.post(
        "/sessions/\(id)/actions", actionBody("push", url: "shop://catalog/products/7"))
      #expect(answer.status == 409)
      #expect(
        try answer.decoded(ErrorBody.self)
          == ErrorBody(
            code: "invalidRequest",
            message: "Can't push from Product 9: it is not in a navigation controller."))
      #expect(try await client.get("/sessions/\(id)") == before)
    }
  }

  @Test func everyChangeWaitsWhileTheCheckoutAsksToLeave() async throws {
    try await expectRefusal(
      409,
      ErrorBody(
        code: "popConfirmationPending",
        message: "The checkout is asking whether to leave it: answer with confirmPop or denyPop first."),
      setUp: { client, id in
        try await client.open(id, "shop://cart")
        try await client.act(id, "checkout")
        try await client.act(id, "signIn")
        try await client.act(id, "back")
      }
    ) { client, id in try await client.post("/sessions/\(id)/open", openBody("shop://catalog/products/3")) }
  }
}
