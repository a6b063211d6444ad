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
    return root.oneLine
  }
}

extension NavigationState.Node {
  var oneLine: String {
    var text = "\(key)"
    switch content {
    case .screen: break
    case .stack(let entries): text += "[" + entries.map(\.oneLine).joined(separator: ", ") + "]"
    case .container(let children): text += "{" + children.map(\.oneLine).joined(separator: ", ") + "}"
    }
    if let presentation {
      text += " > \(presentation.style) \(presentation.screen.oneLine)"
    }
    return text
  }
}
