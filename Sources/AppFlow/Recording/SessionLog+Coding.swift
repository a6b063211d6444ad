import Foundation
import Navigator

extension RouteTable {
  /// Writes a session log as JSON (``SessionLog``'s shape), each route with its tag and its
  /// value, keys sorted: the same log gives the same bytes, in any process.
  ///
  /// - Parameter log: The log.
  /// - Returns: The JSON bytes.
  /// - Throws: ``SessionLogError`` with ``SessionLogError/Code/unknownRoute`` for a route
  ///   whose type isn't registered, ``SessionLogError/Code/corrupt`` for a value that can't
  ///   be written.
  public func encode(_ log: SessionLog) throws(SessionLogError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.userInfo[.routeTable] = TableBox(self)
    do {
      return Array(try encoder.encode(SessionLogDocument(log)))
    } catch let error as SnapshotError {
      throw SessionLogError(error.code == .unknownRoute ? .unknownRoute : .corrupt, error.message)
    } catch {
      throw SessionLogError(.corrupt, "The log could not be written: \(RouteTable.describe(error)).")
    }
  }

  /// Reads a session log written by ``encode(_:)-(SessionLog)``, checking its version, every
  /// input and every route.
  ///
  /// Nothing in the bytes can crash the reader: any defect is a ``SessionLogError``.
  ///
  /// - Parameter bytes: The JSON bytes.
  /// - Returns: The log.
  /// - Throws: ``SessionLogError`` naming the rule the bytes break:
  ///   ``SessionLogError/Code/corrupt``, ``SessionLogError/Code/unknownVersion``,
  ///   ``SessionLogError/Code/unknownRoute``, ``SessionLogError/Code/unknownScreen`` (a
  ///   screen type tag or a storyboard the table has no registration for) or
  ///   ``SessionLogError/Code/badSnapshot``.
  public func decodeSessionLog(_ bytes: some Collection<UInt8>) throws(SessionLogError) -> SessionLog {
    let decoder = JSONDecoder()
    decoder.userInfo[.routeTable] = TableBox(self)
    do {
      return try decoder.decode(SessionLogDocument.self, from: Data(bytes)).log
    } catch let error as SessionLogError {
      throw error
    } catch let error as SnapshotError {
      throw SessionLogError(error.code == .unknownRoute ? .unknownRoute : .corrupt, error.message)
    } catch {
      throw SessionLogError(.corrupt, "The log is damaged: \(RouteTable.describe(error)).")
    }
  }
}

/// The document a session log is written as.
private struct SessionLogDocument: Codable {
  let sessionLog: Int
  let start: SnapshotDocument?
  let inputs: [InputDocument]
  let end: String?

  init(_ log: SessionLog) {
    sessionLog = log.version
    start = log.start.map(SnapshotDocument.init)
    inputs = log.steps.map(InputDocument.init)
    end = log.end
  }

  enum CodingKeys: String, CodingKey {
    case sessionLog, start, inputs, end
  }

  /// Reads the version first, so that an unknown version is named as such.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    sessionLog = try container.decode(Int.self, forKey: .sessionLog)
    guard sessionLog == SessionLog.formatVersion else {
      throw SessionLogError(
        .unknownVersion,
        "The log is in format version \(sessionLog); this package reads version \(SessionLog.formatVersion).")
    }
    do {
      start = try container.decodeIfPresent(SnapshotDocument.self, forKey: .start)
    } catch let error as SnapshotError where error.code != .unknownRoute {
      throw SessionLogError(.badSnapshot, "The log's start snapshot doesn't read: \(error)")
    }
    inputs = try container.decode([InputDocument].self, forKey: .inputs)
    end = try container.decodeIfPresent(String.self, forKey: .end)
  }

  var log: SessionLog {
    SessionLog(start: start?.snapshot, steps: inputs.map(\.step), end: end)
  }
}

/// An input as a log writes it: `{"input": "<kind>", …its fields, "events": […]}`, `animated`
/// written only when `false`.
struct InputDocument: Codable {
  var input: String
  var url: String?
  var route: SnapshotKey?
  var routes: [SnapshotKey]?
  var snapshot: SnapshotDocument?
  var state: NavigationState<SnapshotKey>?
  var tag: String?
  var presentation: String?
  var style: ModalPresentationStyle?
  var embedded: Bool?
  var path: StatePath?
  var flow: [Int]?
  var from: StatePath?
  var animated: Bool?
  var removingScreens: Bool?
  var progress: Double?
  var allowed: Bool?
  var seconds: Int64?
  var attoseconds: Int64?
  var limit: Int?
  var reason: String?
  var output: String?
  var parent: [Int]?
  var pending: Int?
  var decision: String?
  var screen: ScreenDocument?
  var anchor: AnchorDocument?
  var keepsPopover: Bool?
  var view: [Int]?
  var to: StatePath?
  var space: String?
  var canWait: Bool?
  var navigation: NestedInputDocument?
  var data: String?
  var containerName: String?
  var events: [String]?

