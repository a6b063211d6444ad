import AppFlow
import Navigator
import Testing

/// A navigator call whose options carry a protection space, as a test makes it.
enum ProtectedCall: String, CaseIterable, CustomTestStringConvertible {
  case push, modal, popover, child

  var testDescription: String { rawValue }

  /// The call's input as a recorder describes it, unprotected.
  var recorded: String {
    switch self {
    case .push: "push(Locker(id: 1), animated: false)"
    case .modal: "presentModal(Locker(id: 2), style: formSheet, animated: false)"
    case .popover: "popover(type(\"tip\"), anchor: barButtonItem(right, 0, of: root[0]), animated: false)"
    case .child: "addChild(type(\"tip\"), to: root[0])"
    }
  }

  /// How the protection's events name the screen.
  var screen: String {
    switch self {
    case .push: "Locker(id: 1)"
    case .modal: "Locker(id: 2)"
    case .popover, .child: "a screen of type TipScreen"
    }
  }

  /// A Boolean value indicating whether the call's screen is shown on `app`'s Catalog.
  func isShown(in app: AppController) throws -> Bool {
    let stack = try #require(app.window.rootViewController as? NavigationController)
    let catalog = stack.viewControllers[0]
    switch self {
    case .push: return stack.viewControllers.count == 2 && stack.topViewController?.title == "Locker(id: 1)"
    case .modal: return stack.presentedViewController?.title == "Locker(id: 2)"
    case .popover: return catalog.presentedViewController is TipScreen
    case .child: return catalog.children.last is TipScreen
    }
  }

  /// Makes the call on `app`, protected by `space`: the form with a completion, or the `try`
  /// form (whose error is returned).
  @discardableResult
  func perform(on app: AppController, protectedBy space: LateSpace?, tryForm: Bool = false) throws
    -> NavigationError?
  {
    let navigator = app.navigator
    let catalog = try #require(app.navigator.visibleViewController)
    var options = NavigationOptions<ViewController>().animated(false)
    var tip = NavigationOptions<TipScreen>().animated(false)
    if let space {
      options = options.protect(with: space)
      tip = tip.protect(with: space)
    }
    let item = catalog.navigationItem.rightBarButtonItems[0]
    if tryForm {
      do {
        switch self {
        case .push:
          try navigator.tryPush(
            .instance(try app.routes.makeScreen(for: AnyRoute(Locker(id: 1)))), options: options)
        case .modal:
          try navigator.tryPresentModal(
            .instance(try app.routes.makeScreen(for: AnyRoute(Locker(id: 2)))), style: .formSheet,
            options: options)
        case .popover:
          try navigator.tryPopover(.type(TipScreen.self), anchor: .barButtonItem(item), options: tip)
        case .child: try navigator.tryAddChild(.type(TipScreen.self), to: catalog, options: tip)
        }
        return nil
      } catch {
        return error
      }
    }
    switch self {
    case .push:
      navigator.push(.instance(try app.routes.makeScreen(for: AnyRoute(Locker(id: 1)))), options: options)
    case .modal:
      navigator.presentModal(
        .instance(try app.routes.makeScreen(for: AnyRoute(Locker(id: 2)))), style: .formSheet,
        options: options)
    case .popover: navigator.popover(.type(TipScreen.self), anchor: .barButtonItem(item), options: tip)
    case .child: navigator.addChild(.type(TipScreen.self), to: catalog, options: tip)
    }
    return nil
  }
}

/// How the space answers a protected call.
enum ProtectedCallAnswer: String, CaseIterable, CustomTestStringConvertible {
  case allowAtOnce, denyAtOnce, allowLate, denyLate

  var testDescription: String { rawValue }

  /// The answer the space gives inside `evaluate`; `nil` for a late one.
  var atOnce: ProtectionDecision? {
    switch self {
    case .allowAtOnce: .allow
    case .denyAtOnce: .deny("closed")
    case .allowLate, .denyLate: nil
    }
  }
}

