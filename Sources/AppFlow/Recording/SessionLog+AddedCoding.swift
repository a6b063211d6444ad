import Navigator

// The JSON of the inputs added after the first format: a flow's finish with its output, a flow
// run inside a flow, a clock reading, a protection space's late answer, a tap outside a
// popover on a view (`{"input": "tapOutsidePopoverOnView", "path": "root[0]", "view": [1]}`).

extension InputDocument {
  /// The document of an input added after the first format.
  init(addedInput recorded: RecordedInput) {
    switch recorded {
    case .finishFlow(let flow, let output, let removingScreens, let animated):
      self.init(kind: .finishFlow)
      self.flow = flow
      self.output = output
      self.removingScreens = removingScreens ? nil : false
      set(animated)
    case .runChildFlow(let parent, let tag, let route, let presentation, let animated):
      self.init(kind: .runChildFlow)
      self.parent = parent
      self.tag = tag
      self.route = SnapshotKey(route)
      set(presentation)
      set(animated)
    case .clock(let time):
      self.init(kind: .clock)
      seconds = time.components.seconds
      attoseconds = time.components.attoseconds
    case .answerProtection(let pending, let decision):
      self.init(kind: .answerProtection)
      self.pending = pending
      switch decision {
      case .allow: self.decision = "allow"
      case .deny(let reason):
        self.decision = "deny"
        self.reason = reason
      }
    case .tapOutsidePopoverOnView(let owner, let view):
      self.init(kind: .tapOutsidePopoverOnView)
      path = owner
      self.view = view
    default:
      preconditionFailure("\(recorded) is not an input of this file.")
    }
  }

  /// Reads the fields of an input of `kind` added after the first format, checking them.
  mutating func decodeAddedInput(
    _ kind: Kind, _ container: KeyedDecodingContainer<CodingKeys>, place: String
  ) throws {
    func require<Value: Decodable>(_ key: CodingKeys, _: Value.Type = Value.self) throws -> Value {
      guard container.contains(key) else {
        throw SessionLogError(.corrupt, "The \(input) input at \(place) has no \"\(key.stringValue)\".")
      }
      return try container.decode(Value.self, forKey: key)
    }
    switch kind {
    case .finishFlow:
      flow = try Self.flowPath(try require(.flow), "flow", of: input, at: place)
      output = try require(.output)
      removingScreens = try container.decodeIfPresent(Bool.self, forKey: .removingScreens)
    case .runChildFlow:
      parent = try Self.flowPath(try require(.parent), "parent", of: input, at: place)
      tag = try require(.tag)
      route = try require(.route)
      try decodePresentation(container, at: place)
    case .clock:
      let seconds: Int64 = try require(.seconds)
      let attoseconds = try container.decodeIfPresent(Int64.self, forKey: .attoseconds) ?? 0
      guard seconds >= 0, (0..<1_000_000_000_000_000_000).contains(attoseconds) else {
        throw SessionLogError(
          .corrupt,
          "The clock input at \(place) reads \(seconds) s and \(attoseconds) as; a reading is the time since "
            + "the log's start (seconds from 0, attoseconds from 0 to under 10^18).")
      }
      self.seconds = seconds
      self.attoseconds = attoseconds
    case .answerProtection:
      let pending: Int = try require(.pending)
      guard pending >= 0 else {
        throw SessionLogError(
          .corrupt,
          "The answerProtection input at \(place) names the pending evaluation \(pending); evaluations are "
            + "numbered from 0.")
      }
      self.pending = pending
      let decision: String = try require(.decision)
      switch decision {
      case "allow": break
      case "deny": reason = try require(.reason)
      default:
        throw SessionLogError(
          .corrupt,
          "The answerProtection input at \(place) has the unknown decision \"\(decision)\"; a decision is "
            + "\"allow\" or \"deny\".")
      }
      self.decision = decision
    case .tapOutsidePopoverOnView:
      path = try require(.path)
      let view: [Int] = try require(.view)
      guard view.allSatisfy({ $0 >= 0 }) else {
        throw SessionLogError(
          .corrupt,
          "The \(input) input at \(place) names the view \(view); a view's indices are not negative.")
      }
      self.view = view
    default:
      preconditionFailure("\(kind) is not an input of this file.")
    }
  }

  /// The input the document holds; the decoder checked its fields.
  func addedInput(animated: Bool) -> RecordedInput {
    switch Kind(rawValue: input)! {
    case .finishFlow:
      .finishFlow(at: flow!, output: output!, removingScreens: removingScreens ?? true, animated: animated)
    case .runChildFlow:
      .runChildFlow(
        parent: parent!, tag: tag!, route: route!.route,
        presentation: recordedPresentation, animated: animated)
    case .clock:
      .clock(Duration(secondsComponent: seconds!, attosecondsComponent: attoseconds ?? 0))
    case .answerProtection:
      .answerProtection(pending: pending!, decision: decision == "allow" ? .allow : .deny(reason!))
    case .tapOutsidePopoverOnView: .tapOutsidePopoverOnView(of: path!, path: view!)
    default:
      preconditionFailure("\(input) is not an input of this file.")
    }
  }

  /// A flow's index path, checked: not empty, no negative index.
  static func flowPath(_ path: [Int], _ field: String, of input: String, at place: String) throws -> [Int] {
    guard !path.isEmpty, path.allSatisfy({ $0 >= 0 }) else {
      throw SessionLogError(
        .corrupt,
        "The \(input) input at \(place) names the \(field) \(path); a flow's index path is not empty "
          + "and its indices are not negative.")
    }
    return path
  }
}
