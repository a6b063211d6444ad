import Foundation
import Navigator

/// Replays an input that names a screen by a ``RecordedScreen``: makes it again through the
/// same kind of `Destination` (the route table's screen of a route, a registered
/// type, a registered storyboard's scene), and finds a popover's anchor, a child's
/// container and a tapped view where the recording had them (for flow runs and taps too).
struct KeyedReplay {
  let step: SessionLog.Step
  let index: Int
  let app: AppController
  let paths: ScreenPaths
  /// The protection a protected call carries, if any.
  var protection: Protection?

  /// The space a protected call is protected by again, and whether the call can wait for a
  /// late answer (the form with a completion) or not (the `try` form).
  struct Protection {
    let space: any ProtectionSpace
    let canWait: Bool
  }
  /// The data passed to the screen, as JSON text (``RecordedInput/withOptions(_:data:container:)``).
  var data: String? = nil
  /// The name of the registered container the screen is embedded in.
  var containerName: String? = nil

  /// What a replay does with the destination it made: the navigator call.
  private enum Call {
    case push(origin: ViewController?, animated: Bool)
    case presentModal(ModalPresentationStyle?, embedded: Bool, origin: ViewController?, animated: Bool)
    case popover(PopoverAnchor, keepsPopover: Bool, embedded: Bool, origin: ViewController?, animated: Bool)
    case addChild(ViewController, view: View?, embedded: Bool)
    case removeChild(ViewController)

    /// Makes the call with `destination`, protected by `protection` when one is given (with
    /// the form that can wait for a late answer when the recorded call could), its options
    /// changed by `adjust` (a container, data).
    func perform<Screen: ViewController>(
      _ destination: Destination<Screen>, on navigator: Navigator, protection: Protection?,
      adjust: (NavigationOptions<Screen>) -> NavigationOptions<Screen> = { $0 }
    ) throws(NavigationError) {
      if let protection, protection.canWait {
        return performWaiting(destination, on: navigator, protection.space, adjust: adjust)
      }
      let space = protection?.space
      switch self {
      case .push(let origin, let animated):
        try navigator.tryPush(
          destination, options: adjust(options(animated: animated, origin: origin, embedded: false, space)))
      case .presentModal(let style, let embedded, let origin, let animated):
        try navigator.tryPresentModal(
          destination, style: style,
          options: adjust(options(animated: animated, origin: origin, embedded: embedded, space)))
      case .popover(let anchor, let keepsPopover, let embedded, let origin, let animated):
        try navigator.tryPopover(
          destination, anchor: anchor, keepsPopoverOnCompactWidth: keepsPopover,
          options: adjust(options(animated: animated, origin: origin, embedded: embedded, space)))
      case .addChild(let container, let view, let embedded):
        try navigator.tryAddChild(
          destination, to: container, in: view,
          options: adjust(options(animated: true, origin: nil, embedded: embedded, space)))
      case .removeChild(let container):
        try navigator.tryRemoveChild(destination, from: container)
      }
    }

    /// Makes the call, protected by `space`, with the form that waits for a late answer (its
    /// refusals go to the window's misuse policy, as the recorded call's did).
    private func performWaiting<Screen: ViewController>(
      _ destination: Destination<Screen>, on navigator: Navigator, _ space: any ProtectionSpace,
      adjust: (NavigationOptions<Screen>) -> NavigationOptions<Screen>
    ) {
      switch self {
      case .push(let origin, let animated):
        navigator.push(
          destination, options: adjust(options(animated: animated, origin: origin, embedded: false, space)))
      case .presentModal(let style, let embedded, let origin, let animated):
        navigator.presentModal(
          destination, style: style,
          options: adjust(options(animated: animated, origin: origin, embedded: embedded, space)))
      case .popover(let anchor, let keepsPopover, let embedded, let origin, let animated):
        navigator.popover(
          destination, anchor: anchor, keepsPopoverOnCompactWidth: keepsPopover,
          options: adjust(options(animated: animated, origin: origin, embedded: embedded, space)))
      case .addChild(let container, let view, let embedded):
        navigator.addChild(
          destination, to: container, in: view,
          options: adjust(options(animated: true, origin: nil, embedded: embedded, space)))
      case .removeChild(let container):
        // Not protectable: the decoder and the recorder never pair it with a protection.
        navigator.removeChild(destination, from: container)
      }
    }

    private func options<Screen>(
      animated: Bool, origin: ViewController?, embedded: Bool, _ space: (any ProtectionSpace)?
    ) -> NavigationOptions<Screen> {
      var options = NavigationOptions<Screen>().animated(animated)
      if let origin { options = options.from(origin) }
      if embedded { options = options.embedded(in: .navigationController) }
      if let space { options = options.protect(with: space) }
      return options
    }
  }

