import Navigator
import Testing

/// A refused navigation runs no user code: every check that does not need the screen runs
/// before a factory or a scene's factory makes it, for every navigation and in every form.
///
/// On the main actor, so that an async navigation can run in a task while the test watches
/// the window's queue.
@MainActor
@Suite(.exhaustiveStages) struct NavigatorCreationOrderTests {
  // MARK: Refusals

  @Test(arguments: Refusal.allCases, Variant.all)
  func aRefusedNavigationMakesNoScreen(_ refusal: Refusal, _ variant: Variant) async throws {
    let (form, source) = (variant.form, variant.source)
    let made = SendableCounter()
    let (stage, navigation, options) = try arrange(refusal)
    let before = stage.tree
    let failures = FailureLog()

    let result = await perform(
      navigation, counted(source, made), options.onFailure { failures.record($0) }, form, in: stage)

    #expect(made.count == 0)
    let error = try #require(failures.errors.first)
    #expect(failures.errors == [error])
    #expect(error.code == refusal.code)
    switch (form, result) {
    case (.plain, .success(nil)):
      stage.expect([.misuse(error)])
      #expect(stage.errors.errors == [error])
    case (.throwing, .failure(let thrown)), (.async, .failure(let thrown)):
      #expect(thrown == error)
      stage.expect([])
      #expect(stage.errors.errors.isEmpty)
    default:
      Issue.record("The \(form) form gave \(result)")
    }
    #expect(stage.tree == before)
    #expect(stage.window.pendingRequests.isEmpty)
  }

