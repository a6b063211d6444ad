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
    return TextWriter.make { root.writeOneLine(to: &$0) }
  }
}

extension NavigationState.Node {
  /// Writes the node in one line (``NavigationState/oneLine``).
  ///
  /// One text written in place, with loops over indices: a journal that records builds this
  /// text for every navigation's completion event, and this code runs unspecialized for a
  /// key type of another module, where `map(\.oneLine)` or `enumerated()` look their types'
  /// metadata up at run time.
  func writeOneLine(to text: inout TextWriter) {
    text.append(key.description)
    switch content {
    case .screen: break
    case .stack(let entries):
      text.appendList(entries.count, between: "[", and: "]") { entries[$0].writeOneLine(to: &$1) }
    case .container(let children):
      text.appendList(children.count, between: "{", and: "}") { children[$0].writeOneLine(to: &$1) }
    }
    if let presentation {
      text.append(" > ")
      text.append(presentation.style.description)
      text.append(" ")
      presentation.screen.writeOneLine(to: &text)
    }
  }
}
