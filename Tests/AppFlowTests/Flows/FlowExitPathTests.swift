import AppFlow
import Navigator
import Testing

/// Every way a flow's first screen leaves, at nesting depths 1 to 3: the outcomes, in order,
/// once each, children first, and nothing left alive.
@Suite struct FlowExitPathTests {
  /// How the flows of one test show their first screens.
  enum Layout {
    /// Every flow pushed onto the root stack: Home, F1, F2, F3.
    case pushed
    /// F1 pushed onto the root stack, each deeper flow a child of its parent's first screen.
    case childrenOfPushed
    /// F1 a sheet inside its own navigation controller, each deeper flow pushed onto it.
    case sheet
    /// F1 a popover inside its own navigation controller, each deeper flow pushed onto it.
    case popover
    /// F1 a child of Home, each deeper flow a child of its parent's first screen.
    case children
  }

  enum ExitPath: String, CaseIterable, CustomTestStringConvertible {
    case pop, popTo, popToRoot, setViewControllers, backSwipe, backButton
    case dismissFromItself, dismissFromBelow, sheetSwipe, tapOutsidePopover, removeChild
    case rootReplacement, parentEnds, stop, finish, cancel

    var testDescription: String { rawValue }

    var layout: Layout {
      switch self {
      case .pop, .backSwipe, .backButton: .childrenOfPushed
      case .popTo, .popToRoot, .setViewControllers, .rootReplacement, .parentEnds, .stop, .finish, .cancel:
        .pushed
      case .dismissFromItself, .dismissFromBelow, .sheetSwipe: .sheet
      case .tapOutsidePopover: .popover
      case .removeChild: .children
      }
    }
  }

  /// What one test stands on.
  struct Scene {
    let app: AppController
    let home: NamedScreen
    let flows: [TestFlow]
    var firsts: [ViewController] { flows.map { $0.firstScreen! } }
    var rootStack: NavigationController { app.rootNavigationController! }
  }

  /// Runs F1 … F`depth`, each from the one before, laid out as `layout`.
  static func runFlows(_ depth: Int, _ layout: Layout, app: AppController, home: NamedScreen, log: EndLog)
    throws -> [TestFlow]
  {
    var flows: [TestFlow] = []
    for level in 1...depth {
      let flow = TestFlow("F\(level)")
      let presentation: FlowPresentation
      switch (layout, level) {
      case (.pushed, _), (.childrenOfPushed, 1), (.sheet, 2...), (.popover, 2...): presentation = .push
      case (.sheet, _): presentation = .sheet(embeddedInNavigationController: true)
      case (.popover, _):
        presentation = .popover(at: .view(home.view, rect: .zero), embeddedInNavigationController: true)
      case (.children, 1): presentation = .child(of: home)
      case (.childrenOfPushed, _), (.children, _): presentation = .child(of: flows.last!.firstScreen!)
      }
      if let parent = flows.last {
        try parent.tryRun(flow, as: presentation, animated: false, onEnd: log.handler(flow.name))
      } else {
        try app.tryRun(flow, as: presentation, animated: false, onEnd: log.handler(flow.name))
      }
      #expect(flow.state == .running)
      flows.append(flow)
    }
    return flows
  }

