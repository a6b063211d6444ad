import Navigator

// How a recorder names a window's input: screens by their keys, places by their paths, and
// what it can't name as an unreplayable input with the reason.
extension SessionRecorder {
  /// A window's input as a log records it: screens by their routes and their paths.
  ///
  /// `routes` is read only for an input that names a screen by a registered type or scene:
  /// reading the app controller's table through the recorder's unowned reference for every
  /// input would cost about 440 instructions a push + pop (Benchmarks/README.md, "Recording").
  static func recorded(_ input: WindowInput, in window: Window, routes: @autoclosure () -> RouteTable)
    -> RecordedInput
  {
    let paths = ScreenPaths(window: window)
    switch input {
    case .show(let request, .instance(let screen), let origin):
      return recorded(request, screen: screen, origin: origin, paths, routes)
    case .show(let request, let screen, let origin):
      return recordedShow(request, screen, origin: origin, paths, routes())
    case .popover(let request, let screen, let anchor, let keepsPopover, let origin):
      return recordedPopover(request, screen, anchor, keepsPopover, origin: origin, paths, routes())
    case .addChild(let request, let screen, let container, let view):
      return recordedAddChild(request, screen, container, view, paths, routes())
    case .removeChild(let request, let screen, let container):
      return recordedRemoveChild(request, screen, container, paths, routes())
    case .push(let screen, let origin, let animated):
      guard let route = screen.navigationKey as? AnyRoute else {
        return .unreplayable("push of \(screen.screenID): its screen has no route to make it again from")
      }
      guard let origin else { return .push(route, from: nil, animated: animated) }
      return paths.path(of: origin).map { .push(route, from: $0, animated: animated) }
        ?? .unreplayable("push of \(route) from \(origin.screenID), which is in no window")
    case .request(let request, let screen, let origin):
      return recorded(request, screen: screen, origin: origin, paths, routes)
    case .pop(let origin, let animated):
      guard let origin else { return .pop(from: nil, animated: animated) }
      return paths.path(of: origin).map { .pop(from: $0, animated: animated) }
        ?? .unreplayable("pop from \(origin.screenID), which is in no window")
    case .dismiss(let origin, let animated):
      guard let origin else { return .dismiss(from: nil, animated: animated) }
      return paths.path(of: origin).map { .dismiss(from: $0, animated: animated) }
        ?? .unreplayable("dismiss from \(origin.screenID), which is in no window")
    case .tapBackButton(let navigation):
      return paths.input(navigation, "tapBackButton", RecordedInput.tapBackButton)
    case .beginInteractivePop(let navigation):
      return paths.input(navigation, "beginInteractivePop", RecordedInput.beginInteractivePop)
    case .updateInteractivePop(let navigation, let progress):
      return paths.input(navigation, "updateInteractivePop") { .updateInteractivePop($0, progress: progress) }
    case .cancelInteractivePop(let navigation):
      return paths.input(navigation, "cancelInteractivePop", RecordedInput.cancelInteractivePop)
    case .finishInteractivePop(let navigation):
      return paths.input(navigation, "finishInteractivePop", RecordedInput.finishInteractivePop)
    case .beginInteractiveDismissal(let screen):
      return paths.input(screen, "beginInteractiveDismissal", RecordedInput.beginInteractiveDismissal)
    case .cancelInteractiveDismissal(let screen):
      return paths.input(screen, "cancelInteractiveDismissal", RecordedInput.cancelInteractiveDismissal)
    case .finishInteractiveDismissal(let screen):
      return paths.input(screen, "finishInteractiveDismissal", RecordedInput.finishInteractiveDismissal)
    case .tapOutsidePopover(let view):
      guard let view else { return .tapOutsidePopover }
      return recordedTap(on: view, paths)
    case .answerPopDecision(let decision, let allowed):
      guard let navigation = paths.stack(waitingFor: decision) else {
        return .unreplayable(
          "answer \(allowed) to the pop decision of \(decision.screen), which no stack waits for")
      }
      return paths.input(navigation, "answerPopDecision") { .answerPopDecision(at: $0, allowed: allowed) }
    case .advance(let duration): return .advance(duration)
    case .runLoopTurn: return .runLoopTurn
    case .finishTransitions: return .finishTransitions
    case .settle(let limit): return .settle(limit: limit)
    case .protected(let navigation, let protection, let canWait):
      return recordedProtected(navigation, by: protection, canWait: canWait, in: window, routes: routes())
    }
  }