  @Test(arguments: Form.allCases, Source.allCases)
  func aRemovalMakesNoScreen(_ form: Form, _ source: Source) async throws {
    let made = SendableCounter()
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let destination = counted(source, made)
    let failures = FailureLog()
    let before = stage.tree

    let refused = await remove(
      destination, from: stage.root, .init().onFailure { failures.record($0) }, form, in: stage)

    let named =
      switch source {
      case .factory: "a child of type Receipt"
      case .scene: "a child from scene \"receipt\" of storyboard \"Counted\""
      }
    let expected = NavigationError(
      .invalidRequest, "Can't remove \(named) from Home: it has none.", screens: [stage.root.screenID])
    #expect(made.count == 0)
    #expect(failures.errors == [expected])
    switch (form, refused) {
    case (.plain, .success(nil)): #expect(stage.take() == [.misuse(expected)])
    case (.throwing, .failure(let thrown)), (.async, .failure(let thrown)):
      #expect(thrown == expected)
      #expect(stage.take().isEmpty)
    default: Issue.record("The \(form) form gave \(refused)")
    }
    #expect(stage.tree == before)

    let child = try stage.navigator.tryAddChild(destination, to: stage.root)
    #expect(made.count == 1)
    stage.discardEvents()
    let removed = await remove(destination, from: stage.root, .init(), form, in: stage)
    #expect(try removed.get() === child)
    #expect(made.count == 1)
    let id = child.screenID
    #expect(
      stage.take() == [
        .willMove(id, toParent: nil), .viewWillDisappear(id, animated: false),
        .viewDidDisappear(id, animated: false), .didMove(id, toParent: nil),
      ])
    #expect(stage.tree == before)
  }

  // MARK: Positive controls

  @Test(arguments: Kind.allCases, Variant.all)
  func anAcceptedNavigationMakesTheScreenOnce(_ kind: Kind, _ variant: Variant) async throws {
    let (form, source) = (variant.form, variant.source)
    let made = SendableCounter()
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let navigation: Navigation =
      switch kind {
      case .push: .push
      case .presentModal: .presentModal(style: nil)
      case .popover: .popover(anchor: .view(stage.root.view, rect: .zero))
      case .addChild: .addChild(to: stage.root, in: nil)
      }

    let result = await perform(navigation, counted(source, made), .init(), form, in: stage)

    let screen = try #require(try result.get())
    #expect(made.count == 1)
    #expect(stage.errors.errors.isEmpty)
    let id = screen.screenID
    let home = stage.root.screenID
    let nav = stage.navigation.screenID
    switch kind {
    case .push:
      #expect(stage.navigation.viewControllers.ids == [home, id])
      stage.expect(
        [
          .viewDidLoad(id), .willPush(id, onto: nav, animated: true), .willMove(id, toParent: nav),
          .viewWillDisappear(home, animated: true), .viewWillAppear(id, animated: true),
          .willShow(id, in: nav, animated: true), .viewDidDisappear(home, animated: true),
          .viewDidAppear(id, animated: true), .didShow(id, in: nav, animated: true),
          .didMove(id, toParent: nav), .didPush(id, onto: nav, animated: true),
          .completion(.push(id, onto: nav, animated: true)),
        ])
    case .presentModal, .popover:
      #expect(stage.navigation.presentedViewController === screen)
      #expect(screen.modalPresentationStyle == (kind == .popover ? .popover : .automatic))
      stage.expect(
        [
          .viewDidLoad(id), .viewWillAppear(id, animated: true), .viewDidAppear(id, animated: true),
          .completion(.present(id, from: home, animated: true)),
        ])
    case .addChild:
      #expect(stage.root.children.ids == [id])
      stage.expect(
        [
          .viewDidLoad(id), .willMove(id, toParent: home), .viewWillAppear(id, animated: false),
          .viewDidAppear(id, animated: false), .didMove(id, toParent: home),
        ])
    }
  }

  // MARK: Messages

  @Test func aRejectedPushNamesTheDestinationForTheScreenItDidNotMake() throws {
    let stage = try busy(rejecting: true)
    let made = SendableCounter()
    let push = #expect(throws: NavigationError.self) {
      try stage.navigator.tryPush(counted(.factory, made))
    }
    #expect(
      push
        == NavigationError(
          .transitionInProgress,
          "Can't run push(a screen of type Receipt, onto: Nav, animated: true) while a transition or a "
            + "pending decision is in progress.",
          screens: [stage.navigation.screenID]))
    let presentation = #expect(throws: NavigationError.self) {
      try stage.navigator.tryPresentModal(counted(.scene, made), options: .init().animated(false))
    }
    #expect(
      presentation
        == NavigationError(
          .transitionInProgress,
          "Can't run present(a screen from scene \"receipt\" of storyboard \"Counted\", from: Tinted, "
            + "animated: false) while a transition or a pending decision is in progress.",
          screens: [stage.navigation.topViewController!.screenID]))
    #expect(made.count == 0)
    stage.expect([])
  }

  @Test func aPushEmbeddedInANavigationControllerIsRefusedBeforeAnythingIsMade() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let made = SendableCounter()
    let given = Receipt()
    let factory = #expect(throws: NavigationError.self) {
      try stage.navigator.tryPush(
        counted(.factory, made), options: .init().embedded(in: .navigationController))
    }
    #expect(
      factory
        == NavigationError(
          .pushNavigationController,
          "Pushing a navigation controller is not supported: a screen of type Receipt embedded in "
            + "NavigationController onto Nav.",
          screens: [stage.navigation.screenID]))
    let instance = #expect(throws: NavigationError.self) {
      try stage.navigator.tryPush(.instance(given), options: .init().embedded(in: .navigationController))
    }
    #expect(
      instance
        == NavigationError(
          .pushNavigationController,
          "Pushing a navigation controller is not supported: Receipt embedded in NavigationController "
            + "onto Nav.",
          screens: [given.screenID, stage.navigation.screenID]))
    #expect(made.count == 0)
    #expect(given.parent == nil)
    #expect(!given.isViewLoaded)
    stage.expect([])
  }

  @Test func aPresentationWithTheNoneStyleIsRefusedAtOnceEvenWhileTheWindowIsBusy() throws {
    let stage = try busy(rejecting: false)
    let made = SendableCounter()
    let error = #expect(throws: NavigationError.self) {
      try stage.navigator.tryPresentModal(counted(.factory, made), style: ModalPresentationStyle.none)
    }
    #expect(
      error
        == NavigationError(
          .invalidRequest,
          "Can't present a screen of type Receipt modally from Tinted: its modalPresentationStyle is none.",
          screens: [stage.navigation.topViewController!.screenID]))
    #expect(made.count == 0)
    #expect(stage.window.pendingRequests.isEmpty)
  }

  @Test func aPresenterOutsideTheWindowIsNamedWithTheDestination() {
    let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
    let made = SendableCounter()
    let offscreen = Screen("Offscreen")
    let error = #expect(throws: NavigationError.self) {
      try stage.navigator.tryPopover(
        counted(.factory, made), anchor: .view(stage.root.view, rect: .zero), options: .init().from(offscreen)
      )
    }
    #expect(
      error
        == NavigationError(
          .presenterNotInWindow,
          "Attempt to present a screen of type Receipt on Offscreen whose view is not in a visible "
            + "window's hierarchy.",
          screens: [offscreen.screenID]))
    #expect(made.count == 0)
  }

  /// Styles, and the presenter each picks below a navigation controller that is a child of
  /// `Root` (`nil`: the screen's own style decides).
  nonisolated static let presenters: [(ModalPresentationStyle?, String?)] = [
    (nil, nil), (.fullScreen, "Root"), (.pageSheet, "Root"), (.currentContext, "Nav"),
    (.overCurrentContext, "Nav"),
  ]

  /// Where the presenter depends on the style, the early refusal names the one the style
  /// picks, in the engine's words for a given screen; without a style it names the origin.
  @Test(arguments: presenters)
  func aPresenterAlreadyPresentingIsNamedAsTheStylePicksIt(
    _ style: ModalPresentationStyle?, _ presenter: String?
  ) throws {
    let stage = Stage(.screen(Screen("Root")), scheduler: .immediate)
    let (window, root, navigator) = (stage.window, stage.root, stage.navigator)
    let home = Screen("Home")
    let navigation = NavigationController(rootViewController: home)
    navigation.title = "Nav"
    try navigator.tryAddChild(.instance(navigation), to: root)
    let tinted = try navigator.tryPresentModal(.type(Tinted.self), options: .init().from(root))
    stage.discardEvents()  // the set-up: other suites check adding a child and presenting
    let before = window.hierarchyDescription()
    let made = SendableCounter()
    let ids = ["Root": root.screenID, "Nav": navigation.screenID]

    func expected(naming screen: String, _ given: [ScreenID]) -> NavigationError {
      guard let presenter else {
        return NavigationError(
          .alreadyPresenting,
          "Attempt to present \(screen) from Home which is already presenting Tinted.",
          screens: given + [home.screenID, tinted.screenID])
      }
      return NavigationError(
        .alreadyPresenting,
        "Attempt to present \(screen) on \(presenter) (from Home) which is already presenting Tinted.",
        screens: given + [ids[presenter]!, home.screenID, tinted.screenID])
    }
    let error = #expect(throws: NavigationError.self) {
      try navigator.tryPresentModal(counted(.factory, made), style: style, options: .init().from(home))
    }
    #expect(error == expected(naming: "a screen of type Receipt", []))
    #expect(made.count == 0)
    if style != nil {
      let given = Receipt()
      // The engine's own refusal of a given screen, in the same words.
      let engine = #expect(throws: NavigationError.self) {
        try navigator.tryPresentModal(.instance(given), style: style, options: .init().from(home))
      }
      #expect(engine == expected(naming: "Receipt", [given.screenID]))
    }
    stage.expect([])
    #expect(window.hierarchyDescription() == before)
  }
}

