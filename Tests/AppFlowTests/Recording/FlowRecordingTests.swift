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
}
