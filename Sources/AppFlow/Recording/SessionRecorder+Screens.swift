import Foundation
import Navigator

/// How the recorder names the screens that navigator calls make from registered types and
/// scenes, popovers' anchors, and children's containers.
extension SessionRecorder {
  /// Why an input can't be named by keys: the reason a ``RecordedInput/unreplayable(_:)``
  /// gives.
  struct Unnamed: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// A push of a screen to be made, or a modal presentation of one (given screens, named by
  /// their routes, are recorded as `push` and `presentModal`).
  static func recordedShow(
    _ request: Navigator.Request, _ screen: WindowInput.Screen, origin: ViewController?, _ paths: ScreenPaths,
    _ routes: RouteTable
  ) -> RecordedInput {
    do throws(Unnamed) {
      let key = try self.key(of: screen, routes)
      let from = try path(ofOrigin: origin, paths)
      try checkOptions(request)
      if request.kind == .push {
        guard request.embedding != "NavigationController" else {
          throw Unnamed("a navigation controller made for a pushed screen is not recorded")
        }
        _ = try embedded(request, routes)
        return try withOptions(.pushScreen(key, from: from, animated: request.isAnimated), request)
      }
      return try withOptions(
        .presentModalScreen(
          key, style: request.presentationStyle,
          embeddedInNavigationController: try embedded(request, routes),
          from: from, animated: request.isAnimated),
        request)
    } catch {
      return .unreplayable("\(named(request)): \(error.reason)")
    }
  }

  /// A popover, its anchor named by the place of the screen that holds it.
  static func recordedPopover(
    _ request: Navigator.Request, _ screen: WindowInput.Screen, _ anchor: WindowInput.Anchor,
    _ keepsPopover: Bool, origin: ViewController?, _ paths: ScreenPaths, _ routes: RouteTable
  ) -> RecordedInput {
    do throws(Unnamed) {
      let key = try self.key(of: screen, routes)
      let from = try path(ofOrigin: origin, paths)
      try checkOptions(request)
      return try withOptions(
        .popover(
          key, anchor: try recorded(anchor, paths), keepsPopoverOnCompactWidth: keepsPopover,
          embeddedInNavigationController: try embedded(request, routes), from: from,
          animated: request.isAnimated),
        request)
    } catch {
      return .unreplayable("\(named(request)): \(error.reason)")
    }
  }

  /// A child added to the container at a path, in a view found from the container's root
  /// view by subview indices.
  static func recordedAddChild(
    _ request: Navigator.Request, _ screen: WindowInput.Screen, _ container: ViewController, _ view: View?,
    _ paths: ScreenPaths, _ routes: RouteTable
  ) -> RecordedInput {
    do throws(Unnamed) {
      let key = try self.key(of: screen, routes)
      guard let containerPath = paths.path(of: container) else {
        throw Unnamed("its container \(container.screenID) is in no window")
      }
      try checkOptions(request)
      let viewPath = try view.map { (view) throws(Unnamed) in try self.path(of: view, in: container) }
      return try withOptions(
        .addChild(
          key, to: containerPath, in: viewPath, embeddedInNavigationController: try embedded(request, routes)),
        request)
    } catch {
      return .unreplayable("\(named(request)): \(error.reason)")
    }
  }

  /// A child named by a destination, removed from the container at a path: a given child by
  /// its own place, one of a registered type or scene by its key.
  static func recordedRemoveChild(
    _ request: Navigator.Request, _ screen: WindowInput.Screen, _ container: ViewController,
    _ paths: ScreenPaths, _ routes: RouteTable
  ) -> RecordedInput {
    do throws(Unnamed) {
      guard let containerPath = paths.path(of: container) else {
        throw Unnamed("its container \(container.screenID) is in no window")
      }
      switch screen {
      case .instance(let child):
        guard child.parent === container, let path = paths.path(of: child) else {
          throw Unnamed("\(child.screenID) is not a child of \(container.screenID) in the window")
        }
        return .removeChild(at: path, animated: request.isAnimated)
      case .factory(let type):
        // Removing finds the last child of the type, as `.type(_:)` does: no closure runs.
        guard let tag = routes.contents.screenTags[ObjectIdentifier(type)] else { throw unregistered(type) }
        return .removeChildScreen(.type(tag), from: containerPath)
      case .type, .scene:
        return .removeChildScreen(try key(of: screen, routes), from: containerPath)
      }
    } catch {
      return .unreplayable("\(named(request)): \(error.reason)")
    }
  }

