public import Navigator

/// One input of a recorded session: a call on the app controller or its navigator, a user
/// gesture, a late answer, or time passing, with every screen named by its route or by its
/// place in the window (a `StatePath`), never by its address.
///
/// A ``SessionRecorder`` records the outermost inputs only: what screens' own code does
/// during an input (a push from `viewDidAppear(_:)`, a flow's next screen) is its
/// consequence, made again when the input is replayed.
public enum RecordedInput: Hashable, Sendable, CustomStringConvertible {
  // MARK: App controller

  /// ``AppController/start()``.
  case start
  /// ``AppController/stop()``.
  case stop
  /// ``AppController/open(_:animated:completion:)`` and its other forms: a deep link.
  case open(url: String, animated: Bool)
  /// `AppController.navigate(to:animated:completion:)` (of a route) and its other forms:
  /// the route on its chain of parents.
  case navigateToRoute(AnyRoute, animated: Bool)
  /// `AppController.navigate(to:animated:completion:)` (of routes) and its other
  /// forms: the routes, root first.
  case navigateToRoutes([AnyRoute], animated: Bool)
  /// ``AppController/restore(_:delegate:animated:completion:)-(NavigationSnapshot,_,_,_)``
  /// and its other forms, without a delegate.
  case restore(NavigationSnapshot, animated: Bool)
  /// ``AppController/run(_:as:animated:onEnd:)`` and its other forms, of a flow type
  /// registered for snapshots (``RouteTable/registerFlow(_:tag:restore:)``): its tag, the
  /// route of its first screen, and how it was shown.
  case runFlow(tag: String, route: AnyRoute, presentation: RecordedFlowPresentation, animated: Bool)
  /// ``Flow/cancel(removingScreens:animated:)`` and its other forms, of the live flow at an
  /// index path of the flow tree: its index among the app controller's
  /// ``AppController/liveFlows``, then among its parent's ``AnyFlow/children``, and so on.
  case cancelFlow(at: [Int], removingScreens: Bool, animated: Bool)

  // MARK: Navigator

  /// `Navigator.navigate(to:options:)` and its other forms, to a state keyed
  /// by routes.
  case navigate(to: NavigationState<AnyRoute>, animated: Bool)
  /// A push of the screen of a route (a screen the route table made, whose
  /// `navigationKey` is its route), from the screen at a path (`nil`: the visible one).
  case push(AnyRoute, from: StatePath?, animated: Bool)
  /// A modal presentation of the screen of a route, with a style (`nil`: the screen's own),
  /// in a navigation controller made for it or not, from the screen at a path (`nil`: the
  /// visible one).
  case presentModal(
    AnyRoute, style: ModalPresentationStyle?, embeddedInNavigationController: Bool = false, from: StatePath?,
    animated: Bool)
  /// `Navigator.pop(options:)` and its other forms, from the stack of the
  /// screen at a path (`nil`: the visible one).
  case pop(from: StatePath?, animated: Bool)
  /// `navigator.dismiss(options:)`: what the screen at `from` (`nil`: the visible one)
  /// presented, or the presentation it is in.
  case dismiss(from: StatePath?, animated: Bool)
  /// `Navigator.removeChild(_:from:options:)` and its other forms, of the child
  /// at a path.
  case removeChild(at: StatePath, animated: Bool)

  // MARK: Gestures and answers

  /// A tap on the back button of the navigation controller at a path.
  case tapBackButton(StatePath)
  /// The start of a back swipe on the navigation controller at a path.
  case beginInteractivePop(StatePath)
  /// A back swipe's progress on the navigation controller at a path.
  case updateInteractivePop(StatePath, progress: Double)
  /// A back swipe cancelled on the navigation controller at a path.
  case cancelInteractivePop(StatePath)
  /// A back swipe finished on the navigation controller at a path.
  case finishInteractivePop(StatePath)
  /// The start of a swipe down on the sheet at a path.
  case beginInteractiveDismissal(StatePath)
  /// A sheet's swipe cancelled, the sheet at a path.
  case cancelInteractiveDismissal(StatePath)
  /// A sheet's swipe finished, the sheet at a path.
  case finishInteractiveDismissal(StatePath)
  /// A tap outside the popover on top, on no particular view.
  case tapOutsidePopover
  /// A pop guard's answer given after it returned: the pending decision of the navigation
  /// controller at a path.
  case answerPopDecision(at: StatePath, allowed: Bool)

  // MARK: Time

  /// `ManualScheduler.advance(by:)` of the window's scheduler.
  case advance(Duration)
  /// `ManualScheduler.runLoopTurn()`.
  case runLoopTurn
  /// `ManualScheduler.finishTransitions()`.
  case finishTransitions
  /// `ManualScheduler.settle(limit:)`.
  case settle(limit: Int)

  // MARK: Unreplayable