  /// The kinds of input, as the `input` field names them.
  enum Kind: String {
    case start, stop, open, navigateToRoute, navigateToRoutes, restore, runFlow, cancelFlow, navigate, push
    case presentModal, pop, removeChild, tapBackButton, beginInteractivePop, updateInteractivePop
    case cancelInteractivePop, finishInteractivePop, beginInteractiveDismissal, cancelInteractiveDismissal
    case finishInteractiveDismissal, tapOutsidePopover, answerPopDecision, advance, runLoopTurn
    case finishTransitions, settle, unreplayable, dismiss
    case finishFlow, runChildFlow, clock, answerProtection
    case pushScreen, presentModalScreen, popover, addChild, removeChildScreen
    case tapOutsidePopoverOnView
    case protected
  }

  enum CodingKeys: String, CodingKey {
    case input, url, route, routes, snapshot, state, tag, presentation, style, embedded, path, flow, from,
      animated
    case removingScreens, progress, allowed, seconds, attoseconds, limit, reason, events
    case output, parent, pending, decision
    case screen, anchor, keepsPopover, view, to
    case space, canWait, navigation
    case data
    case containerName = "container"
  }

  init(kind: Kind) { input = kind.rawValue }

  init(_ step: SessionLog.Step) {
    self.init(step.input)
    events = step.events
  }

  /// The document of an input.
  private init(_ recorded: RecordedInput) {
    switch recorded {
    case .start: self.init(kind: .start)
    case .stop: self.init(kind: .stop)
    case .open(let url, let animated):
      self.init(kind: .open)
      self.url = url
      set(animated)
    case .navigateToRoute(let route, let animated):
      self.init(kind: .navigateToRoute)
      self.route = SnapshotKey(route)
      set(animated)
    case .navigateToRoutes(let routes, let animated):
      self.init(kind: .navigateToRoutes)
      self.routes = routes.map(SnapshotKey.init)
      set(animated)
    case .restore(let snapshot, let animated):
      self.init(kind: .restore)
      self.snapshot = SnapshotDocument(snapshot)
      set(animated)
    case .runFlow(let tag, let route, let presentation, let animated):
      self.init(kind: .runFlow)
      self.tag = tag
      self.route = SnapshotKey(route)
      set(presentation)
      set(animated)
    case .cancelFlow(let flow, let removingScreens, let animated):
      self.init(kind: .cancelFlow)
      self.flow = flow
      self.removingScreens = removingScreens ? nil : false
      set(animated)
    case .navigate(let state, let animated):
      self.init(kind: .navigate)
      self.state = state.mapKeys(SnapshotKey.init)
      set(animated)
    case .push(let route, let from, let animated):
      self.init(kind: .push)
      self.route = SnapshotKey(route)
      self.from = from
      set(animated)
    case .presentModal(let route, let style, let embeddedInNavigationController, let from, let animated):
      self.init(kind: .presentModal)
      self.route = SnapshotKey(route)
      self.style = style
      if embeddedInNavigationController { embedded = true }
      self.from = from
      set(animated)
    case .pop(let from, let animated):
      self.init(kind: .pop)
      self.from = from
      set(animated)
    case .dismiss(let from, let animated):
      self.init(kind: .dismiss)
      self.from = from
      set(animated)
    case .removeChild(let path, let animated):
      self.init(kind: .removeChild)
      self.path = path
      set(animated)
    case .tapBackButton(let path): self.init(kind: .tapBackButton, path: path)
    case .beginInteractivePop(let path): self.init(kind: .beginInteractivePop, path: path)
    case .updateInteractivePop(let path, let progress):
      self.init(kind: .updateInteractivePop, path: path)
      self.progress = progress
    case .cancelInteractivePop(let path): self.init(kind: .cancelInteractivePop, path: path)
    case .finishInteractivePop(let path): self.init(kind: .finishInteractivePop, path: path)
    case .beginInteractiveDismissal(let path): self.init(kind: .beginInteractiveDismissal, path: path)
    case .cancelInteractiveDismissal(let path): self.init(kind: .cancelInteractiveDismissal, path: path)
    case .finishInteractiveDismissal(let path): self.init(kind: .finishInteractiveDismissal, path: path)
    case .tapOutsidePopover: self.init(kind: .tapOutsidePopover)
    case .answerPopDecision(let path, let allowed):
      self.init(kind: .answerPopDecision, path: path)
      self.allowed = allowed
    case .advance(let duration):
      self.init(kind: .advance)
      seconds = duration.components.seconds
      attoseconds = duration.components.attoseconds
    case .runLoopTurn: self.init(kind: .runLoopTurn)
    case .finishTransitions: self.init(kind: .finishTransitions)
    case .settle(let limit):
      self.init(kind: .settle)
      self.limit = limit
    case .unreplayable(let reason):
      self.init(kind: .unreplayable)
      self.reason = reason
    case .finishFlow, .runChildFlow, .clock, .answerProtection:
      self.init(addedInput: recorded)
    case .tapOutsidePopoverOnView:
      self.init(addedInput: recorded)
    case .pushScreen, .presentModalScreen, .popover, .addChild, .removeChildScreen:
      self.init(keyed: recorded)
    case .protected(let navigation, let space, let canWait):
      self.init(kind: .protected)
      self.space = space
      self.canWait = canWait ? nil : false
      self.navigation = NestedInputDocument(InputDocument(SessionLog.Step(navigation)))
    case .withOptions(let input, let data, let container):
      self.init(input)
      self.data = data
      containerName = container
    }
  }

