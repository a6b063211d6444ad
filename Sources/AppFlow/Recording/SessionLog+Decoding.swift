import Foundation
import Navigator

extension RouteTable {
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
      return try decoder.decode(LogDocument.self, from: Data(bytes)).log
    } catch let error as SessionLogError {
      throw error
    } catch let error as SnapshotError {
      throw SessionLogError(error.code == .unknownRoute ? .unknownRoute : .corrupt, error.message)
    } catch {
      throw SessionLogError(.corrupt, "The log is damaged: \(RouteTable.describe(error)).")
    }
  }
}

extension LogDocument {
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

extension InputDocument {
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
