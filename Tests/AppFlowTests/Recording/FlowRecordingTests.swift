import AppFlow
import Navigator
import Testing

/// A flow's outputs, flows run inside flows and runs that wait for a protection, recorded and
/// replayed.
@Suite struct FlowRecordingTests {
  /// An output a log can't write.
  struct Opaque: Equatable {
    var value: Int
  }

  /// A flow of an output that is not Codable, on a route's screen; not registered.
  final class OpaqueFlow: Flow<Opaque> {
    override func makeFirstScreen() throws(NavigationError) -> ViewController {
      RouteScreen(Reviews(productID: 1))
    }
  }

  /// A flow with no output; not registered.
  final class PlainFlow: Flow<Void> {
    override func makeFirstScreen() throws(NavigationError) -> ViewController {
      RouteScreen(Reviews(productID: 2))
    }
  }

  @Test func aFinishWithACodableOutputRoundTrips() throws {
    var outcome: FlowOutcome<String>?
    let log = try expectRoundTrip(
      inputs: [
        "start()", "run(Review on Reviews(productID: 3), as: push)",
        "finishFlow(at: 0, output: \"great\", animated: false)",
      ]
    ) { app in
      try app.start()
      let flow = ReviewFlow(AnyRoute(Reviews(productID: 3)), table: app.routes)
      app.run(flow, as: .push) { outcome = $0 }
      flow.finish("great", animated: false)
    }
    #expect(outcome == .finished("great"))
    #expect(
      log.steps[2].events == [
        "NavigationController.willPop(Reviews(productID: 3), animated: false)",
        "Reviews(productID: 3).willMove(toParent: nil)",
        "Reviews(productID: 3).viewWillDisappear(animated: false)",
        "Catalog().viewWillAppear(animated: false)",
        "NavigationController.willShow(Catalog(), animated: false)",
        "Reviews(productID: 3).viewDidDisappear(animated: false)", "Catalog().viewDidAppear(animated: false)",
        "NavigationController.didShow(Catalog(), animated: false)",
        "Reviews(productID: 3).didMove(toParent: nil)",
        "NavigationController.didPop(Reviews(productID: 3), animated: false)",
        "Reviews(productID: 3).left(popped(programmatic) of Reviews(productID: 3))",
        "ReviewFlow#1.ended(finished)",
      ])
  }

  @Test func aFinishIsWrittenWithItsOutputAsJSONText() throws {
    let app = try makeRecordingShop()
    let log = SessionLog(steps: [
      .init(.finishFlow(at: [0, 1], output: "{\"a\":[1,2]}", removingScreens: false, animated: false)),
      .init(.finishFlow(at: [2], output: "null", removingScreens: true, animated: true)),
    ])
    let written = try app.routes.encode(log)
    #expect(
      String(decoding: written, as: UTF8.self)
        == "{\"inputs\":[{\"animated\":false,\"flow\":[0,1],\"input\":\"finishFlow\",\"output\":\"{\\\"a\\\":[1,2]}\","
        + "\"removingScreens\":false},{\"flow\":[2],\"input\":\"finishFlow\",\"output\":\"null\"}],\"sessionLog\":1}"
    )
    #expect(try app.routes.decodeSessionLog(written) == log)
  }

  @Test func aFinishWithoutItsOutputOrFlowDoesNotRead() throws {
    let app = try makeRecordingShop()
    let cases: [(String, String)] = [
      (
        "{\"sessionLog\":1,\"inputs\":[{\"input\":\"finishFlow\",\"flow\":[0]}]}",
        "corrupt: The finishFlow input at .inputs[0] has no \"output\"."
      ),
      (
        "{\"sessionLog\":1,\"inputs\":[{\"input\":\"finishFlow\",\"flow\":[],\"output\":\"1\"}]}",
        "corrupt: The finishFlow input at .inputs[0] names the flow []; a flow's index path is not empty "
          + "and its indices are not negative."
      ),
    ]
    for (json, message) in cases {
      #expect(throws: Never.self) {
        do {
          _ = try app.routes.decodeSessionLog(Array(json.utf8))
          Issue.record("\(json) read")
        } catch {
          #expect("\(error)" == message)
        }
      }
    }
  }

  @Test func anOutputThatIsNotCodableIsUnreplayableNamingTheFlowAndTheType() throws {
    let app = try makeRecordingShop()
    try app.start()
    let recorder = try app.startRecording()
    let opaque = OpaqueFlow()
    app.run(opaque, as: .push, animated: false)
    opaque.finish(Opaque(value: 1), animated: false)
    let plain = PlainFlow()
    app.run(plain, as: .push, animated: false)
    plain.finish((), animated: false)
    #expect(
      recorder.log.inputs == [
        .unreplayable(
          "run(OpaqueFlow, as: push): its type is not registered for snapshots (RouteTable.registerFlow)"),
        .unreplayable("finish OpaqueFlow#1 with its output of type Opaque, which is not Codable"),
        .unreplayable(
          "run(PlainFlow, as: push): its type is not registered for snapshots (RouteTable.registerFlow)"),
        .finishFlow(at: [0], output: "null", removingScreens: true, animated: false),
      ])
  }

  @Test func anOutputThatDoesNotReadStopsTheReplay() throws {
    let app = try makeRecordingShop()
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    let flow = ReviewFlow(AnyRoute(Reviews(productID: 3)), table: app.routes)
    app.run(flow, as: .push)
    flow.finish("great", animated: false)
    var log = recorder.log
    log.steps[2].input = .finishFlow(at: [0], output: "42", removingScreens: true, animated: false)
    let fresh = try makeRecordingShop()
    let error = try #require(throws: ReplayError.self) { try log.replay(into: fresh) }
    #expect(error.code == .badLog)
    #expect(fresh.flows.allFlows == [FlowID(name: "ReviewFlow", number: 1)])
  }

  @Test func aFlowRunInsideAFlowRoundTrips() throws {
    var outcome: FlowOutcome<String>?
    try expectRoundTrip(
      inputs: [
        "start()", "run(Review on Reviews(productID: 3), as: push)",
        "run(Review on Compose(productID: 3), as: push, in: 0)",
        "run(Review on Preview(), as: modal(own style), in: 0.0, animated: false)",
        "finishFlow(at: 0.0.0, output: \"seen\")", "cancelFlow(at: 0.0)",
        "finishFlow(at: 0, output: \"done\")",
      ]
    ) { app in
      try app.start()
      let parent = ReviewFlow(AnyRoute(Reviews(productID: 3)), table: app.routes)
      app.run(parent, as: .push) { outcome = $0 }
      let child = ReviewFlow(AnyRoute(Compose(productID: 3)), table: app.routes)
      parent.run(child, as: .push)
      let grandchild = ReviewFlow(AnyRoute(Preview()), table: app.routes)
      try child.tryRun(grandchild, as: .modal(), animated: false)
      grandchild.finish("seen")
      child.cancel()
      parent.finish("done")
    }
    #expect(outcome == .finished("done"))
  }

  @Test func aChildRunFromAFlowOutsideTheTreeIsUnreplayable() throws {
    let app = try makeRecordingShop()
    try app.start()
    let recorder = try app.startRecording()
    let parent = ReviewFlow(AnyRoute(Reviews(productID: 3)), table: app.routes)
    app.run(parent, as: .push)
    parent.cancel(animated: false)
    let child = ReviewFlow(AnyRoute(Compose(productID: 3)), table: app.routes)
    #expect(throws: NavigationError.self) { try parent.tryRun(child, as: .push) }
    #expect(
      recorder.log.inputs == [
        .runFlow(tag: "Review", route: AnyRoute(Reviews(productID: 3)), presentation: .push, animated: true),
        .cancelFlow(at: [0], removingScreens: true, animated: false),
      ])
  }

  @Test func aChildRunIsWrittenWithItsParentsIndexPath() throws {
    let app = try makeRecordingShop()
    let log = SessionLog(steps: [
      .init(
        .runChildFlow(
          parent: [0, 1], tag: "Review", route: AnyRoute(Preview()),
          presentation: .modal(.formSheet, embeddedInNavigationController: true), animated: false)),
      .init(
        .runChildFlow(
          parent: [2], tag: "Review", route: AnyRoute(Preview()), presentation: .push, animated: true)),
    ])
    let written = try app.routes.encode(log)
    #expect(
      String(decoding: written, as: UTF8.self)
        == "{\"inputs\":[{\"animated\":false,\"embedded\":true,\"input\":\"runChildFlow\",\"parent\":[0,1],"
        + "\"presentation\":\"modal\",\"route\":{\"route\":\"Preview\",\"value\":{}},\"style\":\"formSheet\",\"tag\":\"Review\"},"
        + "{\"input\":\"runChildFlow\",\"parent\":[2],\"presentation\":\"push\",\"route\":{\"route\":\"Preview\",\"value\":{}},"
        + "\"tag\":\"Review\"}],\"sessionLog\":1}")
    #expect(try app.routes.decodeSessionLog(written) == log)
    let unknown = Array(
      "{\"sessionLog\":1,\"inputs\":[{\"input\":\"runChildFlow\",\"parent\":[0],\"tag\":\"Review\",\"route\":{\"route\":\"Preview\",\"value\":{}},\"presentation\":\"sideways\"}]}"
        .utf8)
    let error = try #require(throws: SessionLogError.self) { try app.routes.decodeSessionLog(unknown) }
    #expect(
      error.message == "The runChildFlow input at .inputs[0] has the unknown presentation \"sideways\".")
  }

  // MARK: A checkout that waits for a sign-in (the service's shop)

  @Test func aCheckoutThatWaitsForASignInReplaysEndToEnd() throws {
    let shop = try MirrorShop()
    let recorder = try shop.app.startRecording(recordingEvents: true)
    try shop.app.start()
    var outcome: FlowOutcome<Int>?
    let checkout = MirrorCheckoutFlow(shop.space, shop.app.routes)
    shop.app.run(checkout, as: .push, animated: false) { outcome = $0 }
    #expect(
      recorder.log.inputs == [
        .start,
        .unreplayable(
          "run(MirrorCheckoutFlow, as: push): it waits for its protection, and its first screen is not made yet"
        ),
      ])
    let signIn = try #require(shop.app.liveFlows.first as? MirrorSignInFlow)
    try signIn.signIn(as: "alice")
    checkout.finish(7, animated: false)
    #expect(outcome == .finished(7))
    let log = recorder.log
    #expect(
      log.inputs.map(\.description) == [
        "start()", "run(Checkout on CheckoutRoute(), as: push, animated: false)",
        "finishFlow(at: 0, output: \"alice\", animated: false)",
        "finishFlow(at: 0, output: 7, animated: false)",
      ])
    #expect(
      log.steps[1].events == [
        "SignIn.asked(MirrorCheckoutFlow's first screen)",
        "SignIn.required(MirrorCheckoutFlow's first screen)",
      ] + (log.steps[1].events ?? []).dropFirst(2))
    #expect(log.steps[2].events?.contains("SignIn.allowed(MirrorCheckoutFlow's first screen)") == true)

    let fresh = try MirrorShop()
    let decoded = try fresh.app.routes.decodeSessionLog(try shop.app.routes.encode(log))
    #expect(decoded == log)
    #expect(try decoded.replay(into: fresh.app) == log)
    #expect(fresh.space.account == "alice")
    #expect(fresh.app.flows.isEmpty)

    // Planted: the replayed sign-in is already signed in, so the checkout doesn't wait.
    let signedIn = try MirrorShop()
    signedIn.space.account = "bob"
    let error = try #require(throws: ReplayError.self) { try decoded.replay(into: signedIn.app) }
    #expect(error.code == .divergence)
    #expect(error.divergence?.inputIndex == 1)
    #expect(error.divergence?.expected == "SignIn.required(MirrorCheckoutFlow's first screen)")
  }

  @Test func aCheckoutWhoseSignInIsCancelledStaysUnreplayable() throws {
    let shop = try MirrorShop()
    try shop.app.start()
    let recorder = try shop.app.startRecording()
    shop.app.run(MirrorCheckoutFlow(shop.space, shop.app.routes), as: .push, animated: false)
    let signIn = try #require(shop.app.liveFlows.first as? MirrorSignInFlow)
    signIn.cancel(animated: false)
    #expect(
      recorder.log.inputs == [
        .unreplayable(
          "run(MirrorCheckoutFlow, as: push): it waits for its protection, and its first screen is not made yet"
        ),
        .cancelFlow(at: [0], removingScreens: true, animated: false),
      ])
  }
}

