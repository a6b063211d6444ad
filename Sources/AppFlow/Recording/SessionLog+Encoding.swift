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
      return Array(try encoder.encode(LogDocument(log)))
    } catch let error as SnapshotError {
      throw SessionLogError(error.code == .unknownRoute ? .unknownRoute : .corrupt, error.message)
    } catch {
      throw SessionLogError(.corrupt, "The log could not be written: \(RouteTable.describe(error)).")
    }
  }
}

/// The document a session log is written as: its format version, its start snapshot, its
/// inputs and how it ended.
struct LogDocument: Codable {
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
}