  /// An input the recorder heard but can't make again: its reason, naming the input and
  /// what it lacks (a screen made by a closure, or of a type or a storyboard not registered;
  /// data passed to a screen that is not `Codable`; a container not registered; an anchor no
  /// screen holds; a tapped view no screen in the window owns). A replay stops there with
  /// ``ReplayError/Code/unreplayableInput``.
  case unreplayable(String)

  // MARK: Flows (continued)

  /// ``Flow/finish(_:removingScreens:animated:)`` and its other forms, of the live flow at an
  /// index path of the flow tree (as ``cancelFlow(at:removingScreens:animated:)`` names it),
  /// with its output as JSON text: a flow whose `Output` is `Codable` (or `Void`, written
  /// `null`); another output is recorded ``unreplayable(_:)``.
  case finishFlow(at: [Int], output: String, removingScreens: Bool, animated: Bool)
  /// ``AnyFlow/run(_:as:animated:onEnd:)`` and its other forms: a flow type registered for
  /// snapshots run as a child of the live flow at an index path of the flow tree, as
  /// ``runFlow(tag:route:presentation:animated:)`` records a flow the app controller runs.
  case runChildFlow(
    parent: [Int], tag: String, route: AnyRoute, presentation: RecordedFlowPresentation, animated: Bool)

  // MARK: Time (continued)

  /// The time a keep-alive cache read during the next input, on a window whose scheduler is
  /// not manual: the monotonic clock's time since the log's start (or its re-basing). The
  /// recorder logs the first reading of an input that reads the clock, before it, and the
  /// cache takes that reading for the whole input; a replay answers with it.
  case clock(Duration)

  // MARK: Screens named by keys, popovers and children

  /// A push of a new screen of a registered type or from a scene of a registered storyboard,
  /// from the screen at a path (`nil`: the visible one). A push of a route's screen is
  /// ``push(_:from:animated:)``.
  case pushScreen(RecordedScreen, from: StatePath?, animated: Bool)
  /// A modal presentation of a new screen of a registered type or from a scene of a
  /// registered storyboard, as ``presentModal(_:style:embeddedInNavigationController:from:animated:)``
  /// presents a route's screen.
  case presentModalScreen(
    RecordedScreen, style: ModalPresentationStyle?, embeddedInNavigationController: Bool = false,
    from: StatePath?, animated: Bool)
  /// `Navigator.popover(_:anchor:keepsPopoverOnCompactWidth:options:configure:)` and its
  /// other forms: the screen, where it points, whether it stays a popover on compact width,
  /// in a navigation controller made for it or not, from the screen at a path (`nil`: the
  /// visible one).
  case popover(
    RecordedScreen, anchor: RecordedAnchor, keepsPopoverOnCompactWidth: Bool = false,
    embeddedInNavigationController: Bool = false, from: StatePath?, animated: Bool)
  /// `Navigator.addChild(_:to:in:options:configure:)` and its other forms: the child, the
  /// container at a path, the view of the container its view goes in (the index of a subview
  /// at each level from the container's root view; `nil`: the root view), in a navigation
  /// controller made for it or not.
  case addChild(RecordedScreen, to: StatePath, in: [Int]?, embeddedInNavigationController: Bool = false)
  /// `Navigator.removeChild(_:from:options:)` and its other forms, of the child a
  /// registered type or scene names (the last such child), from the container at a path.
  /// A child named by its own place is ``removeChild(at:animated:)``.
  case removeChildScreen(RecordedScreen, from: StatePath)

  // MARK: Protection

  /// A protection space's decision given after its `evaluate` returned (from app code: a
  /// network check, a user's answer): the evaluation is the one at `pending` among those
  /// still waiting for a late answer, oldest first. A decision given inside `evaluate` is not
  /// an input; a late "require a flow first" is recorded ``unreplayable(_:)``.
  case answerProtection(pending: Int, decision: RecordedProtectionDecision)
  /// A navigator call whose options carry a protection space
  /// (`NavigationOptions.protect(with:)`): the navigation as it is recorded unprotected
  /// (``push(_:from:animated:)``, ``presentModal(_:style:embeddedInNavigationController:from:animated:)``,
  /// ``pushScreen(_:from:animated:)``, ``presentModalScreen(_:style:embeddedInNavigationController:from:animated:)``,
  /// ``popover(_:anchor:keepsPopoverOnCompactWidth:embeddedInNavigationController:from:animated:)`` or
  /// ``addChild(_:to:in:embeddedInNavigationController:)``), the space by its name in the route
  /// table (``RouteTable/registerProtection(_:)``, or a route's `protectedBy`), and whether the
  /// call could wait for a late answer (`false` for a `try` form).
  ///
  /// Recorded before the space is asked: the navigation, let through at once or by a later
  /// ``answerProtection(pending:decision:)``, is its consequence. A protection that is not a
  /// space, or a space the table doesn't know (or knows two of by that name), is recorded
  /// ``unreplayable(_:)``.
  indirect case protected(RecordedInput, by: String, canWait: Bool = true)