// MARK: - Scenarios

extension NavigatorCreationOrderTests {
  /// How a test calls a navigation.
  enum Form: CaseIterable, Sendable {
    /// Returns the screen or `nil`.
    case plain
    /// `try…`: throws.
    case throwing
    /// `try await`: throws.
    case async
  }

  /// Where the screen comes from.
  enum Source: CaseIterable, Sendable {
    /// `.make` with a factory closure.
    case factory
    /// `.scene` of a catalogue.
    case scene
  }

  /// A form and a source, as one argument (a test takes at most two collections).
  struct Variant: Sendable, CustomTestStringConvertible {
    let form: Form
    let source: Source

    static let all = Form.allCases.flatMap { form in Source.allCases.map { Variant(form: form, source: $0) } }

    var testDescription: String { "\(form), \(source)" }
  }

  /// The navigations that make a screen.
  enum Kind: CaseIterable, Sendable {
    case push, presentModal, popover, addChild
  }

  /// A navigation to run, with what it needs.
  enum Navigation {
    case push
    case presentModal(style: ModalPresentationStyle?)
    case popover(anchor: PopoverAnchor)
    case addChild(to: ViewController, in: View?)
  }

  /// A refusal that needs no screen to be found.
  enum Refusal: CaseIterable, Sendable {
    case pushFromAScreenOutsideAnyStack
    case pushEmbeddedInANavigationController
    case pushEmbeddedInANavigationControllerWhileBusy
    case pushUnderTheRejectPolicy
    case presentFromAScreenAlreadyPresenting
    case presentFromAScreenOutsideTheWindow
    case presentWithTheNoneStyle
    case presentWithTheNoneStyleWhileBusy
    case presentUnderTheRejectPolicy
    case popoverAtAnAnchorOutsideTheWindow
    case popoverFromAScreenAlreadyPresenting
    case popoverFromAScreenOutsideTheWindow
    case popoverUnderTheRejectPolicy
    case addChildToANavigationController
    case addChildInAViewOutsideTheContainer

