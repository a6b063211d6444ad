import AppFlow
import Navigator
import Testing

/// A log's JSON: versioned, deterministic, and any defect a typed error naming the rule.
@Suite struct SessionLogCodingTests {
  /// The bytes of `text`.
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// The error reading `text` as a log.
  private func decodingError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> SessionLogError
  {
    let app = try makeRecordingShop()
    return try #require(throws: SessionLogError.self, sourceLocation: sourceLocation) {
      try app.routes.decodeSessionLog(bytes(text))
    }
  }

  @Test func aLogWritesItsVersionItsInputsAndItsEndState() throws {
    let app = try makeRecordingShop()
    let log = SessionLog(
      steps: [
        .init(.start, events: ["Catalog().viewDidLoad"]),
        .init(.open(url: "shop://catalog/products/1", animated: false)),
        .init(.push(AnyRoute(Product(id: 2)), from: StatePath([.presented]), animated: true)),
        .init(.advance(.milliseconds(1500))),
      ], end: "NavigationController")
    let text = String(decoding: try app.routes.encode(log), as: UTF8.self)
    #expect(
      text
        == #"{"end":"NavigationController","inputs":[{"events":["Catalog().viewDidLoad"],"input":"start"},"#
        + #"{"animated":false,"input":"open","url":"shop:\/\/catalog\/products\/1"},"#
        + #"{"from":"root.presented","input":"push","route":{"route":"Product","value":{"id":2}}},"#
        + #"{"attoseconds":500000000000000000,"input":"advance","seconds":1}],"sessionLog":1}"#)
    #expect(try app.routes.decodeSessionLog(bytes(text)) == log)
  }

  @Test func everyKindOfInputReadsBackAsWritten() throws {
    let app = try makeRecordingShop()
    try app.start()
    app.navigate(to: Reviews(productID: 1), animated: false)
    let snapshot = try app.snapshot()
    let state = app.window.navigationState(keyedBy: AnyRoute.self)
    let path = StatePath([.entry(1), .presented])
    let inputs: [RecordedInput] = [
      .start, .stop, .open(url: "shop://catalog", animated: true),
      .navigateToRoute(AnyRoute(Product(id: 1)), animated: false),
      .navigateToRoutes([AnyRoute(Catalog()), AnyRoute(Preview())], animated: true),
      .restore(snapshot, animated: true),
      .runFlow(tag: "Review", route: AnyRoute(Reviews(productID: 2)), presentation: .push, animated: false),
      .runFlow(
        tag: "Review", route: AnyRoute(Reviews(productID: 2)),
        presentation: .modal(.formSheet, embeddedInNavigationController: true), animated: true),
      .runFlow(
        tag: "Review", route: AnyRoute(Reviews(productID: 2)),
        presentation: .modal(nil, embeddedInNavigationController: false), animated: true),
      .cancelFlow(at: [0, 2], removingScreens: false, animated: false),
      .navigate(to: state, animated: false),
      .push(AnyRoute(Compose(productID: 3)), from: nil, animated: true),
      .presentModal(AnyRoute(Preview()), style: .overFullScreen, from: .root, animated: false),
      .presentModal(
        AnyRoute(Reviews(productID: 2)), style: .pageSheet, embeddedInNavigationController: true, from: nil,
        animated: true),
      .dismiss(from: path, animated: false), .dismiss(from: nil, animated: true),
      .presentModal(AnyRoute(Preview()), style: nil, from: nil, animated: true),
      .pop(from: path, animated: false), .pop(from: nil, animated: true),
      .removeChild(at: path, animated: true),
      .tapBackButton(path), .beginInteractivePop(.root), .updateInteractivePop(.root, progress: 0.25),
      .cancelInteractivePop(.root), .finishInteractivePop(.root), .beginInteractiveDismissal(path),
      .cancelInteractiveDismissal(path), .finishInteractiveDismissal(path), .tapOutsidePopover,
      .answerPopDecision(at: .root, allowed: false), .advance(.seconds(2)), .advance(.zero), .runLoopTurn,
      .finishTransitions, .settle(limit: 3), .unreplayable("a reason"),
      .answerProtection(pending: 0, decision: .allow),
      .answerProtection(pending: 3, decision: .deny("closed")),
    ]
    let log = SessionLog(start: snapshot, steps: inputs.map { .init($0, events: []) }, end: "end")
    let written = try app.routes.encode(log)
    #expect(try app.routes.decodeSessionLog(written) == log)
    #expect(try app.routes.encode(try app.routes.decodeSessionLog(written)) == written)
  }

  @Test func aNewerVersionIsNamedAsSuch() throws {
    let error = try decodingError(#"{"sessionLog": 2, "inputs": []}"#)
    #expect(
      error
        == SessionLogError(.unknownVersion, "The log is in format version 2; this package reads version 1."))
  }

  @Test func defectsAreTypedErrorsNamingTheRule() throws {
    let cases: [(String, SessionLogError.Code, String)] = [
      ("not json", .corrupt, "The log is damaged"),
      (#"{"inputs": []}"#, .corrupt, "The log is damaged: No value associated with key"),
      (#"{"sessionLog": 1}"#, .corrupt, "The log is damaged: No value associated with key"),
      (
        #"{"sessionLog": 1, "inputs": [{"input": "fly"}]}"#, .corrupt,
        #"The input at .inputs[0] is of the unknown kind "fly"."#
      ),
      (
        #"{"sessionLog": 1, "inputs": [{"input": "open"}]}"#, .corrupt,
        #"The open input at .inputs[0] has no "url"."#
      ),
      (
        #"{"sessionLog": 1, "inputs": [{"input": "tapBackButton", "path": "root[x]"}]}"#, .corrupt,
        #"The log is damaged: "root[x]" is not a path"#
      ),
      (
        #"{"sessionLog": 1, "inputs": [{"input": "advance", "seconds": -1}]}"#, .corrupt,
        "The advance input at .inputs[0] lasts -1 s and 0 as; time only moves forward, by at most 10^9 s"
      ),
      (
        #"{"sessionLog": 1, "inputs": [{"input": "advance", "seconds": 1000000001}]}"#, .corrupt,
        "The advance input at .inputs[0] lasts 1000000001 s and 0 as; time only moves forward"
      ),
      (
        #"{"sessionLog": 1, "inputs": [{"input": "settle", "limit": -1}]}"#, .corrupt,
        "The settle input at .inputs[0] has the limit -1; a limit is not negative."
      ),
      (
        #"{"sessionLog": 1, "inputs": [{"input": "push", "route": {"route": "Nowhere", "value": {}}}]}"#,
        .unknownRoute, #"The snapshot names the route "Nowhere""#
      ),
      (
        #"{"sessionLog": 1, "inputs": [{"input": "runFlow", "tag": "Review", "presentation": "sideways", "#
          + #""route": {"route": "Catalog", "value": {}}}]}"#, .corrupt,
        #"The runFlow input at .inputs[0] has the unknown presentation "sideways"."#
      ),
      (
        #"{"sessionLog": 1, "start": {"navigationSnapshot": 9, "state": {}}, "inputs": []}"#, .badSnapshot,
        "The log's start snapshot doesn't read: unknownVersion"
      ),
    ]
    for (text, code, message) in cases {
      let error = try decodingError(text)
      #expect(error.code == code, "\(text)")
      #expect(error.message.hasPrefix(message), "\(text): \(error.message)")
    }
  }

  @Test func aRouteTheTableDoesNotKnowCannotBeWritten() throws {
    let app = try makeRecordingShop()
    let log = SessionLog(steps: [.init(.navigateToRoute(AnyRoute(Unknown()), animated: true))])
    let error = try #require(throws: SessionLogError.self) { try app.routes.encode(log) }
    #expect(error.code == .unknownRoute)
  }

  @Test func theSameSessionWritesTheSameBytesInTwoAppControllers() throws {
    func record() throws -> [UInt8] {
      let app = try makeRecordingShop()
      let recorder = try app.startRecording(recordingEvents: true)
      try app.start()
      app.open("shop://catalog/products/11", animated: false)
      app.navigate(to: Compose(productID: 11))
      app.rootNavigationController?.presentedViewController?.presentationController?
        .beginInteractiveDismissal()
      app.rootNavigationController?.presentedViewController?.presentationController?
        .finishInteractiveDismissal()
      let bytes = try app.routes.encode(recorder.log)
      #expect(try app.routes.encode(recorder.log) == bytes)
      return bytes
    }
    let first = try record()
    #expect(try record() == first)
    #expect(!String(decoding: first, as: UTF8.self).contains("0x"))
  }
}