  /// A flow's presentation as a log records it, a popover's anchor and a child's container
  /// named by their places in `window`; why it can't be named otherwise.
  static func recorded(_ presentation: FlowPresentation, in window: Window) -> Result<
    RecordedFlowPresentation, Unnamed
  > {
    do throws(Unnamed) {
      switch presentation.kind {
      case .push: return .success(.push)
      case .modal(let style):
        return .success(
          .modal(style, embeddedInNavigationController: presentation.isEmbeddedInNavigationController))
      case .popover(let anchor, let keepsPopover):
        let recordedAnchor = try recorded(WindowInput.Anchor(naming: anchor), ScreenPaths(window: window))
        return .success(
          .popover(
            recordedAnchor, keepsPopoverOnCompactWidth: keepsPopover,
            embeddedInNavigationController: presentation.isEmbeddedInNavigationController))
      case .child(let container, let view):
        guard let containerPath = ScreenPaths(window: window).path(of: container) else {
          throw Unnamed("its container \(container.screenID) is in no window")
        }
        let viewPath = try view.map { (view) throws(Unnamed) in try self.path(of: view, in: container) }
        return .success(.child(of: containerPath, in: viewPath))
      case .root:
        // The root flow runs at `start()`, which is its input.
        throw Unnamed("the root flow runs at start(), not as a run")
      }
    } catch {
      return .failure(error)
    }
  }

  /// A tap outside the popover on top on `view`, named by the screen that owns the view and
  /// the subview indices that lead to it.
  static func recordedTap(on view: View, _ paths: ScreenPaths) -> RecordedInput {
    switch WindowInput.Anchor(naming: .view(view, rect: .zero)) {
    case .view(let owner, let path, _):
      guard let ownerPath = paths.path(of: owner) else {
        return .unreplayable(
          "tapOutsidePopover(on: a view of \(owner.screenID)): \(owner.screenID) is in no window")
      }
      return .tapOutsidePopoverOnView(of: ownerPath, path: path)
    case .barButtonItem, .unnamed:
      return .unreplayable("tapOutsidePopover(on: a view): the view is in no screen's view")
    }
  }

  // MARK: Naming

  /// A popover's anchor, named by the place of the screen that holds it.
  private static func recorded(_ anchor: WindowInput.Anchor, _ paths: ScreenPaths) throws(Unnamed)
    -> RecordedAnchor
  {
    switch anchor {
    case .barButtonItem(let side, let index, let owner):
      return .barButtonItem(side, index: index, of: try path(ofAnchorOwner: owner, paths))
    case .view(let owner, let path, let rect):
      return .view(of: try self.path(ofAnchorOwner: owner, paths), path: path, rect: rect)
    case .unnamed(let text):
      throw Unnamed("its anchor can't be named: \(text)")
    }
  }

  /// The key a log names a screen by.
  static func key(of screen: WindowInput.Screen, _ routes: RouteTable) throws(Unnamed)
    -> RecordedScreen
  {
    switch screen {
    case .instance(let screen):
      guard let route = screen.navigationKey as? AnyRoute else {
        throw Unnamed("\(screen.screenID) has no route to make it again from")
      }
      return .route(route)
    case .type(let type):
      guard let tag = routes.contents.screenTags[ObjectIdentifier(type)] else { throw unregistered(type) }
      return .type(tag)
    case .factory(let type):
      throw Unnamed(
        "a screen made by a closure (Destination.make) can't be made again; show .type(\(type).self) with the "
          + "type registered (RouteTable.registerScreen(_:tag:)), a scene of a registered storyboard, or a "
          + "route's screen")
    case .scene(let storyboard, let identifier, let expected):
      guard routes.contents.storyboard(named: storyboard.name) != nil else {
        throw Unnamed(
          "storyboard \"\(storyboard.name)\" is not registered for session logs; register it with "
            + "RouteTable.registerStoryboard(_:)")
      }
      if let name = identifier ?? storyboard.initialSceneIdentifier,
        let scene = storyboard.scene(withIdentifier: name), !expected.isSupertype(of: scene.screenType)
      {
        throw Unnamed(
          "scene \"\(name)\" makes a \(scene.screenType), not the \(expected) asked for; a scene refused for "
            + "its type is not recorded")
      }
      return .scene(storyboard: storyboard.name, identifier: identifier)
    }
  }