  /// A navigator call protected by its options as a log records it: the navigation as it
  /// would be recorded unprotected, and its space by its name in the route table.
  private static func recordedProtected(
    _ input: WindowInput, by protection: any NavigationProtection, canWait: Bool, in window: Window,
    routes: RouteTable
  ) -> RecordedInput {
    let navigation = recorded(input, in: window, routes: routes)
    if case .unreplayable = navigation { return navigation }
    let name = protection.name
    guard let space = protection as? any ProtectionSpace else {
      return .unreplayable(
        "\(navigation) protected by \(name): a protection that is not a ProtectionSpace can't be named; "
          + "protect the navigation with a ProtectionSpace registered with RouteTable.registerProtection(_:)")
    }
    let named = routes.protectionSpaces(named: name)
    guard named.contains(where: { $0 === space }) else {
      return .unreplayable(
        "\(navigation) protected by \(name): the route table doesn't know this space; register it with "
          + "RouteTable.registerProtection(_:)")
    }
    guard named.count == 1 else {
      return .unreplayable(
        "\(navigation) protected by \(name): the route table knows \(named.count) spaces named \(name); give "
          + "each space its own name")
    }
    return .protected(navigation, by: name, canWait: canWait)
  }

  /// A navigator call as a log records it: its screen by its route.
  private static func recorded(
    _ request: Navigator.Request, screen: ViewController?, origin: ViewController?, _ paths: ScreenPaths,
    _ routes: () -> RouteTable
  ) -> RecordedInput {
    let from: StatePath?
    if let origin {
      guard let path = paths.path(of: origin) else {
        return .unreplayable("\(named(request)): its origin \(origin.screenID) is in no window")
      }
      from = path
    } else {
      from = nil
    }
    switch request.kind {
    case .push, .presentModal:
      guard let route = screen?.navigationKey as? AnyRoute else {
        return .unreplayable("\(named(request)): its screen has no route to make it again from")
      }
      guard request.passedData != nil || request.embedding != nil else {
        if request.kind == .push { return .push(route, from: from, animated: request.isAnimated) }
        return .presentModal(
          route, style: request.presentationStyle, from: from, animated: request.isAnimated)
      }
      // Data passed to the screen, or a container: the route table names the container.
      do throws(Unnamed) {
        try SessionRecorder.checkOptions(request)
        let embedded = try SessionRecorder.embedded(request, routes())
        if request.kind == .push {
          guard !embedded else {
            throw Unnamed("a navigation controller made for a pushed screen is not recorded")
          }
          return try withOptions(.push(route, from: from, animated: request.isAnimated), request)
        }
        return try withOptions(
          .presentModal(
            route, style: request.presentationStyle, embeddedInNavigationController: embedded, from: from,
            animated: request.isAnimated),
          request)
      } catch {
        return .unreplayable("\(named(request)): \(error.reason)")
      }
    case .removeChild:
      guard let screen, let path = paths.path(of: screen) else {
        return .unreplayable("\(named(request)): the child is not named by its place in the window")
      }
      return .removeChild(at: path, animated: request.isAnimated)
    case .navigate:
      guard case .state(let state) = request.target,
        let routed = try? state.mapKeys({ (key: AnyScreenKey) throws(SnapshotError) -> AnyRoute in
          guard let route = key.base as? AnyRoute else { throw SnapshotError(.unkeyedScreen, "\(key)") }
          return route
        }), !ScreenPaths.hasInstance(routed.root)
      else {
        return .unreplayable("\(named(request)): a screen of the state has no route")
      }
      return .navigate(to: routed, animated: request.isAnimated)
    case .popover, .addChild:
      // Told as `WindowInput.popover` and `.addChild`, with their anchors and views.
      return .unreplayable("\(named(request)): told without its anchor or its container's view")
    }
  }

  /// A request as a reason names it: its description, with a given screen named by its
  /// name rather than by its identifier (whose description carries the screen's address).
  static func named(_ request: Navigator.Request) -> String {
    guard case .instance(let screen) = request.target else { return "\(request)" }
    var parts = ["\(request.kind)", screen.name]
    if !request.isAnimated { parts.append("animated: false") }
    if let embedding = request.embedding { parts.append("in: \(embedding)") }
    if let style = request.presentationStyle { parts.append("style: \(style)") }
    if let anchor = request.anchor { parts.append("anchor: \(anchor)") }
    if let origin = request.origin { parts.append("from: \(origin)") }
    return "Request(" + parts.joined(separator: ", ") + ")"
  }
}