  /// Applies `input`: the step's input, the navigation a protected step protects, or the one
  /// its options wrap.
  func apply(_ input: RecordedInput) throws(ReplayError) {
    switch input {
    case .withOptions(let input, let data, let container):
      var replay = self
      replay.data = data
      replay.containerName = container
      try replay.apply(input)
    case .push(let route, let from, let animated) where data != nil || containerName != nil:
      try perform(.route(route), .push(origin: try origin(from), animated: animated))
    case .presentModal(let route, let style, let embedded, let from, let animated)
    where data != nil || containerName != nil:
      try perform(
        .route(route), .presentModal(style, embedded: embedded, origin: try origin(from), animated: animated))
    case .pushScreen(let screen, let from, let animated):
      try perform(screen, .push(origin: try origin(from), animated: animated))
    case .presentModalScreen(let screen, let style, let embedded, let from, let animated):
      try perform(
        screen, .presentModal(style, embedded: embedded, origin: try origin(from), animated: animated))
    case .popover(let screen, let anchor, let keepsPopover, let embedded, let from, let animated):
      let call = Call.popover(
        try popoverAnchor(anchor), keepsPopover: keepsPopover, embedded: embedded, origin: try origin(from),
        animated: animated)
      try perform(screen, call)
    case .addChild(let screen, let container, let view, let embedded):
      let container = try self.screen(container)
      try perform(screen, .addChild(container, view: try self.view(view, in: container), embedded: embedded))
    case .removeChildScreen(let screen, let container):
      try perform(screen, .removeChild(try self.screen(container)))
    default:
      throw ReplayError(
        .badLog, "Input \(index), \(step.input), is not an input that names a screen by a key.")
    }
  }

  /// Makes `call` with the destination `screen` names; a refusal goes to the misuse policy
  /// when the recording's events show that it went there.
  private func perform(_ screen: RecordedScreen, _ call: Call) throws(ReplayError) {
    let navigator = app.navigator
    let routes = app.routes
    let options = try self.options()
    // Why the recorded data does not read as the screen's, found once the screen is known.
    var unreadable: ReplayError?
    let body: () throws(NavigationError) -> Void
    switch screen {
    case .route(let route):
      body = { () throws(NavigationError) in
        let made = try routes.makeScreen(for: route)
        guard options.data != nil else {
          try call.perform(Destination.instance(made), on: navigator, protection: protection) {
            options.adjusted($0)
          }
          return
        }
        guard let receiving = made as? any DataReceiving else {
          unreadable = notReceiving(type(of: made))
          return
        }
        func passing<Screen: DataReceiving>(_ made: Screen) throws(NavigationError) -> ReplayError? {
          try options.perform(call, Destination.instance(made), on: navigator, self)
        }
        unreadable = try passing(receiving)
      }
    case .type(let tag):
      guard let type = routes.contents.screenTypes[tag] else {
        throw missing(
          "no screen type is registered with the tag \"\(tag)\" (RouteTable.registerScreen(_:tag:))")
      }
      guard options.data != nil else {
        func made<Screen: InitializableScreen>(_ type: Screen.Type) throws(NavigationError) {
          try call.perform(Destination.type(type), on: navigator, protection: protection) {
            options.adjusted($0)
          }
        }
        body = { () throws(NavigationError) in try made(type) }
        break
      }
      guard let receiving = type as? any (InitializableScreen & DataReceiving).Type else {
        throw notReceiving(type)
      }
      func passing<Screen: InitializableScreen & DataReceiving>(_ type: Screen.Type) throws(NavigationError)
        -> ReplayError?
      {
        try options.perform(call, Destination.type(type), on: navigator, self)
      }
      body = { () throws(NavigationError) in unreadable = try passing(receiving) }
    case .scene(let name, let identifier):
      guard let storyboard = routes.contents.storyboard(named: name) else {
        throw missing(
          "no storyboard is registered with the name \"\(name)\" (RouteTable.registerStoryboard(_:))")
      }
      let sceneType = (identifier ?? storyboard.initialSceneIdentifier).flatMap {
        storyboard.scene(withIdentifier: $0)?.screenType
      }
      if options.data != nil, let sceneType {
        guard let receiving = sceneType as? any DataReceiving.Type else { throw notReceiving(sceneType) }
        func passing<Screen: DataReceiving>(_ type: Screen.Type) throws(NavigationError) -> ReplayError? {
          let destination: Destination<Screen> =
            identifier.map { .scene($0, in: storyboard) } ?? .initialScene(of: storyboard)
          return try options.perform(call, destination, on: navigator, self)
        }
        body = { () throws(NavigationError) in unreadable = try passing(receiving) }
      } else {
        // A scene the storyboard lacks is refused before its data would be delivered.
        let destination: Destination<ViewController> =
          identifier.map { .scene($0, in: storyboard) } ?? .initialScene(of: storyboard)
        body = { () throws(NavigationError) in
          try call.perform(destination, on: navigator, protection: protection) {
            options.adjusted($0)
          }
        }
      }
    }
    do {
      try body()
    } catch {
      if step.events?.contains("\(NavigationEvent.misuse(error))") == true {
        app.window.handleMisuse(error)
      }
    }
    if let unreadable { throw unreadable }
  }

  /// The options a ``RecordedInput/withOptions(_:data:container:)`` input gives its call:
  /// the registered container it names, and its data.
  private struct Options {
    let embedding: Embedding?
    let data: String?