  /// The reason a screen type that is not registered gives.
  private static func unregistered(_ type: ViewController.Type) -> Unnamed {
    Unnamed(
      "the screen type \(type) is not registered for session logs; register it with "
        + "RouteTable.registerScreen(_:tag:)")
  }

  /// The path of a call's origin; `nil` for the visible screen.
  private static func path(ofOrigin origin: ViewController?, _ paths: ScreenPaths) throws(Unnamed)
    -> StatePath?
  {
    guard let origin else { return nil }
    guard let path = paths.path(of: origin) else {
      throw Unnamed("its origin \(origin.screenID) is in no window")
    }
    return path
  }

  /// The path of the screen that holds a popover's anchor.
  private static func path(ofAnchorOwner owner: ViewController, _ paths: ScreenPaths) throws(Unnamed)
    -> StatePath
  {
    guard let path = paths.path(of: owner) else {
      throw Unnamed("its anchor's screen \(owner.screenID) is in no window")
    }
    return path
  }

  /// The subview indices that lead from `container`'s root view to `view`.
  private static func path(of view: View, in container: ViewController) throws(Unnamed) -> [Int] {
    var indices: [Int] = []
    var current = view
    while current !== container.viewIfLoaded {
      guard let superview = current.superview,
        let index = superview.subviews.firstIndex(where: { $0 === current })
      else {
        throw Unnamed("the view it goes in is not in the view of \(container.screenID)")
      }
      indices.append(index)
      current = superview
    }
    return indices.reversed()
  }

  /// Refuses the options a log does not keep: a keep-alive key.
  static func checkOptions(_ request: Navigator.Request) throws(Unnamed) {
    if request.keepAlive != nil {
      throw Unnamed("a screen kept alive (NavigationOptions.keepAlive) is not recorded")
    }
  }

  /// A Boolean value indicating whether the screen is embedded in a navigation controller
  /// made for it (`false` for a container registered by name, which ``withOptions(_:_:)``
  /// records); throws for a container not registered.
  static func embedded(_ request: Navigator.Request, _ routes: RouteTable) throws(Unnamed) -> Bool {
    // `Embedding.navigationController` is named "NavigationController" in a request.
    guard let embedding = request.embedding else { return false }
    if embedding == "NavigationController" { return true }
    guard routes.contents.container(named: embedding) != nil else {
      throw Unnamed(
        "the container \"\(embedding)\" is not registered for session logs; register its factory with "
          + "RouteTable.registerContainer(named:_:) under the name given to Embedding.container(named:_:)")
    }
    return false
  }

  /// `input` with the options of `request` its own case does not carry: the data passed to
  /// the screen as JSON text, a container registered by name (checked by
  /// ``embedded(_:_:)``); `input` itself when there are neither.
  static func withOptions(_ input: RecordedInput, _ request: Navigator.Request) throws(Unnamed)
    -> RecordedInput
  {
    let container = request.embedding.flatMap { $0 == "NavigationController" ? nil : $0 }
    let data = try json(ofDataIn: request)
    guard data != nil || container != nil else { return input }
    return .withOptions(input, data: data, container: container)
  }

  /// The data `request` passes to its screen, written as JSON text (keys sorted); `nil` for
  /// none; throws for data that is not `Codable` or does not encode.
  private static func json(ofDataIn request: Navigator.Request) throws(Unnamed) -> String? {
    guard let data = request.passedData else { return nil }
    let passed = "the data passed to \(screenName(request)), of type \(type(of: data)),"
    guard let encodable = data as? any Encodable, type(of: data) is any Decodable.Type else {
      throw Unnamed("\(passed) is not Codable; only Codable data is recorded")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      return String(decoding: try encoder.encode(encodable), as: UTF8.self)
    } catch {
      throw Unnamed("\(passed) does not encode: \(RouteTable.describe(error))")
    }
  }

  /// The screen a request shows, as a reason names it: its type, or a given screen's name.
  private static func screenName(_ request: Navigator.Request) -> String {
    switch request.target {
    case .instance(let id): id.name
    case .type(let name), .scene(_, _, let name): name
    case .state: "its screen"
    }
  }
}

extension ViewController {
  /// A Boolean value indicating whether `type` is this type or a subclass of it: the check
  /// a destination of this type makes of a scene's type.
  static func isSupertype(of type: ViewController.Type) -> Bool { type is Self.Type }
}