    var code: NavigationError.Code {
      switch self {
      case .pushFromAScreenOutsideAnyStack, .presentWithTheNoneStyle, .presentWithTheNoneStyleWhileBusy,
        .addChildToANavigationController, .addChildInAViewOutsideTheContainer:
        .invalidRequest
      case .pushEmbeddedInANavigationController, .pushEmbeddedInANavigationControllerWhileBusy:
        .pushNavigationController
      case .pushUnderTheRejectPolicy, .presentUnderTheRejectPolicy, .popoverUnderTheRejectPolicy:
        .transitionInProgress
      case .presentFromAScreenAlreadyPresenting, .popoverFromAScreenAlreadyPresenting: .alreadyPresenting
      case .presentFromAScreenOutsideTheWindow, .popoverFromAScreenOutsideTheWindow: .presenterNotInWindow
      case .popoverAtAnAnchorOutsideTheWindow: .popoverAnchorNotInWindow
      }
    }
  }

  /// A stage where `refusal` is what the navigation meets, the navigation, and its options.
  func arrange(
    _ refusal: Refusal, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (Stage, Navigation, NavigationOptions<Receipt>) {
    switch refusal {
    case .pushEmbeddedInANavigationControllerWhileBusy:
      return (
        try busy(rejecting: false, sourceLocation: sourceLocation), .push,
        .init().embedded(in: .navigationController)
      )
    case .pushUnderTheRejectPolicy:
      return (try busy(rejecting: true, sourceLocation: sourceLocation), .push, .init())
    case .presentWithTheNoneStyleWhileBusy:
      return (
        try busy(rejecting: false, sourceLocation: sourceLocation),
        .presentModal(style: ModalPresentationStyle.none), .init()
      )
    case .presentUnderTheRejectPolicy:
      return (try busy(rejecting: true, sourceLocation: sourceLocation), .presentModal(style: nil), .init())
    case .popoverUnderTheRejectPolicy:
      let stage = try busy(rejecting: true, sourceLocation: sourceLocation)
      return (stage, .popover(anchor: .view(stage.root.view, rect: .zero)), .init())
    default: break
    }
    let stage = Stage(
      .stack(root: "Home", delegate: nil), scheduler: .immediate, sourceLocation: sourceLocation)
    let arranged: (Navigation, NavigationOptions<Receipt>)
    switch refusal {
    case .pushFromAScreenOutsideAnyStack: arranged = (.push, .init().from(Screen("Lonely")))
    case .pushEmbeddedInANavigationController: arranged = (.push, .init().embedded(in: .navigationController))
    case .presentFromAScreenAlreadyPresenting:
      try stage.navigator.tryPresentModal(.type(Tinted.self))
      arranged = (.presentModal(style: nil), .init().from(stage.root))
    case .presentFromAScreenOutsideTheWindow:
      arranged = (.presentModal(style: nil), .init().from(Screen("Offscreen")))
    case .presentWithTheNoneStyle: arranged = (.presentModal(style: ModalPresentationStyle.none), .init())
    case .popoverAtAnAnchorOutsideTheWindow:
      arranged = (.popover(anchor: .view(View(), rect: .zero)), .init())
    case .popoverFromAScreenAlreadyPresenting:
      try stage.navigator.tryPresentModal(.type(Tinted.self))
      arranged = (.popover(anchor: .view(stage.root.view, rect: .zero)), .init().from(stage.root))
    case .popoverFromAScreenOutsideTheWindow:
      arranged = (.popover(anchor: .view(stage.root.view, rect: .zero)), .init().from(Screen("Offscreen")))
    case .addChildToANavigationController: arranged = (.addChild(to: stage.navigation, in: nil), .init())
    case .addChildInAViewOutsideTheContainer: arranged = (.addChild(to: stage.root, in: View()), .init())
    case .pushEmbeddedInANavigationControllerWhileBusy, .pushUnderTheRejectPolicy,
      .presentWithTheNoneStyleWhileBusy, .presentUnderTheRejectPolicy, .popoverUnderTheRejectPolicy:
      preconditionFailure("arranged above")
    }
    stage.discardEvents()
    return (stage, arranged.0, arranged.1)
  }

  /// A stage under the manual scheduler whose window is busy with a push of `Tinted`,
  /// rejecting the requests that would wait or queueing them.
  func busy(rejecting: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws -> Stage {
    let stage = Stage(.stack(root: "Home", delegate: nil), sourceLocation: sourceLocation)
    if rejecting { stage.window.transitionRequestPolicy = .reject }
    try stage.navigator.tryPush(.type(Tinted.self))
    #expect(stage.window.isBusy)
    stage.discardEvents()
    return stage
  }

  /// A destination whose every screen made is counted.
  func counted(_ source: Source, _ made: SendableCounter) -> Destination<Receipt> {
    switch source {
    case .factory:
      return .make {
        made.hit()
        return Receipt()
      }
    case .scene:
      let catalogue = Storyboard(
        name: "Counted",
        scenes: [
          Storyboard.Scene("receipt") { () -> Receipt in
            made.hit()
            return Receipt()
          }
        ])
      return .scene("receipt", in: catalogue, as: Receipt.self)
    }
  }

  /// Runs `navigation` in `form`: the screen (`nil` when the plain form was refused), or
  /// the error the other forms threw.
  func perform(
    _ navigation: Navigation, _ destination: Destination<Receipt>, _ options: NavigationOptions<Receipt>,
    _ form: Form, in stage: Stage
  ) async -> Result<Receipt?, NavigationError> {
    let navigator = stage.navigator
    do throws(NavigationError) {
      switch (navigation, form) {
      case (.push, .plain): return .success(navigator.push(destination, options: options))
      case (.push, .throwing): return .success(try navigator.tryPush(destination, options: options))
      case (.push, .async):
        return await awaiting(stage) { () throws(NavigationError) in
          try await navigator.pushAndWait(destination, options: options)
        }
      case (.presentModal(let style), .plain):
        return .success(navigator.presentModal(destination, style: style, options: options))
      case (.presentModal(let style), .throwing):
        return .success(try navigator.tryPresentModal(destination, style: style, options: options))
      case (.presentModal(let style), .async):
        return await awaiting(stage) { () throws(NavigationError) in
          try await navigator.presentModalAndWait(destination, style: style, options: options)
        }
      case (.popover(let anchor), .plain):
        return .success(navigator.popover(destination, anchor: anchor, options: options))
      case (.popover(let anchor), .throwing):
        return .success(try navigator.tryPopover(destination, anchor: anchor, options: options))
      case (.popover(let anchor), .async):
        return await awaiting(stage) { () throws(NavigationError) in
          try await navigator.popoverAndWait(destination, anchor: anchor, options: options)
        }
      case (.addChild(let container, let view), .plain):
        return .success(
          navigator.addChild(destination, to: container, in: view, options: options))
      case (.addChild(let container, let view), .throwing):
        return .success(try navigator.tryAddChild(destination, to: container, in: view, options: options))
      case (.addChild(let container, let view), .async):
        return await awaiting(stage) { () throws(NavigationError) in
          try await navigator.addChildAndWait(destination, to: container, in: view, options: options)
        }
      }
    } catch {
      return .failure(error)
    }
  }

  /// Runs an async navigation in a task, and settles the scheduler if the navigation waits
  /// in the window's queue (which a navigation refused before its screen is made must not
  /// do), so that such a regression fails instead of hanging.
  func awaiting(
    _ stage: Stage, _ navigation: @escaping () async throws(NavigationError) -> Receipt
  ) async -> Result<Receipt?, NavigationError> {
    let slot = ResultSlot()
    let task = Task {
      do throws(NavigationError) {
        slot.result = .success(try await navigation())
      } catch {
        slot.result = .failure(error)
      }
    }
    await stage.yield { slot.result != nil || !stage.window.pendingRequests.isEmpty }
    if slot.result == nil {
      Issue.record("The navigation waits in the queue: \(stage.window.pendingRequests)")
      stage.scheduler.settle()
    }
    await task.value
    guard let result = slot.result else {
      Issue.record("The navigation never finished")
      return .success(nil)
    }
    return result
  }

  /// Removes the child `destination` names in `form`, as ``perform(_:_:_:_:in:)`` runs a
  /// navigation.
  func remove(
    _ destination: Destination<Receipt>, from container: ViewController,
    _ options: NavigationOptions<Receipt>,
    _ form: Form, in stage: Stage
  ) async -> Result<Receipt?, NavigationError> {
    do throws(NavigationError) {
      switch form {
      case .plain:
        return .success(
          stage.navigator.removeChild(destination, from: container, options: options))
      case .throwing:
        return .success(try stage.navigator.tryRemoveChild(destination, from: container, options: options))
      case .async:
        return .success(
          try await stage.navigator.removeChildAndWait(destination, from: container, options: options))
      }
    } catch {
      return .failure(error)
    }
  }
}

/// Where a task leaves the outcome of an async navigation.
final class ResultSlot {
  var result: Result<Receipt?, NavigationError>?
}

/// The errors an `onFailure` closure received, in order.
final class FailureLog {
  private(set) var errors: [NavigationError] = []

  func record(_ error: NavigationError) { errors.append(error) }
}