    /// `options` with the container.
    func adjusted<Screen>(_ options: NavigationOptions<Screen>) -> NavigationOptions<Screen> {
      embedding.map { options.embedded(in: $0) } ?? options
    }

    /// Makes `call` with `destination`, the container and the data decoded as the screen's
    /// `ReceivedData`; returns why the data does not read, without calling, when it does not.
    func perform<Screen: DataReceiving>(
      _ call: Call, _ destination: Destination<Screen>, on navigator: Navigator, _ replay: KeyedReplay
    ) throws(NavigationError) -> ReplayError? {
      guard let data else {
        try call.perform(destination, on: navigator, protection: replay.protection) { adjusted($0) }
        return nil
      }
      switch replay.decoded(data, as: Screen.self) {
      case .success(let value):
        try call.perform(destination, on: navigator, protection: replay.protection) {
          adjusted($0).passing(value)
        }
      case .failure(let error): return error
      }
      return nil
    }
  }

  /// The container and the data of the input; a missing-target error for a container no
  /// factory is registered for.
  private func options() throws(ReplayError) -> Options {
    guard let containerName else { return Options(embedding: nil, data: data) }
    guard let make = app.routes.contents.container(named: containerName) else {
      throw missing(
        "no container is registered with the name \"\(containerName)\" "
          + "(RouteTable.registerContainer(named:_:))")
    }
    return Options(embedding: .container(named: containerName, make), data: data)
  }

  /// The recorded data `json` read as the data `Screen` receives, or a bad-log error.
  private func decoded<Screen: DataReceiving>(_ json: String, as _: Screen.Type) -> Result<
    Screen.ReceivedData, ReplayError
  > {
    let unreadable =
      "its data \(json) doesn't read as the \(Screen.ReceivedData.self) \(Screen.self) receives"
    guard let type = Screen.ReceivedData.self as? any Decodable.Type else {
      return .failure(
        ReplayError(.badLog, "Input \(index), \(step.input): \(unreadable), which is not Decodable."))
    }
    do {
      guard let value = try JSONDecoder().decode(type, from: Data(json.utf8)) as? Screen.ReceivedData else {
        return .failure(ReplayError(.badLog, "Input \(index), \(step.input): \(unreadable)."))
      }
      return .success(value)
    } catch {
      return .failure(
        ReplayError(.badLog, "Input \(index), \(step.input): \(unreadable): \(RouteTable.describe(error))."))
    }
  }

  /// The bad-log error of data recorded for a screen that receives none.
  private func notReceiving(_ type: ViewController.Type) -> ReplayError {
    ReplayError(.badLog, "Input \(index), \(step.input): it passes data to a \(type), which receives none.")
  }

  /// The presentation a recorded flow run names in the replayed window: a popover's anchor
  /// and a child's container found where the recording had them.
  func flowPresentation(_ recorded: RecordedFlowPresentation) throws(ReplayError) -> FlowPresentation {
    switch recorded {
    case .push: return .push
    case .modal(let style, let embedded): return .modal(style, embeddedInNavigationController: embedded)
    case .popover(let anchor, let keepsPopover, let embedded):
      return .popover(
        at: try popoverAnchor(anchor), keepsPopoverOnCompactWidth: keepsPopover,
        embeddedInNavigationController: embedded)
    case .child(let path, let view):
      let container = try screen(path)
      return .child(of: container, in: try self.view(view, in: container))
    }
  }

  /// The popover anchor the recorded one names in the replayed window.
  func popoverAnchor(_ anchor: RecordedAnchor) throws(ReplayError) -> PopoverAnchor {
    switch anchor {
    case .barButtonItem(let side, let index, let path):
      let owner = try screen(path)
      let items =
        side == .left ? owner.navigationItem.leftBarButtonItems : owner.navigationItem.rightBarButtonItems
      guard items.indices.contains(index) else {
        throw missing("the screen at \(path) has no \(side) bar button item at index \(index)")
      }
      return .barButtonItem(items[index])
    case .view(let path, let viewPath, let rect):
      let owner = try screen(path)
      return .view(try view(viewPath, in: owner) ?? owner.view, rect: rect)
    }
  }

  /// The view found from `screen`'s root view by subview indices; `nil` for no path.
  func view(_ path: [Int]?, in screen: ViewController) throws(ReplayError) -> View? {
    guard let path else { return nil }
    var view = screen.view
    for index in path {
      guard view.subviews.indices.contains(index) else {
        throw missing("the view of \(screen.screenID) has no subview at \(path)")
      }
      view = view.subviews[index]
    }
    return view
  }

  /// The screen at `path`, or a missing-target error.
  func screen(_ path: StatePath) throws(ReplayError) -> ViewController {
    guard let screen = paths.screen(at: path) else {
      throw missing("it names \(path), where the replayed window has no screen")
    }
    return screen
  }

  /// The origin at `path`, if one is given.
  private func origin(_ path: StatePath?) throws(ReplayError) -> ViewController? {
    guard let path else { return nil }
    return try screen(path)
  }

  /// A missing-target error naming the input.
  private func missing(_ reason: String) -> ReplayError {
    ReplayError(.missingTarget, "Input \(index), \(step.input): \(reason).")
  }
}
