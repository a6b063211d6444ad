/// The transitions of one navigation to a state, run as one: every layer's will-phase,
/// then every layer's did-phase, then the completion.
struct StateTransition: TransitionPlan {
  let window: Window
  let plans: [any TransitionPlan]
  let isAnimated: Bool
  /// The navigation's target and steps, which name the request of the journal's completion
  /// event; the request is built only when it is recorded. Kept as they are rather than in a
  /// closure, which would cost an allocation a navigation.
  let target: ErasedTarget
  /// The steps the request names.
  let steps: [PlanStep]
  /// A Boolean value indicating whether the navigation asked for animation, as its request
  /// says.
  let animated: Bool
  let completion: () -> Void

  func willPhase() {
    for plan in plans { plan.willPhase() }
  }

  func didPhase() {
    for plan in plans { plan.didPhase() }
    window.recordingJournal?.record(.completion(target.request(steps: steps, animated: animated)))
    completion()
  }
}

/// A stack move whose stack a full-screen presentation of the same navigation covers: the
/// old top disappears with the move, and the new top does not appear.
struct CoveredStackMove: TransitionPlan {
  let move: ScheduledStackMove
  let outgoing: ViewController
  let animated: Bool
  let window: Window

  var isAnimated: Bool { animated }

  func willPhase() {
    outgoing.beginAppearance(false, animated: animated, window: window)
    move.willPhase()
  }

  func didPhase() {
    outgoing.endAppearance(window: window)
    move.didPhase()
  }
}

extension Window {
  /// Every screen of the hierarchy by identity, in one walk: equal before and after only
  /// when nothing moved.
  var hierarchyFingerprint: [ObjectIdentifier?] {
    var result: [ObjectIdentifier?] = []
    func walk(_ screen: ViewController) {
      result.append(ObjectIdentifier(screen))
      for child in screen.childList { walk(child) }
      result.append(nil)
      if let presented = screen.presented { walk(presented) }
      result.append(nil)
    }
    if let root = rootViewController { walk(root) }
    return result
  }
}

extension NavigationState {
  /// The state in one line, for requests and messages: `A[B, C] > pageSheet D`.
  @usableFromInline var oneLine: String {
    guard let root else { return "(no root)" }
    var text = ""
    root.writeOneLine(to: &text)
    return text
  }
}

extension NavigationState.Node {
  /// Appends the node in one line to `text` (``NavigationState/oneLine``).
  ///
  /// One string written in place, with loops: a journal that records builds this text for
  /// every navigation's completion event, and `map(\.oneLine)` on a generic node looked its
  /// key path up at run time and made an array and a string per level.
  func writeOneLine(to text: inout String) {
    text += key.description
    switch content {
    case .screen: break
    case .stack(let entries): Self.writeOneLine(entries, between: "[", and: "]", to: &text)
    case .container(let children): Self.writeOneLine(children, between: "{", and: "}", to: &text)
    }
    if let presentation {
      text += " > "
      text += presentation.style.description
      text += " "
      presentation.screen.writeOneLine(to: &text)
    }
  }

  /// Appends `nodes` in one line, separated by commas, between `open` and `close`.
  private static func writeOneLine(
    _ nodes: [Self], between open: String, and close: String, to text: inout String
  ) {
    text += open
    for (index, node) in nodes.enumerated() {
      if index > 0 { text += ", " }
      node.writeOneLine(to: &text)
    }
    text += close
  }
}
