import AppFlow
import Navigator
import Testing

@Suite struct ProtectionBehaviourTests {
  private func options(
    _ space: TestSpace, _ deliver: @escaping (Delivered) -> Void
  ) -> NavigationOptions<LoggedScreen> {
    NavigationOptions<LoggedScreen>().animated(false).protect(with: space)
      .onFailure { deliver(.failed($0.code)) }
      .completion { deliver(.shown($0.title ?? "?")) }
  }

  private func vault(_ log: MadeLog, _ name: String = "Vault") -> Destination<LoggedScreen> {
    .make { LoggedScreen(name, log: log) }
  }

  private static func describe(_ result: Result<NavigationPlan<AnyRoute>, RouteError>) -> String {
    switch result {
    case .success: "opened"
    case .failure(let error): "\(error)"
    }
  }

  private func stack(_ app: AppController) -> [String] {
    app.rootNavigationController?.viewControllers.map { $0.title ?? "?" } ?? []
  }

  @Test func theJournalTellsTheSignInStoryInOrderWithTheScreensEvents() throws {
    let space = TestSpace(.signedIn)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log)
    var delivered: [Delivered] = []
    app.navigator.push(vault(log), options: options(space) { delivered.append($0) })
    try space.endSignIn(in: app)
    #expect(delivered == [.shown("Vault")])
    #expect(
      notes(app) == [
        "SignIn.asked(a screen of type LoggedScreen)",
        "SignIn.required(a screen of type LoggedScreen)",
        "SignInFlow#1.started(SignIn)",
        "SignInFlow#1.ended(finished)",
        "SignIn.allowed(a screen of type LoggedScreen)",
      ])
    #expect(stack(app) == ["Lobby", "Vault"])
    #expect(app.rootNavigationController?.presentedViewController == nil, "the sign-in sheet went first")
  }

  @Test func aDenialNamesTheSpaceTheScreenAndTheReasonAndChangesNothing() throws {
    let space = TestSpace(.denied)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log)
    let before = app.window.navigationState(keyedBy: AnyRoute.self)
    #expect {
      try app.navigator.tryPush(vault(log), options: NavigationOptions().protect(with: space))
    } throws: { error in
      let error = error as? NavigationError
      return error?.code == .protectionDenied
        && error?.message
          == "SignIn denied the push of a screen of type LoggedScreen (a screen of type LoggedScreen is "
          + "protected): no one is signed in."
    }
    #expect(app.window.navigationState(keyedBy: AnyRoute.self) == before)
    #expect(log.events == [])
    #expect(
      notes(app) == [
        "SignIn.asked(a screen of type LoggedScreen)", "SignIn.denied(a screen of type LoggedScreen)",
      ])
    #expect(
      !app.window.journal.events.contains { if case .misuse = $0 { true } else { false } },
      "a denial is not a misuse")
  }

  @Test func tryFormsTakeOnlyAnAnswerGivenAtOnce() throws {
    for answer in [SpaceAnswer.allowed, .signedIn] {
      let space = TestSpace(answer)
      let log = MadeLog()
      let app = try makeVaultApp(space: space, log: log)
      if answer == .allowed {
        let screen = try app.navigator.tryPush(
          vault(log), options: NavigationOptions().animated(false).protect(with: space))
        #expect(screen.title == "Vault")
        #expect(stack(app) == ["Lobby", "Vault"])
        continue
      }
      #expect(throws: NavigationError.self) {
        try app.navigator.tryPresentModal(vault(log), options: NavigationOptions().protect(with: space))
      }
      #expect(log.events == [], "nothing made")
      #expect(app.liveFlows.isEmpty, "a try form doesn't run the sign-in it can't wait for")
      do {
        try app.navigator.tryPush(vault(log), options: NavigationOptions().protect(with: space))
        Issue.record("tryPush should throw")
      } catch {
        #expect(error.code == .protectionPending)
        #expect(
          error.message
            == "Can't run the push of a screen of type LoggedScreen now: SignIn did not answer at once, and a try "
            + "form can't wait; use the form with a completion, or the async one.")
      }
      #expect(app.window.navigationState(keyedBy: AnyRoute.self).description.contains("Vault") == false)
    }
  }

  @Test func twoProtectedRequestsShareOneSignInAndResumeInOrder() throws {
    let space = TestSpace(.signedIn)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log)
    var delivered: [Delivered] = []
    app.navigator.push(vault(log, "First"), options: options(space) { delivered.append($0) })
    app.navigator.push(vault(log, "Second"), options: options(space) { delivered.append($0) })
    #expect(app.liveFlows.map(\.name) == ["SignInFlow"], "one sign-in for both")
    #expect(space.signIns.count == 2, "the space answered both; the second flow never ran")
    #expect(space.signIns[1].state == .ready)
    #expect(delivered == [])
    space.signIns[0].finish("alice", animated: false)
    #expect(delivered == [.shown("First"), .shown("Second")])
    #expect(stack(app) == ["Lobby", "First", "Second"])
    // The second push arrives while the first runs: made at once, it waits in the queue and
    // loads when its turn comes, as any queued push does.
    #expect(log.events == ["First.init", "Second.init", "First.viewDidLoad", "Second.viewDidLoad"])
  }

  @Test func aNewerNavigationToAStateSupersedesAWaitingOne() throws {
    let space = TestSpace(.signedIn)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log)
    var first: [String] = []
    var second: [String] = []
    app.navigate(to: Vault(), animated: false) { result in
      first.append(Self.describe(result))
    }
    var pushed: [Delivered] = []
    app.navigator.push(vault(log, "Pushed"), options: options(space) { pushed.append($0) })
    #expect(first == [] && pushed == [])
    app.navigate(to: Annex(), animated: false) { result in
      second.append(Self.describe(result))
    }
    #expect(first.count == 1)
    #expect(first.first?.contains("superseded") == true, "\(first)")
    #expect(pushed == [.failed(.superseded)], "every waiting navigation is superseded")
    #expect(second == ["opened"])
    #expect(app.liveFlows.isEmpty, "the sign-in sheet was replaced by Annex")
    #expect(app.rootNavigationController?.presentedViewController?.title == "Annex")
    #expect(log.events == [])
  }

  @Test func aProtectionThatNeverAnswersBlocksNothingElse() throws {
    let silent = TestSpace(SpaceAnswer.silent)
    let log = MadeLog()
    let one = try makeVaultApp(space: silent, log: log)
    let other = TestSpace(.allowed)
    let two = try makeVaultApp(space: other, log: log)
    var delivered: [Delivered] = []
    one.navigator.push(vault(log, "Waiting"), options: options(silent) { delivered.append($0) })
    two.navigator.push(vault(log, "OtherWindow"), options: options(other) { delivered.append($0) })
    one.navigator.push(
      .instance(LoggedScreen("Unprotected", log: log)), options: NavigationOptions().animated(false))
    #expect(delivered == [.shown("OtherWindow")])
    #expect(stack(one) == ["Lobby", "Unprotected"])
    #expect(stack(two) == ["Lobby", "OtherWindow"])
    // Answering late still works: planned from the state at that moment.
    silent.pending[0](.allow)
    #expect(delivered == [.shown("OtherWindow"), .shown("Waiting")])
    #expect(stack(one) == ["Lobby", "Unprotected", "Waiting"])
    silent.pending[0](.deny("too late"))
    #expect(delivered.count == 2, "a second answer is ignored")
  }

  @Test func stoppingOrReleasingTheAppRefusesWaitingNavigationsOnce() throws {
    let space = TestSpace(SpaceAnswer.silent)
    let log = MadeLog()
    var delivered: [Delivered] = []
    let app = try makeVaultApp(space: space, log: log)
    app.navigator.push(vault(log), options: options(space) { delivered.append($0) })
    app.stop()
    #expect(delivered == [.failed(.appStopped)])
    space.pending[0](.allow)
    #expect(delivered == [.failed(.appStopped)], "a late answer runs nothing on a stopped app")

    var released: AppController? = try makeVaultApp(space: space, log: log)
    released?.open("vault://lobby/vault", animated: false) { result in
      if case .failure(.refused(let error)) = result { delivered.append(.failed(error.code)) }
    }
    released = nil
    #expect(delivered == [.failed(.appStopped), .failed(.appStopped)], "no caller waits for ever")
    #expect(log.events == [])
  }

  @Test func aScreenAlreadyShownIsNotAskedAgain() throws {
    let space = TestSpace(.allowed)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log)
    var results: [String] = []
    app.navigate(to: Vault(), animated: false) { results.append("\($0.map(\.steps.count))") }
    app.open("vault://lobby/vault/7", animated: false) { results.append("\($0.map(\.steps.count))") }
    #expect(results == ["success(1)", "success(1)"])
    #expect(space.asked == ["Vault()"], "Vault was shown already when the link came")
    #expect(stack(app) == ["Lobby", "Vault", "VaultItem7"])
  }

  @Test func aProtectedNavigationWithoutAGatekeeperIsAMisuse() throws {
    let window = Window(misusePolicy: .report)
    window.rootViewController = NavigationController(rootViewController: NamedScreen("Root"))
    window.makeKeyAndVisible()
    window.journal.isEnabled = true
    let navigator = Navigator(window: window)
    let log = MadeLog()
    let space = TestSpace(.allowed)
    #expect(navigator.push(vault(log), options: NavigationOptions().protect(with: space)) == nil)
    #expect(log.events == [] && space.asked == [])
    let misuse = window.journal.events.compactMap { event -> NavigationError? in
      if case .misuse(let error) = event { error } else { nil }
    }
    #expect(misuse.map(\.code) == [.noGatekeeper])
    #expect(
      misuse.first?.message
        == "Can't run the push of a screen of type LoggedScreen: it is protected by SignIn, and the navigator has "
        + "no gatekeeper to ask; an AppController installs one.")
  }

  @Test func underAManualSchedulerTheNavigationRunsAfterTheSignInSheetLeft() throws {
    let scheduler = ManualScheduler()
    let space = TestSpace(.signedIn)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log, scheduler: scheduler)
    var delivered: [Delivered] = []
    app.navigator.push(
      vault(log),
      options: NavigationOptions<LoggedScreen>().protect(with: space)
        .onFailure { delivered.append(.failed($0.code)) }
        .completion { delivered.append(.shown($0.title ?? "?")) })
    scheduler.settle()
    #expect(app.rootNavigationController?.presentedViewController != nil, "the sign-in sheet is up")
    space.signIns[0].finish("alice")
    #expect(log.events == [], "nothing made while the sheet leaves")
    scheduler.settle()
    #expect(delivered == [.shown("Vault")])
    #expect(stack(app) == ["Lobby", "Vault"])
  }

  @Test func asyncFormsThrowADenialAndAFlowEndsCancelled() async throws {
    let space = TestSpace(.denied)
    let log = MadeLog()
    let app = try makeVaultApp(space: space, log: log)
    do {
      _ = try await app.navigator.pushAndWait(vault(log), options: NavigationOptions().protect(with: space))
      Issue.record("the async push should throw")
    } catch {
      #expect(error.code == .protectionDenied)
    }
    let flow = ProtectionMatrixTests.VaultFlow(space, log)
    let outcome = try await app.runAndWait(flow, as: .push, animated: false)
    guard case .cancelled(let error) = outcome else {
      Issue.record("expected cancelled, got \(outcome)")
      return
    }
    #expect(error.code == .protectionDenied)
    #expect(flow.state == .ended(.cancelled(error)), "a denied flow can't run again")
    #expect(throws: NavigationError.self) { try app.tryRun(flow, as: .push) }
    #expect(log.events == [])
  }

  @Test func theSeedsCallbackShapeAllowsWaitsAndFails() throws {
    final class SeedSpace: CallbackProtectionSpace {
      var protects: Bool
      var unprotect: (() -> Void)?
      var failure: ((any Error) -> Void)?
      init(protects: Bool) { self.protects = protects }
      func shouldProtect(unprotect: @escaping () -> Void, failure: @escaping (any Error) -> Void) -> Bool {
        self.unprotect = unprotect
        self.failure = failure
        return protects
      }
    }
    struct Cancelled: Error, CustomStringConvertible { var description: String { "the user cancelled" } }
    let log = MadeLog()
    let open = SeedSpace(protects: false)
    let app = try makeVaultApp(space: TestSpace(.allowed), log: log)
    var delivered: [Delivered] = []
    let deliver: (Delivered) -> Void = { delivered.append($0) }
    func options(_ space: SeedSpace) -> NavigationOptions<LoggedScreen> {
      NavigationOptions<LoggedScreen>().animated(false).protect(with: space)
        .onFailure { deliver(.failed($0.code)) }.completion { deliver(.shown($0.title ?? "?")) }
    }
    app.navigator.push(vault(log, "Open"), options: options(open))
    let held = SeedSpace(protects: true)
    app.navigator.push(vault(log, "Held"), options: options(held))
    #expect(delivered == [.shown("Open")])
    held.unprotect?()
    let failing = SeedSpace(protects: true)
    app.navigator.push(vault(log, "Failing"), options: options(failing))
    failing.failure?(Cancelled())
    failing.unprotect?()
    #expect(delivered == [.shown("Open"), .shown("Held"), .failed(.protectionDenied)])
    #expect(stack(app) == ["Lobby", "Open", "Held"])
  }
}
