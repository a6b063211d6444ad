import AppFlow
import Navigator
import Testing

/// Every kind of input, recorded on one app controller and replayed into a fresh one: the
/// same inputs, the same events, input for input, and the same state.
@Suite struct RecordReplayTests {
  @Test func appControllerCallsRoundTrip() throws {
    let log = try expectRoundTrip(
      inputs: [
        "start()", "open(\"shop://catalog/products/42\", animated: false)",
        "navigate(to: Reviews(productID: 42))", "navigate(to: [Catalog(), Preview()], animated: false)",
        "open(\"shop://nowhere\")", "stop()", "start()",
      ]
    ) { app in
      try app.start()
      app.open("shop://catalog/products/42", animated: false)
      app.navigate(to: Reviews(productID: 42))
      app.navigate(to: [Catalog(), Preview()], animated: false)
      app.open("shop://nowhere")
      app.stop()
      try app.start()
    }
    #expect(log.start == nil)
    #expect(
      log.steps[1].events?.contains("NavigationController.didPush(Product(id: 42), animated: false)") == true)
    #expect(log.end == "NavigationController\n  [0] Catalog()")
  }

  @Test func restorationsRoundTrip() throws {
    let shop = try makeRecordingShop()
    try shop.start()
    shop.navigate(to: Compose(productID: 7), animated: false)
    let snapshot = try shop.snapshot()
    try expectRoundTrip(inputs: [
      "start()", "restore(\(snapshot.state.description.oneLineForTest), animated: false)",
    ]) { app in
      try app.start()
      app.restore(snapshot)
    }
  }

  @Test func navigatorCallsRoundTrip() throws {
    try expectRoundTrip(
      inputs: [
        "start()", "push(Product(id: 1))",
        "presentModal(Reviews(productID: 1), style: formSheet, animated: false)",
        "push(Compose(productID: 1), from: root.presented)", "pop(from: root.presented)",
        "navigate(to: NavigationController / [0] Catalog() / [1] Product(id: 2), animated: false)", "pop()",
      ]
    ) { app in
      try app.start()
      app.navigator.push(.instance(try app.routes.makeScreen(for: AnyRoute(Product(id: 1)))))
      app.navigator.presentModal(
        .instance(try app.routes.makeScreen(for: AnyRoute(Reviews(productID: 1)))), style: .formSheet,
        options: NavigationOptions().animated(false))
      let sheet = try #require(app.navigator.visibleViewController)
      app.navigator.push(
        .instance(try app.routes.makeScreen(for: AnyRoute(Compose(productID: 1)))),
        options: NavigationOptions().from(sheet))
      app.navigator.pop(options: NavigationOptions().from(try #require(app.navigator.visibleViewController)))
      app.navigator.navigate(
        to: NavigationState(root: .stack([.screen(AnyRoute(Catalog())), .screen(AnyRoute(Product(id: 2)))])),
        options: StateNavigationOptions().animated(false))
      app.navigator.pop()
    }
  }

  @Test func dismissalsAndEmbeddedPresentationsRoundTrip() throws {
    try expectRoundTrip(
      inputs: [
        "start()", "presentModal(Reviews(productID: 1), style: pageSheet, in: NavigationController)",
        "push(Compose(productID: 1), from: root.presented)", "dismiss(from: root.presented[1])",
        "presentModal(Preview(), animated: false)", "dismiss(animated: false)",
      ]
    ) { app in
      try app.start()
      app.navigator.presentModal(
        .instance(try app.routes.makeScreen(for: AnyRoute(Reviews(productID: 1)))), style: .pageSheet,
        options: NavigationOptions().embedded(in: .navigationController))
      let sheet = try #require(app.rootNavigationController?.presentedViewController)
      app.navigator.push(
        .instance(try app.routes.makeScreen(for: AnyRoute(Compose(productID: 1)))),
        options: NavigationOptions().from(sheet))
      app.navigator.dismiss(
        options: NavigationOptions().from(try #require(app.navigator.visibleViewController)))
      app.navigator.presentModal(
        .instance(try app.routes.makeScreen(for: AnyRoute(Preview()))),
        options: NavigationOptions().animated(false))
      app.navigator.dismiss(options: NavigationOptions().animated(false))
    }
  }

  @Test func flowsRoundTrip() throws {
    try expectRoundTrip(
      inputs: [
        "start()", "run(Review on Reviews(productID: 3), as: modal(pageSheet, embedded))",
        "cancelFlow(at: 0, animated: false)",
      ]
    ) { app in
      try app.start()
      let flow = ReviewFlow(AnyRoute(Reviews(productID: 3)), table: app.routes)
      app.run(flow, as: .sheet(embeddedInNavigationController: true))
      flow.cancel(animated: false)
    }
  }

  @Test func gesturesRoundTrip() throws {
    try expectRoundTrip(
      inputs: [
        "start()", "navigate(to: Compose(productID: 5), animated: false)", "tapBackButton(root.presented)",
        "beginInteractiveDismissal(root.presented)", "cancelInteractiveDismissal(root.presented)",
        "beginInteractiveDismissal(root.presented)", "finishInteractiveDismissal(root.presented)",
        "beginInteractivePop(root)", "updateInteractivePop(root, progress: 0.5)",
        "cancelInteractivePop(root)",
        "beginInteractivePop(root)", "finishInteractivePop(root)", "navigate(to: Filters(), animated: false)",
        "tapOutsidePopover()",
      ]
    ) { app in
      try app.start()
      app.navigate(to: Compose(productID: 5), animated: false)
      let sheet = try #require(app.rootNavigationController?.presentedViewController as? NavigationController)
      sheet.navigationBar.tapBackButton()
      sheet.presentationController?.beginInteractiveDismissal()
      sheet.presentationController?.cancelInteractiveDismissal()
      sheet.presentationController?.beginInteractiveDismissal()
      sheet.presentationController?.finishInteractiveDismissal()
      let root = try #require(app.rootNavigationController)
      root.beginInteractivePop()
      root.updateInteractivePop(progress: 0.5)
      root.cancelInteractivePop()
      root.beginInteractivePop()
      root.finishInteractivePop()
      app.navigate(to: Filters(), animated: false)
      app.window.tapOutsidePopover()
    }
  }

  @Test func lateGuardAnswersRoundTrip() throws {
    var variation = ShopVariation()
    variation.productGuard = .some(nil)
    try expectRoundTrip(
      variation: variation,
      inputs: [
        "start()", "navigate(to: Product(id: 8), animated: false)", "tapBackButton(root)",
        "answerPopDecision(at: root, allowed: false)", "tapBackButton(root)",
        "answerPopDecision(at: root, allowed: true)",
      ]
    ) { app in
      try app.start()
      app.navigate(to: Product(id: 8), animated: false)
      let root = try #require(app.rootNavigationController)
      let product = try #require(root.topViewController as? AskingScreen)
      root.navigationBar.tapBackButton()
      try #require(product.decision).deny()
      root.navigationBar.tapBackButton()
      try #require(product.decision).allow()
    }
  }

  @Test func aManualSchedulersCallsRoundTrip() throws {
    let scheduler = ManualScheduler()
    try expectRoundTrip(
      scheduler: scheduler,
      inputs: [
        "start()", "runLoopTurn()", "finishTransitions()", "navigate(to: Product(id: 9))", "runLoopTurn()",
        "advance(by: 0.1 seconds)", "advance(by: 0.3 seconds)", "tapBackButton(root)", "settle(limit: 10000)",
      ]
    ) { app in
      try app.start()
      scheduler.runLoopTurn()
      scheduler.finishTransitions()
      app.navigate(to: Product(id: 9))
      scheduler.runLoopTurn()
      scheduler.advance(by: .milliseconds(100))
      scheduler.advance(by: .milliseconds(300))
      app.rootNavigationController?.navigationBar.tapBackButton()
      scheduler.settle()
    }
  }

  @Test func whatScreensDoThemselvesIsNotAnInput() throws {
    let log = try expectRoundTrip(inputs: ["start()", "navigate(to: Eager())"]) { app in
      try app.start()
      app.navigate(to: Eager())
    }
    #expect(log.end == "NavigationController\n  [0] Catalog()\n  [1] Eager()\n  [2] Compose(productID: 1)")
  }

  @Test func refusedCallsReplayRefused() throws {
    let log = try expectRoundTrip(inputs: [
      "start()", "pop()", "tapBackButton(root)", "finishInteractivePop(root)",
    ]) { app in
      try app.start()
      app.navigator.pop()
      app.rootNavigationController?.navigationBar.tapBackButton()
      app.rootNavigationController?.finishInteractivePop()
    }
    #expect(
      log.steps.dropFirst().map { $0.events ?? [] } == [
        ["misuse[invalidRequest]: Can't pop from NavigationController: only its root screen is left."],
        [],
        [
          "misuse[interactivePopInProgress]: Can't finish a back swipe on NavigationController: none is in "
            + "progress."
        ],
      ])
  }
}

extension String {
  /// A state's text tree on one line, as a recorded input describes it.
  var oneLineForTest: String {
    split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " / ")
  }
}