/// The checkout's route in the mirror of the service's shop.
struct CheckoutRoute: Route {}
/// The sign-in's route in the mirror of the service's shop.
struct SignInRoute: Route {}

/// The service's shop sign-in, mirrored: allows once an account is signed in, else requires
/// a sign-in flow in a page sheet.
final class MirrorSignIn: ProtectionSpace {
  var account: String?
  weak var routes: RouteTable?
  var name: String { "SignIn" }
  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    guard account == nil else { return decide(.allow) }
    decide(.require(MirrorSignInFlow(self), as: .sheet(embeddedInNavigationController: true)))
  }
}

/// The service's sign-in flow, mirrored: finishes with the account's name.
final class MirrorSignInFlow: Flow<String> {
  weak var space: MirrorSignIn?
  init(_ space: MirrorSignIn) { self.space = space }
  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let routes = space?.routes else { throw NavigationError(.invalidRequest, "no table") }
    return try routes.makeScreen(for: AnyRoute(SignInRoute()))
  }
  func signIn(as account: String) throws(NavigationError) {
    space?.account = account
    try tryFinish(account, animated: false)
  }
  override func didEnd(with outcome: FlowOutcome<String>) {
    if case .finished(let account) = outcome { space?.account = account }
  }
}

/// The service's checkout flow, mirrored: protected by the sign-in, finishes with an order's
/// number.
final class MirrorCheckoutFlow: Flow<Int> {
  let space: MirrorSignIn
  weak var routes: RouteTable?
  init(_ space: MirrorSignIn, _ routes: RouteTable) {
    self.space = space
    self.routes = routes
  }
  override var protection: (any ProtectionSpace)? { space }
  override func makeFirstScreen() throws(NavigationError) -> ViewController {
    guard let routes else { throw NavigationError(.invalidRequest, "no table") }
    return try routes.makeScreen(for: AnyRoute(CheckoutRoute()))
  }
}

/// A mirror of the service's shop, not started: Catalog at the root, the checkout (protected
/// by the sign-in) pushed, the sign-in in a page sheet; both flows registered.
struct MirrorShop {
  let app: AppController
  let space = MirrorSignIn()

  init() throws {
    let app = AppController(
      window: Window(scheduler: .immediate, misusePolicy: .report), rootRoute: Catalog())
    let space = space
    space.routes = app.routes
    try app.routes.register(Catalog.self) { RouteScreen($0) }
    try app.routes.register(CheckoutRoute.self, parent: { _ in Catalog() }, protectedBy: space) {
      RouteScreen($0)
    }
    try app.routes.register(
      SignInRoute.self, presentation: .sheet(embeddedInNavigationController: true), parent: { _ in Catalog() }
    ) { RouteScreen($0) }
    try app.routes.registerFlow(MirrorCheckoutFlow.self, tag: "Checkout") { [unowned app] route in
      route.as(CheckoutRoute.self).map { _ in MirrorCheckoutFlow(space, app.routes) }
    }
    try app.routes.registerFlow(MirrorSignInFlow.self, tag: "SignIn") { route in
      route.as(SignInRoute.self).map { _ in MirrorSignInFlow(space) }
    }
    self.app = app
  }
}