  /// Takes the path, and returns the outcomes it must deliver, in order.
  static func take(_ path: ExitPath, _ scene: Scene) throws -> [EndRecord] {
    let (flows, firsts, home, app) = (scene.flows, scene.firsts, scene.home, scene.app)
    let top = firsts.last!
    let first = firsts[0]
    let n1 = flows[0].screens.first!  // the sheet's or popover's navigation controller
    let rootStack = scene.rootStack
    /// The deeper flows replaced by the removal of `removed`, then F1 dismissed by it.
    func ownExit(_ cause: HierarchyExit.Cause, _ removed: ViewController) -> [EndRecord] {
      let exit = HierarchyExit(cause, removedScreen: removed.screenID)
      return flows.dropFirst().reversed().map { EndRecord(flow: $0.name, ending: .replaced(exit)) }
        + [EndRecord(flow: "F1", ending: .dismissed(exit))]
    }
    /// Every flow, top down, with `ending(index)`.
    func everyFlow(_ ending: (Int) -> Ending) -> [EndRecord] {
      flows.indices.reversed().map { EndRecord(flow: flows[$0].name, ending: ending($0)) }
    }
    func each(_ cause: HierarchyExit.Cause) -> [EndRecord] {
      everyFlow { .replaced(HierarchyExit(cause, removedScreen: firsts[$0].screenID)) }
    }
    switch path {
    case .pop:
      #expect(rootStack.popViewController(animated: true) === first)
      return ownExit(.popped(.programmatic), first)
    case .backButton:
      rootStack.navigationBar.tapBackButton()
      return ownExit(.popped(.backButton), first)
    case .backSwipe:
      rootStack.beginInteractivePop()
      rootStack.updateInteractivePop(progress: 0.7)
      rootStack.finishInteractivePop()
      return ownExit(.popped(.interactiveSwipe), first)
    case .popTo:
      #expect(rootStack.popToViewController(home, animated: true)?.count == flows.count)
      return each(.poppedToScreen)
    case .popToRoot:
      #expect(rootStack.popToRootViewController(animated: true)?.count == flows.count)
      return each(.poppedToRoot)
    case .setViewControllers:
      rootStack.setViewControllers([home], animated: true)
      return each(.stackReplaced)
    case .dismissFromItself:
      top.dismiss(animated: true)
      return ownExit(.dismissed(.programmatic), n1)
    case .dismissFromBelow:
      home.dismiss(animated: true)
      return ownExit(.dismissed(.programmatic), n1)
    case .sheetSwipe:
      let controller = try #require(n1.presentationController)
      #expect(controller.beginInteractiveDismissal())
      controller.finishInteractiveDismissal()
      return ownExit(.dismissed(.sheetSwipe), n1)
    case .tapOutsidePopover:
      #expect(app.window.tapOutsidePopover(on: home.view))
      return ownExit(.dismissed(.tapOutside), n1)
    case .removeChild:
      try app.navigator.tryRemoveChild(first)
      return ownExit(.removedFromParent, first)
    case .rootReplacement:
      app.window.rootViewController = NamedScreen("Other")
      return everyFlow { _ in .replaced(HierarchyExit(.rootReplaced, removedScreen: rootStack.screenID)) }
    case .parentEnds:
      flows[0].finish("out", removingScreens: false)
      return everyFlow { $0 == 0 ? .finished("out") : .cancelled(.flowParentEnded) }
    case .stop:
      app.stop()
      return everyFlow { _ in .cancelled(.appStopped) }
    case .finish:
      // The children leave with their parent's screens: cancelled, their parent is ending.
      flows[0].finish("out", animated: true)
      return everyFlow { $0 == 0 ? .finished("out") : .cancelled(.flowParentEnded) }
    case .cancel:
      flows[0].cancel(animated: true)
      return everyFlow { $0 == 0 ? .cancelled(.flowCancelled) : .cancelled(.flowParentEnded) }
    }
  }

  @Test(arguments: ExitPath.allCases, 1...3)
  func everyExitPathEndsEveryFlowOnceChildrenFirstAndReleasesThem(path: ExitPath, depth: Int) throws {
    let (app, home) = try makeApp()
    let log = EndLog()
    var refs: [Weak] = []
    var expected: [EndRecord] = []
    try {
      let flows = try Self.runFlows(depth, path.layout, app: app, home: home, log: log)
      let screens = flows.flatMap(\.screens)
      refs = flows.map { Weak("flow \($0.name)", $0) } + screens.map { Weak("screen \($0.screenID)", $0) }
      #expect(Set(screens.map { ObjectIdentifier($0) }).count == screens.count)
      #expect(log.records == [])
      expected = try Self.take(path, Scene(app: app, home: home, flows: flows))
      #expect(log.records == expected)
      for flow in flows {
        #expect(flow.didEndCalls.map(Ending.init) == expected.filter { $0.flow == flow.name }.map(\.ending))
        #expect(flow.firstScreen == nil)
        #expect(flow.screens.isEmpty)
        #expect(flow.parent == nil)
        #expect(flow.children.isEmpty)
        #expect(flow.app == nil)
        guard case .ended = flow.state else {
          Issue.record("\(flow.id) is \(flow.state)")
          continue
        }
      }
      #expect(app.flows.isEmpty)
      #expect(app.liveFlows.isEmpty)
      if path == .parentEnds {
        // The flows ended without removing their screens: take them away for the leak check.
        #expect(flows.allSatisfy { $0.firstScreen == nil && $0.screens.isEmpty })
        app.rootNavigationController!.popToRootViewController(animated: false)
      }
    }()
    #expect(expected.count == depth)
    #expect(log.records == expected)
    if path == .rootReplacement {
      // The app controller lets its root stack go when it leaves the window: once replaced, it is gone.
      #expect(app.rootNavigationController == nil)
    }
    #expect(alive(refs) == [])
    // Nothing else arrives later.
    app.stop()
    #expect(log.records == expected)
  }
}