/// Navigator calls protected by their options are inputs told before their admission:
/// recorded with their space's name, replayed protected again, their late answers inputs.
@Suite struct ProtectedCallRecordingTests {
  /// The recording shop with Locker (unprotected, pushed on Catalog) and `space` registered
  /// for session logs only.
  private func makeShop(_ space: LateSpace) throws -> AppController {
    let app = try makeRecordingShop()
    try app.routes.register(Locker.self, parent: { _ in Catalog() }) { RouteScreen($0) }
    try app.routes.registerProtection(space)
    return app
  }

  /// ``expectRoundTrip(makeShop:atOnce:inputs:sourceLocation:_:)`` on this suite's shop:
  /// returns the log and the replayed app controller.
  @discardableResult
  private func roundTrip(
    atOnce: ProtectionDecision?, inputs expected: [String], sourceLocation: SourceLocation = #_sourceLocation,
    _ session: (AppController, LateSpace) throws -> Void
  ) throws -> (log: SessionLog, app: AppController) {
    let (log, fresh, _) = try expectRoundTrip(
      makeShop: makeShop, atOnce: atOnce, inputs: expected, sourceLocation: sourceLocation, session)
    return (log, fresh)
  }

  @Test(arguments: ProtectedCall.allCases, ProtectedCallAnswer.allCases)
  func aProtectedCallRecordsAndReplays(call: ProtectedCall, answer: ProtectedCallAnswer) throws {
    let allowed = answer == .allowAtOnce || answer == .allowLate
    var inputs = ["start()", "protected(\(call.recorded), by: LockerKey)"]
    switch answer {
    case .allowLate: inputs.append("answerProtection(pending: 0, allow)")
    case .denyLate: inputs.append("answerProtection(pending: 0, deny(\"closed\"))")
    case .allowAtOnce, .denyAtOnce: break
    }
    let (log, fresh) = try roundTrip(atOnce: answer.atOnce, inputs: inputs) { app, space in
      try app.start()
      try call.perform(on: app, protectedBy: space)
      switch answer {
      case .allowAtOnce, .denyAtOnce:
        #expect(space.kept.isEmpty)
      case .allowLate, .denyLate:
        // Nothing of the call happened yet: it waits for the space.
        #expect(try !call.isShown(in: app))
        try #require(space.kept.count == 1)
        space.kept[0](allowed ? .allow : .deny("closed"))
      }
      #expect(try call.isShown(in: app) == allowed)
    }
    #expect(try call.isShown(in: fresh) == allowed)
    // The call's step holds the space's question; the navigation follows, with the events of
    // the same call unprotected, in that step when answered at once, in the answer's when late.
    let asked = "LockerKey.asked(\(call.screen))"
    let decided = "LockerKey.\(allowed ? "allowed" : "denied")(\(call.screen))"
    let navigation = allowed ? try unprotectedEvents(of: call) : []
    // (The start's events are those of any start.)
    let events = log.steps.dropFirst().map(\.events)
    switch answer {
    case .allowAtOnce, .denyAtOnce: #expect(events == [[asked, decided] + navigation])
    case .allowLate, .denyLate: #expect(events == [[asked], [decided] + navigation])
    }
  }

  /// The events `call` causes unprotected, recorded on a fresh shop.
  private func unprotectedEvents(of call: ProtectedCall) throws -> [String] {
    let app = try makeShop(LateSpace())
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    try call.perform(on: app, protectedBy: nil)
    let steps = recorder.log.steps
    #expect(steps.map(\.input.description) == ["start()", call.recorded])
    return try #require(steps.last?.events)
  }

  @Test(arguments: ProtectedCall.allCases)
  func aTryFormRefusedAsPendingRecordsAndReplays(call: ProtectedCall) throws {
    try roundTrip(
      atOnce: nil, inputs: ["start()", "protected(\(call.recorded), by: LockerKey, canWait: false)"]
    ) { app, space in
      try app.start()
      let error = try #require(try call.perform(on: app, protectedBy: space, tryForm: true))
      #expect(error.code == .protectionPending)
      #expect(Replayed.tree(app) == "NavigationController\n  [0] Catalog()")
    }
  }