  // MARK: Gestures (continued)

  /// A tap outside the popover on top, on a given view: the view found from the root view
  /// of the screen at `of` by `path`, the index of a subview at each level (empty for the
  /// root view), as ``RecordedAnchor/view(of:path:rect:)`` names a view. A tap on no
  /// particular view is ``tapOutsidePopover``.
  case tapOutsidePopoverOnView(of: StatePath, path: [Int])

  // MARK: Options

  /// A navigator call with the options its own input does not carry: the data passed to its
  /// screen (`NavigationOptions.passing(_:)`) as JSON text, and the name of the container
  /// its screen is embedded in (`Embedding.container(named:_:)`), registered with
  /// ``RouteTable/registerContainer(named:_:)``; at least one of them.
  ///
  /// `input` is a ``push(_:from:animated:)``,
  /// ``presentModal(_:style:embeddedInNavigationController:from:animated:)``,
  /// ``pushScreen(_:from:animated:)``,
  /// ``presentModalScreen(_:style:embeddedInNavigationController:from:animated:)``,
  /// ``popover(_:anchor:keepsPopoverOnCompactWidth:embeddedInNavigationController:from:animated:)``
  /// or ``addChild(_:to:in:embeddedInNavigationController:)``, not in a navigation controller
  /// made for it when it names a container. A replay decodes the data as the screen type's
  /// `DataReceiving.ReceivedData` and passes it again. Data that is not `Codable`, and a
  /// container not registered, are recorded ``unreplayable(_:)``.
  indirect case withOptions(RecordedInput, data: String?, container: String?)

  /// The input as a call would read: `open("shop://cart", animated: false)`,
  /// `tapBackButton(root)`.
  public var description: String {
    switch self {
    case .start: "start()"
    case .stop: "stop()"
    case .open(let url, let animated): "open(\"\(url)\"\(Self.animation(animated)))"
    case .navigateToRoute(let route, let animated): "navigate(to: \(route)\(Self.animation(animated)))"
    case .navigateToRoutes(let routes, let animated):
      "navigate(to: [\(routes.map(\.description).joined(separator: ", "))]\(Self.animation(animated)))"
    case .restore(let snapshot, let animated):
      "restore(\(Self.oneLine(snapshot.state))\(Self.animation(animated)))"
    case .runFlow(let tag, let route, let presentation, let animated):
      "run(\(tag) on \(route), as: \(presentation)\(Self.animation(animated)))"
    case .cancelFlow(let path, let removingScreens, let animated):
      "cancelFlow(at: \(Self.flowPath(path))\(removingScreens ? "" : ", removingScreens: false")\(Self.animation(animated)))"
    case .navigate(let state, let animated): "navigate(to: \(Self.oneLine(state))\(Self.animation(animated)))"
    case .push(let route, let origin, let animated):
      "push(\(route)\(Self.origin(origin))\(Self.animation(animated)))"
    case .presentModal(let route, let style, let embedded, let origin, let animated):
      "presentModal(\(route)\(style.map { ", style: \($0)" } ?? "")\(embedded ? ", in: NavigationController" : "")"
        + "\(Self.origin(origin))"
        + "\(Self.animation(animated)))"
    case .pop(let origin, let animated):
      "pop(\([origin.map { "from: \($0)" }, animated ? nil : "animated: false"].compactMap { $0 }.joined(separator: ", ")))"
    case .dismiss(let origin, let animated):
      "dismiss(\([origin.map { "from: \($0)" }, animated ? nil : "animated: false"].compactMap { $0 }.joined(separator: ", ")))"
    case .removeChild(let path, let animated): "removeChild(at: \(path)\(Self.animation(animated)))"
    case .tapBackButton(let path): "tapBackButton(\(path))"
    case .beginInteractivePop(let path): "beginInteractivePop(\(path))"
    case .updateInteractivePop(let path, let progress): "updateInteractivePop(\(path), progress: \(progress))"
    case .cancelInteractivePop(let path): "cancelInteractivePop(\(path))"
    case .finishInteractivePop(let path): "finishInteractivePop(\(path))"
    case .beginInteractiveDismissal(let path): "beginInteractiveDismissal(\(path))"
    case .cancelInteractiveDismissal(let path): "cancelInteractiveDismissal(\(path))"
    case .finishInteractiveDismissal(let path): "finishInteractiveDismissal(\(path))"
    case .tapOutsidePopover: "tapOutsidePopover()"
    case .answerPopDecision(let path, let allowed): "answerPopDecision(at: \(path), allowed: \(allowed))"
    case .advance(let duration): "advance(by: \(duration))"
    case .runLoopTurn: "runLoopTurn()"
    case .finishTransitions: "finishTransitions()"
    case .settle(let limit): "settle(limit: \(limit))"
    case .unreplayable(let reason): "unreplayable(\(reason))"
    case .finishFlow(let path, let output, let removingScreens, let animated):
      "finishFlow(at: \(Self.flowPath(path)), output: \(output)\(removingScreens ? "" : ", removingScreens: false")"
        + "\(Self.animation(animated)))"
    case .clock(let time): "clock(\(time))"
    case .runChildFlow(let parent, let tag, let route, let presentation, let animated):
      "run(\(tag) on \(route), as: \(presentation), in: \(Self.flowPath(parent))\(Self.animation(animated)))"

    case .answerProtection(let pending, let decision): "answerProtection(pending: \(pending), \(decision))"
    case .tapOutsidePopoverOnView(let owner, let path):
      "tapOutsidePopover(on: view(of: \(owner), path: \(path)))"
    case .protected(let navigation, let space, let canWait):
      "protected(\(navigation), by: \(space)\(canWait ? "" : ", canWait: false"))"
    case .pushScreen, .presentModalScreen, .popover, .addChild, .removeChildScreen: keyedScreenDescription
    case .withOptions(let input, let data, let container):
      "\(input) with [\([data.map { "passing: \($0)" }, container.map { "in: \"\($0)\"" }].compactMap { $0 }.joined(separator: ", "))]"
    }
  }

  /// A state's text tree on one line, its screens separated by ` / `.
  private static func oneLine(_ state: NavigationState<AnyRoute>) -> String {
    state.description.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
      .joined(separator: " / ")
  }

  /// A flow's index path as `0.1`.
  private static func flowPath(_ path: [Int]) -> String { path.map(String.init).joined(separator: ".") }

  /// `, animated: false` when the input did not animate; nothing otherwise.
  private static func animation(_ animated: Bool) -> String { animated ? "" : ", animated: false" }

  /// `, from: <path>` for an origin; nothing for the visible screen.
  private static func origin(_ path: StatePath?) -> String { path.map { ", from: \($0)" } ?? "" }
}