  private init(kind: Kind, path: StatePath) {
    self.init(kind: kind)
    self.path = path
  }

  /// Writes `animated` only when it is `false`.
  mutating func set(_ animated: Bool) {
    self.animated = animated ? nil : false
  }

  /// The step the document holds; the decoder checked every field it needs.
  var step: SessionLog.Step {
    SessionLog.Step(recorded, events: events)
  }

  /// Reads an input, checking that its kind is known and that it has the fields its kind
  /// needs.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    input = try container.decode(String.self, forKey: .input)
    let place = SnapshotKey.place(container.codingPath)
    guard let kind = Kind(rawValue: input) else {
      throw SessionLogError(.corrupt, "The input at \(place) is of the unknown kind \"\(input)\".")
    }
    func require<Value: Decodable>(_ key: CodingKeys, _: Value.Type = Value.self) throws -> Value {
      guard container.contains(key) else {
        throw SessionLogError(.corrupt, "The \(input) input at \(place) has no \"\(key.stringValue)\".")
      }
      return try container.decode(Value.self, forKey: key)
    }
    animated = try container.decodeIfPresent(Bool.self, forKey: .animated)
    from = try container.decodeIfPresent(StatePath.self, forKey: .from)
    events = try container.decodeIfPresent([String].self, forKey: .events)
    switch kind {
    case .start, .stop, .tapOutsidePopover, .runLoopTurn, .finishTransitions, .pop, .dismiss: break
    case .open: url = try require(.url)
    case .navigateToRoute, .push: route = try require(.route)
    case .presentModal:
      route = try require(.route)
      style = try container.decodeIfPresent(ModalPresentationStyle.self, forKey: .style)
      embedded = try container.decodeIfPresent(Bool.self, forKey: .embedded)
    case .navigateToRoutes: routes = try require(.routes)
    case .restore: snapshot = try require(.snapshot)
    case .navigate: state = try require(.state)
    case .runFlow:
      tag = try require(.tag)
      route = try require(.route)
      try decodePresentation(container, at: place)
    case .cancelFlow:
      flow = try Self.flowPath(try require(.flow), "flow", of: input, at: place)
      removingScreens = try container.decodeIfPresent(Bool.self, forKey: .removingScreens)
    case .removeChild, .tapBackButton, .beginInteractivePop, .cancelInteractivePop, .finishInteractivePop,
      .beginInteractiveDismissal, .cancelInteractiveDismissal, .finishInteractiveDismissal:
      path = try require(.path)
    case .updateInteractivePop:
      path = try require(.path)
      progress = try require(.progress)
    case .answerPopDecision:
      path = try require(.path)
      allowed = try require(.allowed)
    case .advance:
      let seconds: Int64 = try require(.seconds)
      let attoseconds = try container.decodeIfPresent(Int64.self, forKey: .attoseconds) ?? 0
      guard (0...1_000_000_000).contains(seconds), (0..<1_000_000_000_000_000_000).contains(attoseconds)
      else {
        throw SessionLogError(
          .corrupt,
          "The advance input at \(place) lasts \(seconds) s and \(attoseconds) as; time only moves forward, "
            + "by at most 10^9 s (seconds from 0 to 10^9, attoseconds from 0 to under 10^18).")
      }
      self.seconds = seconds
      self.attoseconds = attoseconds
    case .settle:
      let limit: Int = try require(.limit)
      guard limit >= 0 else {
        throw SessionLogError(
          .corrupt, "The settle input at \(place) has the limit \(limit); a limit is not negative.")
      }
      self.limit = limit
    case .unreplayable: reason = try require(.reason)
    case .finishFlow, .runChildFlow, .clock, .answerProtection:
      try decodeAddedInput(kind, container, place: place)
    case .tapOutsidePopoverOnView:
      try decodeAddedInput(kind, container, place: place)
    case .pushScreen, .presentModalScreen, .popover, .addChild, .removeChildScreen:
      try decodeKeyed(kind, from: container, at: place)
    case .protected:
      try decodeProtected(container, at: place)
    }
    try decodeOptions(kind, container, at: place)
  }

  /// Reads the data passed to a screen and the name of its container, which a push, a modal
  /// presentation, a popover or a child may carry.
  private mutating func decodeOptions(
    _ kind: Kind, _ container: KeyedDecodingContainer<CodingKeys>, at place: String
  )
    throws
  {
    data = try container.decodeIfPresent(String.self, forKey: .data)
    containerName = try container.decodeIfPresent(String.self, forKey: .containerName)
    guard data != nil || containerName != nil else { return }
    switch kind {
    case .push, .presentModal, .pushScreen, .presentModalScreen, .popover, .addChild: break
    default:
      throw SessionLogError(
        .corrupt,
        "The \(input) input at \(place) has \"data\" or \"container\"; only push, presentModal, pushScreen, "
          + "presentModalScreen, popover and addChild inputs pass data or embed in a container.")
    }
    if let containerName, embedded == true {
      throw SessionLogError(
        .corrupt,
        "The \(input) input at \(place) embeds its screen both in a navigation controller and in the "
          + "container \"\(containerName)\"; a screen is in one container.")
    }
  }

  /// The input the document holds, with the data and the container it names.
  private var recorded: RecordedInput {
    let input = plainRecorded
    guard data != nil || containerName != nil else { return input }
    return .withOptions(input, data: data, container: containerName)
  }

  /// The input the document holds, without its data and its container.
  private var plainRecorded: RecordedInput {
    let animated = self.animated ?? true
    switch Kind(rawValue: input)! {
    case .start: return .start
    case .stop: return .stop
    case .open: return .open(url: url!, animated: animated)
    case .navigateToRoute: return .navigateToRoute(route!.route, animated: animated)
    case .navigateToRoutes: return .navigateToRoutes(routes!.map(\.route), animated: animated)
    case .restore: return .restore(snapshot!.snapshot, animated: animated)
    case .runFlow:
      return .runFlow(tag: tag!, route: route!.route, presentation: recordedPresentation, animated: animated)
    case .cancelFlow:
      return .cancelFlow(at: flow!, removingScreens: removingScreens ?? true, animated: animated)
    case .navigate: return .navigate(to: state!.mapKeys(\.route), animated: animated)
    case .push: return .push(route!.route, from: from, animated: animated)
    case .presentModal:
      return .presentModal(
        route!.route, style: style, embeddedInNavigationController: embedded ?? false, from: from,
        animated: animated)
    case .pop: return .pop(from: from, animated: animated)
    case .dismiss: return .dismiss(from: from, animated: animated)
    case .removeChild: return .removeChild(at: path!, animated: animated)
    case .tapBackButton: return .tapBackButton(path!)
    case .beginInteractivePop: return .beginInteractivePop(path!)
    case .updateInteractivePop: return .updateInteractivePop(path!, progress: progress!)
    case .cancelInteractivePop: return .cancelInteractivePop(path!)
    case .finishInteractivePop: return .finishInteractivePop(path!)
    case .beginInteractiveDismissal: return .beginInteractiveDismissal(path!)
    case .cancelInteractiveDismissal: return .cancelInteractiveDismissal(path!)
    case .finishInteractiveDismissal: return .finishInteractiveDismissal(path!)
    case .tapOutsidePopover: return .tapOutsidePopover
    case .answerPopDecision: return .answerPopDecision(at: path!, allowed: allowed!)
    case .advance:
      return .advance(Duration(secondsComponent: seconds!, attosecondsComponent: attoseconds ?? 0))
    case .runLoopTurn: return .runLoopTurn
    case .finishTransitions: return .finishTransitions
    case .settle: return .settle(limit: limit!)
    case .unreplayable: return .unreplayable(reason!)
    case .finishFlow, .runChildFlow, .clock, .answerProtection: return addedInput(animated: animated)
    case .tapOutsidePopoverOnView: return addedInput(animated: animated)
    case .pushScreen, .presentModalScreen, .popover, .addChild, .removeChildScreen:
      return keyed(Kind(rawValue: input)!)
    case .protected:
      return .protected(navigation!.document.step.input, by: space!, canWait: canWait ?? true)
    }
  }
}