  @Test func theEventsOfAProtectedPushAreTheQuestionThenThePush() throws {
    #expect(
      try unprotectedEvents(of: .push) == [
        "Locker(id: 1).viewDidLoad", "NavigationController.willPush(Locker(id: 1), animated: false)",
        "Locker(id: 1).willMove(toParent: NavigationController)", "Locker(id: 1).joined",
        "Catalog().viewWillDisappear(animated: false)", "Locker(id: 1).viewWillAppear(animated: false)",
        "NavigationController.willShow(Locker(id: 1), animated: false)",
        "Catalog().viewDidDisappear(animated: false)", "Locker(id: 1).viewDidAppear(animated: false)",
        "NavigationController.didShow(Locker(id: 1), animated: false)",
        "Locker(id: 1).didMove(toParent: NavigationController)",
        "NavigationController.didPush(Locker(id: 1), animated: false)",
        "completion(push(Locker(id: 1), onto: NavigationController, animated: false))",
      ])
  }

  /// Records a protected push of Locker(id: 1) on `app`, protected by `protection`.
  private func recordProtectedPush(on app: AppController, _ protection: any NavigationProtection) throws
    -> [RecordedInput]
  {
    let recorder = try app.startRecording()
    try app.start()
    let screen = try app.routes.makeScreen(for: AnyRoute(Locker(id: 1)))
    app.navigator.push(
      .instance(screen), options: NavigationOptions().animated(false).protect(with: protection))
    return recorder.log.inputs
  }

  @Test func aSpaceTheTableDoesNotKnowIsUnreplayableWithItsReason() throws {
    let app = try makeRecordingShop()
    try app.routes.register(Locker.self, parent: { _ in Catalog() }) { RouteScreen($0) }
    let space = LateSpace()
    space.answerAtOnce = .allow
    #expect(
      try recordProtectedPush(on: app, space) == [
        .start,
        .unreplayable(
          "push(Locker(id: 1), animated: false) protected by LockerKey: the route table doesn't know this space; "
            + "register it with RouteTable.registerProtection(_:)"),
      ])
    // The push happened: only its record is unreplayable.
    #expect(Replayed.tree(app) == "NavigationController\n  [0] Catalog()\n  [1] Locker(id: 1)")
  }

  @Test func aProtectionThatIsNotASpaceIsUnreplayableWithItsReason() throws {
    let app = try makeShop(LateSpace())
    #expect(
      try recordProtectedPush(on: app, Badge()) == [
        .start,
        .unreplayable(
          "push(Locker(id: 1), animated: false) protected by Badge: a protection that is not a ProtectionSpace "
            + "can't be named; protect the navigation with a ProtectionSpace registered with "
            + "RouteTable.registerProtection(_:)"),
      ])
  }

  @Test func twoKnownSpacesWithOneNameAreUnreplayableWithTheReason() throws {
    let app = try makeRecordingShop()
    let (first, second) = (LateSpace(), LateSpace())
    first.answerAtOnce = .allow
    try app.routes.register(Locker.self, parent: { _ in Catalog() }, protectedBy: first) { RouteScreen($0) }
    try app.routes.register(Vault.self, parent: { _ in Catalog() }, protectedBy: second) { RouteScreen($0) }
    #expect(app.routes.protectionNames == ["LockerKey"])
    #expect(
      try recordProtectedPush(on: app, first) == [
        .start,
        .unreplayable(
          "push(Locker(id: 1), animated: false) protected by LockerKey: the route table knows 2 spaces named "
            + "LockerKey; give each space its own name"),
      ])
  }

  @Test func aReplayWhoseTableKnowsNoSpaceOfTheNameThrows() throws {
    let log = SessionLog(steps: [
      .init(.start),
      .init(.protected(.push(AnyRoute(Locker(id: 1)), from: nil, animated: false), by: "Vault")),
    ])
    let app = try makeShop(LateSpace())
    let error = try #require(throws: ReplayError.self) { try log.replay(into: app) }
    #expect(error.code == .missingTarget)
    #expect(
      error.message
        == "Input 1, protected(push(Locker(id: 1), animated: false), by: Vault): the replayed app controller's "
        + "route table knows no protection space named Vault; register one with "
        + "RouteTable.registerProtection(_:) or a route's protectedBy.")
    // The start was applied; the protected push was not.
    #expect(Replayed.tree(app) == "NavigationController\n  [0] Catalog()")
  }

  @Test func registeringASecondSpaceWithANameThrowsAndChangesNothing() throws {
    let space = LateSpace()
    space.answerAtOnce = .allow
    let app = try makeShop(space)
    #expect(app.routes.protectionNames == ["LockerKey"])
    #expect(throws: RouteError.duplicateProtection("LockerKey")) {
      try app.routes.registerProtection(LateSpace())
    }
    #expect(throws: RouteError.duplicateProtection("LockerKey")) { try app.routes.registerProtection(space) }
    #expect(
      RouteError.duplicateProtection("LockerKey").description
        == "duplicateProtection: a protection space named LockerKey is known already; a name names one space in "
        + "a route table, so that a session log can name it")
    // A route's space counts too.
    let routed = try makeRecordingShop()
    try routed.routes.register(Locker.self, protectedBy: LateSpace()) { RouteScreen($0) }
    #expect(throws: RouteError.duplicateProtection("LockerKey")) {
      try routed.routes.registerProtection(space)
    }
    #expect(routed.routes.protectionNames == ["LockerKey"])
    // Nothing changed: the first space still names the protected calls.
    #expect(app.routes.protectionNames == ["LockerKey"])
    #expect(
      try recordProtectedPush(on: app, space) == [
        .start, .protected(.push(AnyRoute(Locker(id: 1)), from: nil, animated: false), by: "LockerKey"),
      ])
  }

  @Test func aProtectedInputWritesItsJSONAndReadsBack() throws {
    let app = try makeShop(LateSpace())
    let log = SessionLog(steps: [
      .init(
        .protected(.pushScreen(.type("tip"), from: nil, animated: false), by: "LockerKey", canWait: false)),
      .init(
        .protected(
          .addChild(.type("tip"), to: StatePath([.entry(0)]), in: [0], embeddedInNavigationController: false),
          by: "LockerKey"),
        events: ["LockerKey.asked(a screen of type TipScreen)"]),
    ])
    let text = String(decoding: try app.routes.encode(log), as: UTF8.self)
    #expect(
      text
        == #"{"inputs":[{"canWait":false,"input":"protected","navigation":{"animated":false,"input":"pushScreen","#
        + #""screen":{"type":"tip"}},"space":"LockerKey"},{"events":["LockerKey.asked(a screen of type TipScreen)"],"#
        + #""input":"protected","navigation":{"input":"addChild","screen":{"type":"tip"},"to":"root[0]","view":[0]},"#
        + #""space":"LockerKey"}],"sessionLog":1}"#)
    #expect(try app.routes.decodeSessionLog(Array(text.utf8)) == log)
  }

  @Test func badProtectedInputsAreTypedErrorsNamingTheRule() throws {
    let app = try makeShop(LateSpace())
    func message(_ input: String) throws -> String { try corruptLogMessage(app, input: input) }
    let push = #"{"input":"pushScreen","screen":{"type":"tip"}}"#
    #expect(
      try message(#"{"input":"protected","navigation":"# + push + "}")
        == "The protected input at .inputs[0] has no \"space\".")
    #expect(
      try message(#"{"input":"protected","space":"LockerKey"}"#)
        == "The protected input at .inputs[0] has no \"navigation\".")
    #expect(
      try message(#"{"input":"protected","space":"","navigation":"# + push + "}")
        == "The protected input at .inputs[0] names its space \"\"; a space has a name.")
    #expect(
      try message(#"{"input":"protected","space":"LockerKey","navigation":{"input":"pop"}}"#)
        == "The protected input at .inputs[0] protects a pop input; a protection guards push, presentModal, "
        + "pushScreen, presentModalScreen, popover and addChild inputs.")
    #expect(
      try message(
        #"{"input":"protected","space":"LockerKey","navigation":{"input":"protected","space":"LockerKey","#
          + #""navigation":"# + push + "}}")
        == "The protected input at .inputs[0] protects a protected input; a protection guards push, presentModal, "
        + "pushScreen, presentModalScreen, popover and addChild inputs.")
    #expect(
      try message(#"{"input":"protected","space":"LockerKey","navigation":{"input":"pushScreen"}}"#)
        == "The pushScreen input at .inputs[0].navigation has no \"screen\".")
  }
}

/// A protection that is not a protection space: no one answers for it.
final class Badge: NavigationProtection {}