/// How a recorded flow showed its first screen: ``FlowPresentation`` with its references
/// named by their places in the window (a popover's anchor as ``RecordedAnchor``, a child's
/// container by its path and the view it goes in by subview indices).
public enum RecordedFlowPresentation: Hashable, Sendable, CustomStringConvertible {
  /// ``FlowPresentation/push``.
  case push
  /// ``FlowPresentation/modal(_:embeddedInNavigationController:)`` with its style (`nil`:
  /// the first screen's own).
  case modal(ModalPresentationStyle?, embeddedInNavigationController: Bool)
  /// ``FlowPresentation/popover(at:keepsPopoverOnCompactWidth:embeddedInNavigationController:)``:
  /// where it points, whether it stays a popover on compact width, and whether the first
  /// screen is in a navigation controller made for it.
  case popover(RecordedAnchor, keepsPopoverOnCompactWidth: Bool, embeddedInNavigationController: Bool)
  /// ``FlowPresentation/child(of:in:)``: the container at a path, and the view of the
  /// container the child's view goes in (the index of a subview at each level from the
  /// container's root view; `nil`: the root view).
  case child(of: StatePath, in: [Int]?)

  /// `push`, `modal(pageSheet, embedded)`, `popover(barButtonItem(right, 0, of: root[0]))`,
  /// `child(of: root[0], in: [1])`, as ``FlowPresentation`` reads.
  public var description: String {
    switch self {
    case .push: "push"
    case .modal(let style, let embedded):
      "modal(\(style.map { "\($0)" } ?? "own style")\(embedded ? ", embedded" : ""))"
    case .popover(let anchor, let keeps, let embedded):
      "popover(\(anchor)\(keeps ? ", keepsPopoverOnCompactWidth" : "")\(embedded ? ", embedded" : ""))"
    case .child(let container, let view): "child(of: \(container)\(view.map { ", in: \($0)" } ?? ""))"
    }
  }
}

/// A protection space's late decision as a log records it: ``ProtectionDecision`` without
/// the flow a "require" decision names (which is recorded unreplayable).
public enum RecordedProtectionDecision: Hashable, Sendable, CustomStringConvertible {
  /// ``ProtectionDecision/allow``.
  case allow
  /// ``ProtectionDecision/deny(_:)`` with its reason.
  case deny(String)

  /// `allow`, or `deny("reason")`.
  public var description: String {
    switch self {
    case .allow: "allow"
    case .deny(let reason): "deny(\"\(reason)\")"
    }
  }

  /// The decision a replay gives.
  var decision: ProtectionDecision {
    switch self {
    case .allow: .allow
    case .deny(let reason): .deny(reason)
    }
  }
}
