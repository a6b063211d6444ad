import Foundation
import Testing

@testable import FlowDemo

/// The demo, in process and as the built executable.
@Suite struct FlowDemoTests {
  @Test func theStackJourneyShowsTheConfirmationAndTheCancelledSwipe() throws {
    let transcript = Transcript()
    Demo.run(into: transcript)
    let lines = transcript.lines
    // Every journey ran: the last one's title is there (the executable then hosts sessions).
    #expect(lines.contains("45. A snapshot of the session, restored in a new session"))
    #expect(lines.contains("   Composer asks: discard the draft? (pending: true)"))
    // The denied back-button pop leaves the tree as it was and fires nothing.
    let denied = try #require(
      lines.firstIndex(of: "5. Back button, the user keeps the draft: nothing changes"))
    #expect(lines[denied + 1] == "   Window (visible)")
    #expect(lines.contains("   · Mail.interactivePopCancelled(Message)"))
    #expect(!lines.contains("   · Mail.didPop(Message, animated: true)"))
    #expect(
      lines.contains { $0.hasPrefix("   error [duplicatePush]: Pushing the same view controller instance") })
  }

  @Test func theModalChainIsDismissedFromItsBottomWithOnlyTheTopAnimated() throws {
    let transcript = Transcript()
    Demo.run(into: transcript)
    let presented = try Self.section(
      "8. Inbox presents Attachment full screen: Mail, which covers the window, presents it and "
        + "disappears", in: transcript.lines)
    #expect(presented.contains("   · Mail.viewDidDisappear(animated: true)"))
    #expect(
      Array(presented.suffix(2)) == [
        "      ├─ Inbox [DemoScreen] disappeared (top)",
        "      └─ presents Attachment [DemoScreen] appeared (fullScreen)",
      ])
    let sheet = try Self.section(
      "9. Attachment presents Share as a page sheet: Attachment stays on screen", in: transcript.lines)
    #expect(sheet.last == "         └─ presents Share [DemoScreen] appeared (pageSheet)")
    #expect(!sheet.contains { $0.contains("Attachment.viewWillDisappear") })
    let dismissed = try Self.section(
      "10. Inbox dismisses from the bottom: the whole chain goes, only Share animates",
      in: transcript.lines)
    #expect(
      dismissed == [
        "   (completion: Mail is back)",
        "   · Share.viewWillDisappear(animated: true)",
        "   · Attachment.viewWillDisappear(animated: false)",
        "   · Mail.viewWillAppear(animated: true)",
        "   · Inbox.viewWillAppear(animated: true)",
        "   · Share.viewDidDisappear(animated: true)",
        "   · Attachment.viewDidDisappear(animated: false)",
        "   · Mail.viewDidAppear(animated: true)",
        "   · Inbox.viewDidAppear(animated: true)",
        "   · Share.left(dismissed(programmatic) of Attachment)",
        "   · Attachment.left(dismissed(programmatic) of Attachment)",
        "   · completion(dismiss(Inbox, animated: true))",
        "   Window (visible)",
        "   └─ Mail [NavigationController] appeared",
        "      └─ Inbox [DemoScreen] appeared (top)",
      ])
  }

  @Test func thePopoverIsDismissedByATapOutsideAndAdaptsOnCompactWidth() throws {
    let transcript = Transcript()
    Demo.run(into: transcript)
    let lines = transcript.lines
    let shown = try Self.section(
      "11. Album presents Filters as a popover from its Filter button (regular width)", in: lines)
    #expect(shown.first == "   shown as a popover: true")
    #expect(shown.last == "      └─ presents Filters [DemoScreen] appeared (popover)")
    let tapped = try Self.section("12. A tap outside the popover dismisses it", in: lines)
    #expect(
      tapped == [
        "   (delegate: a tap outside dismissed Filters)",
        "   dismissed: true",
        "   · Filters.popoverShouldDismiss",
        "   · Filters.viewWillDisappear(animated: true)",
        "   · Filters.viewDidDisappear(animated: true)",
        "   · Filters.left(dismissed(tapOutside) of Filters)",
        "   · Filters.popoverDidDismiss",
        "   Window (visible)",
        "   └─ Photos [NavigationController] appeared",
        "      └─ Album [DemoScreen] appeared (top)",
      ])
    let adapted = try Self.section(
      "13. The same popover on a compact-width window adapts to a sheet", in: lines)
    #expect(
      Array(adapted.prefix(2)) == [
        "   shown as: pageSheet", "   · Filters.adaptivePresentationStyle -> automatic",
      ])
    let ignored = try Self.section("14. A tap outside does nothing to a sheet", in: lines)
    #expect(ignored.first == "   dismissed: false")
    #expect(!ignored.contains { $0.hasPrefix("   · ") })
    let swiped = try Self.section("15. A swipe down dismisses the sheet", in: lines)
    #expect(
      Array(swiped.prefix(7)) == [
        "   (delegate: a swipe dismissed Filters)",
        "   · Filters.presentationControllerShouldDismiss",
        "   · Filters.presentationControllerWillDismiss",
        "   · Filters.viewWillDisappear(animated: true)",
        "   · Filters.viewDidDisappear(animated: true)",
        "   · Filters.left(dismissed(sheetSwipe) of Filters)",
        "   · Filters.presentationControllerDidDismiss",
      ])
    #expect(swiped.last == "      └─ Album [DemoScreen] appeared (top)")
  }

  @Test func theNavigatorJourneyConfiguresBeforeShowingAndRefusesMisuseWithTheTreeUnchanged() throws {
    let transcript = Transcript()
    Demo.run(into: transcript)
    let lines = transcript.lines
    let started = try Self.section(
      "17. An AppController starts Wallet inside a navigation controller", in: lines)
    #expect(
      started.suffix(2) == [
        "   └─ Pay [NavigationController] appeared", "      └─ Wallet [DemoScreen] appeared (top)",
      ])
    let pushed = try Self.section(
      "18. The navigator pushes CardForm with a card, configured before it is shown", in: lines)
    #expect(
      Array(pushed.prefix(3)) == [
        "   configure: card •••• 4242, view loaded: true, on screen: false",
        "   (completion: CardForm on screen, background systemBackground)",
        "   · CardForm.viewDidLoad",
      ])
    let wrapped = try Self.section(
      "19. Help is presented modally, wrapped in a navigation controller", in: lines)
    #expect(
      wrapped.suffix(2) == [
        "      └─ presents NavigationController [NavigationController] appeared (pageSheet)",
        "         └─ Help [DemoScreen] appeared (top)",
      ])
    let popover = try Self.section("20. Scanner is shown as a popover from CardForm's Scan button", in: lines)
    #expect(popover.last == "      └─ presents Scanner [DemoScreen] appeared (popover)")
    let children = try Self.section("21. A dashboard gets two child screens, then loses one", in: lines)
    #expect(children.contains("   · News.willMove(toParent: nil)"))
    #expect(children.contains("   · News.didMove(toParent: nil)"))
    #expect(
      children.suffix(2) == [
        "      └─ Dashboard [DemoScreen] appeared (top)", "         └─ Weather [DemoScreen] appeared",
      ])
    let misuse = try Self.section(
      "22. Pushing CardForm again, while it is in the stack (report policy)", in: lines)
    #expect(misuse.first == "   onFailure: duplicatePush")
    #expect(misuse.filter { $0.hasPrefix("   · ") }.count == 1)
    #expect(misuse.suffix(5) == children.suffix(5))
  }

  @Test func theBuiltExecutableRunsAndExitsZero() throws {
    let executable = try #require(Self.builtExecutable(), "FlowDemo was not found next to the test bundle")
    let process = Process()
    process.executableURL = executable
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 0)
    #expect(output.hasSuffix("Done.\n"))
    #expect(output.contains("2. A mail stack appears"))
    #expect(output.contains("12. A tap outside the popover dismisses it"))
    #expect(output.contains("22. Pushing CardForm again, while it is in the stack (report policy)"))
    #expect(output.contains("34. After: no live flow, and nothing holds the ended ones"))
    #expect(output.contains("   evicted: 0 live sessions, 10000 snapshot files"))
  }

  /// The lines of the section with the given title, up to the blank line that ends it.
  @Test func requestsWaitAsValuesAndEveryScreenThatLeavesSaysHow() throws {
    let transcript = Transcript()
    Demo.run(into: transcript)
    let lines = transcript.lines
    #expect(
      try Self.section(
        "23. Post is pushed, animated; Profile and a pop are asked for while it moves", in: lines) == [
          "   + Post joined",
          "   structure already changed: Feed, Post",
          "   waiting: push(Profile, onto: Social, animated: true)",
          "   waiting: pop(from: Social, animated: true)",
          "   + Profile joined",
          "   - Profile left: popped(programmatic) of Profile",
          "   settled: Feed, Post",
        ])
    #expect(
      try Self.section("24. A back swipe that is cancelled, then one that is committed", in: lines) == [
        "   (cancelled: Post stays, nothing left)",
        "   - Post left: popped(interactiveSwipe) of Post",
      ])
    #expect(
      try Self.section("25. Compose is presented as a sheet, then swiped down", in: lines) == [
        "   + Compose joined",
        "   - Compose left: dismissed(sheetSwipe) of Compose",
      ])
    #expect(
      try Self.section("26. A new root replaces the stack: every screen in it leaves", in: lines) == [
        "   + SignIn joined",
        "   - Feed left: rootReplaced of Social",
        "   - Social left: rootReplaced of Social",
      ])
  }

  @Test func flowsEndOnceChildrenFirstAndAreReleased() throws {
    let transcript = Transcript()
    Demo.run(into: transcript)
    let lines = transcript.lines
    #expect(
      try Self.section(
        "31. A sign-up flow runs as a sheet; it runs a terms flow, pushed onto its stack", in: lines) == [
          "   SignUpFlow#1 running, first screen Email, modal(pageSheet, embedded)",
          "   └─ TermsFlow#2 running, first screen Terms, push",
          "   · SignUpFlow#1.started(Email)",
          "   · TermsFlow#2.started(Terms)",
        ])
    #expect(
      try Self.section(
        "32. The user accepts the terms: the terms flow finishes, and can't finish twice", in: lines) == [
          "   TermsFlow's outcome: finished(true)",
          "   error [flowAlreadyEnded]: Can't finish TermsFlow#2: it already ended (finished); a flow ends once.",
          "   · TermsFlow#2.ended(finished)",
          "   the sign-up's screens: NavigationController, Email",
        ])
    #expect(
      try Self.section(
        "33. A password flow runs; the user swipes the sheet down: the child ends first", in: lines) == [
          "   SignUpFlow#1 running, first screen Email, modal(pageSheet, embedded)",
          "   └─ PasswordFlow#3 running, first screen Password, push",
          "   PasswordFlow's outcome: replaced(dismissed(sheetSwipe) of NavigationController)",
          "   SignUpFlow's outcome: dismissed(dismissed(sheetSwipe) of NavigationController)",
          "   · PasswordFlow#3.started(Password)",
          "   · PasswordFlow#3.ended(replaced(dismissed(sheetSwipe) of NavigationController))",
          "   · SignUpFlow#1.ended(dismissed(dismissed(sheetSwipe) of NavigationController))",
        ])
    #expect(
      try Self.section("34. After: no live flow, and nothing holds the ended ones", in: lines) == [
        "   (no live flows)",
        "   released: true",
      ])
  }

  @Test func deepLinksAddWhatIsMissingCrossBranchesAndRefuseBadURLs() throws {
    let transcript = Transcript()
    Demo.run(into: transcript)
    let lines = transcript.lines
    #expect(
      try Self.section("36. Open a link that adds one screen to what is shown", in: lines) == [
        "   open shop://catalog/products/42",
        "   1. push ShopProduct(id: 42) onto root",
        "   the tree:",
        "     NavigationController",
        "       [0] ShopCatalog()",
        "       [1] ShopProduct(id: 42)",
      ])
    #expect(
      try Self.section(
        "38. Open another product: the sheet goes and the top is replaced, in one navigation", in: lines) == [
          "   open shop://catalog/products/7",
          "   1. dismiss what root presents",
          "   2. set the stack of root to [ShopCatalog(), ShopProduct(id: 7)]",
          "   the tree:",
          "     NavigationController",
          "       [0] ShopCatalog()",
          "       [1] ShopProduct(id: 7)",
        ])
    #expect(
      try Self.section("39. A malformed link: a typed error, nothing changes", in: lines) == [
        "   open shop://catalog/products/4%2",
        "   error: malformedURL: 'shop://catalog/products/4%2': '%' is not followed by two hexadecimal digits",
        "   the tree:",
        "     NavigationController",
        "       [0] ShopCatalog()",
        "       [1] ShopProduct(id: 7)",
      ])
  }

  @Test func aProtectedLinkSignsInFirstResumesAndASnapshotRestores() throws {
    let transcript = Transcript()
    Demo.run(into: transcript)
    let lines = transcript.lines
    #expect(
      try Self.section("41. A deep link to a protected screen: the sign-in flow runs first", in: lines) == [
        "   open shop://account/orders",
        "   result: waiting for the sign-in",
        "   SignIn.asked(ShopOrders())",
        "   SignIn.required(ShopOrders())",
        "   SignInFlow#1.started(SignIn)",
        "   shown: [Catalog] presenting NavigationController",
      ])
    #expect(
      try Self.section(
        "42. Signing in finishes the flow: the link resumes, planned from that moment", in: lines)
        == [
          "   result: opened in 1 step(s)",
          "   SignInFlow#1.ended(finished)",
          "   SignIn.allowed(ShopOrders())",
          "   Orders.cacheStored(#1, key: ShopOrders[ShopOrders()])",
          "   shown: [Catalog, Orders]",
        ])
    #expect(
      try Self.section(
        "43. Back, then the same link within the keep-alive lifetime: the same Orders screen", in: lines) == [
          "   result: opened in 1 step(s)",
          "   SignIn.asked(ShopOrders())",
          "   SignIn.allowed(ShopOrders())",
          "   Orders.cacheHit(#1)",
          "   shown: [Catalog, Orders]; the same instance: true",
        ])
    #expect(
      try Self.section("44. Signed out, the sign-in cancelled: protectionDenied, nothing changes", in: lines)
        == [
          "   error: protectionDenied: SignIn denied the navigation to NavigationController[ShopCatalog(), "
            + "ShopOrders()] (ShopOrders() is protected): SignInFlow#2 was cancelled: SignInFlow#2 cancelled itself.",
          "   SignIn.asked(ShopOrders())",
          "   SignIn.required(ShopOrders())",
          "   SignInFlow#2.started(SignIn)",
          "   SignInFlow#2.ended(cancelled(flowCancelled))",
          "   SignIn.denied(ShopOrders())",
          "   shown: [Catalog]",
        ])
    let restored = try Self.section("45. A snapshot of the session, restored in a new session", in: lines)
    #expect(
      restored.dropFirst() == ["   restored in 2 step(s)", "   the same tree: true"] + restored.suffix(6))
    // The Orders screen kept alive off screen (section 43) is saved with what is left of its
    // minute, which depends on the clock.
    let snapshotLine = try #require(restored.first)
    #expect(snapshotLine.hasPrefix(#"   {"keptAlive":[{"route":{"route":"Orders","value":{}},"seconds":"#))
    #expect(snapshotLine.contains(#"}],"navigationSnapshot":1,"state":{"root":"#))
  }

  @Test func hostedSessionsAreSavedToFilesEvictedAndRestored() async throws {
    let transcript = Transcript()
    await Demo.hostingJourney(into: transcript, sessions: 300)
    let lines = transcript.lines
    #expect(
      try Self.section(
        "46. 300 shop sessions in one host, saved to a temporary directory, three restored", in: lines) == [
          "   hosted: 300 live sessions",
          "   evicted: 0 live sessions, 300 snapshot files",
          "   session-0 restored:",
          "     NavigationController",
          "       [0] ShopCatalog()",
          "       [1] ShopProduct(id: 0)",
          "   session-1 restored:",
          "     NavigationController",
          "       [0] ShopCatalog()",
          "       [1] ShopProduct(id: 1)",
          "       presents pageSheet:",
          "         NavigationController",
          "           [0] ShopReviews(productID: 1)",
          "   session-2 restored:",
          "     NavigationController",
          "       [0] ShopCatalog()",
          "   live after restoring three: 3",
        ])
  }

  @Test func twoHostsOverOneStoreAndTheOlderCopyIsDropped() async throws {
    let transcript = Transcript()
    await Demo.sharedStoreJourney(into: transcript)
    let product = ["     NavigationController", "       [0] ShopCatalog()", "       [1] ShopProduct(id: 7)"]
    let reviews =
      product + [
        "       presents pageSheet:", "         NavigationController",
        "           [0] ShopReviews(productID: 7)",
      ]
    #expect(
      try Self.section(
        "47. Two hosts over one store: the host with the older copy drops it", in: transcript.lines)
        == ["   first host, saved:"] + product
        + ["   second host, restored from the store, changed and saved:"] + reviews
        + ["   first host's copy, now older than the store's:"] + product
        + ["   first host discards its copy: was live true", "   first host, restored from the store:"]
        + reviews
        + [
          "   second host releases its idle sessions without saving: [\"shared\"]; the store's snapshot unchanged: true"
        ])
  }

  private static func section(
    _ title: String, in lines: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String] {
    let start = try #require(
      lines.firstIndex(of: title), "no section titled \"\(title)\"", sourceLocation: sourceLocation)
    let body = lines[(start + 1)...]
    return Array(body.prefix { !$0.isEmpty })
  }

  /// The FlowDemo binary that SwiftPM built beside the test bundle.
  private static func builtExecutable() -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("FlowDemo")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }
}
